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

/// Docs/Contract.md, "Always on": the always-on states the runtime decides (how the glass dims,
/// shifts and refreshes is the panel display's, tested in GlancePanelsTests).
@Suite struct AlwaysOnTests {
    @Test func item27_activeThenAlwaysOnThenOffAndTheWakingPressIsNotRun() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let (runtime, _) = try makeRuntime([valueWidget("w", script)], face: column(["w"]),
                                           settings: testSettings(offTimeout: .seconds(600)), clock: clock,
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
        #expect(run.frames.map(\.state) == [.alwaysOn, .off])
        #expect(await runtime.status().state == .off)
        // The waking press does not run its binding; the next one does.
        await runtime.send(.intent(BoundIntent(TapIntent.self)))
        #expect(await runtime.status().state == .active)
        #expect(await runtime.settle().isEmpty)
        #expect(await runtime.statistics.intentsPerformed == 0)
        await runtime.send(.intent(BoundIntent(TapIntent.self)))
        _ = await runtime.settle()
        #expect(await runtime.statistics.intentsPerformed == 1)

        // Night hours turn the face off and, when they end, back to always-on.
        let night = NightSchedule(start: (23, 0), end: (7, 0), timeZone: utc)
        let evening = t0.addingTimeInterval(22 * 3600 + 59 * 60 + 45)
        let nightClock = ManualClock(now: evening)
        let nightScript = Script(clock: nightClock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let (nightRuntime, _) = try makeRuntime([valueWidget("w", nightScript)], face: column(["w"]),
                                                settings: testSettings(night: night), clock: nightClock)
        await nightRuntime.start()
        let nightRun = await drive(nightRuntime, nightClock, until: evening.addingTimeInterval(12 * 3600))
        #expect(nightRun.wakeUps == [evening.addingTimeInterval(30), t0.addingTimeInterval(31 * 3600)])
        #expect(nightRun.frames.map(\.state) == [.off, .alwaysOn], "idle at 23:00:15 during the night: straight to off; 07:00: always-on")
    }

    @Test func item28_alwaysOnReducesLuminanceRedactsPrivateContentAndTicksOncePerMinute() async throws {
        let clock = ManualClock(now: t0.addingTimeInterval(10))
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let probe = widget("probe", script) { EnvironmentProbe(entry: $0) }
        let (runtime, _) = try makeRuntime([probe], face: Face(size: Size(width: 128, height: 48), slots: [
            Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 0, width: 128, height: 48), widgets: [WidgetPlacement("probe")]),
        ]), settings: testSettings(hidesSensitiveContent: true), clock: clock)
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

    @Test func item29_framesCarryTheStateAndOffKeepsTheImage() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now, value: 7)], .never) }
        let (runtime, _) = try makeRuntime([valueWidget("w", script)], face: column(["w"]),
                                           settings: testSettings(offTimeout: .seconds(3600)), clock: clock)
        let started = await runtime.start()
        #expect(started.allSatisfy { $0.state == .active })
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(7200))
        // 30 s: always-on; 3630 s: off. Burn-in shifts are the panel's: the runtime does not wake for them.
        #expect(run.wakeUps == [t0.addingTimeInterval(30), t0.addingTimeInterval(3630)])
        #expect(run.frames.map(\.state) == [.alwaysOn, .off])
        let off = try #require(run.frames.last)
        #expect(off.bitmap == run.frames.first?.bitmap, "off keeps the image the controller holds")
        #expect(await runtime.nextWakeUp == nil, "nothing to do while off with a .never widget")
    }
}
