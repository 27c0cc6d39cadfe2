// The kitchen timer's live activity data.
import Glance

/// A kitchen timer: what it is for and how long it runs, with its changing state.
public struct KitchenTimerAttributes: ActivityAttributes, Sendable {
    /// Where the timer is.
    public struct ContentState: Codable, Hashable, Sendable {
        /// When the timer reaches zero (if it keeps running).
        public var endDate: Date
        /// When it was paused; nil while it runs.
        public var pausedAt: Date?

        /// Creates a state.
        public init(endDate: Date, pausedAt: Date? = nil) {
            self.endDate = endDate
            self.pausedAt = pausedAt
        }
    }

    /// What the timer is for, e.g. "Tea".
    public var name: String
    /// How long it runs, in seconds.
    public var duration: TimeInterval

    /// Creates the attributes.
    public init(name: String, duration: TimeInterval) {
        self.name = name
        self.duration = duration
    }
}

extension KitchenTimerAttributes.ContentState {
    /// The span the timer counts down over, for `Text(timerInterval:)` and `ProgressView(timerInterval:)`.
    func interval(duration: TimeInterval) -> ClosedRange<Date> {
        endDate.addingTimeInterval(-duration)...endDate
    }
}
