import Foundation

/// A widget as the runtime sees it: kind, names, families and a type-erased provider and view.
///
/// Made from a `Widget`'s configuration; `WidgetBundle` lists them and faces place them.
public struct WidgetDescriptor: Sendable {
    /// The widget's kind, the name faces, `glance preview` and `WidgetCenter` use.
    public internal(set) var kind: String
    /// The name listings show.
    public internal(set) var displayName: String
    /// The description listings show.
    public internal(set) var description: String
    /// The families it may be placed in.
    public internal(set) var supportedFamilies: [WidgetFamily]
    /// Whether the widget removed the system's content margins.
    public internal(set) var contentMarginsDisabled: Bool
    /// How entries and views are obtained.
    package internal(set) var engine: Engine

    /// The families a widget supports without `.supportedFamilies`: the accessory families.
    public static let defaultFamilies: [WidgetFamily] = [.accessoryCircular, .accessoryRectangular, .accessoryInline, .accessoryCorner]

    /// A timeline widget or a live activity.
    package enum Engine: Sendable {
        case timeline(TimelineEngine)
        case activity(ActivityEngine)
    }

    init(kind: String, engine: Engine) {
        self.kind = kind
        self.displayName = kind
        self.description = ""
        self.supportedFamilies = WidgetDescriptor.defaultFamilies
        self.contentMarginsDisabled = false
        self.engine = engine
    }

    /// The timeline engine, nil for a live activity's configuration.
    package var timeline: TimelineEngine? {
        if case .timeline(let engine) = engine { return engine }
        return nil
    }
}

/// A timeline entry of any widget.
///
/// `@unchecked Sendable` because Apple's `TimelineEntry` is not `Sendable` (entries holding
/// classes compile in WidgetKit, so they must here): an entry is made by its provider, handed
/// over once in its timeline, and from then on only read by the runtime, which draws it. A
/// provider that keeps mutating a class instance it put in an entry races with the drawing,
/// as it would race with WidgetKit's archiving of the entry.
package struct AnyEntry: @unchecked Sendable {
    /// The entry itself.
    package let value: any TimelineEntry
    /// Its date.
    package var date: Date { value.date }
    /// Its relevance.
    package var relevance: TimelineEntryRelevance? { value.relevance }

    package init(_ value: any TimelineEntry) {
        self.value = value
    }
}

/// A timeline of any widget, entries sorted by date (stable for equal dates).
package struct AnyTimeline: Sendable {
    package let entries: [AnyEntry]
    package let policy: TimelineReloadPolicy

    package init<E: TimelineEntry>(_ timeline: Timeline<E>) {
        entries = timeline.entries.enumerated()
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map { AnyEntry($0.element) }
        policy = timeline.policy
    }
}

/// How a provider is called: synchronously with a completion handler that may run now or
/// later on any thread, or as an async function.
package enum ProviderCall<Result: Sendable>: Sendable {
    case completion(@Sendable (_ completion: @escaping @Sendable (Result) -> Void) -> Void)
    case async(@Sendable () async throws -> Result)
}

/// A timeline widget's provider and view, type-erased.
package struct TimelineEngine: Sendable {
    /// The configuration intent type of an `AppIntentConfiguration`, nil for a static one.
    package let intentType: (any WidgetConfigurationIntent.Type)?
    /// The provider's entry type, the only one `content` draws.
    package let entryType: any TimelineEntry.Type
    package let placeholder: @Sendable (TimelineProviderContext) -> AnyEntry
    package let snapshot: @Sendable (TimelineProviderContext, (any WidgetConfigurationIntent)?) -> ProviderCall<AnyEntry>
    package let timeline: @Sendable (TimelineProviderContext, (any WidgetConfigurationIntent)?) -> ProviderCall<AnyTimeline>
    package let content: ViewFactory<AnyEntry>
    /// The provider's `recommendations()`: an `AppIntentConfiguration` without a configured
    /// intent uses the first one's intent (see `defaultConfiguration`).
    package let recommendations: @Sendable () -> [WidgetRecommendation]

    package init(intentType: (any WidgetConfigurationIntent.Type)?, entryType: any TimelineEntry.Type,
                 placeholder: @escaping @Sendable (TimelineProviderContext) -> AnyEntry,
                 snapshot: @escaping @Sendable (TimelineProviderContext, (any WidgetConfigurationIntent)?) -> ProviderCall<AnyEntry>,
                 timeline: @escaping @Sendable (TimelineProviderContext, (any WidgetConfigurationIntent)?) -> ProviderCall<AnyTimeline>,
                 content: ViewFactory<AnyEntry>, recommendations: @escaping @Sendable () -> [WidgetRecommendation] = { [] }) {
        self.intentType = intentType
        self.entryType = entryType
        self.placeholder = placeholder
        self.snapshot = snapshot
        self.timeline = timeline
        self.content = content
        self.recommendations = recommendations
    }

    /// The intent a placement without a configured one runs with: the first recommendation's,
    /// else `nil` (the provider then gets the intent's defaults).
    package var defaultConfiguration: (any WidgetConfigurationIntent)? {
        recommendations().first?.intent
    }
}

