import Foundation
import Glance
import GlancePanels
import GlanceTesting
import Logging
import Testing
@testable import GlanceExamples
@testable import GlanceHost

/// The demo face on the simulator board.
private let demoFaceYAML = demoFace(board: "simulator")

/// Issue 18's power estimate on the demo face: a simulated day on the SSD1306 simulator, the
/// stack paged every six hours, so each widget is on the glass for a quarter of the day —
/// mostly in always-on, as a desk display spends its day.
@Suite struct EnergyDayTests {
    @Test func theDemoFaceForADayByWidget() async throws {
        let state = try TemporaryDirectory()
        let clock = ManualClock(now: t0)
        let now: @Sendable () -> Date = { clock.now }
        let demo = try DemoWidgets(now: now, kitchenTimer: false)
        defer { withExtendedLifetime(demo) {} }
        let widgets = demo.descriptors
        let log = LineLog()
        let logger = Logger(label: "test") { label in GlanceLogHandler(label: label, level: .warning, destination: .sink { log.append($0) }) }
        let host = try await FaceAssembly.make(.init(
            board: try BoardCatalog.board("simulator"), face: try FaceConfiguration(yaml: demoFaceYAML, file: "glance.yaml"), facePath: nil,
            bundle: BundleContents(widgets: widgets), clock: clock, logger: logger, stateDirectory: state.url,
            capture: nil, frameFolder: nil, screen: nil,
            adjustSettings: { settings in
                settings.locale = Locale(identifier: "en_US_POSIX")
                settings.timeZone = utc
            }))
        await host.start()
        for quarter in 1...4 {
            await host.run(until: t0.addingTimeInterval(Double(quarter) * 6 * 3600), on: clock)
            // The first press wakes the dimmed face, the second pages the stack.
            try await host.press(button: "down", gesture: .click)
            try await host.press(button: "down", gesture: .click)
        }
        let report = try #require(await host.energyReport())
        #expect(abs(report.seconds - 86_400) < 1e-3)
        for line in report.lines {
            let key = line.key.padding(toLength: 16, withPad: " ", startingAt: 0)
            print(key + String(format: " %8.2f mWh/day  lit %8.2f  bus %6.3f  %5.1f %%", line.milliwattHoursPerDay,
                               line.energy.lit * 86_400 / report.seconds / 3.6, line.energy.bus * 86_400 / report.seconds / 3.6, line.share * 100))
        }
        print(String(format: "demo face, a day on the SSD1306: %.2f mWh/day in all", report.total.milliwattHoursPerDay))
        for kind in ["clock", "weather", "tasks", "system"] {
            #expect(try #require(report.line(kind), "\(kind) was on the glass a quarter of the day").energy.lit > 0)
        }
        // The standing current of a display left on all day is the largest single part.
        #expect(report.lines.first?.key == EnergyLedger.panelKey)
        #expect(abs(report.lines.map(\.share).reduce(0, +) - 1) < 1e-9)
        #expect(log.all.isEmpty, "\(log.all)")
    }
}
