import GlancePanels
import GlanceTesting
import Testing

@Suite struct SSD1306EmulatorTests {
    @Test func initSequenceDecodesToTypedCommandsAndRegisters() async throws {
        let emulator = SSD1306Emulator()
        let controller = SSD1306Controller(bus: I2CCommandDataBus(device: emulator))
        try await controller.initialize()
        #expect(await emulator.commands == [
            .display(on: false), .clock(divide: 0, frequency: 8), .multiplexRatio(63), .displayOffset(0), .startLine(0),
            .chargePump(0x14), .addressingMode(.horizontal), .segmentRemap(true), .comScanReversed(true), .comPins(0x12),
            .contrast(0xCF), .precharge(phase1: 1, phase2: 15), .vcomhDeselect(0x40), .entireDisplayOn(false), .inverse(false),
            .scrolling(false),
        ])
        // The known-good bytes (Docs/Panels.md, "SSD1306 family"), minus the final AF (sent after the first write).
        #expect(SSD1306Command.bytes(await controller.initializationSequence) ==
            [0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0x8D, 0x14, 0x20, 0x00, 0xA1, 0xC8, 0xDA, 0x12, 0x81, 0xCF,
             0xD9, 0xF1, 0xDB, 0x40, 0xA4, 0xA6, 0x2E])
        #expect(await emulator.addressingMode == .horizontal)
        #expect(await emulator.multiplex == 64)
        #expect(await emulator.displayOn == false)
        let frame = Bitmap(width: 128, height: 64)
        try await controller.write(frame, regions: [frame.bounds])
        #expect(await emulator.commands.last == .display(on: true))
        #expect(await emulator.isLit)
    }

    @Test(arguments: SSD1306Controller.Model.all)
    func everyModelInitialisesToItsRegisters(model: SSD1306Controller.Model) async throws {
        let emulator = SSD1306Emulator(configuration: .init(model: model))
        let controller = SSD1306Controller(bus: I2CCommandDataBus(device: emulator), model: model)
        try await controller.initialize()
        #expect(await emulator.commands == model.initialization)
        #expect(!(await emulator.commands.contains { if case .unknown = $0 { true } else { false } }))
        #expect(await emulator.comPins == model.comPins)
        #expect(await emulator.segmentRemap)
        #expect(await emulator.comScanReversed)
    }

    @Test func parametersAreCollectedAcrossTransactions() async throws {
        let emulator = SSD1306Emulator()
        try await emulator.write([0x00, 0x81])
        try await emulator.write([0x00, 0x20])
        try await emulator.write([0x80, 0xA8, 0x80, 0x1F])
        #expect(await emulator.commands == [.contrast(0x20), .multiplexRatio(0x1F)])
        #expect(await emulator.contrast == 0x20)
        // C0 control: one data byte, then another control byte.
        try await emulator.write([0x00, 0x21, 0x05, 0x06, 0x22, 0x00, 0x00, 0x20, 0x00])
        try await emulator.write([0xC0, 0xAA, 0xC0, 0xBB, 0x40, 0xCC])
        #expect(Array(await emulator.ram[5...6]) == [0xCC, 0xBB])
    }

    @Test func horizontalModeWrapsColumnThenPage() async throws {
        let emulator = SSD1306Emulator()
        try await emulator.write([0x00, 0x20, 0x00, 0x21, 10, 11, 0x22, 2, 3])
        try await emulator.write([0x40, 1, 2, 3, 4, 5])
        let ram = await emulator.ram
        #expect([ram[2 * 128 + 10], ram[2 * 128 + 11], ram[3 * 128 + 10], ram[3 * 128 + 11], ram[2 * 128 + 10]] == [5, 2, 3, 4, 5])
        #expect(await emulator.page == 2)
        #expect(await emulator.column == 11)
    }

    @Test func verticalModeWrapsPageThenColumn() async throws {
        let emulator = SSD1306Emulator()
        try await emulator.write([0x00, 0x20, 0x01, 0x21, 10, 11, 0x22, 2, 3])
        try await emulator.write([0x40, 1, 2, 3, 4])
        let ram = await emulator.ram
        #expect([ram[2 * 128 + 10], ram[3 * 128 + 10], ram[2 * 128 + 11], ram[3 * 128 + 11]] == [1, 2, 3, 4])
        #expect(await emulator.page == 2)
        #expect(await emulator.column == 10)
    }

    @Test func pageModeWrapsColumnAndKeepsPage() async throws {
        let emulator = SSD1306Emulator()
        try await emulator.write([0x00, 0x20, 0x02, 0xB5, 0x0E, 0x17])   // page 5, column 0x7E
        try await emulator.write([0x40, 1, 2, 3])
        let ram = await emulator.ram
        #expect([ram[5 * 128 + 126], ram[5 * 128 + 127], ram[5 * 128 + 0]] == [1, 2, 3])
        #expect(await emulator.page == 5)
    }

    @Test func glassAppliesRemapInverseEntireOnAndDisplayOff() async throws {
        let emulator = SSD1306Emulator(configuration: .init(width: 128, height: 32, wiredComPins: 0x02))
        // Pump on, 32 rows, sequential COM pins, horizontal mode, upright mounting.
        try await emulator.write([0x00, 0x8D, 0x14, 0xA8, 0x1F, 0xDA, 0x02, 0x20, 0x00, 0xA1, 0xC8, 0x21, 0, 127, 0x22, 0, 7])
        try await emulator.write([0x40] + [0x01] + [UInt8](repeating: 0, count: 1023))   // pixel (0, 0) lit
        #expect(await emulator.shownImage.litBounds() == .zero)                          // display still off
        try await emulator.write([0x00, 0xAF])
        #expect(await emulator.shownImage.litBounds() == Rect(x: 0, y: 0, width: 1, height: 1))
        try await emulator.write([0x00, 0xA0, 0xC0])                                      // hardware half turn
        #expect(await emulator.shownImage.litBounds() == Rect(x: 127, y: 31, width: 1, height: 1))
        try await emulator.write([0x00, 0xA1, 0xC8, 0x41])                                // start line 1: row 0 scrolls out
        #expect(await emulator.shownImage.litBounds() == .zero)
        try await emulator.write([0x00, 0x40, 0xA7])                                      // inverse
        #expect(await emulator.shownImage.pixels.filter { $0 == 0 }.count == 1)
        try await emulator.write([0x00, 0xA6, 0xA5])                                      // entire display on
        #expect(await emulator.shownImage.pixels.allSatisfy { $0 == 255 })
        try await emulator.write([0x00, 0xA4, 0xDA, 0x12])                                // wrong COM pins: rows interleave
        #expect(await emulator.shownImage.litBounds() != Rect(x: 0, y: 0, width: 1, height: 1))
        try await emulator.write([0x00, 0xDA, 0x02, 0x8D, 0x10])                          // pump off: dark
        #expect(await emulator.shownImage.litBounds() == .zero)
    }

    @Test func scrollingCommandsAreDecodedAndRecorded() async throws {
        let emulator = SSD1306Emulator()
        try await emulator.write([0x00, 0x26, 0x00, 0x00, 0x07, 0x07, 0x00, 0xFF, 0x29, 0, 0, 7, 7, 1, 0xA3, 0, 64, 0x2F, 0x2E, 0xE3])
        #expect(await emulator.commands == [
            .horizontalScroll(left: false, parameters: [0, 0, 7, 7, 0, 0xFF]),
            .verticalHorizontalScroll(left: false, parameters: [0, 0, 7, 7, 1]),
            .verticalScrollArea(fixedRows: 0, scrollRows: 64), .scrolling(true), .scrolling(false), .nop,
        ])
    }

    @Test func ssd1309IgnoresChargePumpSoItsParameterIsAColumnCommand() async throws {
        let emulator = SSD1306Emulator(configuration: .init(variant: .ssd1309, needsChargePump: false))
        try await emulator.write([0x00, 0x8D, 0x14, 0xFD, 0x12, 0xAD, 0x30])
        #expect(await emulator.commands == [.unknown(0x8D), .columnHigh(4), .commandLock(0x12), .unknown(0xAD), .unknown(0x30)])
    }
}
