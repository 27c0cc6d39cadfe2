import Foundation

// MARK: - The macros, with WidgetKit's signatures

/// Declares a preview of a timeline widget drawing the entries `timeline` builds, as
/// WidgetKit's `#Preview(_:as:widget:timeline:)`.
@freestanding(declaration)
public macro Preview<W: Widget>(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
                                @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry]) =
    #externalMacro(module: "GlancePreviewMacros", type: "PreviewMacro")

/// Declares a preview of a widget drawing the timeline of `timelineProvider`, as WidgetKit's
/// `#Preview(_:as:widget:timelineProvider:)`.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: TimelineProvider>(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
                                                            timelineProvider: @escaping () -> Provider) =
    #externalMacro(module: "GlancePreviewMacros", type: "PreviewMacro")

/// Declares a preview of an App Intent–configured widget with `intent`, as WidgetKit's
/// `#Preview(_:as:using:widget:timelineProvider:)`.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: AppIntentTimelineProvider>(_ name: String? = nil, as family: WidgetFamily,
                                                                     using intent: Provider.Intent, widget: @escaping () -> W,
                                                                     timelineProvider: @escaping () -> Provider) =
    #externalMacro(module: "GlancePreviewMacros", type: "PreviewMacro")

/// Declares a preview of a SiriKit intent–configured widget with `intent`, as WidgetKit's
/// `#Preview(_:as:using:widget:timelineProvider:)`.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: IntentTimelineProvider>(_ name: String? = nil, as family: WidgetFamily,
                                                                  using intent: Provider.Intent, widget: @escaping () -> W,
                                                                  timelineProvider: @escaping () -> Provider) =
    #externalMacro(module: "GlancePreviewMacros", type: "PreviewMacro")

/// Declares a preview of a live activity in the content states `contentStates` builds, as
/// WidgetKit's `#Preview(_:as:using:widget:contentStates:)`.
@freestanding(declaration)
public macro Preview<W: Widget, Attributes: ActivityAttributes>(_ name: String? = nil, as viewKind: ActivityPreviewViewKind,
                                                                using attributes: Attributes, widget: @escaping () -> W,
                                                                @PreviewActivityBuilder<Attributes> contentStates: @escaping @MainActor () async -> [Attributes.ContentState]) =
    #externalMacro(module: "GlancePreviewMacros", type: "PreviewMacro")

// MARK: - Builders and kinds

/// Builds a preview's timeline from entries, as WidgetKit's `PreviewTimelineBuilder`.
@resultBuilder
public struct PreviewTimelineBuilder {
    public static func buildExpression(_ entry: some TimelineEntry) -> [any TimelineEntry] { [entry] }
    public static func buildPartialBlock(first: [any TimelineEntry]) -> [any TimelineEntry] { first }
    public static func buildPartialBlock(accumulated: [any TimelineEntry], next: [any TimelineEntry]) -> [any TimelineEntry] {
        accumulated + next
    }
    public static func buildArray(_ components: [[any TimelineEntry]]) -> [any TimelineEntry] { components.flatMap { $0 } }
}

/// Builds a live activity preview's content states, as WidgetKit's `PreviewActivityBuilder`.
@resultBuilder
public struct PreviewActivityBuilder<A: ActivityAttributes> {
    public static func buildExpression(_ state: A.ContentState) -> [A.ContentState] { [state] }
    public static func buildPartialBlock(first: [A.ContentState]) -> [A.ContentState] { first }
    public static func buildPartialBlock(accumulated: [A.ContentState], next: [A.ContentState]) -> [A.ContentState] {
        accumulated + next
    }
    public static func buildArray(_ components: [[A.ContentState]]) -> [A.ContentState] { components.flatMap { $0 } }
}