/// A live activity's view, and its start, update and end from JSON, type-erased.
///
/// The JSON operations are built where the attributes type is known (`ActivityConfiguration`,
/// see `ActivityEngine+JSON.swift`) and run the same center operations as `Activity`.
package struct ActivityEngine: Sendable {
    /// The attributes type's name (`String(reflecting:)`), which activities are matched by.
    package let attributesType: String
    /// The lock-screen view (the configuration's `content`), whatever the slot.
    package let content: ViewFactory<(ActivitySnapshot, Bool)>
    /// The families besides `.medium` the configuration opts into (`supplementalActivityFamilies`).
    var supplementalFamilies: [ActivityFamily] = []
    /// The view for a slot of a family: the lock-screen view, or a Dynamic Island
    /// presentation (Docs/Contract.md, "Presentations"); see `view(for:_:isStale:)`.
    let presentation: ViewFactory<(ActivitySnapshot, Bool, WidgetFamily)>
    /// Decodes attributes and content and starts an activity on the center, as `Activity.request` does.
    /// - Returns: The new activity's identifier.
    package let start: @Sendable (ActivityCenter, _ attributes: Data, ActivityJSONContent) throws(ActivityRequestError) -> String
    /// Decodes content and replaces the content of the activity with this identifier, as
    /// `Activity.update` does, except that content over the size limit throws instead of being logged.
    package let update: @Sendable (ActivityCenter, _ id: String, ActivityJSONContent) throws(ActivityRequestError) -> Void
    /// Replaces the content when there is final content, then ends the activity, as `Activity.end` does.
    package let end: @Sendable (ActivityCenter, _ id: String, ActivityJSONContent?, ActivityUIDismissalPolicy) throws(ActivityRequestError) -> Void

    /// The view an activity shows in a slot of `family`: in an `accessoryRectangular` slot the
    /// lock-screen view, in an `accessoryInline` slot the Dynamic Island's compact leading and
    /// trailing views side by side, in an `accessoryCircular` or `accessoryCorner` slot its
    /// minimal view; the lock-screen view everywhere when the configuration has no island.
    ///
    /// The views read `\.activityFamily` as `.small` when the configuration opts into it, the
    /// watch Smart Stack's family, nearer a panel slot's size than the iPhone Lock Screen's;
    /// otherwise as `.medium`.
    package func view(for family: WidgetFamily, _ snapshot: ActivitySnapshot, isStale: Bool) -> AnyView {
        AnyView(presentation((snapshot, isStale, family)).environment(\.activityFamily, activityFamily))
    }

    /// The activity family the configuration's views are drawn in.
    var activityFamily: ActivityFamily {
        supplementalFamilies.contains(.small) ? .small : .medium
    }
}

/// Makes a widget's view from its input (an entry, or an activity and whether it is stale).
///
/// `@unchecked Sendable` because the closure captures the widget's `@Sendable` content
/// closure and the metatype of its view type, which Swift cannot prove sendable for a
/// generic `View` (GlanceUI's `View` does not refine `SendableMetatype`); views are plain
/// values with no isolation, so sharing the metatype is safe.
package struct ViewFactory<Input>: @unchecked Sendable {
    private let make: (Input) -> AnyView

    package init(_ make: @escaping (Input) -> AnyView) {
        self.make = make
    }

    package func callAsFunction(_ input: Input) -> AnyView { make(input) }
}
