/// Where panel code gets time from: a reading of "now" and a way to wait.
///
/// Controllers wait for reset pulses and e-ink BUSY through it, the pipeline schedules retries
/// with it, and emulators time BUSY with it, so tests run on a `ManualPanelClock` with no real waiting.
/// `now()` is measured from the Unix epoch so values persisted by one run are comparable in the next.
public protocol PanelClock: Sendable {
    /// The current time as a duration since the Unix epoch.
    func now() async -> Duration
    /// Suspends the caller for `duration`.
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    func sleep(for duration: Duration) async throws
}

/// A clock that only moves when told to: `sleep(for:)` advances it at once instead of waiting.
///
/// Everything sharing one manual clock sees the same time, so a controller polling an emulator's
/// BUSY line makes progress deterministically and a test never sleeps.
public actor ManualPanelClock: PanelClock {
    private var current: Duration
    /// Every `sleep(for:)` request in order, for tests that assert on waiting behaviour.
    public private(set) var sleeps: [Duration] = []

    /// Creates a clock reading `start` (by default 2024-01-01T00:00:00Z).
    public init(start: Duration = .seconds(1_704_067_200)) {
        current = start
    }

    /// The current reading.
    public func now() -> Duration { current }

    /// Advances the clock by `duration` (negative durations are ignored) and returns at once.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        sleeps.append(duration)
        if duration > .zero { current += duration }
    }

    /// Moves the clock forward by `duration` without recording a sleep.
    public func advance(by duration: Duration) {
        if duration > .zero { current += duration }
    }
}
