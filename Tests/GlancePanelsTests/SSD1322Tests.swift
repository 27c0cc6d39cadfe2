import GlancePanels
import GlanceTesting
import Testing

extension OLEDSetup {
    /// An SSD1322 module behind its SPI lines.
    static func ssd1322(log: CaptureLog? = nil) -> PanelHarness {
        let emulator = SSD1322Emulator()
        let front = FourWireSPIFront(emulator)
        var spi: any SPIDevice = front.spi, dc: any OutputLine = front.dataCommandLine
        if let log {
            spi = CapturingSPIDevice(spi, log: log)
            dc = CapturingOutputLine(dc, isDataCommand: true, log: log)
        }
        let controller = SSD1322Controller(bus: SPICommandDataBus(device: spi, dataCommand: dc),
                                           reset: ResetLine(line: front.resetLine, clock: ManualClock()))
        return PanelHarness(name: "SSD1322 256×64", controller: controller, shown: { await emulator.shownImage },
                            glass: { await emulator.glass }, traffic: { await front.traffic })
    }
}

/// Issue 20: the SSD1322 of the 3.12" 256×64 gray modules.
@Suite struct SSD1322Tests {
    @Test func initSendsOpcodesAsCommandsAndParametersAsData() async throws {
        let log = CaptureLog()
        let harness = OLEDSetup.ssd1322(log: log)
        try await harness.controller.initialize()
        let records = try CaptureRecord.parse(await log.text).map(\.record)
        // FD 12: the opcode with D/C low, its parameter with D/C high; AE alone.
        #expect(Array(records.prefix(3)) == [.spi(bus: 0, chipSelect: 0, data: false, bytes: [0xFD]), .spi(bus: 0, chipSelect: 0, data: true, bytes: [0x12]),
                                             .spi(bus: 0, chipSelect: 0, data: false, bytes: [0xAE])])
        let emulator = SSD1322Emulator()
        let front = FourWireSPIFront(emulator)
        try await SSD1322Controller(bus: SPICommandDataBus(device: front.spi, dataCommand: front.dataCommandLine)).initialize()
        #expect(await emulator.commands == [
            .commandLock(0x12), .display(on: false), .clock(0x91), .multiplexRatio(0x3F), .displayOffset(0), .startLine(0), .remap(0x14, 0x11),
            .gpio(0), .functionSelect(0x01), .enhancementA(0xA0, 0xFD), .contrast(0x9F), .masterContrast(0x0F), .linearGrayTable,
            .phaseLength(0xE2), .enhancementB(0xA2, 0x20), .prechargeVoltage(0x1F), .secondPrecharge(0x08), .vcomh(0x07),
            .displayMode(.normal), .exitPartialDisplay,
        ])
        #expect(await emulator.multiplex == 64)
    }

    @Test func theWindowSitsAtColumn28AndTheLeftPixelIsTheHighNibble() async throws {
        let emulator = SSD1322Emulator()
        let front = FourWireSPIFront(emulator)
        let bus = SPICommandDataBus(device: front.spi, dataCommand: front.dataCommandLine)
        try await SSD1322Controller(bus: bus).initialize()
        // Column address 28 is glass pixels 0–3; 0xF0 0x5A lights pixel 0 fully, 2 at level 5, 3 at 10.
        try await bus.sendCommands([0xAF, 0x15]); try await bus.sendData([28, 28])
        try await bus.sendCommands([0x75]); try await bus.sendData([3, 3])
        try await bus.sendCommands([0x5C]); try await bus.sendData([0xF0, 0x5A])
        let shown = await emulator.shownImage
        #expect([shown[0, 3], shown[1, 3], shown[2, 3], shown[3, 3]] == [255, 0, 5 * 17, 10 * 17])
        #expect(await emulator.column == 28, "the window wraps to its start")
        #expect(await emulator.row == 3)
        // Nibble remap off reverses the four pixels of a column address.
        try await bus.sendCommands([0xA0]); try await bus.sendData([0x10, 0x11])
        let reversed = await emulator.shownImage
        #expect([reversed[0, 3], reversed[1, 3], reversed[2, 3], reversed[3, 3]] == [10 * 17, 5 * 17, 0, 255])
    }

    @Test func aLockedChipObeysOnlyTheUnlock() async throws {
        let emulator = SSD1322Emulator()
        let front = FourWireSPIFront(emulator)
        let bus = SPICommandDataBus(device: front.spi, dataCommand: front.dataCommandLine)
        try await bus.sendCommands([0xFD]); try await bus.sendData([0x16])
        try await bus.sendCommands([0xAF, 0xC1]); try await bus.sendData([0x10])
        #expect(await !emulator.displayOn)
        #expect(await emulator.contrast == 0x7F)
        try await bus.sendCommands([0xFD]); try await bus.sendData([0x12])
        try await bus.sendCommands([0xAF])
        #expect(await emulator.displayOn)
    }

    @Test(arguments: PanelRotation.allCases)
    func glassEqualsTheQuantizedSource(rotation: PanelRotation) async {
        await PipelinePropertyTests.run(OLEDSetup.ssd1322(), rotation: rotation, conversion: .threshold, seed: 1322 + UInt64(rotation.rawValue), sequences: 12)
    }

    @Test func theHalfTurnInHardwareEqualsTheSoftwareRotation() async {
        let hardware = OLEDSetup.ssd1322(), software = OLEDSetup.ssd1322()
        let clock = ManualClock()
        let a = PanelPipeline(controller: hardware.controller, clock: clock, settings: .init(rotation: .half))
        let b = PanelPipeline(controller: software.controller, clock: clock, settings: .init(rotation: .half, useHardwareFlip: false))
        var generator = FrameGenerator(size: a.pictureSize, seed: 2231)
        let picture = generator.randomPicture()
        _ = await a.show(picture)
        _ = await b.show(picture)
        #expect(await hardware.shown() == software.shown())
        #expect(await hardware.shown() == a.expectedGlass(for: picture))
    }

    @Test func brightnessDimsTheGlass() async {
        let harness = OLEDSetup.ssd1322()
        let pipeline = PanelPipeline(controller: harness.controller, clock: ManualClock())
        _ = await pipeline.show(Bitmap(width: 256, height: 64, value: 255))
        var levels = [UInt8]()
        for level in [BrightnessLevel.normal, .dim, .dimmest] {
            await pipeline.setBrightness(level)
            levels.append(await harness.glass().pixels.max() ?? 0)
        }
        #expect(levels[0] > levels[1] && levels[1] > levels[2] && levels[2] > 0, "\(levels)")
        await pipeline.setBrightness(.off)
        #expect(await harness.glass().pixels.max() == 0)
    }
}
