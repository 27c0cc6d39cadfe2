import Foundation

/// Supplies the entries of a SiriKit-intent widget through completion handlers, as WidgetKit's
/// `IntentTimelineProvider`.
///
/// The runtime calls it as it calls a `TimelineProvider`: return quickly and call
/// `completion` later (from any thread) when the data needs waiting for.
public protocol IntentTimelineProvider {
    /// The entry type the widget's view shows.
    associatedtype Entry: TimelineEntry
    /// The intent class the widget is configured with.
    associatedtype Intent: INIntent
    /// The context type, for Apple's spelling `Context`.
    typealias Context = TimelineProviderContext

    /// An entry with representative data, shown redacted before the first timeline arrives; must not wait.
    func placeholder(in context: Context) -> Entry
    /// An entry for previews (`context.isPreview == true`).
    @preconcurrency func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping @Sendable (Entry) -> Void)
    /// The entries to show for `configuration` and when to ask again.
    @preconcurrency func getTimeline(for configuration: Intent, in context: Context,
                                     completion: @escaping @Sendable (Timeline<Entry>) -> Void)
    /// Preconfigured intents offered where widgets cannot be edited; Glance configures the
    /// widget with the first.
    func recommendations() -> [IntentRecommendation<Intent>]
}

extension IntentTimelineProvider {
    /// No recommendations.
    public func recommendations() -> [IntentRecommendation<Intent>] { [] }
}

/// A preconfigured SiriKit intent with its description, as WidgetKit's `IntentRecommendation`.
public struct IntentRecommendation<Intent: INIntent> {
    /// The configured intent.
    public let intent: Intent
    /// What the configuration shows, as listings name it.
    public let description: String

    /// Recommends `intent`, described by `description`.
    public init(intent: Intent, description: some StringProtocol) {
        self.intent = intent
        self.description = String(description)
    }

    /// Recommends `intent`, described by `description`.
    public init(intent: Intent, description: Text) {
        self.intent = intent
        self.description = description.plainText
    }
}

/// A preconfigured configuration intent with its description, as WidgetKit's `AppIntentRecommendation`.
public struct AppIntentRecommendation<Intent: WidgetConfigurationIntent>: Sendable {
    /// The configured intent.
    public let intent: Intent
    /// What the configuration shows, as listings name it.
    public let description: LocalizedStringResource

    /// Recommends `intent`, described by `description`.
    public init(intent: Intent, description: LocalizedStringResource) {
        self.intent = intent
        self.description = description
    }

    /// Recommends `intent`, described by `description`.
    public init(intent: Intent, description: Text) {
        self.intent = intent
        self.description = LocalizedStringResource(description.plainText)
    }
}

/// A recommendation of any intent-configured widget, type-erased for the runtime and listings.
package struct WidgetRecommendation: Sendable {
    /// The description the provider gave.
    package let description: String
    /// The configured intent.
    package let intent: any WidgetConfigurationIntent
}
