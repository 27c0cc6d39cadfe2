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
/// As Apple's, providers need not be `Sendable` (class-based providers are fine): the runtime
/// calls each placed widget's provider one request at a time.
public protocol TimelineProvider {
    /// The entry type the widget's view shows.
    associatedtype Entry: TimelineEntry
    /// The context type, for Apple's spelling `Context`.
    typealias Context = TimelineProviderContext

    /// An entry with representative data, shown redacted before the first timeline arrives; must not wait.
    func placeholder(in context: Context) -> Entry
    /// An entry for previews (`context.isPreview == true`).
    @preconcurrency func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void)
    /// The entries to show and when to ask again.
    @preconcurrency func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void)
}

/// Supplies the entries of an intent-configured widget with async functions, as WidgetKit's
/// `AppIntentTimelineProvider`.
///
/// Difference from Apple: `timeline(for:in:)` may throw (a throwing provider keeps the
/// previous content and is retried with backoff); Apple's non-throwing implementations
/// satisfy it unchanged. As Apple's, providers need not be `Sendable`.
public protocol AppIntentTimelineProvider {
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
    /// Preconfigured intents offered where widgets cannot be edited; a placement without a
    /// configured intent uses the first.
    func recommendations() -> [AppIntentRecommendation<Intent>]
}

extension AppIntentTimelineProvider {
    /// No recommendations.
    public func recommendations() -> [AppIntentRecommendation<Intent>] { [] }
}
