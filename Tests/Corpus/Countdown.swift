// Corpus: an event countdown, as countdown apps show it on the lock screen; the event's name
// comes from the app group's defaults, the countdown ticks by itself.
import SwiftUI
import WidgetKit

struct CountdownEntry: TimelineEntry {
    let date: Date
    /// When the countdown was set up: the start of the progress bar.
    let start: Date
    let end: Date
    let symbolName: String

    var interval: ClosedRange<Date> { start...end }

    // Fixed dates around the preview moment (2026-11-21 10:42 UTC).
    static let party = CountdownEntry(
        date: Date(timeIntervalSince1970: 1_795_257_720),
        start: Date(timeIntervalSince1970: 1_795_230_000),  // 2026-11-21 03:00 UTC
        end: Date(timeIntervalSince1970: 1_795_284_000),    // 2026-11-21 18:00 UTC
        symbolName: "sparkles")
    static let soon = CountdownEntry(
        date: Date(timeIntervalSince1970: 1_795_257_720),
        start: Date(timeIntervalSince1970: 1_795_255_200),  // 2026-11-21 10:00 UTC
        end: Date(timeIntervalSince1970: 1_795_258_800),    // 2026-11-21 11:00 UTC
        symbolName: "airplane.departure")
}

struct CountdownProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountdownEntry { .party }

    func getSnapshot(in context: Context, completion: @escaping (CountdownEntry) -> Void) {
        completion(.party)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CountdownEntry>) -> Void) {
        // The text and the bar count down on their own; reload once the event has started.
        completion(Timeline(entries: [.party], policy: .after(CountdownEntry.party.end)))
    }
}

struct CountdownEntryView: View {
    @Environment(\.widgetFamily) var family
    @AppStorage("eventName", store: UserDefaults(suiteName: "group.example.countdown"))
    var eventName: String = "Launch Party"
    let entry: CountdownEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            ProgressView(timerInterval: entry.interval, countsDown: true) {
                Image(systemName: entry.symbolName)
            } currentValueLabel: {
                Text(timerInterval: entry.interval, countsDown: true)
                    .font(.system(size: 10, weight: .semibold))
                    .monospacedDigit()
            }
            .progressViewStyle(.circular)
            .widgetAccentable()
        case .accessoryInline:
            ViewThatFits {
                Text("\(Image(systemName: entry.symbolName)) \(eventName) in \(Text(timerInterval: entry.interval, countsDown: true))")
                Text("\(Image(systemName: entry.symbolName)) \(Text(timerInterval: entry.interval, countsDown: true))")
            }
        default:
            VStack(alignment: .leading, spacing: 2) {
                Label(eventName, systemImage: entry.symbolName)
                    .font(.headline)
                    .lineLimit(1)
                    .widgetAccentable()
                Text(timerInterval: entry.interval, countsDown: true)
                    .font(.system(size: 24, weight: .bold, design: .rounded))
                    .monospacedDigit()
                    .minimumScaleFactor(0.7)
                ProgressView(timerInterval: entry.interval, countsDown: true) {
                    EmptyView()
                } currentValueLabel: {
                    EmptyView()
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}

struct CountdownWidget: Widget {
    let kind: String = "corpus.countdown"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: CountdownProvider()) { entry in
            CountdownEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Countdown")
        .description("Counts down to your event.")
        .supportedFamilies([.accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}

#Preview(as: .accessoryCircular) {
    CountdownWidget()
} timeline: {
    CountdownEntry.party
    CountdownEntry.soon
}

#Preview(as: .accessoryRectangular) {
    CountdownWidget()
} timeline: {
    CountdownEntry.party
    CountdownEntry.soon
}

#Preview(as: .accessoryInline) {
    CountdownWidget()
} timeline: {
    CountdownEntry.soon
}
