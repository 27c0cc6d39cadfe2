import Foundation
import GlanceTesting
import Testing
@testable import GlanceWidgets

/// Draws what the environment says, so frames show which environment the runtime used.
private struct EnvironmentProbe: View {
    @Environment(\.isLuminanceReduced) var isLuminanceReduced
    let entry: TestEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(isLuminanceReduced ? "reduced" : "full")
            Text("secret").privacySensitive()
            Text(t0, style: .timer)
        }
    }
}

/// WIDGETKIT.md items 27–30: always on, dimming, burn-in and e-ink refreshes.
@Suite struct AlwaysOnTests {
    @Test func item27_activeThenAlwaysOnThenOffAndTheWakingPressIsNotRun() async throws {
        let clock = ManualTimeSource(now: t0)
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let (runtime, _) = try makeRuntime([valueWidget("w", script)], face: column(["w"]),
                                           settings: testSettings(offTimeout: .seconds(600), shift: nil), clock: clock,
                                           intents: IntentRegistry([TapIntent.self]))
        await runtime.start()
        #expect(await runtime.status().state == .active)
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(30))
        // A button event restarts the idle timeout.
        clock.set(t0.addingTimeInterval(20))
        await runtime.send(.wake)
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(50))
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(3600))
        #expect(run.wakeUps == [t0.addingTimeInterval(50), t0.addingTimeInterval(650)])
        #expect(run.frames.map(\.brightness) == [.dim, .off])
        #expect(await runtime.status().state == .off)
        // The waking press does not run its binding; the next one does.
        await runtime.send(.intent("Tap"))
        #expect(await runtime.status().state == .active)
        #expect(await runtime.settle().isEmpty)
        #expect(await runtime.statistics.intentsPerformed == 0)
        await runtime.send(.intent("Tap"))
        _ = await runtime.settle()
        #expect(await runtime.statistics.intentsPerformed == 1)

        // Night hours turn the face off and, when they end, back to always-on.
        let night = NightSchedule(start: (23, 0), end: (7, 0), timeZone: utc)
        let evening = t0.addingTimeInterval(22 * 3600 + 59 * 60 + 45)
        let nightClock = ManualTimeSource(now: evening)
        let nightScript = Script(clock: nightClock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let (nightRuntime, _) = try makeRuntime([valueWidget("w", nightScript)], face: column(["w"]),
                                                settings: testSettings(night: night, shift: nil), clock: nightClock)
        await nightRuntime.start()
        let nightRun = await drive(nightRuntime, nightClock, until: evening.addingTimeInterval(12 * 3600))
        #expect(nightRun.wakeUps == [evening.addingTimeInterval(30), t0.addingTimeInterval(31 * 3600)])
        #expect(nightRun.frames.map(\.brightness) == [.off, .dim], "idle at 23:00:15 during the night: straight to off; 07:00: always-on")
    }

    @Test func item28_alwaysOnReducesLuminanceRedactsPrivateContentAndTicksOncePerMinute() async throws {
        let clock = ManualTimeSource(now: t0.addingTimeInterval(10))
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let probe = widget("probe", script) { EnvironmentProbe(entry: $0) }
        let (runtime, _) = try makeRuntime([probe], face: Face(size: Size(width: 128, height: 48), slots: [
            Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 0, width: 128, height: 48), widgets: [WidgetPlacement("probe")]),
        ]), settings: testSettings(hidesSensitiveContent: true, shift: nil), clock: clock)
        await runtime.start()
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(400))
        // Active: the timer ticks every second until 0:40; then one tick per minute.
        let activeTicks = (11...39).map { t0.addingTimeInterval(Double($0)) }
        let reducedTicks = [40.0, 60, 120, 180, 240, 300, 360].map { t0.addingTimeInterval($0) }
        #expect(run.wakeUps == activeTicks + reducedTicks)
        let last = try #require(run.frames.last)
        var environment = EnvironmentValues()
        environment.widgetFamily = .accessoryRectangular
        environment.isLuminanceReduced = true
        environment.redactionReasons = .privacy
        environment.locale = Locale(identifier: "en_US_POSIX")
        environment.timeZone = utc
        let expected = ViewRenderer.render(EnvironmentProbe(entry: TestEntry(date: t0)), size: Size(width: 128, height: 48),
                                           environment: environment, at: t0.addingTimeInterval(360)).bitmap
        #expect(last.bitmap == expected, "reduced luminance, privacy redaction and minute-only timer text")
        environment.redactionReasons = []
        let unredacted = ViewRenderer.render(EnvironmentProbe(entry: TestEntry(date: t0)), size: Size(width: 128, height: 48),
                                             environment: environment, at: t0.addingTimeInterval(360)).bitmap
        #expect(last.bitmap != unredacted)
    }

    @Test func item29_oledDimsShiftsAgainstBurnInAndTurnsOffKeepingTheImage() async throws {
        let clock = ManualTimeSource(now: t0)
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now, value: 7)], .never) }
        let (runtime, _) = try makeRuntime([valueWidget("w", script)], face: column(["w"]),
                                           settings: testSettings(offTimeout: .seconds(3600)), clock: clock)
        let started = await runtime.start()
        #expect(started.allSatisfy { $0.brightness == .normal })
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(7200))
        // 30 s: dim. Every 300 s: a new shift. 3630 s: off.
        let shiftTimes = stride(from: 300.0, through: 3600, by: 300).map { t0.addingTimeInterval($0) }
        #expect(run.wakeUps == [t0.addingTimeInterval(30)] + shiftTimes + [t0.addingTimeInterval(3630)])
        let lit = run.frames.filter { $0.brightness != .off }
        #expect(lit.allSatisfy { abs($0.pixelShift.x) <= 2 && abs($0.pixelShift.y) <= 2 })
        #expect(Set(lit.map { "\($0.pixelShift)" }).count >= 9, "the shift visits every position of its cycle")
        #expect(lit.dropFirst().allSatisfy { $0.brightness == .dim && !$0.pixelsChanged })
        let off = try #require(run.frames.last)
        #expect(off.brightness == .off && off.dirty == nil)
        #expect(off.bitmap == started.last?.bitmap, "off keeps the image the controller holds")
        #expect(await runtime.nextWakeUp == nil, "nothing to do while off with a .never widget")
    }

    @Test func item30_eInkFullRefreshEveryNPartialsAndAtLeastDaily() async throws {
        let clock = ManualTimeSource(now: t0)
        let script = Script(clock: clock) { _, now in
            .timeline((0..<8).map { TestEntry(date: now.addingTimeInterval(Double($0) * 60), value: $0) }, .never)
        }
        var face = column(["w"])
        face.panel = .eInk
        let (runtime, _) = try makeRuntime([valueWidget("w", script)], face: face,
                                           settings: testSettings(idle: .seconds(86_400 * 3), eInk: EInkSettings(partialRefreshesPerFull: 3)),
                                           clock: clock, eInkState: EInkRefreshState(partialRefreshes: 1, lastFullRefresh: t0.addingTimeInterval(-3600)))
        let started = await runtime.start()
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(3600))
        let frames = started + run.frames
        // Placeholder, entries 0…7: with the restored counter at 1, partial, partial, full, then a full every fourth frame.
        #expect(frames.map(\.fullRefresh) == [false, false, true, false, false, false, true, false, false])
        #expect(frames.allSatisfy { $0.pixelShift == .zero }, "e-ink does not shift")
        // Nothing changes any more; the daily full refresh still comes, 24 h after the last one.
        let lastFull = t0.addingTimeInterval(5 * 60)
        #expect(await runtime.nextWakeUp == lastFull.addingTimeInterval(86_400))
        let daily = await drive(runtime, clock, until: lastFull.addingTimeInterval(86_400), inclusive: true)
        #expect(daily.frames.count == 1 && daily.frames[0].fullRefresh && !daily.frames[0].pixelsChanged)
        #expect(await runtime.eInkRefreshState == EInkRefreshState(partialRefreshes: 0, lastFullRefresh: lastFull.addingTimeInterval(86_400)))
    }
}
