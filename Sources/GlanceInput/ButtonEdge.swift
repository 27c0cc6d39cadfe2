/// A change of one button's level, as read from a GPIO line or made up by a key press.
///
/// `pressed` is the logical level: true means the button is held down, whatever the wiring
/// (active-low lines are inverted before they get here).
public struct ButtonEdge: Hashable, Sendable, CustomStringConvertible {
    /// The button whose level changed.
    public var button: ButtonID
    /// True when the button went down, false when it came up.
    public var pressed: Bool
    /// When the change happened (the kernel's timestamp for GPIO edges).
    public var time: InputTime

    /// Creates an edge.
    public init(button: ButtonID, pressed: Bool, time: InputTime) {
        self.button = button
        self.pressed = pressed
        self.time = time
    }

    /// For example `a down at 12.000ms`.
    public var description: String { "\(button) \(pressed ? "down" : "up") at \(time)" }
}
