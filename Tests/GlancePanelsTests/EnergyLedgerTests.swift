import Foundation
import GlancePanels
import GlanceTesting
import Testing

/// Issue 18: the ledger gives each slot's widget the energy of its own pixels, bytes and refreshes.
@Suite struct EnergyLedgerTests {
    private let t0 = Date(timeIntervalSince1970: 1_795_257_720)
    /// Two slots side by side on a 10×4 frame, the last two columns outside both.
    private let layout = EnergyLedger.Layout(slots: [Rect(x: 0, y: 0, width: 4, height: 4), Rect(x: 4, y: 0, width: 4, height: 4)],
                                             pictureSize: Size(width: 10, height: 4)) { $0 }
    private let names = ["clock", "weather"]
    /// One tile a pixel, one byte a tile, no window cost: a region costs its pixels.
    private let bytePerPixel = TransferAddressing(tileWidth: 1, tileHeight: 1, bytesPerTile: 1, windowSetup: BusCost(),
                                                  windowsSpanBands: true, strategy: .spans)

    private func close(_ a: Double?, _ b: Double) -> Bool { abs((a ?? .nan) - b) <= 1e-12 * max(1, abs(b)) }

    @Test func aLitSlotsEnergyGoesToItsWidgetAndNothingToAnUnlitSlot() throws {
        let frame = try #require(Bitmap(ascii: """
            .##.....#.
            #..#......
            #..#......
            .##.......
            """))
        var ledger = EnergyLedger(model: .ssd1306())
        ledger.open(frame, light: 0.5, layout: layout, names: names, at: t0)
        ledger.close(at: t0.addingTimeInterval(60))
        let pixel = try #require(PowerModel.ssd1306().oled).pixelCurrent * 3.3
        #expect(close(ledger.energy["clock"]?.lit, 8 * pixel * 0.5 * 60), "the clock's eight lit pixels for a minute at half drive")
        #expect(ledger.energy["weather"] == nil, "the weather slot lit nothing")
        #expect(close(ledger.energy[EnergyLedger.outsideKey]?.lit, 1 * pixel * 0.5 * 60))
        #expect(close(ledger.energy[EnergyLedger.panelKey]?.base, PowerModel.ssd1306().basePower(isOn: true) * 60))
        #expect(ledger.seconds == 60)

        // Dark: the pixels cost nothing, the panel sleeps.
        ledger.close(at: t0.addingTimeInterval(60))
        ledger.open(frame, light: 0, layout: layout, names: names, at: t0.addingTimeInterval(60))
        ledger.close(at: t0.addingTimeInterval(120))
        #expect(close(ledger.energy["clock"]?.lit, 8 * pixel * 0.5 * 60))
        #expect(close(ledger.energy[EnergyLedger.panelKey]?.base, PowerModel.ssd1306().basePower(isOn: true) * 60 + PowerModel.ssd1306().basePower(isOn: false) * 60))

        // A day at this rate: per-day figures average over the two minutes accounted.
        let report = ledger.report()
        #expect(report.seconds == 120)
        #expect(close(report.line("clock")?.joulesPerDay, 8 * pixel * 0.5 * 60 * 720))
        #expect(close(report.lines.map(\.share).reduce(0, +), 1))
        #expect(report.lines.first?.key == EnergyLedger.panelKey, "dearest first: the panel's standing current")
    }

    /// Issue 20: a memory LCD holds its picture for microwatts and pays per line written.
    @Test func aMemoryLCDPaysForTheLinesWrittenAndHoldsForMicrowatts() throws {
        let model = PowerModel.ls027b7dh01
        let lcd = try #require(model.memoryLCD)
        // Sharp's application note: all 240 lines once a second 485 µW, once every 30 s 135 µW.
        #expect(close(lcd.holdingPower + 240 * lcd.lineEnergy, 485e-6))
        #expect(close(lcd.holdingPower + 240 * lcd.lineEnergy / 30, 135e-6))
        var ledger = EnergyLedger(model: model)
        ledger.open(Bitmap(width: 10, height: 4), light: 1, layout: layout, names: names, at: t0)
        // Two lines of the clock's slot, one line across both slots.
        ledger.addTransfer([Rect(x: 0, y: 0, width: 4, height: 2), Rect(x: 0, y: 3, width: 10, height: 1)],
                           addressing: bytePerPixel, layout: layout, names: names)
        ledger.close(at: t0.addingTimeInterval(60))
        #expect(close(ledger.energy["clock"]?.refresh, 2 * lcd.lineEnergy + lcd.lineEnergy * 4 / 10))
        #expect(close(ledger.energy["weather"]?.refresh, lcd.lineEnergy * 4 / 10))
        #expect(close(ledger.energy[EnergyLedger.panelKey]?.base, lcd.holdingPower * 60), "holding, VCOM included")
        #expect(ledger.energy["clock"]?.lit == 0 || ledger.energy["clock"]?.lit == nil, "no light of its own")
        #expect(EnergyLedger(model: .ssd1306()).model.lineWriteEnergy(lines: 240) == 0, "other panels write no lines")
    }

    @Test func grayPixelsCountTheirLevelAndAWidgetMovedToAnotherSlotTakesItsCostAlong() {
        var frame = Bitmap(width: 10, height: 4)
        frame[5, 1] = 255
        frame[6, 1] = 51
        var ledger = EnergyLedger(model: .ssd1327())
        ledger.open(frame, light: 1, layout: layout, names: names, at: t0)
        ledger.close(at: t0.addingTimeInterval(10))
        // The stack in slot 1 now shows the clock.
        ledger.open(frame, light: 1, layout: layout, names: ["weather", "clock"], at: t0.addingTimeInterval(10))
        ledger.close(at: t0.addingTimeInterval(20))
        let pixel = PowerModel.ssd1327().oled!.pixelCurrent * 3.3
        #expect(close(ledger.energy["weather"]?.lit, 1.2 * pixel * 10))
        #expect(close(ledger.energy["clock"]?.lit, 1.2 * pixel * 10))
    }

    @Test func bytesGoToTheSlotsTheyCoverAndRefreshesToTheSlotsThatChanged() throws {
        var ledger = EnergyLedger(model: .ssd1680())
        // A region two columns into each slot: half its bytes each.
        ledger.addTransfer([Rect(x: 2, y: 0, width: 4, height: 4)], addressing: bytePerPixel, layout: layout, names: names)
        let region = PowerModel.ssd1680().busEnergy(BusCost(bytes: 16))
        #expect(close(ledger.energy["clock"]?.bus, region / 2))
        #expect(close(ledger.energy["weather"]?.bus, region / 2))

        let old = try #require(Bitmap(ascii: """
            .#...##...
            .#...##...
            .#........
            .#........
            """))
        let new = try #require(Bitmap(ascii: """
            .#....#...
            .#...##...
            .#...#....
            .#........
            """))
        ledger.addRefreshes([.partial: 1], from: old, to: new, regions: [Rect(x: 0, y: 0, width: 10, height: 4)], layout: layout, names: names)
        #expect(ledger.energy["clock"]?.refresh == 0, "the clock's pixels did not change")
        #expect(close(ledger.energy["weather"]?.refresh, PowerModel.ssd1680().refreshEnergy(.partial)))
        // A full refresh of an unchanged picture (against ghosting) is the panel's.
        ledger.addRefreshes([.full: 1], from: new, to: new, regions: [Rect(x: 0, y: 0, width: 10, height: 4)], layout: layout, names: names)
        #expect(close(ledger.energy[EnergyLedger.panelKey]?.refresh, PowerModel.ssd1680().refreshEnergy(.full)))
        // Without the old picture (the first refresh), the written region's pixels decide.
        ledger.addRefreshes([.full: 1], from: nil, to: new, regions: [Rect(x: 0, y: 0, width: 4, height: 4)], layout: layout, names: names)
        #expect(close(ledger.energy["clock"]?.refresh, PowerModel.ssd1680().refreshEnergy(.full)))
    }

    @Test func theLayoutFollowsTheBurnInShiftOnTheGlass() {
        let pipeline = PanelPipeline(controller: SSD1306Controller(bus: I2CCommandDataBus(device: SSD1306Emulator())), clock: ManualClock())
        let layout = EnergyLedger.Layout(slots: [Rect(x: 0, y: 0, width: 10, height: 8)], pipeline: pipeline, shift: Point(x: 2, y: 1))
        #expect(layout.size == Size(width: 128, height: 64))
        #expect(layout.slotCount == 1)
        let owned = layout.owners.indices.filter { layout.owners[$0] == 1 }.map { Point(x: $0 % 128, y: $0 / 128) }
        #expect(owned.count == 80)
        #expect(owned.allSatisfy { (2..<12).contains($0.x) && (1..<9).contains($0.y) })
    }
}
