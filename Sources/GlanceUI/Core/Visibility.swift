/// Whether a piece of interface (a chart's axis or legend, a toolbar) is shown, as in SwiftUI.
public enum Visibility: Hashable, CaseIterable, Sendable {
    /// The default for the context.
    case automatic
    /// Shown.
    case visible
    /// Hidden.
    case hidden
}
