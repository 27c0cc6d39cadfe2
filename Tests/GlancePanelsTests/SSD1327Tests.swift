import GlancePanels
import GlanceTesting
import Testing

extension OLEDSetup {
    /// An SSD1327 harness with the given nibble order.
    static func ssd1327(_ order: SSD1327Controller.NibbleOrder, wrap: (any I2CDevice) -> any I2CDevice = { $0 }) -> PanelHarness {
        let emulator = SSD1327Emulator()
        let controller = SSD1327Controller(bus: I2CCommandDataBus(device: wrap(emulator)), nibbleOrder: order)
        return PanelHarness(name: "SSD1327 \(order)", controller: controller, shown: { await emulator.shownImage },
                            glass: { await emulator.glass }, traffic: { await emulator.traffic })
    }
}

@Suite struct SSD1327Tests {
    @Test func initSequenceDecodesToTypedCommandsAndRegisters() async throws {
        let emulator = SSD1327Emulator()
        let controller = SSD1327Controller(bus: I2CCommandDataBus(device: emulator))
        try await controller.initialize()
        #expect(await emulator.commands == [
            .display(on: false), .contrast(0x80), .columnRange(start: 0, end: 63), .rowRange(start: 0, end: 127),
            .remap([.columnRemap, .nibbleRemap, .comRemap, .comSplit]), .startLine(0), .displayOffset(0), .displayMode(.normal),
            .multiplexRatio(127), .phaseLength(0x55), .linearGrayTable, .clock(0x01), .functionSelectA(0x01),
            .secondPrecharge(0x01), .prechargeVoltage(0x08), .vcomh(0x07), .functionSelectB(0x62),
        ])
        #expect(await emulator.remap.rawValue == 0x53)
        // The known-good bytes of Docs/Panels.md, "SSD1327" (display-off first, display-on after the first write).
        #expect(SSD1327Command.bytes(await controller.initializationSequence) == [0xAE, 0x81, 0x80, 0x15, 0x00, 0x3F, 0x75, 0x00, 0x7F,
            0xA0, 0x53, 0xA1, 0x00, 0xA2, 0x00, 0xA4, 0xA8, 0x7F, 0xB1, 0x55, 0xB9, 0xB3, 0x01, 0xAB, 0x01, 0xB6, 0x01, 0xBC, 0x08,
            0xBE, 0x07, 0xD5, 0x62])
    }

    @Test func nibbleOrderAndWindowsPlacePixels() async throws {
        let emulator = SSD1327Emulator()
        // Display on, A0 51: high nibble left; window 2×2 bytes at byte column 3, row 10.
        try await emulator.write([0x00, 0xAF, 0xA0, 0x51, 0x15, 3, 4, 0x75, 10, 11])
        try await emulator.write([0x40, 0xF0, 0x00, 0x00, 0x0A])
        let shown = await emulator.shownImage
        #expect(shown[6, 10] == 255 && shown[7, 10] == 0 && shown[9, 11] == 170)
        #expect(await emulator.row == 10)
        #expect(await emulator.column == 3)
        try await emulator.write([0x00, 0xA0, 0x53])                          // low nibble left now
        #expect(await emulator.shownImage[7, 10] == 255)
        try await emulator.write([0x00, 0xA0, 0x57, 0x15, 0, 0, 0x75, 0, 1])  // vertical increment
        try await emulator.write([0x40, 0x01, 0x02, 0x03])
        let ram = await emulator.ram
        #expect(ram[0] == 0x03 && ram[64] == 0x02)
    }

    @Test func grayTableAndContrastShapeTheGlass() async throws {
        let emulator = SSD1327Emulator()
        try await emulator.write([0x00, 0xAF, 0xA0, 0x53, 0x15, 0, 0, 0x75, 0, 0])
        try await emulator.write([0x40, 0xF8])                                  // levels 8 and 15
        let linear = await emulator.glass
        #expect(linear[0, 0] < linear[1, 0])
        try await emulator.write([0x00, 0xB8] + [UInt8](repeating: 30, count: 15))   // every level full
        let flat = await emulator.glass
        #expect(flat[0, 0] == flat[1, 0])
        try await emulator.write([0x00, 0xA7])                                  // inverse
        #expect(await emulator.shownImage[0, 0] == 7 * 17)
        #expect(await emulator.commands.contains(.grayTable([UInt8](repeating: 30, count: 15))))
    }

    @Test(arguments: SSD1327Controller.NibbleOrder.allCases, PanelRotation.allCases)
    func glassEqualsTheQuantizedSource(order: SSD1327Controller.NibbleOrder, rotation: PanelRotation) async {
        await PipelinePropertyTests.run(OLEDSetup.ssd1327(order), rotation: rotation, conversion: .threshold,
                                        seed: UInt64(rotation.rawValue) &+ (order == .lowNibbleLeft ? 1 : 2), sequences: 15)
    }

    @Test func brightnessDimsTheGlass() async {
        let harness = OLEDSetup.ssd1327(.lowNibbleLeft)
        let pipeline = PanelPipeline(controller: harness.controller, clock: ManualClock())
        _ = await pipeline.show(Bitmap(width: 128, height: 128, value: 255))
        var levels = [UInt8]()
        for level in [BrightnessLevel.normal, .dim, .dimmest] {
            await pipeline.setBrightness(level)
            levels.append(await harness.glass().pixels.max() ?? 0)
        }
        #expect(levels[0] > levels[1] && levels[1] > levels[2] && levels[2] > 0, "\(levels)")
        await pipeline.setBrightness(.off)
        #expect(await harness.glass().pixels.max() == 0)
    }

    @Test func oneDigitCostsOneSmallWindow() async {
        let cost = await UpdateCase.oneDigit.measure(OLEDSetup.ssd1327(.lowNibbleLeft))
        // 14 rows × 5 or 6 bytes, one window: 8 + 84.
        #expect(cost.bytes <= 8 + 14 * 6 && cost.transactions <= 2, "\(cost)")
        let full = await UpdateCase.fullChange.measure(OLEDSetup.ssd1327(.lowNibbleLeft))
        #expect(full.bytes <= 8192 + 9 && full.transactions <= 3, "\(full)")
    }
}
