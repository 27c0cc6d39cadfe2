import GlancePanels
import GlanceTesting
import Testing

private let utc = TimeZone(identifier: "UTC")!
/// 2026-07-15T00:00:00Z.
private let midnight = Date(timeIntervalSince1970: 1_784_073_600)

/// `day` days after `midnight`, at `hour`:`minute`:`second` UTC.
private func at(day: Int = 0, _ hour: Int, _ minute: Int = 0, _ second: Double = 0) -> Date {
    midnight.addingTimeInterval(Double(day) * 86_400 + Double(hour) * 3600 + Double(minute) * 60 + second)
}

private func policy(budget: Int = 5, minimum: Duration = .zero, largeChange: Double? = 0.6, quiet: Int? = nil,
                    zone: TimeZone = utc) -> EPaperRefreshPolicy {
    EPaperRefreshPolicy(settings: .init(partialRefreshesBeforeFull: budget, minimumInterval: minimum, largeChange: largeChange,
                                        quietTime: quiet, timeZone: zone))
}

/// A history whose last refresh, full, was at `date`.
private func fullAt(_ date: Date) -> EPaperRefreshPolicy.History {
    EPaperRefreshPolicy.History(partialRefreshesSinceFull: 0, lastFullRefresh: date, lastRefresh: date)
}

/// `EPaperRefreshPolicy`, one rule at a time.
@Suite struct EPaperRefreshPolicyTests {
    @Test func aPictureIdenticalToTheGlassNeedsNothing() {
        let rules = policy()
        let history = fullAt(at(10))
        #expect(rules.decide(change: 0, history: history, at: at(10, 5)) == .nothing)
        #expect(rules.decide(change: 0.001, history: history, at: at(10, 5)) == .refresh(.partial, .change))
        // Nothing scheduled but the daily full refresh.
        #expect(rules.deadline(history: history, holding: false, at: at(10, 5)) == at(day: 1, 10))
    }

    @Test func anUnknownGlassGetsAFullRefresh() {
        let rules = policy()
        #expect(rules.decide(change: nil, history: .init(), at: at(10)) == .refresh(.full, .unknownGlass))
        #expect(rules.decide(change: 0.01, history: .init(), at: at(10)) == .refresh(.full, .unknownGlass), "no full refresh yet")
        #expect(rules.decide(change: nil, history: fullAt(at(9)), at: at(10)) == .refresh(.full, .unknownGlass))
        #expect(rules.deadline(history: .init(), holding: false, at: at(10)) == nil, "nothing to schedule before the first refresh")
    }

    @Test func theBudgetOfPartialRefreshesEndsInAFullOne() {
        let rules = policy(budget: 3)
        var history = fullAt(at(10))
        var kinds = [RefreshKind]()
        for minute in 1...8 {
            let now = at(10, minute)
            guard case let .refresh(kind, _) = rules.decide(change: 0.02, history: history, at: now) else { Issue.record("no refresh"); return }
            kinds.append(kind)
            history.record(kind, at: now)
        }
        #expect(kinds == [.partial, .partial, .partial, .full, .partial, .partial, .partial, .full])
        var exhausted = fullAt(at(10))
        exhausted.partialRefreshesSinceFull = 3
        #expect(rules.decide(change: 0.02, history: exhausted, at: at(10, 1)) == .refresh(.full, .budget))
        #expect(policy(budget: 0).decide(change: 0.02, history: fullAt(at(10)), at: at(10, 1)) == .refresh(.full, .budget), "no partial refresh at all")
    }

    @Test func aLargeChangeGetsAFullRefresh() {
        let history = fullAt(at(10))
        #expect(policy(largeChange: 0.3).decide(change: 0.29, history: history, at: at(11)) == .refresh(.partial, .change))
        #expect(policy(largeChange: 0.3).decide(change: 0.3, history: history, at: at(11)) == .refresh(.full, .largeChange))
        #expect(policy(largeChange: nil).decide(change: 1, history: history, at: at(11)) == .refresh(.partial, .change))
    }

