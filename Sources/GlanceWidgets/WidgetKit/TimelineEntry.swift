import Foundation

/// One moment of a widget's timeline: the date it becomes current and what to show, as WidgetKit's `TimelineEntry`.
///
/// As in WidgetKit, entries need not be `Sendable` (an entry may hold a class): the provider
/// makes it and hands it over once; the runtime only reads it afterwards.
public protocol TimelineEntry: SendableMetatype {
    /// When the entry becomes the one shown; it is never shown before (except as the first entry).
    var date: Date { get }
    /// How relevant the widget is while this entry is current, for smart stacks.
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    /// No relevance: the entry never promotes its widget in a stack.
    public var relevance: TimelineEntryRelevance? { nil }
}

/// How relevant an entry is, for choosing the widget a stack shows, as WidgetKit's `TimelineEntryRelevance`.
///
/// A stack shows the widget whose current entry has the highest `score` above zero while
/// `duration` covers now; a duration of zero covers until the timeline's next entry.
public struct TimelineEntryRelevance: Sendable, Hashable {
    /// The relevance; zero or less never promotes the widget.
    public let score: Float
    /// How long the score holds from the entry's date, in seconds; zero means until the next entry.
    public let duration: TimeInterval

    /// Creates a relevance of `score` that holds for `duration` seconds (zero: until the next entry).
    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}
