import GlancePanels
import GlanceTesting
import Testing

/// Issue 20: SSD1306 and SSD1309 modules with a 4-wire SPI interface (the 7-pin 0.96" and
/// 2.42" boards): commands and their parameters with D/C low, display data with D/C high,
/// a reset pulse on RST before the init sequence.
@Suite struct SPIOLEDTests {
    struct Rig {
        let clock = ManualClock()
        let emulator: SSD1306Emulator
        let front: FourWireSPIFront<SSD1306Emulator>
        let log = CaptureLog()
        let controller: SSD1306Controller

        init(model: SSD1306Controller.Model) {
            emulator = SSD1306Emulator(configuration: .init(model: model))
            front = FourWireSPIFront(emulator)
            let bus = SPICommandDataBus(device: CapturingSPIDevice(front.spi, log: log),
                                        dataCommand: CapturingOutputLine(front.dataCommandLine, isDataCommand: true, log: log))
            controller = SSD1306Controller(bus: bus, model: model, reset: ResetLine(line: CapturingOutputLine(front.resetLine, log: log), clock: clock))
        }
    }

    @Test(arguments: [SSD1306Controller.Model.ssd1306_128x64, .ssd1309_128x64])
    func initPulsesResetThenSendsTheI2CSequenceAsCommandBytes(model: SSD1306Controller.Model) async throws {
        let rig = Rig(model: model)
        try await rig.controller.initialize()
        #expect(await rig.front.resets == 1)
        #expect(await rig.front.bytesDuringReset == 0)
        // The same typed commands an I2C module receives, parameters included.
        let i2c = SSD1306Emulator(configuration: .init(model: model))
        try await SSD1306Controller(bus: I2CCommandDataBus(device: i2c), model: model).initialize()
        let expected = await i2c.commands
        #expect(await rig.emulator.commands == expected)
        // On the wire: RST pulsed (hold 10 ms, recovery 10 ms on the clock), then command bytes only (D/C low).
        let records = try CaptureRecord.parse(await rig.log.text).map(\.record)
        #expect(records.prefix(2) == [.gpio(line: "rst", active: true), .gpio(line: "rst", active: false)])
        let transfers = records.compactMap { record -> (Bool, [UInt8])? in
            if case let .spi(_, _, data, bytes) = record { return (data, bytes) }
            return nil
        }
        #expect(!transfers.isEmpty && transfers.allSatisfy { !$0.0 })
        #expect(transfers.flatMap(\.1) == SSD1306Command.bytes(expected))
        #expect(rig.clock.sleeps.prefix(2) == [.milliseconds(10), .milliseconds(10)])
        // Energy: the same panel figures, the wire time of SPI (it was charged at I2C's rate).
        let overI2C = SSD1306Controller(bus: I2CCommandDataBus(device: i2c), model: model).powerModel
        #expect(rig.controller.powerModel.bus == .spi && overI2C.bus == .i2c)
        #expect(rig.controller.powerModel.oled == overI2C.oled)
    }

    @Test func aFrameArrivesAsDataAndTheGlassShowsIt() async throws {
        let rig = Rig(model: .ssd1306_128x64)
        let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock)
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 2006)
        var picture = generator.randomPicture()
        for step in 0..<20 {
            picture = generator.next(after: picture)
            let outcome = await pipeline.show(picture)
        #expect(!outcome.isFailed)
            #expect(await rig.emulator.shownImage == pipeline.expectedGlass(for: picture), "after step \(step)")
        }
        // Only the first initialisation pulsed reset.
        #expect(await rig.front.resets == 1)
        let data = try CaptureRecord.parse(await rig.log.text).map(\.record).reduce(0) { total, record in
            if case let .spi(_, _, true, bytes) = record { return total + bytes.count }
            return total
        }
        #expect(data >= 1024, "at least the first full frame went out as data")
    }

    @Test func aResetPulseReturnsTheRegistersToTheirDatasheetValues() async throws {
        let rig = Rig(model: .ssd1306_128x64)
        let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock)
        _ = await pipeline.show(Bitmap(width: 128, height: 64, value: 255))
        #expect(await rig.emulator.displayOn)
        #expect(await rig.emulator.addressingMode == .horizontal)
        let ram = await rig.emulator.ram
        try await rig.front.resetLine.set(true)
        try await rig.front.spi.write([0xAF])   // ignored: the chip is held in reset
        try await rig.front.resetLine.set(false)
        #expect(await rig.front.bytesDuringReset == 1)
        #expect(await !rig.emulator.displayOn)
        #expect(await rig.emulator.addressingMode == .page)
        #expect(await rig.emulator.contrast == 0x7F)
        #expect(await rig.emulator.chargePump == 0x10)
        #expect(await rig.emulator.ram == ram, "RAM is kept")
    }

    @Test func aParameterCutShortByResetIsDropped() async throws {
        let emulator = SSD1306Emulator()
        let front = FourWireSPIFront(emulator)
        try await front.spi.write([0x81])          // contrast, parameter still to come
        try await front.resetLine.set(true)
        try await front.resetLine.set(false)
        try await front.spi.write([0xAF])          // display on, not a contrast value
        #expect(await emulator.displayOn)
        #expect(await emulator.contrast == 0x7F)
    }
}
