import Foundation
import Glance
import GlanceTesting
import Testing
@testable import GlanceExamples
@testable import GlanceWidgets

/// The demo face of Examples/glance.yaml — one pinned rectangular stack of clock, weather,
/// tasks and system, the kitchen timer over it — with fixture data and a manual clock.
@Suite struct DemoFaceTests {
    @Test func aFirstTimeUserPressesEveryButton() async throws {
        let folder = try TemporaryDirectory()
        try folder.write(#"{"location": "Berlin", "temperature": 12, "condition": "Partly Cloudy", "symbol": "cloud.sun.fill", "low": 6, "high": 15, "updated": "2026-11-21T10:30:00Z"}"#,
                         to: "glance/weather.json")
        let proc = try TemporaryDirectory()
        try proc.write("47236\n", to: "sys/class/thermal/thermal_zone0/temp")
        try proc.write("0.42 0.30 0.25 1/123 4567\n", to: "proc/loadavg")
        try proc.write("MemTotal: 3887768 kB\nMemAvailable: 3046952 kB\n", to: "proc/meminfo")
        try proc.write("273156.42 1020311.86\n", to: "proc/uptime")
        let clock = ManualClock(now: t0)
        let now: @Sendable () -> Date = { clock.now }
        let widgets = ClockWidget().descriptors + WeatherWidget(group: folder.group, now: now).descriptors
            + TasksWidget(store: TaskStore(group: folder.group), now: now).descriptors
            + SystemWidget(root: proc.url, now: now).descriptors + KitchenTimerWidget().descriptors
        let face = Face(size: Size(width: 128, height: 64),
                        slots: [Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 0, width: 128, height: 64),
                                     widgets: ["clock", "weather", "tasks", "system"].map { WidgetPlacement($0) }, ordering: .pinned)])
        let settings = RuntimeSettings(reloadBudget: 1500,
                                       alwaysOn: AlwaysOnSettings(idleTimeout: .seconds(30), hidesSensitiveContent: true),
                                       locale: Locale(identifier: "en_US_POSIX"), timeZone: utc)
        let runtime = try FaceRuntime(widgets: widgets, face: face, settings: settings, time: clock)
        var shots = [(String, Bitmap)]()
        var last: Bitmap?
        func shoot(_ name: String, _ frames: [Frame]) {
            if let bitmap = frames.last?.bitmap { last = bitmap }
            if let last { shots.append((name, last)) }
        }

        shoot("01-clock", await runtime.start() + (await runtime.settle()))
        #expect(await runtime.status().slots[0].kind == "clock")
        for (index, kind) in ["weather", "tasks"].enumerated() {
            shoot("0\(index + 2)-\(kind)", await runtime.send(.stackNext) + (await runtime.settle()))
            #expect(await runtime.status().slots[0].kind == kind)
        }
        shoot("04-tasks-focused", await runtime.send(.focusNext))
        #expect(await runtime.status().slots[0].focusedRegion != nil)
        shoot("05-tasks-pressed", await runtime.send(.focusActivate))
        shoot("06-tasks-next", await runtime.settle())
        #expect(try (await runtime.status().slots[0].entry as? TasksEntry)?.list.get().doneCount == 2)
        shoot("07-system", await runtime.send(.stackNext) + (await runtime.settle()))
        #expect(await runtime.status().slots[0].kind == "system")

        try await ActivityCenter.$current.withValue(runtime.activityCenter) {
            _ = try await StartKitchenTimerIntent(now: now).perform()
        }
        shoot("08-timer", await runtime.update())
        #expect(await runtime.status().slots[0].activityID != nil)
        var frames = [Frame]()
        while let next = await runtime.nextWakeUp, next <= t0.addingTimeInterval(45) {
            clock.set(next)
            frames += await runtime.wakeUp()
        }
        shoot("09-timer-always-on", frames)
        #expect(await runtime.status().state == .alwaysOn)
        shoot("10-timer-awake", await runtime.send(.wake))
        #expect(await runtime.status().state == .active)
        shoot("11-stack-under-timer", await runtime.send(.stackPrevious) + (await runtime.settle()))

        for (index, name) in shots.enumerated() where index < shots.count {
            #expect(litCount(name.1) > 50, "\(name.0) is nearly blank")
        }
        if let directory = ProcessInfo.processInfo.environment["GLANCE_EXAMPLES_PNG"] {
            for (name, bitmap) in shots {
                try Data(try bitmap.png(scale: 4, look: .white)).write(to: URL(fileURLWithPath: directory).appendingPathComponent("face-\(name).png"))
            }
        }
    }
}
