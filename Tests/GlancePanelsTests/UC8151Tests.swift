import GlancePanels
import GlanceTesting
import Testing

/// A UC8151 2.9" panel behind its SPI lines, the controller driving it.
struct UC8151Rig {
    let clock: ManualClock
    let emulator: UC8151Emulator
    let front: FourWireSPIFront<UC8151Emulator>
    let store: MemoryRecordStore<EInkState>
    let controller: UC8151Controller

    init(store: MemoryRecordStore<EInkState> = MemoryRecordStore<EInkState>(), emulator: UC8151Emulator? = nil, clock: ManualClock? = nil,
         busy: ((any InputLine) -> any InputLine)? = nil) {
        let clock = clock ?? ManualClock()
        self.clock = clock
        let emulator = emulator ?? UC8151Emulator(clock: clock)
        self.emulator = emulator
        front = FourWireSPIFront(emulator)
        self.store = store
        controller = UC8151Controller(bus: SPICommandDataBus(device: front.spi, dataCommand: front.dataCommandLine),
                                      reset: ResetLine(line: front.resetLine, clock: clock),
                                      busy: busy?(emulator.busyLine) ?? emulator.busyLine, clock: clock)
    }

    func display(partialRefreshesBeforeFull: Int = 20, pipeline: PanelPipeline.Settings = .init()) -> PanelDisplay {
        PanelDisplay(pipeline: PanelPipeline(controller: controller, clock: clock, settings: pipeline), clock: clock,
                     settings: .init(ePaper: .init(partialRefreshesBeforeFull: partialRefreshesBeforeFull, timeZone: TimeZone(identifier: "UTC")!)),
                     store: store)
    }
}

