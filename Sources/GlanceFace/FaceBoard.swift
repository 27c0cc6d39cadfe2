import Foundation

/// What the loop knows of the board it runs on: its name, its panel's description for
/// listeners, and its buttons. The board file itself (YAML, pins, buses) is the OS layer's
/// business; GlanceHost makes this value from it.
package struct FaceBoard: Sendable, Equatable {
    /// A button: the name bindings use, and the simulator's key for it (`up`, `enter`, `a`…).
    package struct Button: Sendable, Equatable {
        package var name: String
        package var key: String?

        package init(name: String, key: String? = nil) {
            self.name = name
            self.key = key
        }
    }

    /// The board's name (`glance ctl status`, the state file's name).
    package var name: String
    /// The panel controller's name (`ssd1306`, `ssd1680`…), for listeners that describe the board.
    package var controller: String
    /// The panel's look in the simulator (`white`, `blue`, `paper`…).
    package var look: String
    /// Whether the panel is emulated in the process (simulator boards).
    package var isEmulated: Bool
    /// The buttons, in the board file's order.
    package var buttons: [Button]
    /// How long an edge must stay before it counts.
    package var debounce: Duration
    /// Whether the panel goes dark when the face stops (else it keeps its last frame).
    package var darkensOnExit: Bool

    package init(name: String, controller: String, look: String, isEmulated: Bool, buttons: [Button], debounce: Duration,
                 darkensOnExit: Bool) {
        self.name = name
        self.controller = controller
        self.look = look
        self.isEmulated = isEmulated
        self.buttons = buttons
        self.debounce = debounce
        self.darkensOnExit = darkensOnExit
    }
}
