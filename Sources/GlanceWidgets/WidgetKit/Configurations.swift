import Foundation

/// A widget with no user configuration, as WidgetKit's `StaticConfiguration`.
public struct StaticConfiguration<Content: View>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let descriptor: WidgetDescriptor

    /// Creates a widget of `kind` whose entries come from `provider` and are shown by `content`.
    ///
    /// Difference from Apple: `content` is `@Sendable` (the runtime is an actor).
    public init<Provider: TimelineProvider>(kind: String, provider: Provider,
                                            @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content) {
        let engine = TimelineEngine(
            intentType: nil,
            placeholder: { AnyEntry(provider.placeholder(in: $0)) },
            snapshot: { context, _ in
                .completion { completion in provider.getSnapshot(in: context) { completion(AnyEntry($0)) } }
            },
            timeline: { context, _ in
                .completion { completion in provider.getTimeline(in: context) { completion(AnyTimeline($0)) } }
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
/// A face places it with a configured intent value; without one the intent's defaults apply.
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Content: View>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let descriptor: WidgetDescriptor

    /// Creates a widget of `kind` configured by `intent`, with entries from `provider` shown by `content`.
    ///
    /// Difference from Apple: `content` is `@Sendable` (the runtime is an actor).
    public init<Provider: AppIntentTimelineProvider>(kind: String, intent: Intent.Type = Intent.self, provider: Provider,
                                                     @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content)
        where Provider.Intent == Intent {
        let engine = TimelineEngine(
            intentType: intent,
            placeholder: { AnyEntry(provider.placeholder(in: $0)) },
            snapshot: { context, value in
                let intent = value as? Intent ?? Intent()
                return .async { AnyEntry(await provider.snapshot(for: intent, in: context)) }
            },
            timeline: { context, value in
                let intent = value as? Intent ?? Intent()
                return .async { AnyTimeline(try await provider.timeline(for: intent, in: context)) }
            },
            content: ViewFactory { entry in AnyView(content(StaticConfiguration<Content>.cast(entry))) }
        )
        descriptor = WidgetDescriptor(kind: kind, engine: .timeline(engine))
    }

    /// The built-in configurations have no body.
    public var body: Never { neverBody() }
}
