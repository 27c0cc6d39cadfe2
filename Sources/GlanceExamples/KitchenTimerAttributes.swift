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

    /// The durations a timer may have: a second to a day.
    public static let durations: ClosedRange<TimeInterval> = 1...86_400

    /// Creates the attributes.
    public init(name: String, duration: TimeInterval) {
        self.name = name
        self.duration = duration
    }

    private enum CodingKeys: String, CodingKey {
        case name, duration
    }

    /// Decodes attributes (from `glance ctl activity start`, say), refusing a duration outside
    /// `durations` with the key's name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        duration = try container.decode(TimeInterval.self, forKey: .duration)
        guard Self.durations.contains(duration) else {
            throw DecodingError.dataCorruptedError(forKey: .duration, in: container,
                                                   debugDescription: "'duration' is \(duration) s; a kitchen timer runs 1 to 86400 seconds")
        }
    }

    /// `duration` within `durations`, for drawing (attributes made in code are not checked).
    var shownDuration: TimeInterval {
        min(max(duration.isNaN ? Self.durations.lowerBound : duration, Self.durations.lowerBound), Self.durations.upperBound)
    }
}

extension KitchenTimerAttributes.ContentState {
    /// The span the timer counts down over, for `Text(timerInterval:)` and `ProgressView(timerInterval:)`.
    func interval(duration: TimeInterval) -> ClosedRange<Date> {
        endDate.addingTimeInterval(-duration)...endDate
    }
}
