import GlancePanels
import GlanceTesting
import Testing

/// Issue 20: the SH1107 of the 1.12" 128×128 modules.
@Suite struct SH1107Tests {
    @Test func initSequenceDecodesToTypedCommands() async throws {
        let emulator = SH1107Emulator()
        let controller = SH1107Controller(bus: I2CCommandDataBus(device: emulator))
        try await controller.initialize()
        #expect(await emulator.commands == [
            .display(on: false), .clock(0x51), .verticalAddressing(false), .contrast(0x4F), .segmentRemap(false), .comScanReversed(false),
            .startLine(0), .displayOffset(0), .dischargePrecharge(0x22), .vcomDeselect(0x35), .multiplexRatio(0x7F),
            .entireDisplayOn(false), .inverse(false),
        ])
        #expect(await emulator.multiplex == 128)
        #expect(await !emulator.displayOn, "dark until the first frame is in RAM")
    }

    @Test func sh1106BytesAreDecodedTheWayAnSH1107Would() async throws {
        let emulator = SH1107Emulator()
        // An SH1106 start line (40) is no command; DC takes a parameter; 20/21 switch addressing; B8 is page 8.
        try await emulator.write([0x00, 0x40, 0xDC, 0x05, 0x21, 0xB8, 0x17, 0x0F])
        #expect(await emulator.commands == [.unknown(0x40), .startLine(5), .verticalAddressing(true), .page(8), .columnHigh(7), .columnLow(15)])
        #expect(await emulator.column == 127)
        #expect(await emulator.page == 8)
    }

    @Test func pointersWrapAt128ColumnsAnd16Pages() async throws {
        let emulator = SH1107Emulator()
        try await emulator.write([0x00, 0xB3, 0x17, 0x0E])   // page 3, column 126
        try await emulator.write([0x40, 1, 2, 3])
        var ram = await emulator.ram
        #expect([ram[3 * 128 + 126], ram[3 * 128 + 127], ram[3 * 128 + 0]] == [1, 2, 3])
        #expect(await emulator.page == 3, "page addressing never advances the page")
        try await emulator.write([0x00, 0x21, 0xBE, 0x10, 0x05])   // vertical, page 14, column 5
        try await emulator.write([0x40, 7, 8, 9])
        ram = await emulator.ram
        #expect([ram[14 * 128 + 5], ram[15 * 128 + 5], ram[0 * 128 + 5]] == [7, 8, 9])
        #expect(await emulator.column == 5, "vertical addressing keeps the column")
        // All 16 pages in the RAM image: byte 1 at page 3 is row 24, byte 8 at page 15 row 123.
        let image = await emulator.ramImage
        #expect(image.size == Size(width: 128, height: 128) && image[126, 24] == 255 && image[5, 123] == 255 && image[5, 122] == 0)
    }

    @Test func startLineAndOffsetMoveThePictureSidewaysAndRemapsMirror() async throws {
        let emulator = SH1107Emulator()
        let controller = SH1107Controller(bus: I2CCommandDataBus(device: emulator))
        let pipeline = PanelPipeline(controller: controller, clock: ManualClock(), settings: .init(monoConversion: .threshold))
        var picture = Bitmap(width: 128, height: 128)
        picture.fill(Rect(x: 10, y: 20, width: 3, height: 5), value: 255)
        _ = await pipeline.show(picture)
        #expect(await emulator.shownImage == picture)
        try await emulator.write([0x00, 0xDC, 0x04])             // column 4 on COM0: four pixels left
        var moved = Bitmap(width: 128, height: 128)
        moved.fill(Rect(x: 6, y: 20, width: 3, height: 5), value: 255)
        #expect(await emulator.shownImage == moved)
        try await emulator.write([0x00, 0xDC, 0x00, 0xA1])       // segment remap: top-bottom mirror
        var mirrored = Bitmap(width: 128, height: 128)
        mirrored.fill(Rect(x: 10, y: 103, width: 3, height: 5), value: 255)
        #expect(await emulator.shownImage == mirrored)
    }
}
