/// The name of a button, such as `a`, `up` or `center`.
///
/// Names are what board presets, key maps and bindings agree on; the constants below are the
/// names used by the board presets that ship with Glance.
public struct ButtonID: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The button's name.
    public var rawValue: String

    /// Creates a button name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a button name from a literal such as `"a"`.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The name itself.
    public var description: String { rawValue }

    /// Names are equal when their text is (written out so the generic `RawRepresentable`
    /// default, which is much slower, is not chosen).
    public static func == (lhs: ButtonID, rhs: ButtonID) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the name's text.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Orders names alphabetically (for stable listings).
    public static func < (lhs: ButtonID, rhs: ButtonID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Button A (the Adafruit OLED Bonnet's upper round button).
    public static let a: ButtonID = "a"
    /// Button B (the Adafruit OLED Bonnet's lower round button).
    public static let b: ButtonID = "b"
    /// Joystick or cursor up.
    public static let up: ButtonID = "up"
    /// Joystick or cursor down.
    public static let down: ButtonID = "down"
    /// Joystick or cursor left.
    public static let left: ButtonID = "left"
    /// Joystick or cursor right.
    public static let right: ButtonID = "right"
    /// Joystick centre press, or a select button.
    public static let center: ButtonID = "center"
}
