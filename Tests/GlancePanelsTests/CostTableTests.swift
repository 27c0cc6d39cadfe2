import Foundation
import GlancePanels
import GlanceTesting
import Testing

/// Computes the bytes-and-bus-time table of Docs/Panels.md from the emulators' byte counts.
enum CostTable {
    static let setups: [(String, @Sendable () -> PanelHarness)] = [
        ("SSD1306 128×64", { OLEDSetup.ssd1306(.ssd1306_128x64).make() }),
        ("SSD1306 128×32", { OLEDSetup.ssd1306(.ssd1306_128x32).make() }),
        ("SH1106 128×64", { OLEDSetup.sh1106(offset: 2).make() }),
        ("SSD1327 128×128", { OLEDSetup.ssd1327(.lowNibbleLeft) }),
    ]

    static func milliseconds(_ cost: BusCost, _ hertz: Double) -> String {
        String(format: "%.1f", cost.seconds(atHertz: hertz) * 1000)
    }

    /// The I2C table: one row per panel and update case.
    static func i2cMarkdown() async -> String {
        var lines = [
            "| panel | update | bytes | transactions | 100 kHz | 400 kHz | 1 MHz |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for (name, make) in setups {
            for update in UpdateCase.allCases {
                let cost = await update.measure(make())
                lines.append("| \(name) | \(update.rawValue) | \(cost.bytes) | \(cost.transactions) | \(milliseconds(cost, 100_000)) ms | \(milliseconds(cost, 400_000)) ms | \(milliseconds(cost, 1_000_000)) ms |")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The e-ink table: SPI bytes per update case and the refresh it causes.
    static func einkMarkdown() async -> String {
        var lines = ["| update | SPI bytes | refresh |", "| --- | ---: | --- |"]
        for update in UpdateCase.allCases {
            let rig = EInkRig()
            let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock, settings: .init(monoConversion: .threshold))
            let face = UpdateCase.face(size: pipeline.pictureSize)
            _ = await pipeline.show(face)
            let before = await rig.emulator.bytesReceived, fulls = await rig.emulator.fullRefreshes
            let (picture, shift) = update.changed(face)
            _ = await pipeline.show(picture, shift: shift)
            let bytes = await rig.emulator.bytesReceived - before
            let refresh = await rig.emulator.fullRefreshes > fulls ? "full" : "partial"
            lines.append("| \(update.rawValue) | \(bytes) | \(refresh) |")
        }
        return lines.joined(separator: "\n")
    }
}

@Suite struct CostTableTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/Panels.md")

    @Test func docsTablesMatchTheEmulators() async throws {
        let i2c = await CostTable.i2cMarkdown(), eink = await CostTable.einkMarkdown()
        let text = (try? String(contentsOf: Self.docs, encoding: .utf8)) ?? ""
        #expect(text.contains(i2c), "Docs/Panels.md is missing this I2C table:\n\(i2c)")
        #expect(text.contains(eink), "Docs/Panels.md is missing this e-ink table:\n\(eink)")
    }

    @Test func fullChangeAgreesWithTheHardwareFigures() async {
        // Docs/Panels.md, "Bus time": a 128×64 frame in one message takes 92.4 / 23.1 / 9.2 ms; ours adds the window commands.
        let full = await UpdateCase.fullChange.measure(OLEDSetup.ssd1306(.ssd1306_128x64).make())
        #expect(abs(full.seconds(atHertz: 100_000) * 1000 - 92.4) < 1.0)
        #expect(abs(full.seconds(atHertz: 400_000) * 1000 - 23.1) < 0.3)
        // SSD1327: 737.7 ms for 8192 bytes in two messages.
        let gray = await UpdateCase.fullChange.measure(OLEDSetup.ssd1327(.lowNibbleLeft))
        #expect(abs(gray.seconds(atHertz: 100_000) * 1000 - 737.7) < 2.0)
        // 128×32: 46.3 ms.
        let half = await UpdateCase.fullChange.measure(OLEDSetup.ssd1306(.ssd1306_128x32).make())
        #expect(abs(half.seconds(atHertz: 100_000) * 1000 - 46.3) < 1.0)
    }
}
