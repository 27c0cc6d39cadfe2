/// What the face asks of the glass (Docs/Contract.md, "Always on"): lit for use, dimmed while idle, or dark.
///
/// The runtime decides the state; the panel side alone decides what it means for the
/// controller (contrast and pre-charge, display on or off, burn-in shift, nothing on e-paper).
public enum DisplayState: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Someone pressed a button recently.
    case active
    /// Idle: luminance reduced, dimmed.
    case alwaysOn
    /// Night or a long idle: display off, the controller's RAM kept current.
    case off

    /// `active`, `alwaysOn` or `off`.
    public var description: String {
        switch self {
        case .active: "active"
        case .alwaysOn: "alwaysOn"
        case .off: "off"
        }
    }

    /// Whether the glass gives light (or, on e-paper, whether pictures are drawn at all).
    public var isLit: Bool { self != .off }
}
