import Foundation
import Glance
import GlanceTesting
import Testing
@testable import GlanceExamples
@testable import GlanceUI
@testable import GlanceWidgets

/// One state of one example widget, drawn by its own view from a fixed entry.
struct Specimen: Sendable, CustomStringConvertible {
    let name: String
    let date: Date
    /// True for data too long for any slot, which has to end in "…".
    let overflows: Bool
    let view: @Sendable () -> AnyView

    var description: String { name }

    init(_ name: String, at date: Date = t0, overflows: Bool = false, _ view: @escaping @Sendable () -> AnyView) {
        self.name = name
        self.date = date
        self.overflows = overflows
        self.view = view
    }
}

let report = WeatherReport(location: "Berlin", temperature: 12, condition: "Partly Cloudy", symbol: "cloud.sun.fill",
                           low: 6, high: 15, updated: t0.addingTimeInterval(-600))
let longReport = WeatherReport(location: "Rio de Janeiro", temperature: -12.4, condition: "Thunderstorms with heavy rain",
                               symbol: "cloud.bolt.rain.fill", low: -15, high: -2, updated: t0.addingTimeInterval(-5 * 3600))
let pi = SystemStatus(cpuTemperature: 47.2, load: 0.42, cpuCount: 4, memoryTotal: 3_981_000_000,
                      memoryAvailable: 3_120_000_000, uptime: 3 * 86_400 + 4 * 3600 + 12 * 60)
let timer = KitchenTimerAttributes(name: "Tea", duration: 300)
let tasksStore = TaskStore(group: AppGroup(name: "glance", root: URL(fileURLWithPath: "/nonexistent")))

func timerContext(_ state: KitchenTimerAttributes.ContentState, stale: Bool = false) -> ActivityViewContext<KitchenTimerAttributes> {
    ActivityViewContext(attributes: timer, state: state, isStale: stale, activityID: "activity-1")
}

/// Every example in every state worth drawing.
let specimens: [Specimen] = [
    Specimen("clock") { AnyView(ClockView(entry: ClockEntry(date: t0))) },
    Specimen("clock-midnight", at: Date(timeIntervalSince1970: 1_795_219_200 + 5 * 60 + 7)) {
        AnyView(ClockView(entry: ClockEntry(date: Date(timeIntervalSince1970: 1_795_219_200 + 5 * 60))))
    },
    Specimen("weather") { AnyView(WeatherView(entry: WeatherEntry(date: t0, content: .report(report, isOutdated: false)))) },
    Specimen("weather-long", overflows: true) { AnyView(WeatherView(entry: WeatherEntry(date: t0, content: .report(longReport, isOutdated: true)))) },
    Specimen("weather-missing") { AnyView(WeatherView(entry: WeatherEntry(date: t0, content: .missing))) },
    Specimen("weather-unreadable") { AnyView(WeatherView(entry: WeatherEntry(date: t0, content: .unreadable("bad")))) },
    Specimen("tasks") { AnyView(TasksView(entry: TasksEntry(date: t0, list: .success(.sample)), store: tasksStore)) },
    Specimen("tasks-done") {
        AnyView(TasksView(entry: TasksEntry(date: t0, list: .success(TaskList.sample.reopened().completingNext().completingNext()
            .completingNext().completingNext().completingNext())), store: tasksStore))
    },
    Specimen("tasks-unreadable") {
        AnyView(TasksView(entry: TasksEntry(date: t0, list: .failure(.unreadable("tasks.json", reason: "bad"))), store: tasksStore))
    },
    Specimen("system") { AnyView(SystemView(entry: SystemEntry(date: t0, status: pi))) },
    Specimen("system-bare") { AnyView(SystemView(entry: SystemEntry(date: t0, status: SystemStatus()))) },
    Specimen("timer", at: t0.addingTimeInterval(61)) {
        AnyView(KitchenTimerView(context: timerContext(.init(endDate: t0.addingTimeInterval(300)))))
    },
    Specimen("timer-paused", at: t0.addingTimeInterval(200)) {
        AnyView(KitchenTimerView(context: timerContext(.init(endDate: t0.addingTimeInterval(300), pausedAt: t0.addingTimeInterval(100)))))
    },
    Specimen("timer-done", at: t0.addingTimeInterval(301)) {
        AnyView(KitchenTimerView(context: timerContext(.init(endDate: t0.addingTimeInterval(300)), stale: true)))
    },
]

