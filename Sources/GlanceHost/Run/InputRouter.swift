import Foundation
import GlanceInput
import GlanceLinux
import GlanceWidgets

/// Turns button edges (GPIO), key presses (simulator) and control-socket presses into face
/// actions: debounce and gestures through `InputProcessor`, then the face's bindings.
///
/// Long presses, repeats and double clicks are decided at deadlines the processor names; a
/// task sleeps until the next one, so nothing polls.
actor InputRouter {
    private var processor: InputProcessor
    private let keyMap: KeyMap
    private let buttons: [String]
    private var bindings: [FacePlan.BindingKey: FaceAction]
    private let deliver: @Sendable (FaceAction) async -> Void
    private let now: @Sendable () -> InputTime
    private var deadline: Task<Void, Never>?
    /// The latest button events, for `glance ctl status`.
    private(set) var recent: [String] = []

    /// The gesture names bindings use, by event kind.
    static func gestureName(_ kind: ButtonEvent.Kind) -> String {
        switch kind {
        case .press: "press"
        case .release: "release"
        case .click: "click"
        case .doubleClick: "double-click"
        case .longPress: "long-press"
        case .repeat: "repeat"
        }
    }

    init(board: BoardConfiguration, bindings: [FacePlan.BindingKey: FaceAction], now: @escaping @Sendable () -> InputTime = MonotonicClock.now,
         deliver: @escaping @Sendable (FaceAction) async -> Void) {
        let ids = board.buttons.list.map { ButtonID(rawValue: $0.name) }
        processor = InputProcessor(buttons: ids, debounce: board.buttons.debounce)
        keyMap = InputRouter.keyMap(for: board)
        buttons = board.buttons.list.map(\.name)
        self.bindings = bindings
        self.now = now
        self.deliver = deliver
    }

    /// Replaces the bindings (after the face file was read again).
    func rebind(_ bindings: [FacePlan.BindingKey: FaceAction]) {
        self.bindings = bindings
    }

    /// A hardware edge (already inverted for active-low wiring).
    func edge(_ edge: ButtonEdge) async {
        await handle(processor.feed(edge))
    }

    /// A key from the simulator's terminal; keys without a button are ignored.
    func key(_ key: Key) async {
        await handle(processor.feed(key, map: keyMap, at: now()))
    }

    /// A gesture made up by the control socket, bypassing debounce and timing.
    /// - Throws: `ControlError` for an unknown button or gesture.
    func synthetic(button: String, gesture: String) async throws {
        guard buttons.contains(button) else { throw ControlError.unknown("button", button, known: buttons) }
        guard FaceConfiguration.gestures.contains(gesture) else { throw ControlError.unknown("gesture", gesture, known: FaceConfiguration.gestures) }
        await dispatch(button: button, gesture: gesture)
    }

    private func handle(_ events: [ButtonEvent]) async {
        for event in events {
            await dispatch(button: event.button.rawValue, gesture: Self.gestureName(event.kind))
        }
        scheduleDeadline()
    }

    private func dispatch(button: String, gesture: String) async {
        recent.append("\(button) \(gesture)")
        if recent.count > 50 { recent.removeFirst(recent.count - 50) }
        if let action = bindings[FacePlan.BindingKey(button: button, gesture: gesture)] {
            await deliver(action)
        } else if gesture == "press", !bindings.keys.contains(where: { $0.button == button }) {
            // A button with no binding at all still wakes a dimmed face. (Bound buttons wake
            // it through their own action, which the runtime then does not run.)
            await deliver(.wake)
        }
    }

    /// How long past a deadline the router waits before deciding it. Edges carry the kernel's
    /// timestamps but reach this actor later (on a busy machine, tens of milliseconds later):
    /// an edge from before the deadline must be fed before the deadline is decided, or a
    /// bounce still on its way would be taken for a new press once the debounce period ended.
    static let lateEdgeAllowance: Duration = .milliseconds(50)

    /// Sleeps until the processor's next deadline (a long press or repeat coming due, a
    /// debounce decision), plus the allowance for late edges; events keep the deadline's time.
    private func scheduleDeadline() {
        deadline?.cancel()
        guard let due = processor.nextDeadline else { return }
        let wait = due - now() + Self.lateEdgeAllowance
        deadline = Task { [weak self] in
            if wait > .zero {
                do { try await Task.sleep(for: wait) } catch { return }
            }
            await self?.advance(to: due)
        }
    }

    private func advance(to time: InputTime) async {
        await handle(processor.advance(to: time))
    }

    /// The simulator keys of a board: each button's `key`, and for letter keys the capital
    /// letter as a one-second hold (a long press).
    static func keyMap(for board: BoardConfiguration) -> KeyMap {
        var bindings = [Key: KeyMap.Binding]()
        for button in board.buttons.list {
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
