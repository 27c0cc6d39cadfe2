/// The one clock of a running face: the run loop, input deadlines, the runtime and the panel
/// all read it, so a test that owns a `ManualClock` owns all of time.
///
/// Contract: `now` is wall-clock time and may jump (NTP, a person setting the clock);
/// `uptime` is monotonic (on Linux `CLOCK_MONOTONIC`, the clock GPIO edge timestamps use) and
/// never goes back. `sleep(for:)` is only for device code waiting on hardware (a reset pulse,
/// an e-paper BUSY line): nothing else sleeps — the run loop asks its waiter for the next
/// deadline instead.
public protocol HostClock: Sendable {
    /// The current wall-clock time.
    var now: Date { get }
    /// Monotonic time since an arbitrary origin.
    var uptime: Duration { get }
    /// Lets `duration` pass (device timing).
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    func sleep(for duration: Duration) async throws
    /// How long, on `uptime`, until `now` reaches `date`: zero when it has, nil when it never
    /// will without a change of the clock (a paused simulated clock). The run loop waits this
    /// long for its next wall-clock deadline.
    func waitingTime(until date: Date) -> Duration?
}

extension HostClock {
    /// Wall-clock time runs at the pace of `uptime`: the interval until `date`, at least zero.
    public func waitingTime(until date: Date) -> Duration? {
        .seconds(max(0, date.timeIntervalSince(now)))
    }
}

/// A clock that moves only when told to, for tests and simulated runs (`--clock fast`).
///
/// By default device waits (`sleep(for:)`) move it forward at once — simulated hardware takes
/// simulated time — and are recorded in `sleeps`. A clock made with `advancesOnSleep: false`
/// instead keeps sleepers waiting until the test moves it past their deadline (for code that
/// races a timeout against other work). `set(_:)` moves the wall clock either way, as a
/// correction would; `uptime` only ever moves forward.
public final class ManualClock: HostClock {
    private struct Sleeper {
        let id: Int
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var uptime: Duration
        var sleeps: [Duration] = []
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    private let state: Locked<State>
    /// Whether `sleep(for:)` moves the clock itself (true) or waits for the test to (false).
    public let advancesOnSleep: Bool

    /// 2024-01-01T00:00:00Z, where clocks start unless told otherwise.
    public static let defaultStart = Date(timeIntervalSince1970: 1_704_067_200)

    /// Creates a clock reading `now`, with `uptime` at its origin.
    /// - Parameter advancesOnSleep: Whether a sleep moves the clock forward at once (default) or waits for the clock to be moved.
    public init(now: Date = ManualClock.defaultStart, advancesOnSleep: Bool = true) {
        state = Locked(State(now: now, uptime: .zero))
        self.advancesOnSleep = advancesOnSleep
    }

    /// How many tasks wait on this clock (only with `advancesOnSleep: false`).
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The clock's wall-clock reading.
    public var now: Date { state.withLock { $0.now } }

    /// The clock's monotonic reading.
    public var uptime: Duration { state.withLock { $0.uptime } }

    /// Every `sleep(for:)` in order, for tests that check device timing.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// Moves the clock forward by `interval` seconds (negative intervals are ignored).
    public func advance(by interval: TimeInterval) {
        advance(by: Duration.seconds(max(0, interval)))
    }

    /// Moves the clock forward by `duration` (negative durations are ignored).
    public func advance(by duration: Duration) {
        guard duration > .zero else { return }
        let due = state.withLock { state in
            state.uptime += duration
            state.now = state.now.addingTimeInterval(duration.timeInterval)
            return Self.takeDue(&state)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    private static func takeDue(_ state: inout State) -> [Sleeper] {
        let uptime = state.uptime
        let due = state.sleepers.filter { $0.deadline <= uptime }
        state.sleepers.removeAll { $0.deadline <= uptime }
        return due
    }

    /// Moves the clock forward to `date`; a date in the past leaves it unchanged.
    public func advance(to date: Date) {
        let interval = date.timeIntervalSince(now)
        if interval > 0 { advance(by: interval) }
    }

    /// Sets the wall clock to `date`, forwards or backwards, as a correction would; `uptime`
    /// moves forward by the same amount when `date` is later, and stays when it is earlier.
    public func set(_ date: Date) {
        let due = state.withLock { state in
            let interval = date.timeIntervalSince(state.now)
            if interval > 0 { state.uptime += .seconds(interval) }
            state.now = date
            return Self.takeDue(&state)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Lets `duration` pass: at once by moving the clock, or, with `advancesOnSleep: false`,
    /// by waiting until the clock has been moved that far.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        state.withLock { $0.sleeps.append(duration) }
        guard !advancesOnSleep else { return advance(by: duration) }
        let (id, deadline) = state.withLock { state -> (Int, Duration) in
            state.nextID += 1
            return (state.nextID, state.uptime + max(.zero, duration))
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.uptime >= deadline || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            try Task.checkCancellation()
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }
}

extension Duration {
    /// The duration in seconds, as `TimeInterval`.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

/// A value guarded by a lock, for state shared between threads by construction.
package final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
