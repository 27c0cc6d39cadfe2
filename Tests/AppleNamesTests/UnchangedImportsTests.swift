// This file is written as an iOS widget extension writes it: Apple's module names, nothing
// else changed. That it compiles is the first half of the test.
import ActivityKit
import AppIntents
import SwiftUI
import Testing
import WidgetKit

struct StepsEntry: TimelineEntry {
    let date: Date
    let steps: Int
}

struct StepsProvider: TimelineProvider {
    func placeholder(in context: Context) -> StepsEntry {
        StepsEntry(date: Date(), steps: 0)
    }

    func getSnapshot(in context: Context, completion: @escaping (StepsEntry) -> Void) {
        completion(StepsEntry(date: Date(), steps: 6_400))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StepsEntry>) -> Void) {
        completion(Timeline(entries: [StepsEntry(date: Date(), steps: 6_400)], policy: .after(Date().addingTimeInterval(900))))
    }
}

struct StepsView: View {
    @Environment(\.widgetFamily) private var family
    let entry: StepsEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: Double(entry.steps), in: 0...10_000) {
                Image(systemName: "figure.walk")
            } currentValueLabel: {
                Text("\(entry.steps / 1000)k")
            }
            .gaugeStyle(.accessoryCircular)
        default:
            Label("\(entry.steps) steps", systemImage: "figure.walk")
                .foregroundStyle(Color(uiColor: .systemGreen))
        }
    }
}

struct StepsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in
            StepsView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Steps")
        .supportedFamilies([.accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}

struct LogWaterIntent: AppIntent {
    static let title: LocalizedStringResource = "Log Water"
    @Parameter(title: "Glasses", default: 1) var glasses: Int

    func perform() async throws -> some IntentResult { .result() }
}

struct WorkoutAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var minutes: Int
    }

    var name: String
}

@Suite struct UnchangedImportsTests {
    @Test func appleModuleNamesCompileAndRender() {
        #if canImport(WidgetKit) && canImport(SwiftUI) && canImport(AppIntents) && canImport(ActivityKit)
        let canImport = true
        #else
        let canImport = false
        #endif
        #expect(canImport, "#if canImport(WidgetKit) is true, as widget code checks")
        let descriptors = StepsWidget().descriptors
        #expect(descriptors.map(\.kind) == ["steps"])
        var environment = EnvironmentValues()
        environment.widgetFamily = .accessoryCircular
        let ring = ViewRenderer.render(StepsView(entry: StepsEntry(date: Date(), steps: 6_400)), size: Size(width: 64, height: 64),
                                       environment: environment, at: Date())
        #expect(ring.bitmap.pixels.contains { $0 > 0 })
        #expect(LogWaterIntent().glasses == 1)
        #expect(WorkoutAttributes(name: "Run").name == "Run")
    }
}
