// Corpus: a continuous glucose monitor widget (value, trend arrow, age of the reading and a
// sparkline of the last hours), as CGM companion apps show on the lock screen.
import SwiftUI
import WidgetKit

enum GlucoseTrend: String, Codable {
    case risingQuickly, rising, steady, falling, fallingQuickly

    var symbolName: String {
        switch self {
        case .risingQuickly: "arrow.up"
        case .rising: "arrow.up.right"
        case .steady: "arrow.right"
        case .falling: "arrow.down.right"
        case .fallingQuickly: "arrow.down"
        }
    }
}

struct GlucoseEntry: TimelineEntry {
    let date: Date
    let readingDate: Date
    let value: Int
    let trend: GlucoseTrend
    let history: [Int]

    // The reading is 4 minutes before the preview moment (2026-11-21 10:42 UTC).
    static let sample = GlucoseEntry(
        date: Date(timeIntervalSince1970: 1_795_257_720),
        readingDate: Date(timeIntervalSince1970: 1_795_257_480),
        value: 128, trend: .rising,
        history: [96, 102, 99, 104, 110, 108, 115, 121, 119, 124, 126, 128])
    static let low = GlucoseEntry(
        date: Date(timeIntervalSince1970: 1_795_257_720),
        readingDate: Date(timeIntervalSince1970: 1_795_257_600),
        value: 68, trend: .fallingQuickly,
        history: [112, 108, 101, 97, 92, 88, 84, 80, 77, 74, 70, 68])
}

struct GlucoseProvider: TimelineProvider {
    func placeholder(in context: Context) -> GlucoseEntry { .sample }

    func getSnapshot(in context: Context, completion: @escaping (GlucoseEntry) -> Void) {
        completion(.sample)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<GlucoseEntry>) -> Void) {
        completion(Timeline(entries: [.sample], policy: .after(.now.addingTimeInterval(5 * 60))))
    }
}

struct Sparkline: View {
    let values: [Int]

    var body: some View {
        GeometryReader { proxy in
            let low = Double(values.min() ?? 0)
            let high = Double(max(values.max() ?? 1, (values.min() ?? 0) + 1))
            Path { path in
                for (index, value) in values.enumerated() {
                    let x = proxy.size.width * Double(index) / Double(max(values.count - 1, 1))
                    let y = proxy.size.height * (1 - (Double(value) - low) / (high - low))
                    if index == 0 {
                        path.move(to: CGPoint(x: x, y: y))
                    } else {
                        path.addLine(to: CGPoint(x: x, y: y))
                    }
                }
            }
            .stroke(style: StrokeStyle(lineWidth: 1.5, lineCap: .round, lineJoin: .round))
        }
    }
}

struct GlucoseEntryView: View {
    @Environment(\.widgetFamily) var family
    let entry: GlucoseEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                VStack(spacing: 0) {
                    Text("\(entry.value)")
                        .font(.system(size: 22, weight: .bold, design: .rounded))
                        .minimumScaleFactor(0.6)
                    Image(systemName: entry.trend.symbolName)
                        .font(.caption.bold())
                }
                .privacySensitive()
            }
        case .accessoryInline:
            Text("\(Image(systemName: entry.trend.symbolName)) \(entry.value) mg/dL")
                .privacySensitive()
        default:
            VStack(alignment: .leading, spacing: 2) {
                HStack(alignment: .firstTextBaseline, spacing: 3) {
                    Text("\(entry.value)")
                        .font(.system(size: 26, weight: .bold, design: .rounded))
                        .widgetAccentable()
                    Image(systemName: entry.trend.symbolName)
                        .font(.headline)
                    Spacer(minLength: 0)
                    Text("mg/dL")
                        .font(.caption2)
                        .foregroundStyle(.secondary)
                }
                .privacySensitive()
                Sparkline(values: entry.history)
                    .frame(height: 14)
                Text(entry.readingDate, style: .relative)
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

struct GlucoseWidget: Widget {
    let kind = "corpus.glucose"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: GlucoseProvider()) { entry in
            GlucoseEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Glucose")
        .description("Your latest sensor reading and trend.")
        .supportedFamilies([.accessoryRectangular, .accessoryCircular, .accessoryInline])
    }
}

#Preview(as: .accessoryRectangular) {
    GlucoseWidget()
} timeline: {
    GlucoseEntry.sample
    GlucoseEntry.low
}

#Preview(as: .accessoryCircular) {
    GlucoseWidget()
} timeline: {
    GlucoseEntry.sample
}

#Preview(as: .accessoryInline) {
    GlucoseWidget()
} timeline: {
    GlucoseEntry.low
}
