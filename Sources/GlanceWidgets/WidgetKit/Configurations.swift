import Foundation

/// A widget with no user configuration, as WidgetKit's `StaticConfiguration`.
public struct StaticConfiguration<Content: View>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let descriptor: WidgetDescriptor

    /// Creates a widget of `kind` whose entries come from `provider` and are shown by `content`.
    public init<Provider: TimelineProvider>(kind: String, provider: Provider,
                                            @ViewBuilder content: @escaping (Provider.Entry) -> Content) {
        // The provider's methods, bound here so the runtime's closures carry them without
        // needing the provider (or its metatype) to be Sendable.
        let calls = UncheckedSendableBox((placeholder: provider.placeholder(in:), snapshot: provider.getSnapshot(in:completion:),
                                          timeline: provider.getTimeline(in:completion:)))
        let engine = TimelineEngine(
            intentType: nil,
            entryType: Provider.Entry.self,
            placeholder: { AnyEntry(calls.value.placeholder($0)) },
            snapshot: { context, _ in
                .completion { completion in calls.value.snapshot(context) { completion(AnyEntry($0)) } }
            },
            timeline: { context, _ in
                .completion { completion in calls.value.timeline(context) { completion(AnyTimeline($0)) } }
            },
            content: ViewFactory { entry in AnyView(content(Self.cast(entry))) }
        )
        descriptor = WidgetDescriptor(kind: kind, engine: .timeline(engine))
    }

    /// The built-in configurations have no body.
    public var body: Never { neverBody() }

    static func cast<E>(_ entry: AnyEntry) -> E {
        guard let typed = entry.value as? E else { preconditionFailure("entry \(type(of: entry.value)) is not a \(E.self)") }
        return typed
    }
}

/// A widget configured by the parameters of an intent, as WidgetKit's `AppIntentConfiguration`.
///
/// A face places it with a configured intent value (see `IntentConfigurator`); without one
/// the provider's first recommendation applies, else the intent's defaults.
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Content: View>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let descriptor: WidgetDescriptor

    /// Creates a widget of `kind` configured by `intent`, with entries from `provider` shown by `content`.
    public init<Provider: AppIntentTimelineProvider>(kind: String, intent: Intent.Type = Intent.self, provider: Provider,
                                                     @ViewBuilder content: @escaping (Provider.Entry) -> Content)
        where Provider.Intent == Intent {
        // Bound here, as in `StaticConfiguration`, so the provider need not be Sendable.
        let calls = UncheckedSendableBox((placeholder: provider.placeholder(in:), snapshot: provider.snapshot(for:in:),
                                          timeline: provider.timeline(for:in:), recommendations: provider.recommendations))
        let engine = TimelineEngine(
            intentType: intent,
            entryType: Provider.Entry.self,
            placeholder: { AnyEntry(calls.value.placeholder($0)) },
            snapshot: { context, value in
                let intent = value as? Intent ?? calls.value.recommendations().first?.intent ?? Intent()
                return .async { AnyEntry(await calls.value.snapshot(intent, context)) }
            },
            timeline: { context, value in
                let intent = value as? Intent ?? calls.value.recommendations().first?.intent ?? Intent()
                return .async { AnyTimeline(try await calls.value.timeline(intent, context)) }
            },
            content: ViewFactory { entry in AnyView(content(StaticConfiguration<Content>.cast(entry))) },
            recommendations: {
                calls.value.recommendations().map { WidgetRecommendation(description: $0.description.description, intent: $0.intent) }
            }
        )
        descriptor = WidgetDescriptor(kind: kind, engine: .timeline(engine))
    }

    /// The built-in configurations have no body.
    public var body: Never { neverBody() }
}

/// A widget configured by a SiriKit intent class, as WidgetKit's `IntentConfiguration` (the
/// configuration of widgets written before App Intents).
///
/// Glance has no intent-definition files and cannot set an `INIntent`'s properties from a
/// face file: the provider receives the intent its first recommendation names, else a new
/// `Intent()`. Move to `AppIntentConfiguration` for configurable widgets.
public struct IntentConfiguration<Intent: INIntent, Content: View>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let descriptor: WidgetDescriptor

    /// Creates a widget of `kind` configured by `intent`, with entries from `provider` shown by `content`.
    public init<Provider: IntentTimelineProvider>(kind: String, intent: Intent.Type, provider: Provider,
                                                  @ViewBuilder content: @escaping (Provider.Entry) -> Content)
        where Provider.Intent == Intent {
        // A fresh intent for every call (recommendations() makes new ones each time it is
        // asked): INIntent subclasses are mutable classes, so none is shared between calls
        // that may run on different threads. Bound here, as in `StaticConfiguration`, so
        // neither provider nor intent class need be Sendable.
        let configuration: () -> Intent = {
            provider.recommendations().first?.intent ?? Intent()
        }
        let calls = UncheckedSendableBox((placeholder: provider.placeholder(in:), snapshot: provider.getSnapshot(for:in:completion:),
                                          timeline: provider.getTimeline(for:in:completion:), configuration: configuration))
        let engine = TimelineEngine(
            intentType: nil,
            entryType: Provider.Entry.self,
            placeholder: { AnyEntry(calls.value.placeholder($0)) },
            snapshot: { context, _ in
                .completion { completion in
                    calls.value.snapshot(calls.value.configuration(), context) { completion(AnyEntry($0)) }
                }
            },
            timeline: { context, _ in
                .completion { completion in
                    calls.value.timeline(calls.value.configuration(), context) { completion(AnyTimeline($0)) }
                }
            },
            content: ViewFactory { entry in AnyView(content(StaticConfiguration<Content>.cast(entry))) }
        )
        descriptor = WidgetDescriptor(kind: kind, engine: .timeline(engine))
    }

    /// The built-in configurations have no body.
    public var body: Never { neverBody() }
}
