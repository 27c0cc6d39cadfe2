import GlancePanels
import GlanceTesting
import Testing

/// A BUSY line stuck active until told otherwise (a disconnected or hung panel).
actor StuckBusy: InputLine {
    nonisolated let inner: any InputLine
    nonisolated var name: String { inner.name }
    var stuck = true
    init(_ inner: any InputLine) { self.inner = inner }
    func release() { stuck = false }
    func read() async throws -> Bool { try await stuck ? true : inner.read() }
}

struct EInkRig {
    let clock: ManualClock
    let emulator: SSD1680Emulator
    let store: MemoryRecordStore<EInkState>
    let controller: SSD1680Controller

    init(store: MemoryRecordStore<EInkState> = MemoryRecordStore<EInkState>(), emulator: SSD1680Emulator? = nil, clock: ManualClock? = nil,
         settings: SSD1680Controller.Settings = .init(), busy: ((any InputLine) -> any InputLine)? = nil, log: CaptureLog? = nil,
         model: SSD16xxPanel = .ssd1680_122x250) {
        let clock = clock ?? ManualClock()
        self.clock = clock
        let emulator = emulator ?? SSD1680Emulator(clock: clock, model: model)
        self.emulator = emulator
        self.store = store
        var spi: any SPIDevice = emulator.spi, dc: any OutputLine = emulator.dataCommandLine, rst: any OutputLine = emulator.resetLine
        if let log {
            spi = CapturingSPIDevice(spi, log: log)
            dc = CapturingOutputLine(dc, isDataCommand: true, log: log)
            rst = CapturingOutputLine(rst, log: log)
        }
        controller = SSD1680Controller(bus: SPICommandDataBus(device: spi, dataCommand: dc), reset: ResetLine(line: rst, clock: clock),
                                       busy: busy?(emulator.busyLine) ?? emulator.busyLine, clock: clock, settings: settings, model: model)
    }

    /// The display that owns this panel's glass: the refresh policy and its state in `store`.
    func display(partialRefreshesBeforeFull: Int = 20, pipeline: PanelPipeline.Settings = .init()) -> PanelDisplay {
        PanelDisplay(pipeline: PanelPipeline(controller: controller, clock: clock, settings: pipeline), clock: clock,
                     settings: .init(ePaper: .init(partialRefreshesBeforeFull: partialRefreshesBeforeFull, timeZone: TimeZone(identifier: "UTC")!)),
                     store: store)
    }
}

