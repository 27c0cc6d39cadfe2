// Corpus: a step counter with a goal bar, previewed the pre-iOS 17 way (a PreviewProvider with
// WidgetPreviewContext) as well as with #Preview.
import SwiftUI
import WidgetKit

struct StepsEntry: TimelineEntry {
    let date: Date
    let steps: Int
    let goal: Int
    let distance: Double

    static let midday = StepsEntry(date: .now, steps: 6_482, goal: 10_000, distance: 4.7)
    static let goalReached = StepsEntry(date: .now, steps: 11_204, goal: 10_000, distance: 8.1)
}

struct StepsProvider: TimelineProvider {
    func placeholder(in context: Context) -> StepsEntry { .midday }

    func getSnapshot(in context: Context, completion: @escaping (StepsEntry) -> Void) {
        completion(.midday)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StepsEntry>) -> Void) {
        completion(Timeline(entries: [.midday], policy: .after(.now.addingTimeInterval(20 * 60))))
    }
}

struct StepsView: View {
    @Environment(\.widgetFamily) var family
    var entry: StepsEntry

    var body: some View {
        switch family {
        case .accessoryInline:
            ViewThatFits {
                Label {
                    Text("\(Text(entry.steps, format: .number)) steps")
                } icon: {
                    Image(systemName: "figure.walk")
                }
                Text(entry.steps, format: .number)
            }
        default:
            VStack(alignment: .leading, spacing: 1) {
                HStack {
                    Label("Steps", systemImage: "figure.walk")
                        .font(.caption.bold())
                        .widgetAccentable()
                    Spacer()
                    Text("\(entry.distance, specifier: "%.1f") km")
                        .font(.caption2)
                        .foregroundStyle(.secondary)
                }
                HStack(spacing: 4) {
                    Text(entry.steps, format: .number)
                        .font(.system(size: 22, weight: .bold, design: .rounded))
                        .monospacedDigit()
                    if entry.steps >= entry.goal {
                        Image(systemName: "checkmark.seal.fill")
                    }
                }
                Gauge(value: Double(min(entry.steps, entry.goal)), in: 0...Double(entry.goal)) {
                    Text("Goal")
                } currentValueLabel: {
                    Text(entry.goal, format: .number)
                }
                .gaugeStyle(.accessoryLinearCapacity)
                .font(.caption2)
            }
        }
    }
}

struct StepsWidget: Widget {
    let kind: String = "corpus.steps"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: StepsProvider()) { entry in
            StepsView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Steps")
        .description("Today's steps toward your goal.")
        .supportedFamilies([.accessoryRectangular, .accessoryInline])
    }
}

struct StepsWidget_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            StepsView(entry: .midday)
                .previewContext(WidgetPreviewContext(family: .accessoryRectangular))
            StepsView(entry: .goalReached)
                .previewContext(WidgetPreviewContext(family: .accessoryInline))
                .previewDisplayName("Inline")
        }
    }
}

#Preview(as: .accessoryRectangular) {
    StepsWidget()
} timeline: {
    StepsEntry.midday
    StepsEntry.goalReached
}

#Preview(as: .accessoryInline) {
    StepsWidget()
} timeline: {
    StepsEntry.midday
}
