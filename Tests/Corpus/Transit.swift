// Corpus: next departures from a saved stop, as transit apps show them on the lock screen.
import SwiftUI
import WidgetKit

struct Departure: Identifiable, Hashable {
    var id: String { "\(line)-\(destination)-\(minutes)" }
    let line: String
    let destination: String
    let minutes: Int
}

struct DeparturesEntry: TimelineEntry {
    let date: Date
    let stop: String
    let departures: [Departure]

    static let sample = DeparturesEntry(date: .now, stop: "Market & 4th", departures: [
        Departure(line: "N", destination: "Ocean Beach", minutes: 3),
        Departure(line: "14", destination: "Daly City", minutes: 7),
        Departure(line: "J", destination: "Balboa Park", minutes: 12),
    ])
    static let late = DeparturesEntry(date: .now, stop: "Market & 4th", departures: [
        Departure(line: "N", destination: "Ocean Beach", minutes: 0),
    ])
}

struct DeparturesProvider: TimelineProvider {
    func placeholder(in context: Context) -> DeparturesEntry { .sample }

    func getSnapshot(in context: Context, completion: @escaping (DeparturesEntry) -> Void) {
        completion(.sample)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<DeparturesEntry>) -> Void) {
        completion(Timeline(entries: [.sample], policy: .after(.now.addingTimeInterval(60))))
    }
}

struct DeparturesEntryView: View {
    @Environment(\.widgetFamily) var family
    var entry: DeparturesEntry

    private var next: Departure? { entry.departures.first }

    var body: some View {
        switch family {
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                if let next {
                    VStack(spacing: 0) {
                        Image(systemName: "tram.fill")
                            .font(.caption)
                        Text(next.minutes == 0 ? "Now" : "\(next.minutes)")
                            .font(.system(size: 20, weight: .bold, design: .rounded))
                            .monospacedDigit()
                        if next.minutes > 0 {
                            Text("min")
                                .font(.caption2)
                        }
                    }
                    .widgetAccentable()
                } else {
                    Image(systemName: "tram")
                }
            }
        case .accessoryInline:
            if let next {
                Label("\(next.line) \(next.destination) · \(next.minutes) min", systemImage: "tram.fill")
            } else {
                Label("No departures", systemImage: "tram")
            }
        default:
            VStack(alignment: .leading, spacing: 1) {
                Text(entry.stop)
                    .font(.headline)
                    .lineLimit(1)
                    .widgetAccentable()
                ForEach(entry.departures.prefix(3)) { departure in
                    HStack(spacing: 4) {
                        Text(departure.line)
                            .font(.caption.bold())
                            .frame(width: 16, alignment: .leading)
                        Text(departure.destination)
                            .font(.caption)
                            .lineLimit(1)
                        Spacer(minLength: 2)
                        Text(departure.minutes == 0 ? "Now" : "\(departure.minutes)m")
                            .font(.caption)
                            .monospacedDigit()
                    }
                }
                Spacer(minLength: 0)
            }
        }
    }
}

struct TransitWidget: Widget {
    let kind = "corpus.transit"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: DeparturesProvider()) { entry in
            DeparturesEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Departures")
        .description("The next departures from your stop.")
        .supportedFamilies([.accessoryRectangular, .accessoryInline, .accessoryCircular])
    }
}

#Preview(as: .accessoryRectangular) {
    TransitWidget()
} timeline: {
    DeparturesEntry.sample
}

#Preview(as: .accessoryInline) {
    TransitWidget()
} timeline: {
    DeparturesEntry.sample
}

#Preview(as: .accessoryCircular) {
    TransitWidget()
} timeline: {
    DeparturesEntry.sample
    DeparturesEntry.late
}
