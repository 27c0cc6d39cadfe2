import Foundation

/// Wall-clock time for the widget runtime: what time it is and a way to wait for a moment.
///
/// Contract: `now` is wall-clock time and may jump (NTP, a user setting the clock).
/// `sleep(until:)` returns once `now` has reached `deadline` — never earlier — and returns
/// at once for a deadline already past. After a jump backwards it keeps waiting for the
/// wall-clock moment; after a jump forwards it returns within the implementation's
/// stated latency. It throws `CancellationError` when its task is cancelled.
public protocol TimeSource: Sendable {
    /// The current wall-clock time.
    var now: Date { get }
    /// Suspends until `now >= deadline`.
    /// - Throws: `CancellationError` if the task is cancelled while waiting.
    func sleep(until deadline: Date) async throws
}

/// The system clock: `Date()` for `now`, monotonic sleeps re-checked against the wall clock.
///
/// A sleep is cut into pieces of at most `maximumSlice` (default 60 s) so that a forward
/// jump of the wall clock is noticed within that time; a backward jump just means more
/// pieces. Only the composition root should create one.
public struct SystemTimeSource: TimeSource {
    /// The longest single monotonic sleep, which bounds how late a forward clock jump is noticed.
    public var maximumSlice: Duration

    /// Creates the system clock; `maximumSlice` bounds how late a forward clock jump is noticed.
    public init(maximumSlice: Duration = .seconds(60)) {
        self.maximumSlice = maximumSlice
    }

    /// The current wall-clock time.
    public var now: Date { Date() }

    /// Sleeps until the wall clock reaches `deadline`.
    public func sleep(until deadline: Date) async throws {
        let slice = Double(maximumSlice.components.seconds) + Double(maximumSlice.components.attoseconds) * 1e-18
        while true {
            let remaining = deadline.timeIntervalSince(now)
            if remaining <= 0 { return }
            try await Task.sleep(for: .seconds(min(remaining, slice)))
        }
    }
}

/// A clock that moves only when told to, for tests and simulated runs (`--clock fast`).
///
/// `advance(to:)` and `set(_:)` resume every sleeper whose deadline has been reached;
/// `set(_:)` may move backwards, like a wall clock being corrected.
public final class ManualTimeSource: TimeSource {
    private struct Sleeper {
        let id: Int
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    private let state: Locked<State>

    /// Creates a clock reading `now`.
    public init(now: Date) {
        state = Locked(State(now: now))
    }

    /// The clock's current reading.
    public var now: Date { state.withLock { $0.now } }

    /// How many tasks are sleeping on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline anyone sleeps until.
    public var nextDeadline: Date? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Moves the clock forward by `interval` seconds (never backwards).
    public func advance(by interval: TimeInterval) {
        set(now.addingTimeInterval(max(0, interval)))
    }

    /// Moves the clock forward to `date`; a date in the past leaves it unchanged.
    public func advance(to date: Date) {
        let target = state.withLock { max($0.now, date) }
        set(target)
    }

    /// Sets the clock to `date`, forwards or backwards, and wakes the sleepers now due.
    public func set(_ date: Date) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = date
            let due = state.sleepers.filter { $0.deadline <= date }
            state.sleepers.removeAll { $0.deadline <= date }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Suspends until the clock reaches `deadline`.
    public func sleep(until deadline: Date) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.now >= deadline || Task.isCancelled { return true }
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