@Suite struct RenderingTests {
    /// Each example draws something in each family, normal and always-on, and no line of it
    /// is cut short with "…" (unless its data could fit no slot).
    @Test(arguments: specimens)
    func drawsEveryFamilyWithoutTruncation(_ specimen: Specimen) throws {
        for (family, _) in slotSizes {
            for reduced in [false, true] {
                let result = render(specimen.view(), family, reduced: reduced, at: specimen.date)
                let variant = "\(specimen.name) \(family)\(reduced ? " luminance reduced" : "")"
                #expect(litCount(result.bitmap) > 20, "\(variant) draws next to nothing")
                if !specimen.overflows {
                    #expect(ellipses(in: result.bitmap).isEmpty, "\(variant) truncates text")
                }
                try dump(result.bitmap, "\(specimen.name)-\(family.rawValue)\(reduced ? "-lr" : "")")
            }
        }
    }

    /// The checker finds a truncated line where there is one.
    @Test func theTruncationCheckFindsAnEllipsis() {
        let truncated = render(Text("A line much too long for the slot").font(.headline).lineLimit(1), .accessoryRectangular)
        #expect(ellipses(in: truncated.bitmap).count == 1)
        let fitting = render(Text("Short").font(.headline), .accessoryRectangular)
        #expect(ellipses(in: fitting.bitmap).isEmpty)
    }

    /// Always-on drops the seconds, gauges and hints: fewer pixels lit than when active.
    @Test(arguments: ["clock", "weather", "tasks", "system", "timer"])
    func alwaysOnLightsFewerPixels(_ name: String) {
        let specimen = specimens.first { $0.name == name }!
        for (family, _) in slotSizes where family != .accessoryInline {
            let active = litCount(render(specimen.view(), family, at: specimen.date).bitmap)
            let dimmed = litCount(render(specimen.view(), family, reduced: true, at: specimen.date).bitmap)
            #expect(dimmed < active, "\(name) \(family): \(dimmed) lit pixels in always-on, \(active) active")
        }
    }

    /// A face that hides sensitive content while dimmed draws bars for task titles (the
    /// circular slot shows only a count).
    @Test func taskTitlesArePrivacySensitive() throws {
        let view = TasksView(entry: TasksEntry(date: t0, list: .success(.sample)), store: tasksStore)
        for (family, size) in slotSizes where family != .accessoryCircular {
            var hidden = environment(family, reduced: true)
            hidden.redactionReasons = .privacy
            let redacted = ViewRenderer.render(view, size: size, environment: hidden, at: t0).bitmap
            let shown = render(view, family, reduced: true).bitmap
            let differs = redacted != shown
            #expect(differs, "\(family) shows the task title while hiding sensitive content")
            try dump(redacted, "tasks-private-\(family.rawValue)")
        }
    }

    /// One golden image per widget, in the family the demo face uses.
    @Test(arguments: ["clock", "weather", "tasks", "system", "timer", "timer-done"])
    func rectangularMatchesItsGoldenImage(_ name: String) {
        let specimen = specimens.first { $0.name == name }!
        let bitmap = render(specimen.view(), .accessoryRectangular, at: specimen.date).bitmap
        #expect(Golden.mismatch(bitmap, path: goldenPath("\(name)-rectangular")) == nil)
    }

    /// With GLANCE_EXAMPLES_PNG=DIR, every drawing is also written to DIR, 4× scaled, to look at.
    private func dump(_ bitmap: Bitmap, _ name: String) throws {
        guard let directory = ProcessInfo.processInfo.environment["GLANCE_EXAMPLES_PNG"] else { return }
        try Data(try bitmap.png(scale: 4, look: .plain)).write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(name).png"))
    }
}
