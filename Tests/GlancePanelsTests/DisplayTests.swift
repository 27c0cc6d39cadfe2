import GlancePanels
import GlanceTesting
import Testing

/// `PanelDisplay`: the one owner of the glass (Docs/Contract.md, "OLED panels" and "E-paper panels").
@Suite struct DisplayTests {
    private static func rig(shift: Duration? = .seconds(300), strategy: PanelDisplay.ShiftStrategy = .orbit) async -> (PanelDisplay, PanelHarness, GlassRecorder, ManualClock) {
        let log = GlassRecorder(), clock = ManualClock()
        let harness = OLEDSetup.ssd1306(SSD1306Controller.Model.all[0]).make { WatchedI2CDevice($0) { await log.record() } }
        await log.attach(harness.shown, clock: clock)
        var settings = PanelDisplay.Settings(shiftPeriod: shift)
        settings.shiftStrategy = strategy
        let display = PanelDisplay(pipeline: PanelPipeline(controller: harness.controller, clock: clock), clock: clock, settings: settings)
        return (display, harness, log, clock)
    }

    @Test func statesChooseTheLevelAndAWakeWritesThePictureBeforeTheLight() async {
        let (display, harness, log, _) = await Self.rig(shift: nil)
        var generator = FrameGenerator(size: display.pictureSize, seed: 21)
        let before = generator.randomPicture(), after = generator.next(after: before)
        await display.show(before, state: .active)
        let normal = await harness.glass().pixels.max() ?? 0
        #expect(await display.brightness == .normal)
        await display.show(before, state: .alwaysOn)
        #expect(await display.brightness == .dim)
        #expect((await harness.glass().pixels.max() ?? 0) < normal)

        // Off: dark first, then the RAM follows the new picture while nothing shows.
        await log.clear()
        await display.show(after, state: .off)
        #expect(await display.brightness == .off)
        #expect(await log.states.allSatisfy { $0.glass.pixels.allSatisfy { $0 == 0 } }, "nothing of the new picture showed while going off")
        #expect(await harness.glass().pixels.max() == 0)

        // Wake: the light comes on over the picture already in RAM.
        let newest = generator.next(after: after)
        await log.clear()
        await display.show(newest, state: .active)
        let expected = display.pipeline.expectedGlass(for: newest)
        let lit = await log.states.map(\.glass).filter { $0.pixels.contains { $0 > 0 } }
        #expect(lit.first == expected, "the first light showed the newest picture")
        #expect(await harness.shown() == expected)
    }

    @Test func theShiftStepsOnTheClockAndRedrawsOnlyTheLatestPicture() async throws {
        let (display, harness, _, clock) = await Self.rig()
        var generator = FrameGenerator(size: display.pictureSize, seed: 5)
        let picture = generator.randomPicture()
        await display.show(picture, state: .active)
        let first = await display.pixelShift
        let due = await display.nextDeadline
        #expect(due.map { $0 > clock.now && $0 <= clock.now.addingTimeInterval(300) } == true)
        var seen = Set([first])
        for _ in 0..<9 {
            clock.advance(to: await display.nextDeadline!)
            await display.update()
            seen.insert(await display.pixelShift)
            #expect(await harness.shown() == display.pipeline.expectedGlass(for: picture, shift: await display.pixelShift))
        }
        #expect(seen.count == PanelDisplay.shiftOrbit.count, "the shift visits its whole orbit")
        #expect(seen.allSatisfy { abs($0.x) <= 1 && abs($0.y) <= 1 })
        // A wait that ends a little after the step still finds it due, though the display
        // names the next step by then.
        let step = try #require(await display.nextDeadline)
        clock.advance(to: step.addingTimeInterval(0.3))
        #expect(await display.isDue)
        let unstepped = await display.pixelShift
        await display.update()
        #expect(await display.pixelShift != unstepped)
        #expect(!(await display.isDue))
        // Off: no shift steps are scheduled for a dark glass.
        await display.show(picture, state: .off)
        #expect(await display.nextDeadline == nil)
    }

    @Test func aFailedPanelIsDueForItsRetryOnAClockThatMovesBetweenReads() async {
        // A real clock moves between any two readings; the retry must still count as due.
        let clock = CreepingClock()
        var flaky: FlakyI2CDevice!
        let harness = OLEDSetup.ssd1306(SSD1306Controller.Model.all[0]).make { device in
            flaky = FlakyI2CDevice(device)
            return flaky
        }
        let display = PanelDisplay(pipeline: PanelPipeline(controller: harness.controller, clock: clock), clock: clock,
                                   settings: .init(shiftPeriod: nil))
        var generator = FrameGenerator(size: display.pictureSize, seed: 8)
        let picture = generator.randomPicture()
        await flaky.failNext(1)
        guard case .failed = await display.show(picture, state: .active) else { Issue.record("the write did not fail"); return }
        #expect(!(await display.isDue), "not before the back-off")
        clock.base.advance(by: .seconds(1))
        #expect(await display.isDue)
        await display.update()
        #expect(await display.pipeline.isHealthy)
        #expect(await harness.shown() == display.pipeline.expectedGlass(for: picture))
    }

