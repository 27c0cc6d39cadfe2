import Foundation
import GlanceTesting
import Testing
@testable import GlanceWidgets

/// Long runs and adversarial schedules.
@Suite struct SimulationTests {
    /// The 24-hour face: a clock (a `.timer` counting up from midnight, new timeline every
    /// 6 hours), an hourly weather widget and a `.never` widget, with default settings
    /// (idle 30 s, budget 70, pixel shift every 5 min) and nobody pressing a button.
    @Test func twentyFourHourRun() async throws {
        let clock = ManualClock(now: t0)
        let clockScript = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .after(now.addingTimeInterval(6 * 3600))) }
        let weatherScript = Script(clock: clock) { call, now in
            .timeline([TestEntry(date: now, value: 10 + call % 7)], .after(now.addingTimeInterval(3600)))
        }
        let neverScript = Script(clock: clock) { _, now in .timeline([TestEntry(date: now, value: 5)], .never) }
        let clockWidget = widget("clock", clockScript) { _ in Text(t0, style: .timer).font(.title) }
        let weather = widget("weather", weatherScript) { entry in Text("\(entry.value)°").font(.headline) }
        let never = widget("never", neverScript) { entry in Text("never \(entry.value)") }
        let face = Face(size: Size(width: 128, height: 64), slots: [
            Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 0, width: 128, height: 32), widgets: [WidgetPlacement("clock")]),
            Slot(family: .accessoryCircular, rect: Rect(x: 0, y: 32, width: 32, height: 32), widgets: [WidgetPlacement("weather")]),
            Slot(family: .accessoryInline, rect: Rect(x: 32, y: 40, width: 96, height: 16), widgets: [WidgetPlacement("never")]),
        ])
        let (runtime, log) = try makeRuntime([clockWidget, weather, never], face: face, settings: testSettings(), clock: clock)
        let started = await runtime.start()
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(86_400))
        let frames = started + run.frames
        let statistics = await runtime.statistics

        // Provider calls: clock at 0, 6, 12, 18 h; weather every hour from 0 to 23 h; never once.
        #expect(clockScript.calls == stride(from: 0.0, to: 86_400, by: 6 * 3600).map { t0.addingTimeInterval($0) })
        #expect(weatherScript.calls == stride(from: 0.0, to: 86_400, by: 3600).map { t0.addingTimeInterval($0) })
        #expect(neverScript.calls == [t0])
        #expect(statistics.totalProviderCalls == 29 && statistics.budgetedReloads == 29 && statistics.deferredReloads == 0)

        // Wake-ups: every second while active (1…29 s), the always-on transition at 30 s,
        // then once a minute (reduced timer text); reloads and pixel shifts fall on those minutes.
        let expectedWakeUps = (1...30).map { t0.addingTimeInterval(Double($0)) }
            + (1..<1440).map { t0.addingTimeInterval(Double($0) * 60) }
        #expect(run.wakeUps == expectedWakeUps)
        #expect(statistics.wakeUps == 1469 && statistics.idleWakeUps == 0)

        // Frames: placeholder + first timeline, 29 seconds, the dim frame, 1439 minutes; every
        // one changes pixels (the timer text changes at each of those moments).
        #expect(frames.count == 1471)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.bitmap != $1.bitmap || $0.state != $1.state })
        #expect(frames.prefix(31).allSatisfy { $0.state == .active })
        #expect(frames.dropFirst(31).allSatisfy { $0.state == .alwaysOn })
        #expect(log.all.filter { $0.level == .error }.isEmpty)
        print("24-hour run: provider calls \(statistics.providerCalls) = \(statistics.totalProviderCalls), frames \(frames.count), wake-ups \(statistics.wakeUps) (idle \(statistics.idleWakeUps))")
    }

    @Test func aProviderThatNeverAnswersDoesNotDelayTheOthers() async throws {
        let clock = ManualClock(now: t0)
        let hung = HungProvider()
        let hungWidget = AppIntentConfiguration(kind: "hung", intent: EmptyConfiguration.self, provider: hung) { ValueView(entry: $0) }.descriptor
        let fast = Script(clock: clock) { call, now in .timeline([TestEntry(date: now, value: call)], .after(now.addingTimeInterval(2))) }
        let (runtime, log) = try makeRuntime([hungWidget, valueWidget("fast", fast)], face: column(["hung", "fast"]),
                                             settings: testSettings(idle: .seconds(86_400)), clock: clock)
        let started = await runtime.start()
        #expect(started.count == 2, "the fast widget's content is drawn while the hung one is still asked")
        #expect((await runtime.status().slots[1].entry as? TestEntry)?.value == 0)
        #expect(await runtime.status().slots[0].isPlaceholder)
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(10))
        #expect(fast.calls == stride(from: 0.0, to: 10, by: 2).map { t0.addingTimeInterval($0) })
        #expect(run.wakeUps.contains(t0.addingTimeInterval(5)), "the timeout is a wake-up of its own")
        #expect(log.contains(kind: "hung", level: .error, "no answer within 5 s"))
        #expect(await runtime.status().slots[0].isPlaceholder)
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(10), "the retry waits 30 s; the fast widget reloads at 10 s")
    }

    /// 1,000 seeded random interleavings of button events, reloads, time passing and clock
    /// jumps, in four parallel batches of 250 (each batch has its own fixed seed).
    @Test(arguments: 0..<4)
    func randomInterleavingsKeepEveryInvariant(batch: Int) async throws {
        var generator = SplitMix64(seed: 0x5EED_4 &+ UInt64(batch))
        let budget = 6
        for _ in 0..<250 {
            let clock = ManualClock(now: t0)
            let script = Script(clock: clock) { call, now in
                .timeline([TestEntry(date: now, value: call), TestEntry(date: now.addingTimeInterval(Double(40 + call % 5 * 20)), value: call + 1000)],
                          call % 2 == 0 ? .atEnd : .after(now.addingTimeInterval(90)))
            }
            let other = Script(clock: clock) { call, now in .timeline([TestEntry(date: now, value: call)], .never) }
            // Shapes instead of text keep a thousand runs fast; the invariants do not depend on text.
            let buttons = widget("buttons", script) { entry in
                HStack {
                    Toggle(isOn: entry.value % 2 == 0, intent: SetLampIntent(tag: "random")) { EmptyView() }
                    Button(intent: TapIntent(tag: "random")) { Rectangle().frame(width: CGFloat(entry.value % 40 + 1), height: 4) }
                }
            }
            let bar = widget("other", other) { entry in Rectangle().frame(width: CGFloat(entry.value % 60 + 1), height: 4) }
            let (runtime, _) = try makeRuntime([buttons, bar], face: column(["buttons", "other"], height: 12),
                                               settings: testSettings(budget: budget, idle: .seconds(45)), clock: clock,
                                               intents: IntentRegistry([TapIntent.self]))
            await runtime.start()
            for _ in 0..<12 {
                switch generator.next() % 8 {
                case 0: await runtime.send(.focusNext)
                case 1: await runtime.send(.focusActivate)
                case 2: await runtime.send(.intent(BoundIntent(TapIntent.self)))
                case 3:
                    runtime.widgetCenter.reloadTimelines(ofKind: generator.next() % 2 == 0 ? "buttons" : "other")
                    await runtime.update()
                case 4: _ = await drive(runtime, clock, until: clock.now.addingTimeInterval(Double(generator.next() % 600)))
                case 5:
                    clock.set(clock.now.addingTimeInterval(-Double(generator.next() % 3600)))
                    await runtime.update()
                case 6:
                    clock.set(clock.now.addingTimeInterval(Double(generator.next() % 7200)))
                    await runtime.update()
                default: _ = await runtime.settle()
                }
                try await checkInvariants(runtime, clock: clock, budget: budget, settled: false)
            }
            _ = await runtime.settle()
            try await checkInvariants(runtime, clock: clock, budget: budget, settled: true)
        }
    }

    private func checkInvariants(_ runtime: FaceRuntime, clock: ManualClock, budget: Int, settled: Bool) async throws {
        let now = clock.now
        for (slot, instance) in await runtime.instanceStatus().enumerated() {
            // One reload per intent: never more reloads than finished intents, exactly as many once settled.
            #expect(instance.intentReloadsStarted <= instance.intentsFinished)
            if settled { #expect(instance.intentReloadsStarted == instance.intentsFinished) }
            #expect(instance.budgetUsed <= budget)
            // No entry early: the shown entry is the latest at or before now, or the first.
            guard !instance.isPlaceholder, let shown = await runtime.status().slots[slot].entry else { continue }
            let expected = instance.entryDates.last { $0 <= now } ?? instance.entryDates.first
            #expect(shown.date == expected)
        }
        if let next = await runtime.nextWakeUp { #expect(next >= now) }
    }
}

/// A provider that never answers and ignores cancellation.
struct HungProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> TestEntry { TestEntry(date: .distantPast, value: -1) }
    func snapshot(for configuration: EmptyConfiguration, in context: Context) async -> TestEntry { TestEntry(date: .distantPast) }
    func timeline(for configuration: EmptyConfiguration, in context: Context) async throws -> Timeline<TestEntry> {
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        return Timeline(entries: [], policy: .never)
    }
}
