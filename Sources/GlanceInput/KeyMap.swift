/// Which keys stand for which buttons in the terminal simulator.
///
/// A terminal reports key presses but never key releases, so a key produces a press and a
/// release: at the same instant (a click), or `hold` apart (a synthetic hold, long enough for a
/// long press or repeats).
public struct KeyMap: Hashable, Sendable {
    /// What one key does.
    public struct Binding: Hashable, Sendable {
        /// The button the key stands for.
        public var button: ButtonID
        /// How long the synthetic press lasts; zero releases at the same instant.
        public var hold: Duration

        /// Creates a binding.
        /// - Parameters:
        ///   - button: The button the key presses.
        ///   - hold: How long the button stays down (zero by default: a click).
        public init(button: ButtonID, hold: Duration = .zero) {
            self.button = button
            self.hold = hold
        }
    }

    /// The bindings by key.
    public var bindings: [Key: Binding]

    /// Creates a key map from explicit bindings.
    public init(bindings: [Key: Binding]) {
        self.bindings = bindings
    }

    /// The binding for `key`, or nil when the key means nothing.
    public func binding(for key: Key) -> Binding? {
        bindings[key]
    }

    /// The keys bound to `button`, in a stable order.
    public func keys(for button: ButtonID) -> [Key] {
        bindings.filter { $0.value.button == button }.map(\.key).sorted { $0.description < $1.description }
    }

    /// The synthetic hold used by the shifted keys of `simulator` (long enough for a long press).
    public static let simulatedHold: Duration = .seconds(1)

    /// The simulator's keys, matching the Adafruit OLED Bonnet: arrows for the joystick, Enter,
    /// space or `c` for its centre press, `a` and `b` for the two buttons; `A`, `B` and `C` hold
    /// those buttons for a second (a long press).
    public static let simulator = KeyMap(bindings: [
        .up: Binding(button: .up),
        .down: Binding(button: .down),
        .left: Binding(button: .left),
        .right: Binding(button: .right),
        .enter: Binding(button: .center),
        .space: Binding(button: .center),
        .character("c"): Binding(button: .center),
        .character("a"): Binding(button: .a),
        .character("b"): Binding(button: .b),
        .character("C"): Binding(button: .center, hold: simulatedHold),
        .character("A"): Binding(button: .a, hold: simulatedHold),
        .character("B"): Binding(button: .b, hold: simulatedHold),
    ])
}
