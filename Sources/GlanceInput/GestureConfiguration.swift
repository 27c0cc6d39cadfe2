/// Timings for the gestures of one button. Every gesture can be switched off by setting it to nil.
///
/// With the defaults a held button reports `repeat` from 500 ms and `longPress` at 600 ms; a
/// binding usually listens to one of the two (repeat for arrows, long press for select).
public struct GestureConfiguration: Hashable, Sendable {
    /// Auto-repeat while a button is held.
    public struct AutoRepeat: Hashable, Sendable {
        /// Time from the press to the first repeat.
        public var delay: Duration
        /// Time between repeats after the first (clamped to at least 1 ms).
        public var interval: Duration

        /// Creates a repeat setting.
        /// - Parameters:
        ///   - delay: Time from the press to the first repeat (500 ms by default).
        ///   - interval: Time between later repeats (150 ms by default).
        public init(delay: Duration = .milliseconds(500), interval: Duration = .milliseconds(150)) {
            self.delay = delay
            self.interval = interval
        }
    }

    /// How a click that might become half of a double click is reported.
    public enum DoubleClickPolicy: Hashable, Sendable {
        /// The first click is reported at once; a second click within the window is reported as
        /// `doubleClick` instead of `click`. No latency; both the click and the double click act.
        case immediate
        /// The first click waits until the window has passed; a second click within the window
        /// turns the pair into a single `doubleClick`. Adds the window's latency to every click.
        case deferred
    }

    /// Double-click recognition.
    public struct DoubleClick: Hashable, Sendable {
        /// The longest time from the first click's release to the second press.
        public var window: Duration
        /// Whether the first click is reported at once or held back.
        public var policy: DoubleClickPolicy

        /// Creates a double-click setting.
        /// - Parameters:
        ///   - window: The longest gap from the first release to the second press (300 ms by default).
        ///   - policy: `.immediate` (the default) or `.deferred`.
        public init(window: Duration = .milliseconds(300), policy: DoubleClickPolicy = .immediate) {
            self.window = window
            self.policy = policy
        }
    }

    /// How long a button must be held for `longPress` (600 ms by default); nil disables it.
    public var longPress: Duration?
    /// Auto-repeat while held (after 500 ms, every 150 ms by default); nil disables it.
    public var autoRepeat: AutoRepeat?
    /// Double-click recognition (300 ms, immediate by default); nil makes every click a `click`.
    public var doubleClick: DoubleClick?

    /// Creates a configuration; the defaults are the ones documented on each property.
    public init(
        longPress: Duration? = .milliseconds(600),
        autoRepeat: AutoRepeat? = AutoRepeat(),
        doubleClick: DoubleClick? = DoubleClick()
    ) {
        self.longPress = longPress
        self.autoRepeat = autoRepeat
        self.doubleClick = doubleClick
    }

    /// The defaults: long press at 600 ms, repeat after 500 ms every 150 ms, double click within 300 ms.
    public static let standard = GestureConfiguration()
}
