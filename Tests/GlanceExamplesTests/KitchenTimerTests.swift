import Foundation
import Glance
import GlanceTesting
import Testing
@testable import GlanceExamples
@testable import GlanceWidgets

/// A face with the clock in one rectangular slot and the kitchen timer's activity, on a manual clock.
private func timerFace(_ clock: ManualClock) throws -> FaceRuntime {
    let face = Face(size: Size(width: 128, height: 64),
                    slots: [Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 0, width: 128, height: 64), widgets: [WidgetPlacement("clock")])])
    let widgets = ClockWidget().descriptors + KitchenTimerWidget().descriptors
    let settings = RuntimeSettings(alwaysOn: AlwaysOnSettings(idleTimeout: .seconds(86_400)), locale: Locale(identifier: "en_US_POSIX"), timeZone: utc)
    return try FaceRuntime(widgets: widgets, face: face, settings: settings, time: clock)
}

/// Runs `intent` as the face would, with `Activity` talking to the face's activity center.
private func perform(_ intent: some AppIntent, on runtime: FaceRuntime) async throws {
    try await ActivityCenter.$current.withValue(runtime.activityCenter) {
        _ = try await intent.perform()
    }
    _ = await runtime.update()
}

/// Moves the clock wake-up by wake-up to `end`.
private func drive(_ runtime: FaceRuntime, _ clock: ManualClock, to end: Date) async -> [Frame] {
    var frames = [Frame]()
    while let next = await runtime.nextWakeUp, next <= end {
        clock.set(next)
        frames += await runtime.wakeUp()
    }
    clock.set(end)
    return frames + (await runtime.update())
}

@Suite struct KitchenTimerTests {
    /// Started, it ticks without updates, says "Done!" at zero and leaves two minutes later.
    @Test func startsTicksFinishesAndLeavesByItself() async throws {
        let clock = ManualClock(now: t0)
        let runtime = try timerFace(clock)
        await runtime.start()
        _ = await runtime.settle()
        try await perform(StartKitchenTimerIntent(now: { clock.now }), on: runtime)

        let running = await runtime.status().slots[0]
        #expect(running.activityID != nil && !running.activityIsStale)
        let frames = await drive(runtime, clock, to: t0.addingTimeInterval(299))
        #expect(frames.count >= 290, "a frame for every second of the countdown, got \(frames.count)")
        #expect(await runtime.status().slots[0].activityIsStale == false)

        _ = await drive(runtime, clock, to: t0.addingTimeInterval(300))
        #expect(await runtime.status().slots[0].activityIsStale, "at zero the content is stale: the view says Done!")
        let done = render(KitchenTimerView(context: ActivityViewContext(attributes: KitchenTimerAttributes(name: "Tea", duration: 300),
                                                                         state: .init(endDate: t0.addingTimeInterval(300)),
                                                                         isStale: true, activityID: "x")),
                          .accessoryRectangular, at: clock.now)
        let last = await drive(runtime, clock, to: t0.addingTimeInterval(301))
        #expect(last.last?.bitmap == nil || last.last?.bitmap == done.bitmap)

        _ = await drive(runtime, clock, to: t0.addingTimeInterval(300 + KitchenTimer.linger - 1))
        #expect(await runtime.status().slots[0].activityID != nil)
        _ = await drive(runtime, clock, to: t0.addingTimeInterval(300 + KitchenTimer.linger))
        let after = await runtime.status().slots[0]
        #expect(after.activityID == nil && after.kind == "clock", "dismissed: the clock is back")
    }

    /// Issue 15, item 1: a negative duration from `glance ctl activity start` is an error
    /// naming the key; it reversed the countdown's range, which trapped the face.
    @Test func aDurationOutsideASecondToADayIsRefused() async throws {
        let clock = ManualClock(now: t0)
        let runtime = try timerFace(clock)
        await runtime.start()
        let state = Data(#"{"endDate": "2026-11-21T00:05:00Z"}"#.utf8)
        for duration in ["-300", "0", "1e300"] {
            let attributes = Data(#"{"name": "Tea", "duration": \#(duration)}"#.utf8)
            let error = #expect(throws: ActivityRequestError.self) {
                try runtime.activity(.start(type: "KitchenTimerAttributes", attributes: attributes, content: ActivityJSONContent(state: state)))
            }
            #expect(String(describing: error).contains("a kitchen timer runs 1 to 86400 seconds"), "\(String(describing: error))")
        }
        // Attributes made in code with such a duration draw as the nearest allowed one.
        for duration in [-300.0, .infinity, .nan] {
            let attributes = KitchenTimerAttributes(name: "Tea", duration: duration)
            let view = KitchenTimerView(context: ActivityViewContext(attributes: attributes, state: .init(endDate: t0), isStale: false, activityID: "x"))
            #expect(litCount(render(view, .accessoryRectangular).bitmap) > 0)
        }
    }

    @Test func startingAgainReplacesTheRunningTimer() async throws {
        let clock = ManualClock(now: t0)
        let runtime = try timerFace(clock)
        await runtime.start()
        try await perform(StartKitchenTimerIntent(now: { clock.now }), on: runtime)
        _ = await drive(runtime, clock, to: t0.addingTimeInterval(100))
        try await perform(StartKitchenTimerIntent(now: { clock.now }), on: runtime)
        let timers = ActivityCenter.$current.withValue(runtime.activityCenter) { Activity<KitchenTimerAttributes>.activities }
        #expect(timers.count == 1)
        #expect(timers.first?.content.state == KitchenTimerAttributes.ContentState(endDate: t0.addingTimeInterval(400)))
        #expect(timers.first?.content.staleDate == t0.addingTimeInterval(400))
        #expect(timers.first?.attributes.name == "Tea" && timers.first?.attributes.duration == 300)
    }

    @Test func pausingFreezesTheTimeAndResumingShiftsTheEnd() async throws {
        let clock = ManualClock(now: t0)
        let runtime = try timerFace(clock)
        await runtime.start()
        try await perform(StartKitchenTimerIntent(now: { clock.now }), on: runtime)
        _ = await drive(runtime, clock, to: t0.addingTimeInterval(60))
        try await perform(PauseKitchenTimerIntent(now: { clock.now }), on: runtime)
        _ = await drive(runtime, clock, to: t0.addingTimeInterval(1000))
        #expect(await runtime.status().slots[0].activityIsStale == false, "a paused timer never reaches zero")
        let paused = ActivityCenter.$current.withValue(runtime.activityCenter) { Activity<KitchenTimerAttributes>.activities.first }
        #expect(paused?.content.state.pausedAt == t0.addingTimeInterval(60))

        try await perform(PauseKitchenTimerIntent(now: { clock.now }), on: runtime)
        let resumed = ActivityCenter.$current.withValue(runtime.activityCenter) { Activity<KitchenTimerAttributes>.activities.first }
        #expect(resumed?.content.state == KitchenTimerAttributes.ContentState(endDate: t0.addingTimeInterval(1240)))
        _ = await drive(runtime, clock, to: t0.addingTimeInterval(1240))
        #expect(await runtime.status().slots[0].activityIsStale)
    }

    @Test func stoppingRemovesItAtOnce() async throws {
        let clock = ManualClock(now: t0)
        let runtime = try timerFace(clock)
        await runtime.start()
        try await perform(StartKitchenTimerIntent(now: { clock.now }), on: runtime)
        #expect(await runtime.status().slots[0].activityID != nil)
        try await perform(StopKitchenTimerIntent(), on: runtime)
        _ = await drive(runtime, clock, to: t0.addingTimeInterval(1))
        #expect(await runtime.status().slots[0].activityID == nil)
    }
}
