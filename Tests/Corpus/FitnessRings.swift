// Corpus: activity rings (move, exercise, stand) drawn by hand with trimmed circles, as
// fitness apps do for a lock-screen complication.
import SwiftUI
import WidgetKit

struct RingsEntry: TimelineEntry {
    let date: Date
    let move: Int
    let moveGoal: Int
    let exercise: Int
    let exerciseGoal: Int
    let stand: Int
    let standGoal: Int

    var moveProgress: Double { Double(move) / Double(moveGoal) }
    var exerciseProgress: Double { Double(exercise) / Double(exerciseGoal) }
    var standProgress: Double { Double(stand) / Double(standGoal) }

    static let morning = RingsEntry(date: .now, move: 210, moveGoal: 500, exercise: 12, exerciseGoal: 30, stand: 4, standGoal: 12)
    static let evening = RingsEntry(date: .now, move: 540, moveGoal: 500, exercise: 34, exerciseGoal: 30, stand: 10, standGoal: 12)
}

struct RingsProvider: TimelineProvider {
    func placeholder(in context: Context) -> RingsEntry { .morning }

    func getSnapshot(in context: Context, completion: @escaping (RingsEntry) -> Void) {
        completion(.morning)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<RingsEntry>) -> Void) {
        completion(Timeline(entries: [.morning], policy: .atEnd))
    }
}

struct ActivityRing: View {
    var progress: Double
    var color: Color
    var lineWidth: CGFloat

    var body: some View {
        ZStack {
            Circle()
                .stroke(color.opacity(0.25), lineWidth: lineWidth)
            Circle()
                .trim(from: 0, to: min(progress, 1))
                .stroke(color, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round))
                .rotationEffect(.degrees(-90))
        }
    }
}

struct ActivityRingsView: View {
    let entry: RingsEntry
    var lineWidth: CGFloat = 5

    var body: some View {
        ZStack {
            ActivityRing(progress: entry.moveProgress, color: .red, lineWidth: lineWidth)
            ActivityRing(progress: entry.exerciseProgress, color: .green, lineWidth: lineWidth)
                .padding(lineWidth + 1)
            ActivityRing(progress: entry.standProgress, color: .cyan, lineWidth: lineWidth)
                .padding(2 * (lineWidth + 1))
        }
    }
}

struct FitnessRingsEntryView: View {
    @Environment(\.widgetFamily) var family
    var entry: RingsEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            ActivityRingsView(entry: entry, lineWidth: 5)
                .padding(2)
                .widgetAccentable()
        default:
            HStack(spacing: 8) {
                ActivityRingsView(entry: entry, lineWidth: 4)
                    .frame(width: 42, height: 42)
                VStack(alignment: .leading, spacing: 1) {
                    Text("\(entry.move)/\(entry.moveGoal) CAL")
                        .foregroundStyle(.red)
                    Text("\(entry.exercise)/\(entry.exerciseGoal) MIN")
                        .foregroundStyle(.green)
                    Text("\(entry.stand)/\(entry.standGoal) HRS")
                        .foregroundStyle(.cyan)
                }
                .font(.system(size: 10, weight: .semibold, design: .rounded))
                .monospacedDigit()
                .lineLimit(1)
                .minimumScaleFactor(0.7)
                Spacer(minLength: 0)
            }
        }
    }
}

struct FitnessRingsWidget: Widget {
    let kind = "corpus.fitnessrings"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: RingsProvider()) { entry in
            FitnessRingsEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Activity")
        .description("Your Move, Exercise and Stand rings.")
        .supportedFamilies([.accessoryCircular, .accessoryRectangular])
    }
}

#Preview(as: .accessoryCircular) {
    FitnessRingsWidget()
} timeline: {
    RingsEntry.morning
    RingsEntry.evening
}

#Preview(as: .accessoryRectangular) {
    FitnessRingsWidget()
} timeline: {
    RingsEntry.morning
    RingsEntry.evening
}
