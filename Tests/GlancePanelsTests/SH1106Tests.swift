import GlancePanels
import GlanceTesting
import Testing

@Suite struct SH1106Tests {
    @Test func initSequenceDecodesToTypedCommands() async throws {
        let emulator = SH1106Emulator(columnOffset: 2)
        let controller = SH1106Controller(bus: I2CCommandDataBus(device: emulator), columnOffset: 2)
        try await controller.initialize()
        #expect(await emulator.commands == [
            .display(on: false), .clock(0x80), .multiplexRatio(0x3F), .displayOffset(0), .startLine(0), .dcdc(0x8B),
            .pumpVoltage(2), .segmentRemap(true), .comScanReversed(true), .comPins(0x12), .contrast(0xCF),
            .dischargePrecharge(0x1F), .vcomDeselect(0x40), .entireDisplayOn(false), .inverse(false),
        ])
        #expect(await emulator.segmentRemap)
        #expect(await emulator.comScanReversed)
        #expect(await emulator.multiplex == 64)
    }

    @Test func ssd1306BytesAreDecodedTheWayAnSH1106Would() async throws {
        let emulator = SH1106Emulator()
        // 20 00: two column commands; 21 00 7F: column, column, start line 63; 8D 14: ignored, then a column command.
        try await emulator.write([0x00, 0x20, 0x00, 0x21, 0x00, 0x7F, 0x8D, 0x14])
        #expect(await emulator.commands == [
            .columnHigh(0), .columnLow(0), .columnHigh(1), .columnLow(0), .startLine(0x3F), .unknown(0x8D), .columnHigh(4),
        ])
        #expect(await emulator.column == 0x40)
        #expect(await emulator.startLine == 63)
    }

    @Test func pageNeverAdvancesAndColumnWrapsAt132() async throws {
        let emulator = SH1106Emulator()
        try await emulator.write([0x00, 0xB3, 0x02, 0x18])   // page 3, column 0x82 = 130
        try await emulator.write([0x40, 1, 2, 3])
        let ram = await emulator.ram
        #expect([ram[3 * 132 + 130], ram[3 * 132 + 131], ram[3 * 132 + 0]] == [1, 2, 3])
        #expect(await emulator.page == 3)
        try await emulator.write([0x00, 0xE0, 0x40, 0xC0, 9, 0x00, 0xEE])
        #expect(await emulator.column == 1)
    }

    @Test(arguments: [0, 2, 4])
    func columnOffsetPlacesTheImage(offset: Int) async throws {
        let emulator = SH1106Emulator(columnOffset: offset)
        let controller = SH1106Controller(bus: I2CCommandDataBus(device: emulator), columnOffset: offset)
        try await controller.initialize()
        var frame = Bitmap(width: 128, height: 64)
        frame[0, 0] = 255
        frame[127, 63] = 255
        try await controller.write(frame, regions: [frame.bounds])
        #expect(await emulator.shownImage == frame)
        #expect(await emulator.ram[offset] == 1)
    }
}
