import GlancePanels
import GlanceTesting
import Testing

/// Issue 20: Sharp memory LCDs (LS013B7DH03, LS027B7DH01): line-addressed frames, VCOM kept on
/// the host's clock.
@Suite struct SharpMemoryTests {
    @Test func initClearsToWhiteAndFramesCarryTheirLinesBitReversed() async throws {
        let clock = ManualClock()
        let panel = SharpMemoryEmulator(clock: clock)
        let controller = SharpMemoryController(device: panel)
        try await controller.initialize()
        #expect(await panel.glass == Bitmap(width: 128, height: 128, value: 255))
        #expect(SharpMemoryProtocol.reversed(1) == 0x80 && SharpMemoryProtocol.reversed(128) == 0x01)
        var frame = Bitmap(width: 128, height: 128)
        frame.fill(Rect(x: 0, y: 2, width: 3, height: 1), value: 255)
        try await controller.write(frame, regions: [Rect(x: 0, y: 2, width: 128, height: 1)])
        // Mode M0 with VCOM now low again, line 3 (0xC0 reversed), pixels 0–2 black, dummy, trailer.
        #expect(await panel.frames == 2)
        #expect(await panel.linesWritten == 1)
        #expect(await panel.malformedFrames == 0)
        let glass = await panel.glass
        #expect(glass[0, 2] == 0 && glass[2, 2] == 0 && glass[3, 2] == 255 && glass[0, 1] == 255)
    }

    @Test(arguments: [SharpMemoryModel.ls013b7dh03, .ls027b7dh01])
    func glassShowsTheForegroundAsInkAndOnlyChangedLinesAreSent(model: SharpMemoryModel) async {
        let clock = ManualClock()
        let panel = SharpMemoryEmulator(model: model, clock: clock)
        let pipeline = PanelPipeline(controller: SharpMemoryController(device: panel, model: model), clock: clock)
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 27)
        var picture = generator.randomPicture()
        _ = await pipeline.show(picture)
        #expect(await panel.linesWritten == model.height)
        // The whole 400×240 frame needs 240 × 52 bytes: four frames within the 4096-byte messages.
        #expect(await panel.frames == 1 + (model.height * (model.bytesPerLine + 2) + 4093) / 4094 || model.width == 128)
        for step in 0..<10 {
            let before = await panel.linesWritten
            var next = picture
            next.fill(Rect(x: 10 + step, y: 40, width: 7, height: 14), value: step.isMultiple(of: 2) ? 255 : 0)
            _ = await pipeline.show(next)
            let old = pipeline.expectedGlass(for: picture), new = pipeline.expectedGlass(for: next)
            let changedRows = Set((0..<new.height).filter { y in (0..<new.width).contains { new[$0, y] != old[$0, y] } })
            #expect(await panel.linesWritten - before == changedRows.count, "only the changed lines")
            picture = next
            #expect(await panel.glass == pipeline.expectedGlass(for: picture).inverted(), "after step \(step)")
        }
        #expect(await panel.malformedFrames == 0)
        picture = generator.randomPicture()
        _ = await pipeline.show(picture)
        #expect(await panel.glass == pipeline.expectedGlass(for: picture).inverted())
    }

    @Test func vcomAlternatesAtLeastOnceASecondWhileNothingChanges() async {
        let clock = ManualClock()
        let panel = SharpMemoryEmulator(clock: clock)
        let display = PanelDisplay(pipeline: PanelPipeline(controller: SharpMemoryController(device: panel), clock: clock), clock: clock,
                                   settings: .init(shiftPeriod: nil))
        await display.show(Bitmap(width: 128, height: 128), state: .alwaysOn)
        let frames = await panel.frames
        // A run loop: sleep until the display's next deadline, then update.
        for _ in 0..<120 {
            guard let next = await display.nextDeadline else { Issue.record("no maintenance deadline"); return }
            clock.advance(by: .seconds(max(0, next.timeIntervalSince(clock.now))))
            #expect(await display.isDue)
            await display.update()
        }
        #expect(await panel.frames == frames + 120, "one VCOM frame a second, no pixels")
        #expect(await panel.linesWritten == 128)
        #expect(await panel.longestVCOMHold <= .seconds(1))
        #expect(await panel.malformedFrames == 0)
    }
}
