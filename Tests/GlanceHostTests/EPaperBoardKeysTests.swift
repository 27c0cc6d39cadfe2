import Foundation
import GlancePanels
import Testing
@testable import GlanceHost

/// The e-paper refresh policy's keys in a board file's `panel` (issue 18): parsed into
/// `EPaperRefreshPolicy.Settings`, the makers' defaults where a key is missing, and every bad
/// value refused at its line and column.
@Suite struct EPaperBoardKeysTests {
    private static func board(_ keys: String, controller: String = "controller: ssd1680\n  size: 250x122") throws -> BoardConfiguration {
        try BoardConfiguration(yaml: "name: x\npanel:\n  \(controller)\n  bus: emulated\n\(keys)", file: "b.yaml")
    }

    @Test func everyKeyIsRead() throws {
        let panel = try Self.board("""
              full-refresh-every: 8
              min-refresh-interval: 3m
              full-refresh-interval: 12h
              large-change: 35%
              quiet-hour: 04:30

            """).panel
        #expect(panel.ePaper.partialRefreshesBeforeFull == 8)
        #expect(panel.fullRefreshEvery == 8)
        #expect(panel.ePaper.minimumInterval == .seconds(180))
        #expect(panel.ePaper.fullRefreshInterval == .seconds(12 * 3600))
        #expect(panel.ePaper.largeChange == 0.35)
        #expect(panel.ePaper.quietTime == 4 * 60 + 30)
        #expect(panel.ePaper.timeZone == .current, "the quiet hour is the host's local time")
        let off = try Self.board("  large-change: off\n  quiet-hour: off\n").panel.ePaper
        #expect(off.largeChange == nil && off.quietTime == nil)
    }

    @Test func missingKeysTakeTheMakersDefaults() throws {
        let policy = try Self.board("").panel.ePaper
        #expect(policy == EPaperRefreshPolicy.Settings(timeZone: .current))
        #expect(policy.partialRefreshesBeforeFull == 20 && policy.minimumInterval == .zero && policy.fullRefreshInterval == .seconds(86_400))
        #expect(policy.largeChange == 0.6 && policy.quietTime == 180)
        // The presets say what they want.
        #expect(try BoardCatalog.board("waveshare-epaper-2.13in-v4").panel.fullRefreshEvery == 20)
    }

    @Test(arguments: [
        ("  min-refresh-interval: soon\n", "b.yaml:6:25: panel.min-refresh-interval should be a duration such as 600ms, 30s, 10m or 1h, found 'soon'"),
        ("  min-refresh-interval: 2h\n", "b.yaml:6:25: panel.min-refresh-interval is 2h, expected 0ms…1h"),
        ("  full-refresh-interval: 48h\n", "b.yaml:6:26: panel.full-refresh-interval is 48h, expected 10m…24h"),
        ("  full-refresh-every: -1\n", "b.yaml:6:23: panel.full-refresh-every is -1, expected 0…1000"),
        ("  large-change: 0.4\n", "b.yaml:6:17: panel.large-change should be a share of the panel such as 40% (or off), found '0.4'"),
        ("  large-change: 150%\n", "b.yaml:6:17: panel.large-change is 150%, expected 1%…100%"),
        ("  quiet-hour: 25:00\n", "b.yaml:6:15: panel.quiet-hour has '25:00', expected a time of day such as 22:30"),
        ("  quiet-hour: [3]\n", "b.yaml:6:15: panel.quiet-hour should be a text value, found a list"),
    ])
    func badValuesAreRefusedWhereTheyAre(keys: String, message: String) {
        let error = #expect(throws: ConfigurationError.self) { try Self.board(keys) }
        #expect(error?.description == message)
    }

    @Test func theKeysBelongToEPaperPanels() {
        let error = #expect(throws: ConfigurationError.self) {
            try Self.board("  quiet-hour: 03:00\n", controller: "controller: ssd1306\n  size: 128x64")
        }
        #expect(error?.description == "b.yaml:6:15: quiet-hour applies only to e-paper panels (ssd1680, ssd1681, uc8151)")
        let typo = #expect(throws: ConfigurationError.self) { try Self.board("  quiet-hours: 03:00\n") }
        #expect(typo?.suggestion == "quiet-hour")
        #expect(typo.map { $0.line == 6 && $0.column == 3 } == true)
    }
}
