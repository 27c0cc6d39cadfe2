import GlanceCore
import GlanceInput

/// Turns button edges (GPIO), key presses (simulator) and control-socket presses into typed
/// button events: debounce and gestures through `InputProcessor`, on the host's clock.
///
/// Nothing here waits: long presses, repeats and double clicks are decided at deadlines the
/// processor names, and the run loop calls `advance(to:)` when `nextDeadline` has come.
package struct ButtonInput: Sendable {
    private var processor: InputProcessor
    private let keyMap: KeyMap
    /// The board's buttons.
    package let buttons: [ButtonID]

    /// How long past a deadline the run loop waits before deciding it. Edges carry the kernel's
    /// timestamps but reach the loop later (on a busy machine, tens of milliseconds later): an
    /// edge from before the deadline must be fed before the deadline is decided, or a bounce
    /// still on its way would be taken for a new press once the debounce period ended.
    package static let lateEdgeAllowance: Duration = .milliseconds(50)

    package init(board: FaceBoard) {
        buttons = board.buttons.map { ButtonID(rawValue: $0.name) }
        processor = InputProcessor(buttons: buttons, debounce: board.debounce)
        keyMap = ButtonInput.keyMap(for: board)
    }

    /// A hardware edge (already inverted for active-low wiring), stamped by the kernel.
    package mutating func feed(_ edge: ButtonEdge) -> [ButtonEvent] {
        processor.feed(edge)
    }

    /// A key from the simulator's terminal at `time`; keys without a button give nothing.
    package mutating func feed(_ key: Key, at time: InputTime) -> [ButtonEvent] {
        processor.feed(key, map: keyMap, at: time)
    }

    /// When the loop should call `advance(to:)`: the processor's next deadline plus the late-edge allowance.
    package var nextDeadline: InputTime? {
        processor.nextDeadline.map { $0 + Self.lateEdgeAllowance }
    }

    /// Decides every deadline up to `time` minus the allowance; events keep their deadline's time.
    package mutating func advance(to time: InputTime) -> [ButtonEvent] {
        processor.advance(to: time + (.zero - Self.lateEdgeAllowance))
    }

    /// The simulator keys of a board: each button's `key`, and for letter keys the capital
    /// letter as a one-second hold (a long press).
    package static func keyMap(for board: FaceBoard) -> KeyMap {
        var bindings = [Key: KeyMap.Binding]()
        for button in board.buttons {
            guard let name = button.key else { continue }
            let id = ButtonID(rawValue: button.name)
            let key: Key = switch name {
            case "up": .up
            case "down": .down
            case "left": .left
            case "right": .right
            case "enter": .enter
            case "space": .space
            case "tab": .tab
            case "escape": .escape
            case "backspace": .backspace
            default: .character(Character(name))
            }
            bindings[key] = KeyMap.Binding(button: id)
            if case .character(let letter) = key, letter.isLetter {
                bindings[.character(Character(letter.uppercased()))] = KeyMap.Binding(button: id, hold: KeyMap.simulatedHold)
            }
            if name == "enter" { bindings[.space] = bindings[.space] ?? KeyMap.Binding(button: id) }
        }
        return KeyMap(bindings: bindings)
    }
}

extension HostClock {
    /// The clock's monotonic reading as an input instant (GPIO edges are stamped on the same clock).
    package var inputTime: InputTime { InputTime(nanoseconds: uptime.nanoseconds) }
}
