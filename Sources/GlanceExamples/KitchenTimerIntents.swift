// Starting, pausing and stopping the kitchen timer's live activity.
import Glance

/// How the kitchen timer's activity ends by itself.
///
/// Glance's ActivityKit has no background task that could call `end` when the timer reaches
/// zero, and a task sleeping on its own would not follow the face's clock. So the timer is
/// ended as soon as it starts, with its final content: a state counting down to `endDate`,
/// a stale date at `endDate`, and dismissal `linger` seconds after it. The runtime keeps
/// drawing an ended activity until its dismissal moment, so the timer ticks down, shows
/// "Done!" when the content goes stale at zero, and leaves the face a little later — all on
/// the face's clock, with no code running at zero. `Activity.activityState` therefore says
/// `.ended` while the timer runs.
public enum KitchenTimer {
    /// How long a finished timer stays on the face, in seconds.
    public static let linger: TimeInterval = 120

    /// The content of a timer in `state`: stale at zero unless paused.
    static func content(_ state: KitchenTimerAttributes.ContentState) -> ActivityContent<KitchenTimerAttributes.ContentState> {
        ActivityContent(state: state, staleDate: state.pausedAt == nil ? state.endDate : nil, relevanceScore: 100)
    }

    /// When a timer in `state` leaves the face: `linger` after zero, or (paused) after the
    /// four hours an ended activity may stay.
    static func dismissal(_ state: KitchenTimerAttributes.ContentState) -> ActivityUIDismissalPolicy {
        state.pausedAt == nil ? .after(state.endDate.addingTimeInterval(linger)) : .default
    }
}

/// Starts a five-minute kitchen timer as a live activity, replacing any running one.
///
/// The demo face binds a long press of button B to it.
public struct StartKitchenTimerIntent: AppIntent {
    /// "Start Kitchen Timer".
    public static let title: LocalizedStringResource = "Start Kitchen Timer"
    /// What the intent does.
    public static var description: IntentDescription { "Starts a five-minute kitchen timer on the face." }

    /// What the timer is for.
    @Parameter(title: "Name", default: "Tea")
    public var name: String

    /// How long it runs, in minutes.
    @Parameter(title: "Minutes", default: 5)
    public var minutes: Int

    private let now: @Sendable () -> Date

    /// Creates the intent for a five-minute timer on the system clock.
    public init() {
        now = { Date() }
    }

    /// Creates the intent with the clock `now` (for tests).
    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// Ends running kitchen timers at once and starts a new one that ends itself (see `KitchenTimer`).
    /// - Throws: `ActivityAuthorizationError` when the face cannot show the activity.
    public func perform() async throws -> some IntentResult {
        for running in Activity<KitchenTimerAttributes>.activities {
            await running.end(nil, dismissalPolicy: .immediate)
        }
        let duration = TimeInterval(max(minutes, 1) * 60)
        let state = KitchenTimerAttributes.ContentState(endDate: now().addingTimeInterval(duration))
        let activity = try Activity.request(attributes: KitchenTimerAttributes(name: name, duration: duration),
                                            content: KitchenTimer.content(state))
        await activity.end(KitchenTimer.content(state), dismissalPolicy: KitchenTimer.dismissal(state))
        return .result()
    }
}

/// Pauses the running kitchen timer, or resumes a paused one.
public struct PauseKitchenTimerIntent: AppIntent {
    /// "Pause Kitchen Timer".
    public static let title: LocalizedStringResource = "Pause Kitchen Timer"
    /// What the intent does.
    public static var description: IntentDescription { "Pauses the kitchen timer, or resumes it when paused." }

    private let now: @Sendable () -> Date

    /// Creates the intent on the system clock.
    public init() {
        now = { Date() }
    }

    /// Creates the intent with the clock `now` (for tests).
    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// Freezes the newest timer's remaining time, or starts it counting again; a timer that
    /// already reached zero is left alone.
    public func perform() async throws -> some IntentResult {
        guard let activity = Activity<KitchenTimerAttributes>.activities.last else { return .result() }
        let moment = now()
        var state = activity.content.state
        if let pausedAt = state.pausedAt {
            state.endDate = moment.addingTimeInterval(state.endDate.timeIntervalSince(pausedAt))
            state.pausedAt = nil
        } else if state.endDate > moment {
            state.pausedAt = moment
        } else {
            return .result()
        }
        // Ending again replaces the content and when the activity leaves.
        await activity.end(KitchenTimer.content(state), dismissalPolicy: KitchenTimer.dismissal(state))
        return .result()
    }
}

/// Removes every kitchen timer from the face at once.
public struct StopKitchenTimerIntent: AppIntent {
    /// "Stop Kitchen Timer".
    public static let title: LocalizedStringResource = "Stop Kitchen Timer"
    /// What the intent does.
    public static var description: IntentDescription { "Removes the kitchen timer from the face." }

    /// Creates the intent.
    public init() {}

    /// Ends every kitchen timer with immediate dismissal.
    public func perform() async throws -> some IntentResult {
        for activity in Activity<KitchenTimerAttributes>.activities {
            await activity.end(nil, dismissalPolicy: .immediate)
        }
        return .result()
    }
}