/// Issue 20: the UC8151 (IL0373-compatible) of the 2.9" 128×296 panels.
@Suite struct UC8151Tests {
    @Test func initSequenceDecodesToTypedCommands() async throws {
        let rig = UC8151Rig()
        try await rig.controller.initialize()
        #expect(await rig.emulator.commands == [
            .powerSetting([0x03, 0x00, 0x2B, 0x2B, 0x03]), .boosterSoftStart([0x17, 0x17, 0x17]), .panelSetting([0x9F]), .pll(0x3A),
            .resolution(sources: 128, gates: 296), .vcomDC(0x08), .vcomDataInterval(0x97), .tcon(0x22),
        ])
        #expect(await rig.front.resets == 1)
        #expect(await rig.emulator.panelSetting == 0x9F)
        #expect(await rig.emulator.bytesWhileBusy == 0)
    }

    @Test func aFullRefreshPowersUpWritesBothImagesAndPowersDown() async throws {
        let rig = UC8151Rig()
        let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock, settings: .init(monoConversion: .threshold))
        var picture = Bitmap(width: 128, height: 296, value: 255)
        picture.fill(Rect(x: 3, y: 7, width: 50, height: 90), value: 0)
        _ = await pipeline.show(picture)
        let commands = await rig.emulator.commands.dropFirst(8)
        #expect(Array(commands) == [.powerOn, .partialOut, .oldImage(count: 4736), .newImage(count: 4736), .refresh, .oldImage(count: 4736), .powerOff])
        #expect(await rig.emulator.fullRefreshes == 1)
        #expect(await rig.emulator.glass == picture)
        #expect(await !rig.emulator.poweredOn)
        #expect(await rig.emulator.refreshesWithoutPower == 0)
        #expect(await rig.emulator.bytesWhileBusy == 0)
    }

    @Test func aPartialRefreshSendsTheBankAlignedWindowTwice() async throws {
        let rig = UC8151Rig()
        let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock, settings: .init(monoConversion: .threshold))
        var picture = Bitmap(width: 128, height: 296, value: 255)
        _ = await pipeline.show(picture)
        await rig.emulator.clearCommands()
        picture.fill(Rect(x: 13, y: 200, width: 10, height: 14), value: 0)
        guard case let .written(regions, _) = await pipeline.show(picture) else { Issue.record("no write"); return }
        #expect(regions == [Rect(x: 8, y: 200, width: 16, height: 14)])
        #expect(await rig.emulator.commands == [
            .powerOn, .partialIn, .partialWindow(sources: 8...23, gates: 200...213, scanInside: true), .newImage(count: 28), .refresh,
            .oldImage(count: 28), .partialOut, .powerOff,
        ])
        #expect(await rig.emulator.partialRefreshes == 1)
        #expect(await rig.emulator.partialRefreshesWithStaleOldImage == 0)
        #expect(await rig.emulator.glass == picture)
    }

    @Test(arguments: [PanelRotation.none, .quarter, .threeQuarters])
    func glassEqualsTheSourceAndGhostingStaysBounded(rotation: PanelRotation) async {
        let rig = UC8151Rig()
        let display = rig.display(partialRefreshesBeforeFull: 5, pipeline: .init(rotation: rotation))
        let pipeline = display.pipeline
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 8151 + UInt64(rotation.rawValue))
        var picture = generator.randomPicture()
        for step in 0..<15 {
            picture = generator.next(after: picture)
            let outcome = await display.show(picture, state: .active)
            #expect(!outcome.isFailed)
            #expect(await rig.emulator.glass == pipeline.expectedGlass(for: picture.inverted()), "after step \(step)")
        }
        #expect(await rig.emulator.worstGhosting <= 5)
        #expect(await rig.emulator.partialRefreshes > 0)
        #expect(await rig.emulator.partialRefreshesWithStaleOldImage == 0)
        #expect(await rig.emulator.bytesWhileBusy == 0)
    }

    @Test func restartWithSavedStateRefreshesPartiallyWithoutStaleOldImage() async {
        let store = MemoryRecordStore<EInkState>()
        let first = UC8151Rig(store: store)
        let display = first.display(pipeline: .init(monoConversion: .threshold))
        var picture = Bitmap(width: 128, height: 296, value: 0)
        picture.fill(Rect(x: 20, y: 20, width: 40, height: 40), value: 255)
        await display.show(picture, state: .active)
        // The process restarts (the chip keeps power here; RAM is reloaded from the state anyway).
        let second = UC8151Rig(store: store, emulator: first.emulator, clock: first.clock)
        let restarted = second.display(pipeline: .init(monoConversion: .threshold))
        picture.fill(Rect(x: 64, y: 100, width: 9, height: 9), value: 255)
        await restarted.show(picture, state: .active)
        #expect(await first.emulator.fullRefreshes == 1)
        #expect(await first.emulator.partialRefreshes == 1)
        #expect(await first.emulator.partialRefreshesWithStaleOldImage == 0)
        #expect(await first.emulator.glass == restarted.pipeline.expectedGlass(for: picture.inverted()))
    }

    @Test func busyTimeoutResetsThePanelAndIsReported() async {
        var stuck: StuckBusy!
        let rig = UC8151Rig(busy: { line in stuck = StuckBusy(line); return stuck })
        let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock)
        let outcome = await pipeline.show(Bitmap(width: 128, height: 296))
        guard case let .failed(error) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(error as? PanelError == .busyTimeout(panel: "UC8151 128×296", operation: "reset", waited: .seconds(1)))
        await stuck.release()
    }

    @Test func deepSleepNeedsTheCheckCodeAndIsLeftByAReset() async throws {
        let rig = UC8151Rig()
        let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock)
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 6)
        var picture = generator.randomPicture()
        _ = await pipeline.show(picture)
        // Without A5 the chip stays awake.
        try await rig.front.spi.write([0x07])
        try await rig.front.dataCommandLine.set(true)
        try await rig.front.spi.write([0x00])
        try await rig.front.dataCommandLine.set(false)
        try await rig.front.spi.write([0x11])
        #expect(await !rig.emulator.inDeepSleep)
        try await rig.controller.sleep()
        #expect(await rig.emulator.inDeepSleep)
        picture = generator.next(after: picture)
        _ = await pipeline.show(picture)
        #expect(await !rig.emulator.inDeepSleep)
        #expect(await rig.emulator.glass == pipeline.expectedGlass(for: picture))
    }
}
