/// Something a button did that bindings can react to.
public struct ButtonEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Hashable, Sendable, CustomStringConvertible {
        /// The button went down (after debouncing).
        case press
        /// The button came up (after debouncing); always follows a `press` of the same button.
        case release
        /// A short press and release: shorter than every enabled hold gesture.
        case click
        /// A second click that began within the double-click window after a click; it is
        /// reported instead of a second `click`, never in addition to one.
        case doubleClick
        /// The button has been held for the long-press duration (reported once per press, while
        /// the button is still down).
        case longPress
        /// The button is still held: the first repeat comes after the repeat delay, then one every
        /// repeat interval; `count` starts at 1.
        case `repeat`(count: Int)

        /// For example `click` or `repeat 3`.
        public var description: String {
            switch self {
            case .press: "press"
            case .release: "release"
            case .click: "click"
            case .doubleClick: "double click"
            case .longPress: "long press"
            case .repeat(let count): "repeat \(count)"
            }
        }
    }

    /// The button the event belongs to.
    public var button: ButtonID
    /// What happened.
    public var kind: Kind
    /// When it happened: the edge's time for press, release, click and double click; the
    /// deadline that elapsed for long press, repeat and a deferred click.
    public var time: InputTime

    /// Creates an event.
    public init(button: ButtonID, kind: Kind, time: InputTime) {
        self.button = button
        self.kind = kind
        self.time = time
    }

    /// For example `a click at 80.000ms`.
    public var description: String { "\(button) \(kind) at \(time)" }
}
