/// Software debounce for one button, computed from edge timestamps alone.
///
/// A change is accepted the moment it arrives when the line has been quiet for the debounce
/// period, so a press costs no latency. After that, every raw edge restarts a quiet period; a
/// level that differs from the accepted one when the line finally falls quiet is accepted at the
/// end of that period (the deadline `advance(to:)` waits for). A storm of contact chatter
/// therefore yields exactly one press and one release, and a tap shorter than the period still
/// yields both.
///
/// Instants that go backwards are treated as "now" so a misbehaving clock cannot corrupt state.
public struct Debouncer: Hashable, Sendable {
    /// A level the debouncer accepted, and when.
    public struct Change: Hashable, Sendable {
        /// The accepted logical level: true is pressed.
        public var pressed: Bool
        /// When it was accepted: the edge's time, or the end of the quiet period.
        public var time: InputTime

        /// Creates a change.
        public init(pressed: Bool, time: InputTime) {
            self.pressed = pressed
            self.time = time
        }
    }

    /// How long the line must be quiet before another change is accepted; zero disables debouncing.
    public let period: Duration
    private let periodNanoseconds: Int64
    /// The accepted (debounced) level.
    public private(set) var pressed: Bool
    private var raw: Bool
    private var quietUntil: InputTime?
    private var now: InputTime?

    /// Creates a debouncer.
    /// - Parameters:
    ///   - period: The quiet time that separates accepted changes (15 ms by default; zero or
    ///     negative disables debouncing).
    ///   - pressed: The level the button is known to be at (released by default).
    public init(period: Duration = .milliseconds(15), pressed: Bool = false) {
        self.period = max(period, .zero)
        self.periodNanoseconds = max(period, .zero).nanoseconds
        self.pressed = pressed
        self.raw = pressed
    }

    /// When a pending change will be accepted if no further edge arrives, or nil when nothing is pending.
    public var nextDeadline: InputTime? {
        raw != pressed ? quietUntil : nil
    }

    /// Feeds a raw edge: the line now reads `pressed`.
    /// - Returns: The accepted changes, oldest first: a pending change whose quiet period ended
    ///   before this edge, and this edge itself when it is accepted at once.
    public mutating func feed(pressed level: Bool, at time: InputTime) -> [Change] {
        let (pending, accepted) = feedEdge(pressed: level, at: time)
        return [pending, accepted].compactMap { $0 }
    }

    /// `feed` without the array: the pending change that landed first, then the edge's own.
    package mutating func feedEdge(pressed level: Bool, at time: InputTime) -> (pending: Change?, accepted: Change?) {
        let time = clamp(time)
        let pending = advance(to: time)
        raw = level
        if quietUntil.map({ time.nanoseconds >= $0.nanoseconds }) ?? true {
            guard level != pressed else { return (pending, nil) }
            pressed = level
            quietUntil = InputTime(nanoseconds: time.nanoseconds &+ periodNanoseconds)
            return (pending, Change(pressed: level, time: time))
        }
        quietUntil = InputTime(nanoseconds: time.nanoseconds &+ periodNanoseconds)
        return (pending, nil)
    }

    /// Lets time pass without edges.
    /// - Returns: The pending change when its quiet period has ended by `time`.
    public mutating func advance(to time: InputTime) -> Change? {
        let time = clamp(time)
        guard let deadline = nextDeadline, deadline.nanoseconds <= time.nanoseconds else { return nil }
        pressed = raw
        return Change(pressed: raw, time: deadline)
    }

    private mutating func clamp(_ time: InputTime) -> InputTime {
        let clamped = latest(time, now)
        now = clamped
        return clamped
    }
}