/// Which presentation of a live activity a preview draws, as WidgetKit's `ActivityPreviewViewKind`.
///
/// On a panel, `.content` and `.dynamicIsland(.expanded)` draw the lock-screen view in a
/// rectangular slot, `.dynamicIsland(.compact)` the compact views in an inline slot and
/// `.dynamicIsland(.minimal)` the minimal view in a circular slot (Docs/Contract.md, "Presentations").
public enum ActivityPreviewViewKind: Sendable, Hashable {
    /// The lock-screen presentation.
    case content
    /// A Dynamic Island presentation.
    case dynamicIsland(DynamicIslandPreviewViewState)

    /// The Dynamic Island's presentations.
    public enum DynamicIslandPreviewViewState: Sendable, Hashable {
        case compact, expanded, minimal
    }

    /// The family of the slot that shows this presentation.
    var family: WidgetFamily {
        switch self {
        case .content, .dynamicIsland(.expanded): .accessoryRectangular
        case .dynamicIsland(.compact): .accessoryInline
        case .dynamicIsland(.minimal): .accessoryCircular
        }
    }
}

// MARK: - Preview's widget initialisers

extension Preview {
    /// A preview of `widget` drawing the entries `timeline` builds, in order.
    public init<W: Widget>(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
                           @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry]) {
        self.init(displayName: name) { settings in
            let (kind, engine) = try WidgetPreview.timelineEngine(of: widget(), family: family)
            let entries = await timeline().map(AnyEntry.init)
            return try WidgetPreview.images(kind: kind, engine: engine, family: family, entries: entries, settings: settings)
        }
    }

    /// A preview of `widget` drawing the timeline `timelineProvider`'s provider gives.
    public init<W: Widget, Provider: TimelineProvider>(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
                                                       timelineProvider: @escaping () -> Provider) {
        self.init(name, family: family, widget: widget) { WidgetPreview.timelineCall(timelineProvider(), family: family) }
    }

    /// A preview of an App Intent–configured `widget` drawing the timeline its provider gives for `intent`.
    public init<W: Widget, Provider: AppIntentTimelineProvider>(_ name: String? = nil, as family: WidgetFamily,
                                                                using intent: Provider.Intent, widget: @escaping () -> W,
                                                                timelineProvider: @escaping () -> Provider) {
        self.init(name, family: family, widget: widget) { WidgetPreview.timelineCall(timelineProvider(), intent: intent, family: family) }
    }

    /// A preview of a SiriKit intent–configured `widget` drawing the timeline its provider gives for `intent`.
    public init<W: Widget, Provider: IntentTimelineProvider>(_ name: String? = nil, as family: WidgetFamily,
                                                             using intent: Provider.Intent, widget: @escaping () -> W,
                                                             timelineProvider: @escaping () -> Provider) {
        self.init(name, family: family, widget: widget) { WidgetPreview.timelineCall(timelineProvider(), intent: intent, family: family) }
    }

    /// A preview drawing the first entries of the timeline `call` asks a provider for.
    private init<W: Widget>(_ name: String?, family: WidgetFamily, widget: @escaping () -> W,
                            call: @escaping @MainActor () -> ProviderCall<AnyTimeline>) {
        self.init(displayName: name) { settings in
            let (kind, engine) = try WidgetPreview.timelineEngine(of: widget(), family: family)
            let timeline = try await WidgetPreview.answer(call(), kind: kind, time: settings.time, timeout: .seconds(5))
            return try WidgetPreview.images(kind: kind, engine: engine, family: family,
                                            entries: Array(timeline.entries.prefix(WidgetPreview.providerEntryLimit)), settings: settings)
        }
    }

    /// A preview of a live activity's `viewKind` presentation in each content state.
    public init<W: Widget, Attributes: ActivityAttributes>(_ name: String? = nil, as viewKind: ActivityPreviewViewKind,
                                                           using attributes: Attributes, widget: @escaping () -> W,
                                                           @PreviewActivityBuilder<Attributes> contentStates: @escaping @MainActor () async -> [Attributes.ContentState]) {
        self.init(displayName: name) { settings in
            let descriptors = widget().descriptors
            let kind = descriptors.first?.kind ?? String(describing: W.self)
            guard let descriptor = descriptors.first, case .activity(let engine) = descriptor.engine,
                  engine.attributesType == String(reflecting: Attributes.self) else {
                throw PreviewError.notAnActivity(kind: kind, attributes: String(describing: Attributes.self))
            }
            let family = viewKind.family
            let date = settings.date ?? settings.time.now
            return await contentStates().enumerated().map { index, state in
                let snapshot = ActivitySnapshot(id: "preview-\(index)", attributesType: engine.attributesType, attributes: attributes,
                                                content: ActivityContent(state: state, staleDate: nil), staleDate: nil,
                                                relevanceScore: 0, sequence: index)
                return PreviewImage(label: "\(family) state \(index)",
                             bitmap: settings.image(of: engine.view(for: family, snapshot, isStale: false), family: family, at: date))
            }
        }
    }
}

