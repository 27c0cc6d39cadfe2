import Foundation
import Glance
import GlancePanels
import GlanceTesting
import Logging
import Testing
@testable import GlanceExamples
@testable import GlanceHost

/// The e-paper simulator board with every refresh-policy key set, as a maker's board file would.
private let boardFile = """
    name: epaper-governed
    description: the simulator's 2.13" e-paper with a configured refresh governor
    panel:
      controller: ssd1680
      size: 250x122
      bus: emulated
      full-refresh-every: 4
      min-refresh-interval: 2m
      full-refresh-interval: 24h
      large-change: 4%
      quiet-hour: 03:00
    buttons:
      lines:
        A: {key: a}
        B: {key: b}
        up: {key: up}
        down: {key: down}
        right: {key: right}
        centre: {key: enter}
    """

/// The demo face on the governed e-paper board.
private let demoFaceYAML = demoFace(board: "epaper-governed")


/// A refresh seen on the bus: `22 F7`/`22 FF` then `20`, at the clock's time.
private struct BusRefresh {
    let date: Date
    let kind: RefreshKind
}

/// What the run's bus carried, from the capture log's sink: SPI bytes, and each refresh
/// (`22 F7` or `22 FF`, then `20`) with the clock's time.
private final class BusLog: Sendable {
    private struct State {
        var bytes = 0
        var command: Substring?
        var updateControl: Substring?
        var refreshes: [BusRefresh] = []
    }

    private let state = Locked(State())
    private let clock: ManualClock

    init(clock: ManualClock) { self.clock = clock }

    /// Takes one capture line (`spi 0.0 c 22`, `spi 0.0 d ff`, `gpio rst 1`).
    func append(_ line: String) {
        guard line.hasPrefix("spi ") else { return }
        let fields = line.split(separator: " ")
        let date = clock.now
        state.withLock { state in
            state.bytes += fields.count - 3
            if fields[2] == "c" {
                state.command = fields[3]
                if fields[3] == "20" { state.refreshes.append(BusRefresh(date: date, kind: state.updateControl == "f7" ? .full : .partial)) }
            } else if state.command == "22" {
                state.updateControl = fields[3]
            }
        }
    }

    /// Bytes clocked out on SPI so far (commands, parameters and data).
    var bytes: Int { state.withLock { $0.bytes } }

    /// The refreshes on the bus, in order.
    var refreshes: [BusRefresh] { state.withLock { $0.refreshes } }
}

