import GlancePanels
import GlanceTesting
import Testing

/// Issue 20: the SSD1681 of the 1.54" 200×200 e-paper boards, driven by the SSD1680-family
/// controller with its own RAM size and driver output.
@Suite struct SSD1681Tests {
    @Test func initSequenceSetsTwoHundredGatesAndNoSourceOffset() async throws {
        let rig = EInkRig(model: .ssd1681_200x200)
        try await rig.controller.initialize()
        #expect(await rig.emulator.commands == [
            .softwareReset, .driverOutput(lastGate: 199, scan: 0), .dataEntryMode(0x03), .borderWaveform(0x05), .temperatureSensor(0x80),
        ])
        #expect(rig.controller.panel.size == Size(width: 200, height: 200))
        #expect(await rig.emulator.bytesWhileBusy == 0)
    }

    @Test func partialRefreshWritesTheByteAlignedWindowOfThe25ByteRows() async throws {
        let rig = EInkRig(model: .ssd1681_200x200)
        let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock, settings: .init(monoConversion: .threshold))
        var picture = Bitmap(width: 200, height: 200, value: 255)
        _ = await pipeline.show(picture)
        #expect(await rig.emulator.fullRefreshes == 1)
        picture.fill(Rect(x: 190, y: 180, width: 10, height: 20), value: 0)
        guard case let .written(regions, _) = await pipeline.show(picture) else { Issue.record("no write"); return }
        #expect(regions == [Rect(x: 184, y: 180, width: 16, height: 20)])
        #expect(await rig.emulator.xRange == 23...24)
        #expect(await rig.emulator.yRange == 180...199)
        #expect(await rig.emulator.partialRefreshes == 1)
        #expect(await rig.emulator.partialRefreshesWithStaleOldImage == 0)
        #expect(await rig.emulator.glass == picture)
    }

    @Test func aDayOfChangesKeepsTheGlassEqualToTheSource() async {
        let rig = EInkRig(model: .ssd1681_200x200)
        let display = rig.display(partialRefreshesBeforeFull: 4)
        let pipeline = display.pipeline
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 1681)
        var picture = generator.randomPicture()
        for step in 0..<15 {
            picture = generator.next(after: picture)
            let outcome = await display.show(picture, state: .active)
            #expect(!outcome.isFailed)
            #expect(await rig.emulator.glass == pipeline.expectedGlass(for: picture.inverted()), "after step \(step)")
        }
        #expect(await rig.emulator.worstGhosting <= 4)
        #expect(await rig.emulator.partialRefreshes > 0)
        #expect(await rig.emulator.partialRefreshesWithStaleOldImage == 0)
    }
}
