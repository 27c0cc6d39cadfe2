import Foundation

/// What a provider knows about the slot it provides for, as WidgetKit's `TimelineProviderContext`.
public struct TimelineProviderContext: Sendable {
    /// The family of the slot.
    public let family: WidgetFamily
    /// Exactly the size the widget's view is laid out in, in points (one point is one panel pixel).
    public let displaySize: CGSize
    /// True when the entry is for a preview (`glance preview --entry snapshot`), not the face.
    public let isPreview: Bool

    /// Creates a context (the runtime and the preview command make these).
    package init(family: WidgetFamily, displaySize: Size, isPreview: Bool) {
        self.family = family
        self.displaySize = CGSize(width: displaySize.width, height: displaySize.height)
        self.isPreview = isPreview
    }
}

/// Supplies a widget's entries through completion handlers, as WidgetKit's `TimelineProvider`.
///
/// The runtime calls `getTimeline` on its own executor: return quickly and call `completion`
/// later (from any thread) when the data needs waiting for. A completion called twice is
/// ignored after the first call; one never called is treated as a timeout (default 5 s) and
/// the widget keeps its previous content.
///
/// Difference from Apple: providers must be `Sendable`, and the completion handlers are
/// `@Sendable`.
public protocol TimelineProvider: Sendable {
    /// The entry type the widget's view shows.
    associatedtype Entry: TimelineEntry
    /// The context type, for Apple's spelling `Context`.
    typealias Context = TimelineProviderContext

    /// An entry with representative data, shown redacted before the first timeline arrives; must not wait.
    func placeholder(in context: Context) -> Entry
    /// An entry for previews (`context.isPreview == true`).
    func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void)
    /// The entries to show and when to ask again.
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void)
}

/// Supplies the entries of an intent-configured widget with async functions, as WidgetKit's
/// `AppIntentTimelineProvider`.
///
/// Differences from Apple: providers must be `Sendable`, and `timeline(for:in:)` may throw
/// (a throwing provider keeps the previous content and is retried with backoff); Apple's
/// non-throwing implementations satisfy it unchanged.
public protocol AppIntentTimelineProvider: Sendable {
    /// The entry type the widget's view shows.
    associatedtype Entry: TimelineEntry
    /// The configuration intent whose parameters the widget is configured with.
    associatedtype Intent: WidgetConfigurationIntent
    /// The context type, for Apple's spelling `Context`.
    typealias Context = TimelineProviderContext

    /// An entry with representative data, shown redacted before the first timeline arrives; must not wait.
    func placeholder(in context: Context) -> Entry
    /// An entry for previews (`context.isPreview == true`).
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    /// The entries to show for `configuration` and when to ask again.
    func timeline(for configuration: Intent, in context: Context) async throws -> Timeline<Entry>
}
