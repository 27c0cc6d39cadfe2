/// What a binding can react to: the one gesture vocabulary from the gesture recognizer to the
/// face file's bindings, spelled once (the raw values are the face file's words).
public enum ButtonGesture: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A short press and release.
    case click
    /// Two clicks within the double-click window.
    case doubleClick = "double-click"
    /// Held for the long-press duration.
    case longPress = "long-press"
    /// The button went down.
    case press
    /// The button came up.
    case release
    /// Still held: every repeat interval after the repeat delay.
    case `repeat`

    /// The face file's word for it, e.g. `double-click`.
    public var description: String { rawValue }
}

extension ButtonEvent.Kind {
    /// The gesture bindings see for this event (every repeat is the same `repeat` gesture).
    public var gesture: ButtonGesture {
        switch self {
        case .press: .press
        case .release: .release
        case .click: .click
        case .doubleClick: .doubleClick
        case .longPress: .longPress
        case .repeat: .repeat
        }
    }
}
