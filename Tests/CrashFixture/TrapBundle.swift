// A widget bundle, as a maker writes one, whose "trap" widget traps on purpose while its
// app-group file trap.json says {"trap": true}: the process tests run it to see a crash in
// widget code cost one restart (the widget is quarantined), not a restart loop.
import Foundation
import Glance

struct TrapFlag: Codable {
    var trap: Bool
}

struct TrapEntry: TimelineEntry {
    let date: Date
    let traps: Bool
}

struct TrapProvider: TimelineProvider {
    func placeholder(in context: Context) -> TrapEntry {
        TrapEntry(date: Date(), traps: false)
    }

    func getSnapshot(in context: Context, completion: @escaping (TrapEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TrapEntry>) -> Void) {
        let flag = try? AppGroup.named("glance").read(TrapFlag.self, from: "trap.json")
        completion(Timeline(entries: [TrapEntry(date: Date(), traps: flag?.trap ?? false)], policy: .never))
    }
}

struct TrapView: View {
    let entry: TrapEntry

    var body: some View {
        precondition(!entry.traps, "the trap widget traps on purpose")
        return Text("fine")
    }
}

struct TrapWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "trap", provider: TrapProvider()) { entry in
            TrapView(entry: entry)
        }
        .supportedFamilies([.accessoryRectangular, .accessoryInline])
    }
}

struct SteadyWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "steady", provider: TrapProvider()) { _ in
            Text("steady")
        }
        .supportedFamilies([.accessoryRectangular, .accessoryInline])
    }
}

@main
struct TrapBundle: WidgetBundle {
    var body: some Widget {
        TrapWidget()
        SteadyWidget()
    }
}
