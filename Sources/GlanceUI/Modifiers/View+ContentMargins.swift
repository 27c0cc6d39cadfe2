import Foundation

/// Where content margins apply, as SwiftUI's `ContentMarginPlacement`.
public struct ContentMarginPlacement: Sendable, Hashable {
    private let name: String

    /// Wherever the view that supports margins puts them (a scroll view: its content and indicators).
    public static var automatic: ContentMarginPlacement { ContentMarginPlacement(name: "automatic") }
    /// A scrollable view's content.
    public static var scrollContent: ContentMarginPlacement { ContentMarginPlacement(name: "scrollContent") }
    /// A scrollable view's scroll indicators.
    public static var scrollIndicators: ContentMarginPlacement { ContentMarginPlacement(name: "scrollIndicators") }
}

extension View {
    /// Sets the margins that scrollable views inside this one give their content.
    ///
    /// Widgets have no scroll views, so on iOS this changes nothing inside a widget, and on a
    /// panel neither; a widget's own margins are `contentMarginsDisabled()` on its configuration.
    public func contentMargins(_ edges: Edge.Set = .all, _ insets: EdgeInsets, for placement: ContentMarginPlacement = .automatic) -> some View {
        self
    }

    /// Sets the margins that scrollable views inside this one give their content on `edges`
    /// (no effect in a widget, as on iOS: see `contentMargins(_:_:for:)`).
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for placement: ContentMarginPlacement = .automatic) -> some View {
        self
    }

    /// Sets the margins that scrollable views inside this one give their content on every edge
    /// (no effect in a widget, as on iOS: see `contentMargins(_:_:for:)`).
    public func contentMargins(_ length: CGFloat, for placement: ContentMarginPlacement = .automatic) -> some View {
        self
    }
}
