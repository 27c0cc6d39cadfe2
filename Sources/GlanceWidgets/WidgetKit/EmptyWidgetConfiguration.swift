import Foundation

/// A configuration with no widgets, as WidgetKit's `EmptyWidgetConfiguration`: what a
/// `Widget` returns when, say, a platform check leaves it nothing to offer.
///
/// A bundle lists no widget for it; faces and `glance preview` never see it.
public struct EmptyWidgetConfiguration: WidgetConfiguration {
    /// Creates the empty configuration.
    public init() {}

    /// An empty configuration has no body.
    public var body: Never { fatalError("EmptyWidgetConfiguration has no body") }
}
