import Foundation
import GlanceTesting
import Testing
@testable import GlanceWidgets

/// Timelines (Docs/Contract.md, "Timelines").
@Suite struct TimelineTests {
    @Test func item13_entryShownIsTheLatestAtOrBeforeNow() async throws {
        let clock = ManualClock(now: t0)
        // Entries out of order on purpose; the runtime sorts them.
        let script = Script(clock: clock) { _, _ in
            .timeline([TestEntry(date: t0.addingTimeInterval(120), value: 2), TestEntry(date: t0.addingTimeInterval(60), value: 1),
                       TestEntry(date: t0.addingTimeInterval(180), value: 3)], .never)
        }
        let (runtime, _) = try makeRuntime([valueWidget("a", script)], face: column(["a"]), settings: testSettings(idle: .seconds(86_400)), clock: clock)
        await runtime.start()
        // Before the first entry's date the first entry is shown.
        #expect((await runtime.status().slots[0].entry as? TestEntry)?.value == 1)
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(60))
        clock.set(t0.addingTimeInterval(119.999))
        await runtime.wakeUp()
        #expect((await runtime.status().slots[0].entry as? TestEntry)?.value == 1, "entry 2 must not show before its date")
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(120))
        clock.set(t0.addingTimeInterval(120))
        let frames = await runtime.wakeUp()
        #expect(frames.count == 1)
        #expect((await runtime.status().slots[0].entry as? TestEntry)?.value == 2)
        clock.set(t0.addingTimeInterval(10_000))
        await runtime.wakeUp()
        #expect((await runtime.status().slots[0].entry as? TestEntry)?.value == 3)
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(86_400), "past its last entry a .never timeline has nothing to wake for; only the idle timeout remains")
    }

    @Test func item14_reloadPoliciesAskNoEarlierThanTheyName() async throws {
        let clock = ManualClock(now: t0)
        let atEnd = Script(clock: clock) { _, now in
            .timeline([TestEntry(date: now, value: 1), TestEntry(date: now.addingTimeInterval(600), value: 2)], .atEnd)
        }
        let after = Script(clock: clock) { _, now in
            // .after earlier than the last entry: the reload still comes at the .after date.
            .timeline([TestEntry(date: now), TestEntry(date: now.addingTimeInterval(900))], .after(now.addingTimeInterval(300)))
        }
        let never = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let (runtime, _) = try makeRuntime([valueWidget("atEnd", atEnd), valueWidget("after", after), valueWidget("never", never)],
                                           face: column(["atEnd", "after", "never"], height: 20),
                                           settings: testSettings(idle: .seconds(86_400)), clock: clock)
        await runtime.start()
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(3600))
        #expect(atEnd.calls == [t0, t0.addingTimeInterval(600), t0.addingTimeInterval(1200), t0.addingTimeInterval(1800),
                                t0.addingTimeInterval(2400), t0.addingTimeInterval(3000)])
        #expect(after.calls == stride(from: 0.0, to: 3600, by: 300).map { t0.addingTimeInterval($0) })
        #expect(never.calls == [t0])
        #expect(run.wakeUps.allSatisfy { $0.timeIntervalSince(t0).truncatingRemainder(dividingBy: 300) == 0 })
        // .never reloads only when asked.
        runtime.widgetCenter.reloadTimelines(ofKind: "never")
        await runtime.update()
        #expect(never.callCount == 2)
    }

    @Test func item15_reloadTimelinesOfKindAffectsOnlyThatKind() async throws {
        let clock = ManualClock(now: t0)
        let a = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let b = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let (runtime, _) = try makeRuntime([valueWidget("a", a), valueWidget("b", b)], face: column(["a", "b"]), clock: clock)
        await runtime.start()
        runtime.widgetCenter.reloadTimelines(ofKind: "a")
        await runtime.update()
        #expect(a.callCount == 2 && b.callCount == 1)
        runtime.widgetCenter.reloadAllTimelines()
        await runtime.update()
        #expect(a.callCount == 3 && b.callCount == 2)
        // WidgetCenter.shared inside the runtime's code means this runtime's center.
        WidgetCenter.$current.withValue(runtime.widgetCenter) { WidgetCenter.shared.reloadTimelines(ofKind: "b") }
        await runtime.update()
        #expect(a.callCount == 3 && b.callCount == 3)
        let configurations = try await runtime.widgetCenter.currentConfigurations()
        #expect(configurations.map(\.kind) == ["a", "b"])
        #expect(configurations.allSatisfy { $0.family == .accessoryRectangular })
    }

    @Test func item16_budgetDefersOverBudgetReloadsAndIntentReloadsAreFree() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let tapper = widget("a", script) { entry in
            Button(intent: TapIntent(tag: "budget-\(entry.value)")) { Text("tap") }
        }
        let (runtime, log) = try makeRuntime([tapper], face: column(["a"]), settings: testSettings(budget: 3, idle: .seconds(86_400)), clock: clock)
        await runtime.start()
        for step in 1...4 {
            clock.set(t0.addingTimeInterval(Double(step) * 10))
            runtime.widgetCenter.reloadTimelines(ofKind: "a")
            await runtime.update()
        }
        // Initial + 2 requested = 3 = the budget; the later requests wait.
        #expect(script.calls == [t0, t0.addingTimeInterval(10), t0.addingTimeInterval(20)])
        #expect(log.contains(kind: "a", level: .info, "deferred"))
        // An intent reload is not counted and not deferred.
        await runtime.send(.focusNext)
        await runtime.send(.focusActivate)
        _ = await runtime.settle()
        #expect(script.callCount == 4)
        #expect(await runtime.statistics.intentReloads == 1)
        #expect(await runtime.instanceStatus()[0].budgetUsed == 3)
        // The deferred reload runs when the oldest reload leaves the window, not before.
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(86_400))
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(86_400), inclusive: true)
        #expect(run.wakeUps == [t0.addingTimeInterval(86_400)])
        #expect(script.calls.last == t0.addingTimeInterval(86_400))
        #expect(script.callCount == 5)

        // Development mode: no budget.
        let clock2 = ManualClock(now: t0)
        let free = Script(clock: clock2) { _, now in .timeline([TestEntry(date: now)], .never) }
        let (unlimited, _) = try makeRuntime([valueWidget("a", free)], face: column(["a"]), settings: testSettings(budget: nil), clock: clock2)
        await unlimited.start()
        for _ in 0..<100 {
            unlimited.widgetCenter.reloadTimelines(ofKind: "a")
            await unlimited.update()
        }
        #expect(free.callCount == 101)
    }

    @Test func item17_failuresKeepContentAreLoggedWithTheKindAndRetryWithBackoff() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { call, now in
            switch call {
            case 0: .timeline([TestEntry(date: now, value: 1)], .after(now.addingTimeInterval(60)))
            case 1: .timeline([], .atEnd) // empty
            case 2: .silence // never answers
            default: .timeline([TestEntry(date: now, value: 2)], .never)
            }
        }
        let (runtime, log) = try makeRuntime([valueWidget("flaky", script)], face: column(["flaky"]),
                                             settings: testSettings(idle: .seconds(86_400)), clock: clock)
        await runtime.start()
        let shown = await runtime.status().slots[0]
        #expect((shown.entry as? TestEntry)?.value == 1)
        let before = await runtime.status()
        _ = before
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(3600))
        // 60 s: empty timeline → retry after 30 s; 90 s: no answer → timeout at 95 s → retry after 60 s (155 s).
        #expect(script.calls == [t0, t0.addingTimeInterval(60), t0.addingTimeInterval(90), t0.addingTimeInterval(155)])
        #expect(run.wakeUps == [t0.addingTimeInterval(60), t0.addingTimeInterval(90), t0.addingTimeInterval(95), t0.addingTimeInterval(155)])
        #expect(log.contains(kind: "flaky", level: .error, "empty timeline"))
        #expect(log.contains(kind: "flaky", level: .error, "no answer within 5 s"))
        #expect(await runtime.statistics.timeouts == 1)
        #expect(await runtime.statistics.failures == 1, "the empty timeline; the timeout is counted apart")
        #expect((await runtime.status().slots[0].entry as? TestEntry)?.value == 2)
        // Between the failures the old content stayed: no frame was emitted until value 2.
        #expect(run.frames.count == 1)

        // A provider that throws (async API) is handled the same way.
        let clock2 = ManualClock(now: t0)
        let throwing = ThrowingProvider(clock: clock2)
        let configuration = AppIntentConfiguration(kind: "thrower", intent: EmptyConfiguration.self, provider: throwing) { ValueView(entry: $0) }
        let (runtime2, log2) = try makeRuntime([configuration.descriptor], face: column(["thrower"]), settings: testSettings(idle: .seconds(86_400)), clock: clock2)
        await runtime2.start()
        _ = await runtime2.settle()
        #expect((await runtime2.status().slots[0].entry as? TestEntry)?.value == 1)
        runtime2.widgetCenter.reloadTimelines(ofKind: "thrower")
        await runtime2.update()
        _ = await runtime2.settle()
        #expect(log2.contains(kind: "thrower", level: .error, "provider failed: Offline"))
        #expect((await runtime2.status().slots[0].entry as? TestEntry)?.value == 1)
        #expect(await runtime2.nextWakeUp == t0.addingTimeInterval(30))
    }

    @Test func item18_placeholderShowsFirstRedactedAndSnapshotIsForPreviews() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now, value: 42)], .never) }
        let descriptor = valueWidget("a", script)
        let (runtime, _) = try makeRuntime([descriptor], face: column(["a"]), clock: clock)
        let frames = await runtime.start()
        #expect(frames.count == 2, "the placeholder frame, then the timeline's")
        var environment = EnvironmentValues()
        environment.widgetFamily = .accessoryRectangular
        environment.redactionReasons = .placeholder
        environment.locale = Locale(identifier: "en_US_POSIX")
        environment.timeZone = utc
        let placeholder = ViewRenderer.render(ValueView(entry: TestEntry(date: .distantPast, value: 8888)),
                                              size: Size(width: 128, height: 32), environment: environment, at: t0).bitmap
        #expect(frames[0].bitmap == placeholder)
        #expect(frames[1].bitmap != placeholder)
        #expect(await runtime.statistics.placeholderCalls == ["a": 1])
        // The face never asks for snapshots; previews do, with isPreview.
        #expect(script.snapshots == 0)
        #expect(script.contexts.allSatisfy { !$0.isPreview })
        _ = try await WidgetPreview.render(descriptor, family: .accessoryCircular, entry: .snapshot, time: clock)
        #expect(script.snapshots == 1)
        #expect(script.contexts.last?.isPreview == true)
        #expect(script.contexts.last?.displaySize == CGSize(width: 64, height: 64))
        #expect(script.contexts.last?.family == .accessoryCircular)

        // A provider that never answers leaves the placeholder up.
        let silent = Script(clock: clock) { _, _ in .silence }
        let (runtime2, _) = try makeRuntime([valueWidget("s", silent)], face: column(["s"]), clock: clock)
        await runtime2.start()
        #expect(await runtime2.status().slots[0].isPlaceholder)
    }

    @Test func item19_liveTextRedrawsWithoutEntriesOrProviderCalls() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let timer = widget("timer", script) { _ in Text(t0.addingTimeInterval(90), style: .timer) }
        let still = widget("still", script) { _ in Text(t0, style: .time) }
        let (runtime, _) = try makeRuntime([timer, still], face: column(["timer", "still"]),
                                           settings: testSettings(idle: .seconds(86_400)), clock: clock)
        let started = await runtime.start()
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(200))
        // Counts down 1:30 → 0:00, then up: a new text every second, a frame each time, nothing else.
        #expect(run.wakeUps == (1..<200).map { t0.addingTimeInterval(Double($0)) })
        #expect(run.frames.count == 199)
        let pictures = (started.suffix(1) + run.frames).map(\.bitmap)
        #expect(zip(pictures, pictures.dropFirst()).allSatisfy { changedBounds($0, $1).map { $0.maxY <= 32 } == true },
                "every frame changes pixels, only in the timer's slot")
        #expect(script.callCount == 2, "one timeline per widget, no reloads")
        #expect(await runtime.statistics.idleWakeUps == 0)

        // A time-of-day text never changes by itself: nothing to wake for but the idle timeout.
        let (quiet, _) = try makeRuntime([still], face: column(["still"]), settings: testSettings(idle: .seconds(86_400)), clock: clock)
        await quiet.start()
        #expect(await quiet.nextWakeUp == clock.now.addingTimeInterval(86_400))
    }
}

