/// A value handed to the runtime's `@Sendable` closures although its type is not `Sendable`.
///
/// Apple's `TimelineProvider`, `IntentTimelineProvider` and `AppIntentTimelineProvider` do
/// not require `Sendable`, so makers write class-based providers holding caches and
/// formatters. WidgetKit calls a provider from its own queues all the same; Glance's runtime
/// calls it from its actor (completion handlers) or from a task (async providers), one
/// request at a time per placed widget. That is the same contract WidgetKit gives, so the
/// provider is carried across in this box rather than demanding a conformance Apple does not.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
