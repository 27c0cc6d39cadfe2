import GlancePanels
import GlanceTesting
import Testing

@Suite struct FaultTests {
    static func pipeline(_ setup: OLEDSetup) -> (PanelPipeline, FlakyI2CDevice, PanelHarness, ManualClock, EventLog) {
        var flaky: FlakyI2CDevice!
        let harness = setup.make { device in
            flaky = FlakyI2CDevice(device)
            return flaky
        }
        let clock = ManualClock()
        let events = EventLog()
        let pipeline = PanelPipeline(controller: harness.controller, clock: clock, settings: .init(monoConversion: .threshold)) { event in
            events.append(event)
        }
        return (pipeline, flaky, harness, clock, events)
    }

    @Test(arguments: [OLEDSetup.ssd1306(.ssd1306_128x64), .sh1106(offset: 2)])
    func failingNTimesEndsCorrectWithOneReport(setup: OLEDSetup) async {
        let (pipeline, flaky, harness, clock, events) = Self.pipeline(setup)
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 11)
        var picture = generator.randomPicture()
        _ = await pipeline.show(picture)
        await flaky.failNext(3)
        for _ in 0..<30 {
            picture = generator.next(after: picture)
            _ = await pipeline.show(picture)
            clock.advance(by: .milliseconds(250))
        }
        _ = await pipeline.refresh()
        #expect(await harness.shown() == pipeline.expectedGlass(for: picture))
        #expect(events.failures == 1)
        #expect(events.recoveries == 1)
        #expect(await pipeline.isHealthy)
    }

    @Test func unpluggedForAWhileRetriesWithBackOffAndRedrawsInFull() async {
        let (pipeline, flaky, harness, clock, events) = Self.pipeline(.ssd1306(.ssd1306_128x64))
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 12)
        var picture = generator.randomPicture()
        _ = await pipeline.show(picture)
        await flaky.setUnplugged(true)
        var deferred = 0, failed = 0
        // One minute of frames at 10 per second while unplugged.
        for _ in 0..<600 {
            picture = generator.next(after: picture)
            let outcome = await pipeline.show(picture)
            if outcome.isDeferred { deferred += 1 }
            if outcome.isFailed { failed += 1 }
            clock.advance(by: .milliseconds(100))
        }
        // Back-off 0.5, 1, 2, 4, 8, 16, 30 s …: a handful of attempts, not one per frame.
        #expect(failed <= 8)
        #expect(deferred >= 590)
        #expect(await flaky.failedWrites == failed)
        await flaky.setUnplugged(false)
        var recovered = false
        for _ in 0..<400 where !recovered {
            clock.advance(by: .milliseconds(100))
            if case let .written(_, full) = await pipeline.refresh() { recovered = full }
        }
        #expect(recovered)
        #expect(await harness.shown() == pipeline.expectedGlass(for: picture))
        #expect(events.failures == 1)
        #expect(events.recoveries == 1)
    }

    @Test func brightnessFailureIsAFaultToo() async {
        let (pipeline, flaky, harness, clock, events) = Self.pipeline(.ssd1306(.ssd1306_128x64))
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 3)
        let picture = generator.randomPicture()
        _ = await pipeline.show(picture)
        await flaky.failNext(1)
        await pipeline.setBrightness(.dim)
        #expect(!(await pipeline.isHealthy))
        clock.advance(by: .seconds(1))
        _ = await pipeline.refresh()
        #expect(await pipeline.isHealthy)
        #expect(await harness.shown() == pipeline.expectedGlass(for: picture))
        #expect(await harness.glass().pixels.max() == OLEDLuminance.level(contrast: 0x30, prechargeClocks: 2, vcomh: 0x20))
        #expect(events.failures == 1)
    }
}
