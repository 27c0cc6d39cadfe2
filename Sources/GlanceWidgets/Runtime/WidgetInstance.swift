import Foundation

/// One widget placed in one slot: its timeline and intent state (when it reloads is the
/// runtime's `TimelineScheduler`'s business).
struct WidgetInstance {
    let id: Int
    let slot: Int
    let descriptor: WidgetDescriptor
    let engine: TimelineEngine
    let configuration: (any WidgetConfigurationIntent)?
    let context: TimelineProviderContext

    /// Sorted by date; the placeholder entry until the first timeline arrives.
    var entries: [AnyEntry] = []
    var isPlaceholder = true
    /// Counts timelines applied, so a cached render knows its entries are current.
    var generation = 0

    /// Presses whose reload has not finished; content is invalidated while above zero.
    var pendingIntents = 0
    /// Optimistic toggle states shown while intents are pending.
    var toggleOverrides: [IntentReference: Bool] = [:]
    /// Intents aimed at this widget that finished (for invariant checks).
    var intentsFinished = 0
    /// The reload policy of the timeline shown; nil until the first timeline.
    var policy: TimelineReloadPolicy?
    /// The last provider call that ended (the inspector shows it).
    var lastCall: ProviderCallRecord?

    var kind: String { descriptor.kind }

    /// The index of the entry shown at `now`: the latest at or before now, else the first.
    func entryIndex(at now: Date) -> Int? {
        guard !entries.isEmpty else { return nil }
        return entries.lastIndex { $0.date <= now } ?? 0
    }

    /// The first entry date after `now`, when the shown entry changes.
    func nextEntryDate(after now: Date) -> Date? {
        entries.first { $0.date > now }?.date
    }

    /// The relevance score promoting this widget at `now`, if it is above zero and still covers now.
    func relevanceScore(at now: Date) -> Float? {
        guard !isPlaceholder, let index = entryIndex(at: now), let relevance = entries[index].relevance,
              relevance.score > 0, entries[index].date <= now else { return nil }
        if relevance.duration > 0, now >= entries[index].date.addingTimeInterval(relevance.duration) { return nil }
        return relevance.score
    }

    /// When the relevance of the current entry runs out, if that is after `now`.
    func relevanceEnd(after now: Date) -> Date? {
        guard !isPlaceholder, let index = entryIndex(at: now), let relevance = entries[index].relevance,
              relevance.duration > 0 else { return nil }
        let end = entries[index].date.addingTimeInterval(relevance.duration)
        return end > now ? end : nil
    }

    /// When the policy of `timeline` asks for the next reload.
    static func reloadMoment(for timeline: AnyTimeline) -> Date? {
        switch timeline.policy.kind {
        case .atEnd: timeline.entries.last?.date
        case .after(let date): date
        case .never: nil
        }
    }
}


/// How a provider call ended, for the timeline inspector.
public struct ProviderCallRecord: Sendable, Equatable {
    /// When it started, on the face's clock.
    public let started: Date
    /// How long it took on the clock's `uptime` (device and network time included): real
    /// time on the system and simulated clocks, the time the test moved on a manual one.
    public let duration: Duration
    /// Why it failed (an error, an empty timeline, no answer in time); nil when it gave a timeline.
    public let problem: String?
}

/// Completion-handler answers: taken synchronously if given during the call, else handed to
/// `late` once. Later calls are ignored, so a provider calling twice cannot resume twice.
final class CompletionBridge<Value: Sendable>: Sendable {
    private enum State {
        case calling
        case answered(Value)
        case waiting(@Sendable (Value) -> Void)
        case finished
    }

    private let state = Locked(State.calling)

    /// The completion handed to the provider.
    func complete(_ value: Value) {
        let late = state.withLock { state -> (@Sendable (Value) -> Void)? in
            switch state {
            case .calling:
                state = .answered(value)
                return nil
            case .waiting(let late):
                state = .finished
                return late
            case .answered, .finished:
                return nil
            }
        }
        late?(value)
    }

    /// Called once the provider call returned: the answer if it came synchronously, else nil
    /// (and `late` will receive it if it ever comes).
    func finishCall(late: @escaping @Sendable (Value) -> Void) -> Value? {
        state.withLock { state in
            if case .answered(let value) = state {
                state = .finished
                return value
            }
            state = .waiting(late)
            return nil
        }
    }
}

/// Everything a slot's render depends on besides the moment: equal keys and no live change
/// due means the last render is still exact.
struct RenderKey: Hashable {
    var instance: Int?
    var activity: String?
    var revision = 0
    var entryIndex = 0
    var generation = 0
    var isPlaceholder = false
    var state: DisplayState
    var reasons: Int
    var overrides: [IntentReference: Bool] = [:]
    var isStale = false
}
