import GlancePanels
import GlanceTesting
import Testing

@Suite struct CaptureTests {
    @Test func captureThenReplayGivesIdenticalGlass() async throws {
        let log = CaptureLog()
        let live = SSD1306Emulator()
        let controller = SSD1306Controller(bus: I2CCommandDataBus(device: CapturingI2CDevice(live, log: log)))
        let pipeline = PanelPipeline(controller: controller, clock: ManualClock())
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 5)
        var picture = generator.randomPicture()
        for _ in 0..<30 {
            picture = generator.next(after: picture)
            _ = await pipeline.show(picture)
        }
        await pipeline.setBrightness(.dimmest)
        let text = await log.text
        #expect(text.hasPrefix("i2c 1 3c w 00 ae d5 80 a8 3f d3 00 40 8d 14 20 00 a1 c8 da 12 81 cf d9 f1 db 40 a4 a6 2e\n"))

        let replayed = SSD1306Emulator()
        try await CaptureReplayer(i2cDevices: [replayed]).replay("# recorded by a test\n\n" + text)
        #expect(await replayed.glass == live.glass)
        #expect(await replayed.ram == live.ram)
        #expect(await replayed.commands == live.commands)
        #expect(await replayed.shownImage == pipeline.expectedGlass(for: picture))
    }

    @Test func spiAndGPIORecordsRoundTrip() throws {
        let text = """
        spi 0.0 c 12          # software reset
        spi 0.0 d ff 00 a5
        gpio rst 0
        i2c 1 3d w 40 01
        """
        let records = try CaptureRecord.parse(text).map(\.record)
        #expect(records == [
            .spi(bus: 0, chipSelect: 0, data: false, bytes: [0x12]), .spi(bus: 0, chipSelect: 0, data: true, bytes: [0xFF, 0x00, 0xA5]),
            .gpio(line: "rst", active: false), .i2c(bus: 1, address: 0x3D, bytes: [0x40, 0x01]),
        ])
        #expect(records.map(\.description) == ["spi 0.0 c 12", "spi 0.0 d ff 00 a5", "gpio rst 0", "i2c 1 3d w 40 01"])
    }

    @Test(arguments: [
        ("i2c 1 3c w 00 ae\nspi 0 c 12", 2, "bad SPI device `0`; expected BUS.CS such as 0.0"),
        ("# ok\ni2c 1 3c w 0g", 2, "bad byte `0g`; expected two hex digits"),
        ("\n\ni2c 1 3c r 01", 3, "unsupported I2C direction `r`; captures record writes (`w`) only"),
        ("gpio dc 2", 1, "bad GPIO level `2`; expected 0 or 1"),
        ("uart 0 12", 1, "unknown transfer kind `uart`; expected i2c, spi or gpio"),
        ("i2c 1 9c w 00", 1, "bad 7-bit I2C address `9c` (hex, 00–7f)"),
    ])
    func parseErrorsNameTheLine(text: String, line: Int, message: String) {
        #expect(throws: CaptureParseError(line: line, message: message)) { try CaptureRecord.parse(text) }
    }

    @Test func replayWithoutATargetNamesTheLine() async {
        await #expect(throws: CaptureReplayError(line: 2, message: "no I2C device at 3d to replay into")) {
            try await CaptureReplayer(i2cDevices: [SSD1306Emulator()]).replay("i2c 1 3c w 00 ae\ni2c 1 3d w 00 ae")
        }
    }
}
