import Foundation
import GlanceTesting
import Testing
@testable import GlanceWidgets

/// The runtime's parts on their own: the always-on state machine and the activity center.
/// (`TimelineSchedulerTests` and `StackTests` test the scheduler and the smart stack.)
@Suite struct RuntimePartsTests {
    @Test func alwaysOnMachineDimsTurnsOffAndWakesOnInput() {
        let settings = AlwaysOnSettings(idleTimeout: .seconds(30), offTimeout: .seconds(600), night: nil, hidesSensitiveContent: false)
        var machine = AlwaysOnMachine(settings: settings, now: t0)
        #expect(machine.state == .active && machine.nextTransition(after: t0) == t0.addingTimeInterval(30))
        #expect(!mutate(&machine) { $0.advance(to: t0.addingTimeInterval(29.9)) })
        #expect(mutate(&machine) { $0.advance(to: t0.addingTimeInterval(30)) } && machine.state == .alwaysOn)
        #expect(machine.nextTransition(after: t0.addingTimeInterval(30)) == t0.addingTimeInterval(630))
        #expect(mutate(&machine) { $0.advance(to: t0.addingTimeInterval(630)) } && machine.state == .off)
        #expect(machine.nextTransition(after: t0.addingTimeInterval(630)) == nil, "off by timeout waits for a press")
        #expect(mutate(&machine) { $0.input(at: t0.addingTimeInterval(700)) }, "the waking press is consumed")
        #expect(machine.state == .active && !mutate(&machine) { $0.input(at: t0.addingTimeInterval(701)) })
        // A press re-arms the idle timer; a clock jump backwards does not stretch it.
        #expect(machine.nextTransition(after: t0.addingTimeInterval(701)) == t0.addingTimeInterval(731))
        #expect(mutate(&machine) { $0.advance(to: t0.addingTimeInterval(-3600)) } == false)
        #expect(machine.nextTransition(after: t0.addingTimeInterval(-3600)) == t0.addingTimeInterval(-3570))
    }

    @Test func alwaysOnMachineFollowsTheNight() {
        let night = NightSchedule(start: (hour: 23, minute: 0), end: (hour: 7, minute: 0), timeZone: utc)
        let settings = AlwaysOnSettings(idleTimeout: .seconds(30), offTimeout: nil, night: night, hidesSensitiveContent: false)
        let evening = t0.addingTimeInterval(22 * 3600)
        var machine = AlwaysOnMachine(settings: settings, now: evening)
        #expect(mutate(&machine) { $0.advance(to: evening.addingTimeInterval(30)) } && machine.state == .alwaysOn)
        #expect(machine.nextTransition(after: evening.addingTimeInterval(30)) == t0.addingTimeInterval(23 * 3600))
        #expect(mutate(&machine) { $0.advance(to: t0.addingTimeInterval(23 * 3600)) } && machine.state == .off)
        #expect(machine.nextTransition(after: t0.addingTimeInterval(23 * 3600)) == t0.addingTimeInterval(31 * 3600))
        #expect(mutate(&machine) { $0.advance(to: t0.addingTimeInterval(31 * 3600)) } && machine.state == .alwaysOn, "the night ends dimmed, not lit")
        // Idle long past the timeout at once: active → alwaysOn → off in one step.
        var late = AlwaysOnMachine(settings: settings, now: evening)
        #expect(mutate(&late) { $0.advance(to: t0.addingTimeInterval(24 * 3600)) } && late.state == .off)
    }

    /// `idle: never`: a face without buttons stays lit; only the night switches it off, and a
    /// press during the night lights it for `nightIdle`.
    @Test func alwaysOnMachineWithoutIdleTimeoutStaysLitExceptAtNight() {
        var lit = AlwaysOnMachine(settings: AlwaysOnSettings(idleTimeout: nil), now: t0)
        #expect(lit.nextTransition(after: t0) == nil && lit.upcoming(after: t0) == nil)
        #expect(!mutate(&lit) { $0.advance(to: t0.addingTimeInterval(365 * 86_400)) } && lit.state == .active)

        let night = NightSchedule(start: (hour: 23, minute: 0), end: (hour: 7, minute: 0), timeZone: utc)
        let evening = t0.addingTimeInterval(22 * 3600)
        var machine = AlwaysOnMachine(settings: AlwaysOnSettings(idleTimeout: nil, night: night), now: evening)
        #expect(machine.nextTransition(after: evening) == t0.addingTimeInterval(23 * 3600))
        #expect(machine.upcoming(after: evening)?.state == .off)
        #expect(!mutate(&machine) { $0.advance(to: t0.addingTimeInterval(23 * 3600 - 1)) } && machine.state == .active)
        #expect(mutate(&machine) { $0.advance(to: t0.addingTimeInterval(23 * 3600)) } && machine.state == .off)
        // A press at night lights it for 30 s, then it is off again.
        #expect(mutate(&machine) { $0.input(at: t0.addingTimeInterval(24 * 3600)) } && machine.state == .active)
        #expect(machine.nextTransition(after: t0.addingTimeInterval(24 * 3600)) == t0.addingTimeInterval(24 * 3600 + 30))
        #expect(mutate(&machine) { $0.advance(to: t0.addingTimeInterval(24 * 3600 + 30)) } && machine.state == .off)
        // The morning lights it, not dimmed.
        #expect(machine.nextTransition(after: t0.addingTimeInterval(24 * 3600 + 30)) == t0.addingTimeInterval(31 * 3600))
        #expect(mutate(&machine) { $0.advance(to: t0.addingTimeInterval(31 * 3600)) } && machine.state == .active)
        #expect(machine.nextTransition(after: t0.addingTimeInterval(31 * 3600)) == t0.addingTimeInterval(47 * 3600))
    }