    @Test func anIdenticalPictureSendsNothing() async {
        let (display, harness, _, _) = await Self.rig(shift: nil)
        var generator = FrameGenerator(size: display.pictureSize, seed: 3)
        let picture = generator.randomPicture()
        await display.show(picture, state: .active)
        let traffic = await harness.traffic()
        guard case .unchanged = await display.show(picture, state: .active) else { Issue.record("an identical picture was sent"); return }
        #expect(await harness.traffic() == traffic)
        #expect(await display.statistics.writes == 1)
    }

    @Test func aCorruptEPaperStateIsReportedAndAnsweredWithAFullRefresh() async {
        let store = MemoryRecordStore(EInkState(width: 10, height: 10, partialRefreshesSinceFull: 3, lastFullRefresh: .zero,
                                                          image: [UInt8](repeating: 0, count: 20)))
        let rig = EInkRig(store: store)
        let lines = LineLog()
        let display = PanelDisplay(pipeline: PanelPipeline(controller: rig.controller, clock: rig.clock), clock: rig.clock,
                                   store: store, report: { lines.append($0) })
        var generator = FrameGenerator(size: display.pictureSize, seed: 12)
        await display.show(generator.randomPicture(), state: .active)
        #expect(lines.all.count == 1 && lines.all[0].contains("10×10"))
        #expect(await display.statistics.refreshes == [.full: 1])
        #expect(await rig.emulator.fullRefreshes == 1)
    }
}

extension DisplayTests {
    /// Issue 15, item 7: a state file with a last full refresh far in the future (corrupt, or
    /// written by a clock that was wrong) is discarded and answered with a full refresh; it
    /// trapped converting the date back to whole seconds at the next save.
    @Test func anEPaperStateFromTheFutureIsDiscarded() async {
        let store = MemoryRecordStore(EInkState(width: 122, height: 250, partialRefreshesSinceFull: 0,
                                                          lastFullRefresh: .seconds(Int64.max), image: [UInt8](repeating: 0, count: 16 * 250)))
        let rig = EInkRig(store: store)
        let lines = LineLog()
        let display = PanelDisplay(pipeline: PanelPipeline(controller: rig.controller, clock: rig.clock), clock: rig.clock,
                                   store: store, report: { lines.append($0) })
        var generator = FrameGenerator(size: display.pictureSize, seed: 13)
        await display.show(generator.randomPicture(), state: .active)
        await display.show(generator.randomPicture(), state: .active)
        #expect(lines.all.count == 1 && lines.all.first?.contains("in the future") == true, "\(lines.all)")
        #expect(await display.statistics.refreshes == [.full: 1, .partial: 1])
        let saved = await store.record?.lastFullRefresh ?? .zero
        #expect(saved > .zero && saved <= .seconds(Int64(rig.clock.now.timeIntervalSince1970)), "the new full refresh's moment is saved")
    }
}

extension DisplayTests {
    /// Issue 15, item 7: a state file that is not one (garbage bytes) is reported and answered
    /// with a full refresh, and the next save replaces it.
    @Test func anUnreadableEPaperStateIsReplaced() async throws {
        let store = GarbageStore()
        let rig = EInkRig()
        let lines = LineLog()
        let display = PanelDisplay(pipeline: PanelPipeline(controller: rig.controller, clock: rig.clock), clock: rig.clock,
                                   store: store, report: { lines.append($0) })
        var generator = FrameGenerator(size: display.pictureSize, seed: 14)
        await display.show(generator.randomPicture(), state: .active)
        #expect(lines.all == ["e-paper state cannot be read (not a Glance e-ink state file (expected GLEI version 1)); starting with a full refresh"])
        #expect(await display.statistics.refreshes == [.full: 1])
        let saved = try #require(await store.saved)
        #expect(try EInkState(serialized: saved.serialized()) == saved)
    }
}

/// A store whose file holds garbage until something is saved.
private actor GarbageStore: PanelRecordStore {
    var saved: EInkState?
    func load() throws -> EInkState? {
        try saved ?? EInkState(serialized: Array("#!/bin/sh\necho not a state\n".utf8) + [UInt8](repeating: 0xFF, count: 64))
    }
    func save(_ state: EInkState) { saved = state }
}

/// A clock that moves a microsecond whenever it is read, as a real one does between readings.
private struct CreepingClock: HostClock {
    let base = ManualClock()
    var now: Date {
        base.advance(by: .microseconds(1))
        return base.now
    }
    var uptime: Duration {
        base.advance(by: .microseconds(1))
        return base.uptime
    }
    func sleep(for duration: Duration) async throws {
        try await base.sleep(for: duration)
    }
}