@Suite struct SSD1680Tests {
    @Test func initSequenceDecodesToTypedCommandsAndRegisters() async throws {
        let rig = EInkRig()
        try await rig.controller.initialize()
        #expect(await rig.emulator.commands == [
            .softwareReset, .driverOutput(lastGate: 249, scan: 0), .dataEntryMode(0x03), .borderWaveform(0x05),
            .displayUpdateControl1(0x00, 0x80), .temperatureSensor(0x80),
        ])
        #expect(await rig.emulator.dataEntryMode == 0x03)
        #expect(await rig.emulator.bytesWhileBusy == 0)
        // The reset pulse and the BUSY waits were timed on the clock, not slept for real.
        #expect(rig.clock.sleeps.contains(.milliseconds(10)))
    }

    @Test(arguments: [PanelRotation.none, .quarter, .threeQuarters])
    func glassEqualsTheSourceAndGhostingStaysBounded(rotation: PanelRotation) async {
        let rig = EInkRig()
        let display = rig.display(partialRefreshesBeforeFull: 5, pipeline: .init(rotation: rotation))
        let pipeline = display.pipeline
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: UInt64(rotation.rawValue) + 99)
        var picture = generator.randomPicture()
        for sequence in 0..<12 {
            for _ in 0..<Int.random(in: 1...4, using: &generator.random) {
                picture = generator.next(after: picture)
                let outcome = await display.show(picture, state: .active)
                #expect(!outcome.isFailed)
            }
            // Lit picture pixels are ink: the display inverts them for e-paper.
            let glass = await rig.emulator.glass
            #expect(glass == pipeline.expectedGlass(for: picture.inverted()), "after sequence \(sequence)")
            if glass != pipeline.expectedGlass(for: picture.inverted()) { return }
        }
        #expect(await rig.emulator.worstGhosting <= 5)
        #expect(await rig.emulator.partialRefreshes > 0)
        #expect(await rig.emulator.fullRefreshes >= 2)
        #expect(await rig.emulator.bytesWhileBusy == 0)
    }

    @Test func partialRefreshSendsOnlyTheAlignedWindow() async throws {
        let rig = EInkRig()
        let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock, settings: .init(monoConversion: .threshold))
        var picture = Bitmap(width: 122, height: 250, value: 255)
        _ = await pipeline.show(picture)
        let before = await rig.emulator.bytesReceived
        picture.fill(Rect(x: 13, y: 40, width: 10, height: 14), value: 0)
        guard case let .written(regions, _) = await pipeline.show(picture) else { Issue.record("no write"); return }
        #expect(regions == [Rect(x: 8, y: 40, width: 16, height: 14)])
        // Two RAM writes of 2 × 14 bytes plus windows and the refresh commands.
        #expect(await rig.emulator.bytesReceived - before <= 2 * 28 + 2 * 14 + 8)
        #expect(await rig.emulator.partialRefreshes == 1)
        #expect(await rig.emulator.glass == picture)
    }

    @Test func fullRefreshAtLeastDailyAndNoneForAnIdenticalFrame() async {
        let rig = EInkRig()
        let display = rig.display()
        let pipeline = display.pipeline
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 4)
        var picture = generator.randomPicture()
        await display.show(picture, state: .active)
        picture = generator.next(after: picture)
        await display.show(picture, state: .active)
        // An identical frame sends nothing at all.
        let bytes = await rig.emulator.bytesReceived
        guard case .unchanged = await display.show(picture, state: .active) else { Issue.record("identical frame was sent"); return }
        #expect(await rig.emulator.bytesReceived == bytes)
        // With nothing changing, the display still asks to be woken for the daily full refresh.
        let fulls = await rig.emulator.fullRefreshes
        let due = await display.nextDeadline, now = rig.clock.now
        #expect(due.map { $0 > now && $0 <= now.addingTimeInterval(24 * 3600) } == true, "due within a day of the first full refresh")
        rig.clock.advance(by: .seconds(25 * 3600))
        await display.update()
        #expect(await rig.emulator.fullRefreshes == fulls + 1)
        #expect(await display.statistics.refreshes[.full] == fulls + 1)
        #expect(await rig.emulator.glass == pipeline.expectedGlass(for: picture.inverted()))
    }

    @Test func restartWithSavedStateRefreshesPartiallyWithoutGhosting() async {
        let store = MemoryRecordStore<EInkState>()
        let first = EInkRig(store: store)
        let display = first.display(partialRefreshesBeforeFull: 5, pipeline: .init(monoConversion: .threshold))
        var generator = FrameGenerator(size: display.pictureSize, seed: 8)
        var picture = generator.randomPicture()
        await display.show(picture, state: .active)             // full
        for _ in 0..<3 {                                        // three partial
            picture.fill(Rect(x: Int.random(in: 0..<100, using: &generator.random), y: 20, width: 9, height: 9), value: 0)
            await display.show(picture, state: .active)
        }
        #expect(await store.record?.partialRefreshesSinceFull == 3)
        #expect(await store.saves == 4, "one state file, written by the display after every refresh")

        // The process restarts and the panel loses power: RAM is garbage, the glass keeps the picture.
        await first.emulator.powerCycle()
        let second = EInkRig(store: store, emulator: first.emulator, clock: first.clock)
        let restarted = second.display(partialRefreshesBeforeFull: 5, pipeline: .init(monoConversion: .threshold))
        let fulls = await first.emulator.fullRefreshes
        var next = picture
        for step in 0..<3 {
            next.fill(Rect(x: 40 + 8 * step, y: 100, width: 5, height: 30), value: 255)
            await restarted.show(next, state: .active)
            #expect(await first.emulator.glass == restarted.pipeline.expectedGlass(for: next.inverted()))
        }
        // Two more partial refreshes reach the limit of five; the third is full.
        #expect(await first.emulator.fullRefreshes == fulls + 1)
        #expect(await first.emulator.worstGhosting == 5)
    }

    @Test func restartWithoutSavedStateStartsWithAFullRefresh() async {
        let rig = EInkRig()
        let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock)
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 1)
        _ = await pipeline.show(generator.randomPicture())
        let again = EInkRig(emulator: rig.emulator, clock: rig.clock)
        let restarted = PanelPipeline(controller: again.controller, clock: rig.clock)
        let picture = generator.randomPicture()
        _ = await restarted.show(picture)
        #expect(await rig.emulator.fullRefreshes == 2)
        #expect(await rig.emulator.partialRefreshes == 0)
        #expect(await rig.emulator.glass == restarted.expectedGlass(for: picture))
    }

    @Test func busyTimeoutResetsThePanelAndIsReportedOnce() async {
        let events = EventLog()
        var stuck: StuckBusy!
        let rig = EInkRig(busy: { line in stuck = StuckBusy(line); return stuck })
        let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock) { events.append($0) }
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 2)
        let picture = generator.randomPicture()
        let outcome = await pipeline.show(picture)
        guard case let .failed(error) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(error as? PanelError == .busyTimeout(panel: "SSD1680 122×250", operation: "reset", waited: .seconds(1)))
        for _ in 0..<20 {
            rig.clock.advance(by: .seconds(1))
            _ = await pipeline.refresh()
        }
        #expect(events.failures == 1)
        await stuck.release()
        rig.clock.advance(by: .seconds(60))
        _ = await pipeline.refresh()
        #expect(await pipeline.isHealthy)
        #expect(await rig.emulator.glass == pipeline.expectedGlass(for: picture))
        #expect(events.failures == 1 && events.recoveries == 1)
    }

    @Test func deepSleepIsLeftByAResetOnTheNextWrite() async {
        let rig = EInkRig()
        let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock)
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 6)
        var picture = generator.randomPicture()
        _ = await pipeline.show(picture)
        try? await rig.controller.sleep()
        #expect(await rig.emulator.inDeepSleep)
        #expect(await rig.emulator.commands.last == .deepSleep(0x01))
        picture = generator.next(after: picture)
        picture.fill(Rect(x: 0, y: 0, width: 30, height: 30), value: 0)
        _ = await pipeline.show(picture)
        #expect(!(await rig.emulator.inDeepSleep))
        #expect(await rig.emulator.glass == pipeline.expectedGlass(for: picture))
        #expect(await rig.emulator.fullRefreshes == 1)
    }

    @Test func stateSerializationRoundTrips() throws {
        let state = EInkState(width: 122, height: 250, partialRefreshesSinceFull: 7, lastFullRefresh: .seconds(1_700_000_000),
                              image: (0..<(16 * 250)).map { UInt8(truncatingIfNeeded: $0) })
        #expect(try EInkState(serialized: state.serialized()) == state)
        #expect(throws: PanelRecordError.self) { try EInkState(serialized: Array(state.serialized().dropLast())) }
        #expect(throws: PanelRecordError.self) { try EInkState(serialized: [1, 2, 3]) }
    }

    @Test func spiCaptureReplaysToTheSameGlass() async throws {
        let log = CaptureLog()
        let rig = EInkRig(log: log)
        let pipeline = PanelPipeline(controller: rig.controller, clock: rig.clock)
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: 10)
        var picture = generator.randomPicture()
        for _ in 0..<4 {
            picture = generator.next(after: picture)
            _ = await pipeline.show(picture)
        }
        let text = await log.text
        #expect(text.hasPrefix("gpio rst 1\ngpio rst 0\nspi 0.0 c 12\nspi 0.0 c 01\nspi 0.0 d f9 00 00\n"))
        let replayed = SSD1680Emulator(clock: ManualClock())
        try await CaptureReplayer(spiDevice: replayed.spi, dataCommand: replayed.dataCommandLine, lines: [replayed.resetLine]).replay(text)
        #expect(await replayed.glass == rig.emulator.glass)
        #expect(await replayed.blackWhiteRAM == rig.emulator.blackWhiteRAM)
        #expect(await replayed.redRAM == rig.emulator.redRAM)
    }
}
