import Foundation
import GlanceFace
import GlancePanels
import GlanceTesting
import Logging
import Testing
@testable import GlanceHost
import GlanceUI
import GlanceWidgets

/// "ticker" changes every second, "minutes" every minute: the bench's clock, on the host's clock.
private func timeWidgets(now: @escaping @Sendable () -> Date) -> [WidgetDescriptor] {
    BenchClockWidget(kind: "ticker", seconds: true, now: now).descriptors + BenchClockWidget(kind: "minutes", seconds: false, now: now).descriptors
}

/// Issue 18's power estimate on a running face: `FaceHost` feeds the ledger, `glance ctl status` shows it.
@Suite struct EnergyTests {
    /// 2026-11-21 10:42:00 UTC.
    static let t0 = Date(timeIntervalSince1970: 1_795_257_720)

    /// A face of one slot holding `kinds` (a pinned stack, "down" to page it), kept active, on the simulator board.
    static func face(_ kinds: [String]) -> String {
        """
        board: simulator
        slots:
          - family: accessoryRectangular
            widgets: [\(kinds.joined(separator: ", "))]
            pinned: true
        bindings:
          down: stack.next
        always-on:
          idle: 24h
        """
    }

    /// Runs `face` on `board` for `minutes` of the manual clock; `during` is called at the start of each minute.
    static func run(_ face: String, board: String = "simulator", minutes: Int,
                    during: @escaping (FaceHost, Int) async throws -> Void = { _, _ in }) async throws -> FaceHost {
        let clock = ManualClock(now: t0)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-energy-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = LineLog()
        let logger = Logger(label: "test") { label in GlanceLogHandler(label: label, level: .warning, destination: .sink { lines.append($0) }) }
        let host = try await FaceAssembly.make(.init(
            board: try BoardCatalog.board(board), face: try FaceConfiguration(yaml: face, file: "glance.yaml"), facePath: nil,
            bundle: BundleContents(widgets: timeWidgets(now: { clock.now })), clock: clock, logger: logger,
            stateDirectory: folder, capture: nil, frameFolder: nil, screen: nil,
            adjustSettings: { settings in
                settings.locale = Locale(identifier: "en_US_POSIX")
                settings.timeZone = TimeZone(identifier: "UTC")
            }))
        await host.start()
        for minute in 0..<minutes {
            try await during(host, minute)
            await host.run(until: t0.addingTimeInterval(Double(minute + 1) * 60), on: clock)
        }
        #expect(lines.all.isEmpty, "\(lines.all)")
        return host
    }

    @Test func aWidgetThatTicksEverySecondCostsMoreBusEnergyThanOneThatChangesEveryMinute() async throws {
        let ticker = try #require(await Self.run(Self.face(["ticker"]), minutes: 10).energyReport())
        let minutes = try #require(await Self.run(Self.face(["minutes"]), minutes: 10).energyReport())
        #expect(abs(ticker.seconds - 600) < 1e-6 && abs(minutes.seconds - 600) < 1e-6)
        let tickerBus = try #require(ticker.line("ticker")?.energy.bus), minutesBus = try #require(minutes.line("minutes")?.energy.bus)
        print("bus energy in 10 minutes: ticking every second \(tickerBus * 1e6) µJ, every minute \(minutesBus * 1e6) µJ")
        #expect(tickerBus > 10 * minutesBus, "600 changed digits against 10")
        // Each slot's lit pixels go to the widget it shows; the panel's standing current to the panel.
        #expect(try #require(ticker.line("ticker")?.energy.lit) > 0)
        #expect(ticker.line("minutes") == nil)
        #expect(try #require(ticker.line(EnergyLedger.panelKey)).energy.base > 0)
    }

    @Test func ctlStatusCarriesTheEnergyByWidgetKind() async throws {
        // The stack shows the ticker for five minutes, then the minute clock for five.
        let host = try await Self.run(Self.face(["ticker", "minutes"]), minutes: 10) { host, minute in
            if minute == 5 { try await host.press(button: "down", gesture: .click) }
        }
        let energy = try #require(await host.status().energy)
        #expect(energy.model.hasPrefix("SSD1306"))
        #expect(abs(energy.hours - 10.0 / 60) < 1e-6)
        #expect(Set(energy.widgets.map(\.kind)) == ["ticker", "minutes"])
        let shares = energy.widgets.map(\.share).reduce(0, +)
        let others = (energy.outsideSlotsMilliwattHoursPerDay + energy.panelMilliwattHoursPerDay) / energy.totalMilliwattHoursPerDay
        #expect(abs(shares + others - 1) < 1e-9, "the shares and the rest make the whole")
        #expect(energy.widgets.allSatisfy { $0.milliwattHoursPerDay > 0 })
        #expect(energy.panelMilliwattHoursPerDay > 0)
        let json = String(decoding: try ControlJSON.encoder(pretty: false).encode(await host.status()), as: UTF8.self)
        #expect(json.contains(#""energy":{"#) && json.contains(#""milliwattHoursPerDay":"#))
    }

    @Test func ePaperRefreshesGoToTheWidgetWhosePixelsChanged() async throws {
        let face = """
            board: simulator-epaper
            slots:
              - family: accessoryRectangular
                widgets: [minutes]
            always-on:
              idle: 24h
            """
        let host = try await Self.run(face, board: "simulator-epaper", minutes: 30)
        let report = try #require(await host.energyReport())
        let refreshes = await host.assembly.display.statistics.refreshes.values.reduce(0, +)
        #expect(refreshes > 5)
        let minutes = try #require(report.line("minutes"))
        print(String(format: "e-paper, a minute clock for 30 minutes: %d refreshes, the widget %.2f mWh/day, the panel %.4f mWh/day",
                     refreshes, minutes.milliwattHoursPerDay, report.line(EnergyLedger.panelKey)?.milliwattHoursPerDay ?? 0))
        #expect(minutes.energy.refresh > 0, "the minute's refreshes are the widget's")
        #expect(minutes.energy.lit == 0, "ink is not lit")
        let all = report.lines.map(\.energy.refresh).reduce(0, +)
        let statistics = await host.assembly.display.statistics.refreshes
        let expected = Double(statistics[.partial] ?? 0) * PowerModel.ssd1680().refreshEnergy(.partial)
            + Double(statistics[.full] ?? 0) * PowerModel.ssd1680().refreshEnergy(.full)
        #expect(abs(all - expected) < 1e-9, "every refresh is accounted once")
    }
}
