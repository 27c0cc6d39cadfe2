import GlancePanels
import GlanceTesting
import Testing

@Suite struct BrightnessTests {
    @Test(arguments: OLEDSetup.all)
    func levelsDimTheGlassAndOffKeepsRAMCurrent(setup: OLEDSetup) async {
        let harness = setup.make()
        let pipeline = PanelPipeline(controller: harness.controller, clock: ManualClock())
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 9)
        let picture = generator.randomPicture()
        _ = await pipeline.show(picture)
        var levels = [UInt8]()
        for level in [BrightnessLevel.normal, .dim, .dimmest] {
            await pipeline.setBrightness(level)
            levels.append(await harness.glass().pixels.max() ?? 0)
        }
        #expect(levels[0] > levels[1] && levels[1] > levels[2] && levels[2] > 0, "\(levels)")
        await pipeline.setBrightness(.off)
        #expect(await harness.glass().pixels.max() == 0)
        // While off, RAM follows the pictures; turning on shows the latest one at once.
        let later = generator.next(after: generator.randomPicture())
        _ = await pipeline.show(later)
        #expect(await harness.glass().pixels.max() == 0)
        await pipeline.setBrightness(.dim)
        #expect(await harness.shown() == pipeline.expectedGlass(for: later))
        #expect(await harness.glass().pixels.max() == levels[1])
    }

    /// Issue 18: the SSD1315's dimmest level lowers its internal current reference too
    /// (`AD 10`, 19 µA instead of 30), and every brighter level sets it back.
    @Test func theSSD1315sDimmestLevelLowersItsCurrentReference() async throws {
        let model = SSD1306Controller.Model.ssd1315_128x64
        let emulator = SSD1306Emulator(configuration: .init(model: model))
        let bus = I2CCommandDataBus(device: emulator)
        let controller = SSD1306Controller(bus: bus, model: model)
        try await controller.initialize()
        var frame = Bitmap(width: 128, height: 64)
        frame.fill(Rect(x: 0, y: 0, width: 8, height: 8), value: 255)
        try await controller.write(frame, regions: [frame.bounds])
        #expect(await emulator.internalReference == 0x30, "the init sequence selects the internal 30 µA reference")
        // The emulator's glass follows the reference: 19/30 of the light at the same contrast.
        let normal = Int(await emulator.glass.pixels.max() ?? 0)
        try await bus.sendCommands([0xAD, 0x10])
        let lowered = Int(await emulator.glass.pixels.max() ?? 0)
        #expect(abs(lowered - normal * 19 / 30) <= 1, "\(lowered) against \(normal)")
        try await bus.sendCommands([0xAD, 0x30])

        try await controller.setBrightness(.dimmest)
        #expect(await emulator.internalReference == 0x10)
        #expect(abs(controller.light(at: .dimmest) - OLEDLuminance.light(contrast: 0, prechargeClocks: 1, vcomh: 0) * 19 / 30) < 1e-12)
        try await controller.setBrightness(.dim)
        #expect(await emulator.internalReference == 0x30)
        // The SSD1306 has no such register: nothing is sent for it.
        #expect(SSD1306Controller.Model.ssd1306_128x64.drive.values.allSatisfy { $0.internalReference == nil })
    }

    @Test func sleepAndWakeKeepThePicture() async throws {
        let emulator = SSD1306Emulator()
        let controller = SSD1306Controller(bus: I2CCommandDataBus(device: emulator))
        try await controller.initialize()
        var frame = Bitmap(width: 128, height: 64)
        frame.fill(Rect(x: 3, y: 5, width: 20, height: 9), value: 255)
        try await controller.write(frame, regions: [frame.bounds])
        try await controller.sleep()
        #expect(await emulator.displayOn == false)
        try await controller.wake()
        #expect(await emulator.shownImage == frame)
    }
}
