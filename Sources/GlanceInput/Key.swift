/// A key the terminal simulator can read: cursor and editing keys by name, everything else as
/// the character it types.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// Cursor up.
    case up
    /// Cursor down.
    case down
    /// Cursor left.
    case left
    /// Cursor right.
    case right
    /// Return or Enter.
    case enter
    /// Tab.
    case tab
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Escape on its own.
    case escape
    /// Forward delete.
    case delete
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// A function key, F1 to F12.
    case function(Int)
    /// A control chord such as Ctrl-C, given by its lowercase letter.
    case control(Character)
    /// A printable character, including space.
    case character(Character)

    /// The space bar.
    public static let space = Key.character(" ")

    /// A readable name such as `up`, `ctrl-c` or `"a"`.
    public var description: String {
        switch self {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .enter: "enter"
        case .tab: "tab"
        case .backspace: "backspace"
        case .escape: "escape"
        case .delete: "delete"
        case .home: "home"
        case .end: "end"
        case .pageUp: "page up"
        case .pageDown: "page down"
        case .function(let number): "F\(number)"
        case .control(let letter): "ctrl-\(letter)"
        case .character(" "): "space"
        case .character(let character): "\"\(character)\""
        }
    }
}