    @Test func aChangeSoonerThanTheMinimumIntervalIsHeldUntilItEnds() {
        let rules = policy(minimum: .seconds(180))
        let history = fullAt(at(10))
        #expect(rules.decide(change: 0.02, history: history, at: at(10, 1)) == .hold(until: at(10, 3)))
        #expect(rules.deadline(history: history, holding: true, at: at(10, 1)) == at(10, 3), "the held change is drawn when the interval ends")
        #expect(rules.deadline(history: history, holding: false, at: at(10, 1)) == at(day: 1, 10), "nothing held, nothing early")
        #expect(rules.decide(change: 0.02, history: history, at: at(10, 3)) == .refresh(.partial, .change))
        #expect(rules.decide(change: 0, history: history, at: at(10, 1)) == .nothing, "a held change that went back needs nothing")
        #expect(policy().decide(change: 0.02, history: history, at: at(10, 0, 1)) == .refresh(.partial, .change), "no interval: at once")
    }

    @Test func aFullRefreshAtLeastDailyEvenWithoutAChange() {
        let rules = policy()
        let history = fullAt(at(10))
        #expect(rules.decide(change: 0, history: history, at: at(day: 1, 9, 59)) == .nothing)
        #expect(rules.decide(change: 0, history: history, at: at(day: 1, 10)) == .refresh(.full, .interval))
        #expect(rules.decide(change: 0.01, history: history, at: at(day: 1, 10)) == .refresh(.full, .interval))
        let custom = EPaperRefreshPolicy(settings: .init(fullRefreshInterval: .seconds(3600), quietTime: nil, timeZone: utc))
        #expect(custom.deadline(history: history, holding: false, at: at(10, 30)) == at(11))
    }

    @Test func theQuietHourRefreshesInFullOnceADay() {
        let rules = policy(quiet: 3 * 60)
        var history = fullAt(at(10))
        #expect(rules.dueFull(history: history, at: at(10, 1))?.reason == .quietHour)
        #expect(rules.deadline(history: history, holding: false, at: at(10, 1)) == at(day: 1, 3), "before the daily rule")
        #expect(rules.decide(change: 0, history: history, at: at(day: 1, 2, 59)) == .nothing)
        #expect(rules.decide(change: 0, history: history, at: at(day: 1, 3)) == .refresh(.full, .quietHour))
        #expect(rules.decide(change: 0, history: history, at: at(day: 1, 3, 40)) == .refresh(.full, .quietHour), "late within the hour")
        history.record(.full, at: at(day: 1, 3))
        #expect(rules.decide(change: 0, history: history, at: at(day: 1, 3, 30)) == .nothing, "once a day")
        #expect(rules.decide(change: 0.02, history: history, at: at(day: 1, 3, 30)) == .refresh(.partial, .change))
        #expect(rules.deadline(history: history, holding: false, at: at(day: 1, 3, 30)) == at(day: 2, 3))
        // Missed by more than the hour (asleep then): the daily rule still holds.
        let missed = fullAt(at(10))
        #expect(rules.decide(change: 0, history: missed, at: at(day: 1, 4, 30)) == .nothing)
        #expect(rules.dueFull(history: missed, at: at(day: 1, 4, 30))?.date == at(day: 1, 10))
    }

    @Test func theQuietHourIsTheLocalTimeOfDay() throws {
        // 03:00 at UTC+5 is 22:00 UTC the day before.
        let rules = policy(quiet: 3 * 60, zone: try #require(TimeZone(secondsFromGMT: 5 * 3600)))
        let history = fullAt(at(10))
        #expect(rules.deadline(history: history, holding: false, at: at(10, 1)) == at(22))
        #expect(rules.decide(change: 0, history: history, at: at(22)) == .refresh(.full, .quietHour))
    }

    @Test func aQuietHourRefreshHeldByTheMinimumIntervalIsNotLost() {
        let rules = policy(minimum: .seconds(30 * 60), quiet: 3 * 60)
        let history = EPaperRefreshPolicy.History(partialRefreshesSinceFull: 1, lastFullRefresh: at(10), lastRefresh: at(day: 1, 2, 50))
        #expect(rules.decide(change: 0, history: history, at: at(day: 1, 3)) == .hold(until: at(day: 1, 3, 20)))
        #expect(rules.deadline(history: history, holding: false, at: at(day: 1, 3)) == at(day: 1, 3, 20))
        #expect(rules.decide(change: 0, history: history, at: at(day: 1, 3, 20)) == .refresh(.full, .quietHour))
    }

    @Test func theChangeIsTheShareOfPixelsThatDiffer() {
        #expect(EPaperRefreshPolicy.changedFraction(from: [0xFF, 0x00], to: [0x0F, 0x01], pixelCount: 16) == 5.0 / 16)
        #expect(EPaperRefreshPolicy.changedFraction(from: [0xFF], to: [0xFF], pixelCount: 8) == 0)
        #expect(EPaperRefreshPolicy.changedFraction(from: [0xFF], to: [0xFF, 0], pixelCount: 8) == 1, "sizes differ: everything changed")
    }
}

/// The policy at work in `PanelDisplay` on the SSD1680 emulator: what reaches the bus.
@Suite struct EPaperGovernorTests {
    /// A display over `rig`'s panel with the policy's `settings` (threshold conversion, no rotation: RAM = picture).
    private static func display(_ rig: EInkRig, _ settings: EPaperRefreshPolicy.Settings) -> PanelDisplay {
        PanelDisplay(pipeline: PanelPipeline(controller: rig.controller, clock: rig.clock, settings: .init(monoConversion: .threshold)),
                     clock: rig.clock, settings: .init(ePaper: settings), store: rig.store)
    }

