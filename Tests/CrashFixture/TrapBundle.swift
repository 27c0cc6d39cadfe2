// A widget bundle, as a maker writes one, whose "trap" widget traps on purpose while its
// app-group file trap.json says {"trap": true}: the process tests run it to see a crash in
// widget code cost one restart (the widget is quarantined), not a restart loop. Its "clockwatch"
// widget writes the `Date()` of every timeline it makes into clockwatch.txt in the app group
// and asks again ten minutes later, for the test that `--clock fast` steers widget code's time.
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

struct ClockwatchProvider: TimelineProvider {
    func placeholder(in context: Context) -> TrapEntry {
        TrapEntry(date: Date(), traps: false)
    }

    func getSnapshot(in context: Context, completion: @escaping (TrapEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TrapEntry>) -> Void) {
        let now = Date()
        let file = AppGroup.named("glance").directory.appendingPathComponent("clockwatch.txt")
        let before = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        try? (before + "\(now.timeIntervalSince1970)\n").write(to: file, atomically: true, encoding: .utf8)
        completion(Timeline(entries: [TrapEntry(date: now, traps: false)], policy: .after(now.addingTimeInterval(600))))
    }
}

struct ClockwatchWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "clockwatch", provider: ClockwatchProvider()) { _ in
            Text("clockwatch")
        }
        .supportedFamilies([.accessoryRectangular, .accessoryInline])
    }
}

@main
struct TrapBundle: WidgetBundle {
    var body: some Widget {
        TrapWidget()
        SteadyWidget()
        ClockwatchWidget()
    }
}
