import Foundation
import Glance
import Testing

// The README's first widget, verbatim except that `@main` is left off (a test target has
// its own entry point): if this stops compiling or rendering, the README is wrong.

private struct Entry: TimelineEntry {
    let date: Date
    let level: Double
}

private struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> Entry { Entry(date: .now, level: 0.5) }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void) {
        completion(Entry(date: .now, level: 0.72))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void) {
        let entry = Entry(date: .now, level: Double.random(in: 0...1))
        completion(Timeline(entries: [entry], policy: .after(.now.addingTimeInterval(15 * 60))))
    }
}

private struct TankView: View {
    @Environment(\.widgetFamily) var family
    let entry: Entry

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.level) {
                Image(systemName: "drop.fill")
            } currentValueLabel: {
                Text("\(Int(entry.level * 100))")
            }
            .gaugeStyle(.accessoryCircularCapacity)
        default:
            VStack(alignment: .leading) {
                Label("Rain tank", systemImage: "drop.fill").font(.headline)
                Text(entry.level, format: .percent).font(.title)
                ProgressView(value: entry.level)
            }
        }
    }
}

private struct TankWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "tank", provider: Provider()) { entry in
            TankView(entry: entry)
        }
        .configurationDisplayName("Rain tank")
        .supportedFamilies([.accessoryRectangular, .accessoryCircular])
    }
}

private struct Desk: WidgetBundle {
    var body: some Widget {
        TankWidget()
    }
}

@Suite struct ReadmeWidgetTests {
    @Test func theReadmesWidgetRendersInBothFamilies() throws {
        let descriptor = try #require(Desk().widgetDescriptors.first)
        #expect(descriptor.kind == "tank")
        #expect(descriptor.supportedFamilies == [.accessoryRectangular, .accessoryCircular])
        for (family, size) in [(WidgetFamily.accessoryRectangular, Size(width: 128, height: 64)), (.accessoryCircular, Size(width: 64, height: 64))] {
            var environment = EnvironmentValues()
            environment.widgetFamily = family
            let result = ViewRenderer.render(TankView(entry: Entry(date: .now, level: 0.72)), size: size, environment: environment, at: .now)
            #expect(result.bitmap.litBounds().width > size.width / 2, "\(family) draws across the slot")
        }
    }
}