    private static func settings(budget: Int = 5, minimum: Duration = .zero, largeChange: Double? = 0.6, quiet: Int? = nil) -> EPaperRefreshPolicy.Settings {
        .init(partialRefreshesBeforeFull: budget, minimumInterval: minimum, largeChange: largeChange, quietTime: quiet, timeZone: utc)
    }

    /// A white picture (lit = ink) with a `size`-pixel block of ink at (x, y).
    private static func picture(_ x: Int, _ y: Int, size: Int = 8) -> Bitmap {
        var bitmap = Bitmap(width: 122, height: 250, value: 0)
        bitmap.fill(Rect(x: x, y: y, width: size, height: size), value: 255)
        return bitmap
    }

    @Test func identicalPicturesSendNoByteAndNoRefresh() async {
        let rig = EInkRig(clock: ManualClock(now: at(10)))
        let display = Self.display(rig, Self.settings())
        await display.show(Self.picture(10, 10), state: .active)
        await display.show(Self.picture(20, 10), state: .active)
        let bytes = await rig.emulator.bytesReceived, statistics = await display.statistics
        for state in [DisplayState.active, .alwaysOn, .active] {
            rig.clock.advance(by: .seconds(60))
            guard case .unchanged = await display.show(Self.picture(20, 10), state: state) else { Issue.record("identical picture sent"); return }
            await display.update()
        }
        #expect(await rig.emulator.bytesReceived == bytes, "not one byte on the bus")
        #expect(await display.statistics == statistics)
        #expect(await rig.emulator.fullRefreshes == 1)
        #expect(await rig.emulator.partialRefreshes == 1)
    }

    @Test func aChangeWithinTheMinimumIntervalIsHeldAndOnlyTheLatestIsDrawn() async throws {
        let rig = EInkRig(clock: ManualClock(now: at(10)))
        let display = Self.display(rig, Self.settings(minimum: .seconds(60)))
        await display.show(Self.picture(10, 10), state: .active)
        let start = rig.clock.now
        let bytes = await rig.emulator.bytesReceived
        rig.clock.advance(by: .seconds(10))
        await display.show(Self.picture(30, 10), state: .active)
        rig.clock.advance(by: .seconds(10))
        await display.show(Self.picture(50, 10), state: .active)
        #expect(await rig.emulator.bytesReceived == bytes, "held: nothing sent yet")
        #expect(!(await display.isDue))
        let due = try #require(await display.nextDeadline)
        #expect(due == start.addingTimeInterval(60), "drawn when the interval ends")
        rig.clock.advance(to: due)
        #expect(await display.isDue)
        await display.update()
        #expect(await rig.emulator.glass == display.pipeline.expectedGlass(for: Self.picture(50, 10).inverted()), "the latest picture")
        #expect(await rig.emulator.partialRefreshes == 1, "the superseded picture never reached the glass")
        #expect(await display.statistics.held == 2)
        #expect(await display.nextDeadline != due)
    }

    @Test func theQuietHourRefreshesInFullWithoutAChange() async throws {
        let rig = EInkRig(clock: ManualClock(now: at(1)))
        let display = Self.display(rig, Self.settings(quiet: 3 * 60))
        await display.show(Self.picture(10, 10), state: .active)
        let due = try #require(await display.nextDeadline)
        #expect(due == at(3))
        rig.clock.advance(to: due)
        #expect(await display.isDue)
        await display.update()
        #expect(await rig.emulator.fullRefreshes == 2)
        #expect(await display.statistics.refreshReasons == [.unknownGlass: 1, .quietHour: 1])
        #expect(await display.nextDeadline == at(day: 1, 3), "tomorrow's")
        #expect(await rig.emulator.glass == display.pipeline.expectedGlass(for: Self.picture(10, 10).inverted()))
    }