    @Test func activityCenterKeepsActivitiesUntilTheyAreDismissed() throws {
        let clock = ManualClock(now: t0)
        let center = ActivityCenter()
        let changes = Locked(0)
        center.attach(time: clock, supportedTypes: [String(reflecting: DeliveryAttributes.self)], log: { _ in },
                      listener: { changes.withLock { $0 += 1 } })
        let attributes = DeliveryAttributes(courier: "Ada")
        let id = try center.start(attributes: attributes, content: ActivityContent(state: .init(stops: 3), staleDate: t0.addingTimeInterval(600)))
        let told = changes.withLock { $0 }
        #expect(center.liveActivities(at: t0).map(\.id) == [id] && told == 1, "the runtime is told")
        #expect(center.state(id: id, at: t0) == .active && center.state(id: id, at: t0.addingTimeInterval(600)) == .stale)
        center.update(id: id, attributes: attributes, content: ActivityContent(state: .init(stops: 2), staleDate: nil))
        #expect(center.snapshot(id: id)?.revision == 1 && center.state(id: id, at: t0.addingTimeInterval(600)) == .active)
        // Ended: shown until dismissed, at most four hours.
        clock.set(t0.addingTimeInterval(60))
        center.end(id: id, policy: .default)
        #expect(center.state(id: id, at: t0.addingTimeInterval(60)) == .ended)
        #expect(center.snapshot(id: id)?.dismissAt == t0.addingTimeInterval(60 + 4 * 3600))
        #expect(center.liveActivities(at: t0.addingTimeInterval(60 + 4 * 3600)).isEmpty)
        #expect(center.state(id: id, at: t0.addingTimeInterval(60 + 4 * 3600)) == .dismissed)
        // A type the face does not show is refused.
        #expect(throws: ActivityAuthorizationError.self) {
            try center.start(attributes: ParcelAttributes(courier: "x"), content: ActivityContent(state: .init(minutesLeft: 5), staleDate: nil))
        }
    }
}

/// Runs a mutating call on `value` and returns its result (`#expect` cannot take mutating calls).
private func mutate<Value, Result>(_ value: inout Value, _ body: (inout Value) -> Result) -> Result {
    body(&value)
}

/// Issue 15, item 2: what the runtime does for the crash guard and with a quarantine.
@Suite struct QuarantineTests {
    /// Records what the runtime tells the guard.
    final class GuardLog: WidgetCodeGuard, @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func enter(_ kind: String) { lock.withLock { entries.append("enter \(kind)") } }
        func leave() { lock.withLock { entries.append("leave") } }
        var all: [String] { lock.withLock { entries } }
    }

    @Test func widgetCodeRunsInsideTheGuard() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let log = GuardLog()
        var settings = testSettings()
        settings.codeGuard = log
        let (runtime, _) = try makeRuntime([valueWidget("a", script)], face: column(["a"]), settings: settings, clock: clock)
        await runtime.start()
        // Placeholder, first render, provider call and its completion, the timeline's render: each entered and left.
        #expect(log.all.count >= 8 && log.all.count.isMultiple(of: 2))
        #expect(zip(log.all, log.all.dropFirst()).enumerated().allSatisfy { index, pair in
            !index.isMultiple(of: 2) || (pair.0 == "enter a" && pair.1 == "leave")
        }, "\(log.all)")
    }

    @Test func aQuarantinedWidgetRunsNoCodeUntilLifted() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { call, now in .timeline([TestEntry(date: now, value: call + 1)], .never) }
        let other = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        var settings = testSettings()
        settings.quarantined = ["a"]
        let (runtime, _) = try makeRuntime([valueWidget("a", script), valueWidget("b", other)], face: column(["a", "b"]),
                                           settings: settings, clock: clock)
        let frames = await runtime.start()
        #expect(script.callCount == 0 && script.snapshots == 0 && other.callCount == 1)
        #expect(await runtime.instanceStatus().map(\.isQuarantined) == [true, false])
        #expect(await runtime.statistics.placeholderCalls["a"] == nil, "not even its placeholder")
        let slot = Rect(x: 0, y: 0, width: 128, height: 32)
        #expect(litCount(try #require(frames.last).bitmap, in: slot) > 0, "the warning mark and bars are drawn")
        #expect(await runtime.savedState.quarantined == ["a"], "kept across restarts")
        await runtime.liftQuarantine(of: ["b"], because: "b's data changed")
        let stillQuarantined = await runtime.instanceStatus().map(\.isQuarantined)
        #expect(script.callCount == 0 && stillQuarantined == [true, false], "another widget's input")
        await runtime.liftQuarantine(of: ["a", "b"], because: "a's data changed")
        let shown = await runtime.status().slots[0].entry as? TestEntry
        #expect(script.callCount == 1 && shown?.value == 1)
        #expect(await runtime.instanceStatus().map(\.isQuarantined) == [false, false])
    }
}