/// Issue 18, the e-paper governor's acceptance: the demo face on the e-paper simulator for a
/// simulated day, every byte of its bus logged with the clock's time.
@Suite struct EPaperDayTests {
    @Test func theDemoFaceForADayStaysWithinTheRefreshBudget() async throws {
        let state = try TemporaryDirectory()
        let clock = ManualClock(now: morning)
        let now: @Sendable () -> Date = { clock.now }
        let demo = try DemoWidgets(now: now)
        defer { withExtendedLifetime(demo) {} }
        let widgets = demo.descriptors
        var board = try BoardConfiguration(yaml: boardFile, file: "epaper-governed.yaml")
        board.panel.ePaper.timeZone = utc
        let policy = board.panel.ePaper
        #expect(policy.partialRefreshesBeforeFull == 4 && policy.minimumInterval == .seconds(120) && policy.quietTime == 180)
        let bus = BusLog(clock: clock)
        let log = LineLog()
        let logger = Logger(label: "test") { label in GlanceLogHandler(label: label, level: .warning, destination: .sink { log.append($0) }) }
        let host = try await FaceAssembly.make(.init(
            board: board, face: try FaceConfiguration(yaml: demoFaceYAML, file: "glance.yaml"), facePath: nil,
            bundle: BundleContents(widgets: widgets), clock: clock, logger: logger, stateDirectory: state.url,
            capture: CaptureLog(sink: { bus.append($0) }), frameFolder: nil, screen: nil,
            adjustSettings: { settings in
                settings.locale = Locale(identifier: "en_US_POSIX")
                settings.timeZone = utc
            }))
        let display = host.assembly.display
        await host.start()
        await host.drain()

        // A day on the host's run loop, deadline by deadline; a page turn every three hours.
        let end = morning.addingTimeInterval(24 * 3600)
        var presses = (1...7).map { morning.addingTimeInterval(Double($0) * 3 * 3600) }
        var identicalFrames = 0
        while let next = await host.nextDeadline(), next <= end {
            clock.advance(to: max(next, clock.now.addingTimeInterval(0.001)))
            let bytes = bus.bytes, before = await display.statistics
            if let press = presses.first, clock.now >= press {
                presses.removeFirst()
                try await host.press(button: "down", gesture: .click)
                try await host.press(button: "down", gesture: .click)
            }
            await host.drain()
            let after = await display.statistics
            if after.refreshes == before.refreshes {
                // No refresh, no byte: a held frame sends nothing either.
                #expect(bus.bytes == bytes, "bytes sent without a refresh at \(clock.now)")
            } else if let frame = await host.shownFrame {
                // The face's last frame again (a widget reloaded to the same picture): when the
                // glass shows it already, or it is held, it sends nothing.
                let sent = bus.bytes
                guard case .unchanged = await display.show(frame.bitmap, state: frame.state) else { Issue.record("an identical frame was sent"); return }
                let again = await display.statistics
                #expect(bus.bytes == sent, "an identical frame sent bytes at \(clock.now)")
                #expect(again.refreshes == after.refreshes)
                if again.held == after.held { identicalFrames += 1 }
            }
            await Task.yield()
        }

        // What the display decided is what reached the bus and what the controller did.
        let refreshes = bus.refreshes
        let statistics = await display.statistics
        let partial = refreshes.filter { $0.kind == .partial }.count, full = refreshes.filter { $0.kind == .full }.count
        #expect(statistics.refreshes == [.partial: partial, .full: full])
        #expect(await (display.pipeline.controller as? SSD1680Controller)?.refreshes == statistics.refreshes)
        // Six hours of the minute clock (drawn every other minute), and page turns.
        #expect(partial > 100 && full > 25, "\(partial) partial, \(full) full")
        #expect(statistics.held > 100, "minute ticks within two minutes of a refresh are held (\(statistics.held))")
        #expect(statistics.refreshReasons[.largeChange, default: 0] >= 1, "a page turn changes over 4 % of the pixels")
        // Partial refreshes between full ones stay within the budget.
        var run = 0, longest = 0
        for refresh in refreshes {
            run = refresh.kind == .full ? 0 : run + 1
            longest = max(longest, run)
        }
        #expect(longest == policy.partialRefreshesBeforeFull, "at most \(policy.partialRefreshesBeforeFull) partial refreshes in a row (\(longest))")
        // No two refreshes closer than the minimum interval.
        let gaps = zip(refreshes, refreshes.dropFirst()).map { $1.date.timeIntervalSince($0.date) }
        #expect(gaps.min().map { $0 >= policy.minimumInterval.timeInterval } == true, "closest refreshes \(gaps.min() ?? 0) s apart")
        // The quiet-hour full refresh at 03:00 UTC, once.
        let quiet = morning.addingTimeInterval(19 * 3600)
        #expect(refreshes.contains { $0.kind == .full && $0.date >= quiet && $0.date < quiet.addingTimeInterval(3600) })
        #expect(statistics.refreshReasons[.quietHour] == 1)
        #expect(statistics.refreshReasons[.interval] == nil, "the quiet hour's full refresh made the daily one unnecessary")
        #expect(full == statistics.refreshReasons.filter { $0.key != .change }.values.reduce(0, +))
        #expect(identicalFrames > 100, "frames identical to the glass (\(identicalFrames)) sent nothing")

        // The last picture reaches the glass once the interval allows; shown again, it sends nothing.
        clock.advance(by: policy.minimumInterval)
        await display.update()
        let frame = try #require(await host.shownFrame)
        let glass = try #require(await host.assembly.glass?())
        // The board is the controller turned a quarter; the glass is read back in the board's orientation.
        let expected = try #require(PanelRotation(degrees: 270)).apply(to: display.pipeline.expectedGlass(for: frame.bitmap.inverted()))
        #expect(glass.size == expected.size && zip(glass.pixels, expected.pixels).allSatisfy { ($0 >= 128) == ($1 >= 128) }, "the glass shows the last frame")
        let bytes = bus.bytes
        for _ in 0..<3 { await display.show(frame.bitmap, state: frame.state) }
        #expect(bus.bytes == bytes, "an identical frame sends zero bytes")
        let status = await host.status()
        #expect(status.refreshes == ["partial": statistics.refreshes[.partial] ?? 0, "full": statistics.refreshes[.full] ?? 0])
        #expect(log.all.isEmpty, "\(log.all)")
    }
}