    @Test func aLargeChangeRefreshesInFullAndSmallOnesPartially() async {
        let rig = EInkRig(clock: ManualClock(now: at(10)))
        let display = Self.display(rig, Self.settings(largeChange: 0.5))
        let first = Self.picture(10, 10)
        await display.show(first, state: .active)
        await display.show(Self.picture(12, 10), state: .active)
        var inverse = Self.picture(12, 10)
        for index in inverse.pixels.indices { inverse.pixels[index] = 255 - inverse.pixels[index] }
        await display.show(inverse, state: .active)
        #expect(await display.statistics.refreshReasons == [.unknownGlass: 1, .change: 1, .largeChange: 1])
        #expect(await rig.emulator.fullRefreshes == 2)
        #expect(await rig.emulator.partialRefreshes == 1)
    }

    @Test func partialRefreshesBetweenFullOnesStayWithinTheBudget() async {
        let rig = EInkRig(clock: ManualClock(now: at(10)))
        let display = Self.display(rig, Self.settings(budget: 3))
        for step in 0..<20 {
            rig.clock.advance(by: .seconds(60))
            await display.show(Self.picture(8 * (step % 12), 40), state: .active)
        }
        #expect(await rig.emulator.worstGhosting == 3)
        #expect(await display.statistics.refreshes == [.full: 5, .partial: 15])
        #expect(await display.statistics.refreshReasons[.budget] == 4)
        #expect(await rig.emulator.partialRefreshesWithStaleOldImage == 0)
    }

    /// "Keep the controller's previous-image RAM in sync": after a restart and a power cycle,
    /// the saved image goes to both RAMs, so the first partial refresh starts from the glass.
    @Test func aRestartedControllerStartsPartialRefreshesFromTheGlass() async {
        let store = MemoryRecordStore<EInkState>()
        let first = EInkRig(store: store, clock: ManualClock(now: at(10)))
        let display = Self.display(first, Self.settings())
        for x in [10, 30, 50] { await display.show(Self.picture(x, 100, size: 20), state: .active) }
        await first.emulator.powerCycle()
        let second = EInkRig(store: store, emulator: first.emulator, clock: first.clock)
        let restarted = Self.display(second, Self.settings())
        let bytes = await first.emulator.bytesReceived
        // The glass already shows it: nothing is sent, not even the initialisation.
        await restarted.show(Self.picture(50, 100, size: 20), state: .active)
        #expect(await first.emulator.bytesReceived == bytes)
        await restarted.show(Self.picture(70, 100, size: 20), state: .active)
        #expect(await first.emulator.partialRefreshes == 3, "partial after the restart")
        #expect(await first.emulator.partialRefreshesWithStaleOldImage == 0)
        #expect(await first.emulator.glass == restarted.pipeline.expectedGlass(for: Self.picture(70, 100, size: 20).inverted()))
    }

    /// The emulator's check can fail: a restored image that is not what the glass shows leaves
    /// RAM `26` stale for the partial refresh, and the emulator counts it.
    @Test func theEmulatorCatchesAStaleOldImage() async {
        let store = MemoryRecordStore<EInkState>()
        let first = EInkRig(store: store, clock: ManualClock(now: at(10)))
        let display = Self.display(first, Self.settings())
        await display.show(Self.picture(10, 100, size: 20), state: .active)
        // The saved image is replaced by one the glass does not show (all white).
        let saved = await store.record!
        await store.save(EInkState(width: saved.width, height: saved.height, partialRefreshesSinceFull: 0, lastFullRefresh: saved.lastFullRefresh,
                                   image: [UInt8](repeating: 0xFF, count: saved.image.count)))
        await first.emulator.powerCycle()
        let second = EInkRig(store: store, emulator: first.emulator, clock: first.clock)
        await Self.display(second, Self.settings()).show(Self.picture(40, 100, size: 20), state: .active)
        #expect(await first.emulator.partialRefreshesWithStaleOldImage == 1)
        #expect(await first.emulator.staleOldImagePixels == 400, "the 20×20 block of ink RAM 26 did not know about")
    }
}