/// Reads the clock in its body, as `Text(Date(), style: .timer)` does, and counts its evaluations.
private struct ElapsedView: View {
    let clock: ManualClock

    var body: some View {
        IntentJournal.record("item34-body")
        return Text(clock.now, style: .timer)
    }
}

extension TimelineTests {
    @Test func item34_bodyRunsOncePerEntrySoATimerFromNowCountsUp() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let elapsed = widget("elapsed", script) { _ in ElapsedView(clock: clock) }
        let (runtime, _) = try makeRuntime([elapsed], face: column(["elapsed"]), settings: testSettings(idle: .seconds(86_400)), clock: clock)
        let started = await runtime.start()
        // Once for the placeholder drawn at start, once for the entry.
        let evaluations = IntentJournal.count("item34-body")
        #expect(evaluations == 2)
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(5), inclusive: true)
        // 0:00 at the entry, then 0:01 … 0:05: a new picture every second, from one body.
        #expect(run.frames.count == 5, "wake-ups: \(run.wakeUps)")
        #expect(IntentJournal.count("item34-body") == evaluations)
        let expected = ViewRenderer.render(Text(t0, style: .timer), size: Size(width: 128, height: 32),
                                           environment: { var e = EnvironmentValues(); e.widgetFamily = .accessoryRectangular; return e }(),
                                           at: t0.addingTimeInterval(5)).bitmap
        #expect(run.frames.last?.bitmap == expected || litCount(run.frames.last!.bitmap) == litCount(expected))
        #expect(started.last?.bitmap != run.frames.last?.bitmap)
    }
}

/// A configuration intent with no parameters.
struct EmptyConfiguration: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Nothing to Configure"
    init() {}
}

/// An async provider that answers once, then throws.
struct ThrowingProvider: AppIntentTimelineProvider {
    struct Offline: Error, CustomStringConvertible { var description: String { "Offline" } }
    let clock: ManualClock
    let calls = Locked(0)

    func placeholder(in context: Context) -> TestEntry { TestEntry(date: .distantPast) }
    func snapshot(for configuration: EmptyConfiguration, in context: Context) async -> TestEntry { TestEntry(date: clock.now) }
    func timeline(for configuration: EmptyConfiguration, in context: Context) async throws -> Timeline<TestEntry> {
        let call = calls.withLock { value -> Int in
            value += 1
            return value
        }
        guard call == 1 else { throw Offline() }
        return Timeline(entries: [TestEntry(date: clock.now, value: 1)], policy: .never)
    }
}