extension WidgetPreview {
    /// How many entries of a provider's timeline a preview draws (a clock's hour of minutes
    /// would fill a contact sheet); a `timeline:` preview draws every entry it lists.
    static let providerEntryLimit = 6

    /// The timeline engine of `widget`, which must support `family`.
    static func timelineEngine<W: Widget>(of widget: W, family: WidgetFamily) throws(PreviewError) -> (String, TimelineEngine) {
        guard let descriptor = widget.descriptors.first else { throw .noWidget(type: String(describing: W.self)) }
        guard let engine = descriptor.timeline else { throw .notATimelineWidget(kind: descriptor.kind) }
        guard descriptor.supportedFamilies.contains(family) else {
            throw .unsupportedFamily(kind: descriptor.kind, family: family, supported: descriptor.supportedFamilies)
        }
        return (descriptor.kind, engine)
    }

    /// The call asking `provider` for its timeline in a preview of `family`.
    static func timelineCall<Provider: TimelineProvider>(_ provider: Provider, family: WidgetFamily) -> ProviderCall<AnyTimeline> {
        let context = TimelineProviderContext(family: family, displaySize: family.defaultSlotSize, isPreview: true)
        let timeline = UncheckedSendableBox(provider.getTimeline(in:completion:))
        return .completion { done in timeline.value(context) { done(AnyTimeline($0)) } }
    }

    /// The call asking `provider` for its timeline for `intent` in a preview of `family`.
    static func timelineCall<Provider: AppIntentTimelineProvider>(_ provider: Provider, intent: Provider.Intent,
                                                                  family: WidgetFamily) -> ProviderCall<AnyTimeline> {
        let context = TimelineProviderContext(family: family, displaySize: family.defaultSlotSize, isPreview: true)
        let call = UncheckedSendableBox((timeline: provider.timeline(for:in:), intent: intent))
        return .async { AnyTimeline(try await call.value.timeline(call.value.intent, context)) }
    }

    /// The call asking `provider` for its timeline for `intent` in a preview of `family`.
    static func timelineCall<Provider: IntentTimelineProvider>(_ provider: Provider, intent: Provider.Intent,
                                                               family: WidgetFamily) -> ProviderCall<AnyTimeline> {
        let context = TimelineProviderContext(family: family, displaySize: family.defaultSlotSize, isPreview: true)
        let call = UncheckedSendableBox((timeline: provider.getTimeline(for:in:completion:), intent: intent))
        return .completion { done in call.value.timeline(call.value.intent, context) { done(AnyTimeline($0)) } }
    }

    /// Draws each entry in `family`'s slot, at the settings' date or the entry's own.
    @MainActor
    static func images(kind: String, engine: TimelineEngine, family: WidgetFamily, entries: [AnyEntry],
                       settings: PreviewSettings) throws(PreviewError) -> [PreviewImage] {
        var images = [PreviewImage]()
        for (index, entry) in entries.enumerated() {
            guard type(of: entry.value) == engine.entryType else {
                throw .wrongEntryType(kind: kind, index: index, expected: String(describing: engine.entryType),
                                      got: String(describing: type(of: entry.value)))
            }
            images.append(PreviewImage(label: "\(family) entry \(index)",
                                       bitmap: settings.image(of: engine.content(entry), family: family, at: settings.date ?? entry.date)))
        }
        return images
    }
}
