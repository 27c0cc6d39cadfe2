// Corpus: an "up next" calendar widget, as calendar apps show the next event on the lock screen.
import SwiftUI
import WidgetKit

struct CalendarEvent: Hashable {
    let title: String
    let location: String?
    let start: Date
    let end: Date
    let calendarColor: Color
}

struct UpNextEntry: TimelineEntry {
    let date: Date
    let event: CalendarEvent?

    // 2026-11-21 11:30–12:15 UTC: fixed, so the preview reads the same every day.
    static let standup = UpNextEntry(date: Date(timeIntervalSince1970: 1_795_257_720), event: CalendarEvent(
        title: "Design Review",
        location: "Room 4",
        start: Date(timeIntervalSince1970: 1_795_260_600),
        end: Date(timeIntervalSince1970: 1_795_263_300),
        calendarColor: .orange))
    static let free = UpNextEntry(date: Date(timeIntervalSince1970: 1_795_257_720), event: nil)
}

struct UpNextProvider: TimelineProvider {
    func placeholder(in context: Context) -> UpNextEntry { .standup }

    func getSnapshot(in context: Context, completion: @escaping (UpNextEntry) -> Void) {
        completion(.standup)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<UpNextEntry>) -> Void) {
        let entries = [UpNextEntry.standup]
        let reload = entries.last?.event?.end ?? .now.addingTimeInterval(3600)
        completion(Timeline(entries: entries, policy: .after(reload)))
    }
}

struct UpNextEntryView: View {
    @Environment(\.widgetFamily) var family
    let entry: UpNextEntry

    var body: some View {
        if let event = entry.event {
            switch family {
            case .accessoryInline:
                Text("\(event.title) \(Text(event.start, style: .relative))")
            default:
                rectangular(event)
            }
        } else {
            switch family {
            case .accessoryInline:
                Label("No more events", systemImage: "calendar")
            default:
                VStack(alignment: .leading) {
                    Label("Calendar", systemImage: "calendar")
                        .font(.headline)
                        .widgetAccentable()
                    Text("No more events today")
                        .foregroundStyle(.secondary)
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }
        }
    }

    private func rectangular(_ event: CalendarEvent) -> some View {
        HStack(spacing: 4) {
            RoundedRectangle(cornerRadius: 2)
                .fill(event.calendarColor)
                .frame(width: 3)
                .widgetAccentable()
            VStack(alignment: .leading, spacing: 0) {
                Text(event.title)
                    .font(.caption.bold())
                    .lineLimit(1)
                    .privacySensitive()
                ViewThatFits(in: .horizontal) {
                    HStack(spacing: 2) {
                        Text(event.start, style: .time)
                        Text("–")
                        Text(event.end, style: .time)
                    }
                    Text(event.start, style: .time)
                }
                .font(.caption2)
                if let location = event.location {
                    Text(location)
                        .font(.caption2)
                        .foregroundStyle(.secondary)
                        .lineLimit(1)
                }
                Text(event.start, style: .relative)
                    .font(.caption2)
            }
            Spacer(minLength: 0)
        }
    }
}

struct UpNextWidget: Widget {
    let kind: String = "corpus.calendar"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: UpNextProvider()) { entry in
            UpNextEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Up Next")
        .description("Your next event.")
        .supportedFamilies([.accessoryRectangular, .accessoryInline])
    }
}

#Preview(as: .accessoryRectangular) {
    UpNextWidget()
} timeline: {
    UpNextEntry.standup
    UpNextEntry.free
}

#Preview(as: .accessoryInline) {
    UpNextWidget()
} timeline: {
    UpNextEntry.standup
}
