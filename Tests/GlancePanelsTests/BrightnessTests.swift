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
