import Foundation
import GlanceTesting
import Testing
@testable import GlanceWidgets

struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable, Sendable {
        var stops: Int
    }
    var courier: String
}

struct HugeAttributes: ActivityAttributes {
    typealias ContentState = DeliveryAttributes.ContentState
    var blob: String
}

/// Smart stacks and live activities (Docs/Contract.md, "Stacks and relevance" and "Live activities").
@Suite struct StackTests {
    @Test func aSmartStackAloneNavigatesAndPromotesOnlyNewWinners() {
        var stack = SmartStack(members: [4, 7, 9], ordering: .relevance)
        #expect(stack.visible == 4)
        #expect(stack.navigate(by: -1) && stack.visible == 9)
        #expect(stack.navigate(by: 1) && stack.visible == 4)
        var scores: [Int: Float] = [7: 0.5, 9: 0]
        #expect(stack.promote { scores[$0] } && stack.visible == 7)
        // Navigating away sticks while the winner stays the same…
        #expect(stack.navigate(by: 1) && stack.visible == 9)
        #expect(!stack.promote { scores[$0] } && stack.visible == 9)
        // …a new winner promotes again; a score of 0 or less never does.
        scores = [4: 2, 9: -1]
        #expect(stack.promote { scores[$0] } && stack.visible == 4)
        scores = [9: 0]
        #expect(!stack.promote { scores[$0] } && stack.visible == 4)
        // A pinned stack and a single widget ignore relevance; one widget cannot navigate.
        var pinned = SmartStack(members: [1, 2], ordering: .pinned)
        #expect(!pinned.promote { _ in 5 } && pinned.visible == 1)
        var single = SmartStack(members: [3], ordering: .relevance)
        #expect(!single.navigate(by: 1) && !single.promote { _ in 5 })
        #expect(pinned.show(instance: 2) && pinned.visible == 2 && !pinned.show(instance: 8))
    }

    @Test func aRotatingStackTakesTurnsAndHoldsARelevantMember() {
        var stack = SmartStack(members: [4, 7, 9], ordering: .relevance, rotation: 30)
        var scores: [Int: Float] = [:]
        #expect(stack.rotates && stack.turnEnd == nil)
        #expect(!stack.rotate(at: t0) { scores[$0] } && stack.turnEnd == t0.addingTimeInterval(30), "the first step starts a turn")
        #expect(!stack.rotate(at: t0.addingTimeInterval(29.9)) { scores[$0] } && stack.visible == 4)
        #expect(stack.rotate(at: t0.addingTimeInterval(30)) { scores[$0] } && stack.visible == 7)
        #expect(stack.turnEnd == t0.addingTimeInterval(60))
        // A navigation ends the turn: the next step starts a full one for the member shown.
        #expect(stack.navigate(by: 1) && stack.visible == 9 && stack.turnEnd == nil)
        #expect(!stack.rotate(at: t0.addingTimeInterval(50)) { scores[$0] } && stack.turnEnd == t0.addingTimeInterval(80))
        #expect(stack.rotate(at: t0.addingTimeInterval(80)) { scores[$0] } && stack.visible == 4, "the turns wrap")
        // A relevant member keeps the stack turn after turn; when its relevance is over the turns go on from it.
        scores = [7: 0.5]
        #expect(stack.rotate(at: t0.addingTimeInterval(110)) { scores[$0] } && stack.visible == 7)
        #expect(!stack.rotate(at: t0.addingTimeInterval(140)) { scores[$0] } && stack.visible == 7)
        #expect(stack.turnEnd == t0.addingTimeInterval(170))
        scores = [:]
        #expect(stack.rotate(at: t0.addingTimeInterval(170)) { scores[$0] } && stack.visible == 9)
        // A pinned stack rotates in its order whatever the scores; one widget and no period never rotate.
        var pinned = SmartStack(members: [1, 2], ordering: .pinned, rotation: 10)
        _ = pinned.rotate(at: t0) { _ in 5 }
        #expect(pinned.rotate(at: t0.addingTimeInterval(10)) { $0 == 1 ? 5 : nil } && pinned.visible == 2)
        var single = SmartStack(members: [3], ordering: .relevance, rotation: 10)
        var still = SmartStack(members: [1, 2], ordering: .relevance)
        #expect(!single.rotates && !still.rotates)
        #expect(!single.rotate(at: t0.addingTimeInterval(100)) { _ in nil } && !still.rotate(at: t0.addingTimeInterval(100)) { _ in nil })
        // A clock set back past the turn's start starts the turn again.
        #expect(!pinned.rotate(at: t0) { _ in nil } && pinned.turnEnd == t0.addingTimeInterval(10))
    }

    @Test func aRotatingStackInTheRuntimeWakesForEachTurn() async throws {
        let clock = ManualClock(now: t0)
        let (runtime, _) = try stack(ordering: .relevance, rotation: .seconds(40), clock: clock)
        await runtime.start()
        #expect(await runtime.status().slots[0].kind == "a")
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(40), "the turn's end is a wake-up")
        // a 0–40, b 40–80, c 80–100; b from 100 s, held turn after turn while relevant (to 400 s);
        // its turn in progress ends at 420 s, then c, a, b, c.
        var shown = [String]()
        for second in stride(from: 40, through: 560, by: 40) {
            #expect(await runtime.nextWakeUp.map { $0 <= t0.addingTimeInterval(Double(second)) } == true)
            _ = await drive(runtime, clock, until: t0.addingTimeInterval(Double(second)), inclusive: true)
            shown.append(await runtime.status().slots[0].kind ?? "?")
        }
        #expect(shown == ["b", "c", "b", "b", "b", "b", "b", "b", "b", "b", "c", "a", "b", "c"])
    }

    /// Three widgets in one stack: "a" never relevant, "b" relevant (0.5) from 100 s for 300 s, "c" scored 0.
    private func stack(ordering: StackOrdering, rotation: Duration? = nil, clock: ManualClock) throws -> (FaceRuntime, LogBox) {
        let a = Script(clock: clock) { _, now in .timeline([TestEntry(date: now, value: 1)], .never) }
        let b = Script(clock: clock) { _, now in
            .timeline([TestEntry(date: now, value: 2),
                       TestEntry(date: now.addingTimeInterval(100), value: 2, relevance: TimelineEntryRelevance(score: 0.5, duration: 300))], .never)
        }
        let c = Script(clock: clock) { _, now in
            .timeline([TestEntry(date: now, value: 3), TestEntry(date: now.addingTimeInterval(200), value: 3, relevance: TimelineEntryRelevance(score: 0))], .never)
        }
        let face = Face(size: Size(width: 128, height: 32), slots: [
            Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 0, width: 128, height: 32),
                 widgets: [WidgetPlacement("a"), WidgetPlacement("b"), WidgetPlacement("c")], ordering: ordering, rotation: rotation),
        ])
        return try makeRuntime([valueWidget("a", a), valueWidget("b", b), valueWidget("c", c)], face: face,
                               settings: testSettings(idle: .seconds(86_400)), clock: clock)
    }

    @Test func item31_stacksFollowRelevanceAndManualNavigation() async throws {
        let clock = ManualClock(now: t0)
        let (runtime, _) = try stack(ordering: .relevance, clock: clock)
        await runtime.start()
        #expect(await runtime.status().slots[0].kind == "a")
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(100))
        clock.set(t0.addingTimeInterval(100))
        let promoted = await runtime.wakeUp()
        #expect(await runtime.status().slots[0].kind == "b", "the relevant entry promotes its widget")
        #expect(promoted.count == 1)
        await runtime.send(.stackNext)
        #expect(await runtime.status().slots[0].kind == "c")
        await runtime.send(.stackPrevious)
        await runtime.send(.stackPrevious)
        #expect(await runtime.status().slots[0].kind == "a", "manual navigation wins over a promotion already made")
        // c's entry at 200 s scores 0: it never promotes; b's relevance ends at 400 s.
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(1000))
        #expect(run.wakeUps == [t0.addingTimeInterval(200), t0.addingTimeInterval(400)])
        #expect(await runtime.status().slots[0].kind == "a")
        #expect(run.frames.isEmpty)

        // A pinned stack ignores relevance.
        let pinnedClock = ManualClock(now: t0)
        let (pinned, _) = try stack(ordering: .pinned, clock: pinnedClock)
        await pinned.start()
        _ = await drive(pinned, pinnedClock, until: t0.addingTimeInterval(1000))
        #expect(await pinned.status().slots[0].kind == "a")
        await pinned.send(.stackNext)
        #expect(await pinned.status().slots[0].kind == "b")
    }

    @Test func item32_liveActivitiesTakeTheirSlotGoStaleEndAndRespectTheSizeLimit() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now, value: 1)], .never) }
        let activity = ActivityConfiguration(for: DeliveryAttributes.self) { context in
            Text("\(context.attributes.courier): \(context.state.stops)\(context.isStale ? "?" : "")")
        }
        let face = Face(size: Size(width: 128, height: 64), slots: [
            Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 0, width: 128, height: 32), widgets: [WidgetPlacement("w")]),
            Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 32, width: 128, height: 32), widgets: [WidgetPlacement("v")],
                 showsLiveActivities: true),
        ])
        let (runtime, _) = try makeRuntime([valueWidget("w", script), valueWidget("v", script), activity.descriptor], face: face,
                                           settings: testSettings(idle: .seconds(86_400)), clock: clock)
        let started = await runtime.start()
        let center = runtime.activityCenter
        let delivery = try ActivityCenter.$current.withValue(center) {
            try Activity.request(attributes: DeliveryAttributes(courier: "Ana"),
                                 content: ActivityContent(state: .init(stops: 3), staleDate: t0.addingTimeInterval(600)))
        }
        let taken = await runtime.update()
        let before = try #require(started.last).bitmap
        #expect(taken.count == 1 && changedBounds(before, taken[0].bitmap).map { $0.minY >= 32 } == true, "only the activity's slot changes")
        #expect(await runtime.status().slots[1].activityID == delivery.id)
        #expect(await runtime.status().slots[0].activityID == nil)
        #expect(delivery.activityState == .active)
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(600))
        clock.set(t0.addingTimeInterval(600))
        let stale = await runtime.wakeUp()
        let staleStatus = await runtime.status().slots[1]
        #expect(stale.count == 1 && staleStatus.activityIsStale)
        #expect(delivery.activityState == .stale)
        await delivery.update(ActivityContent(state: .init(stops: 2), staleDate: nil))
        #expect(await runtime.update().count == 1)
        #expect(delivery.content.state.stops == 2)
        // Ended with the default policy: stays up to four hours.
        await delivery.end(nil)
        #expect(delivery.activityState == .ended)
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(600 + 4 * 3600))
        clock.set(t0.addingTimeInterval(600 + 4 * 3600))
        await runtime.wakeUp()
        #expect(await runtime.status().slots[1].kind == "v")
        #expect(delivery.activityState == .dismissed)

        // .after(d): the earlier of d and four hours; .immediate: at once.
        let soon = try ActivityCenter.$current.withValue(center) {
            try Activity.request(attributes: DeliveryAttributes(courier: "Bo"), content: ActivityContent(state: .init(stops: 1), staleDate: nil))
        }
        let late = try ActivityCenter.$current.withValue(center) {
            try Activity.request(attributes: DeliveryAttributes(courier: "Cy"), content: ActivityContent(state: .init(stops: 1), staleDate: nil))
        }
        let now = clock.now
        await soon.end(nil, dismissalPolicy: .after(now.addingTimeInterval(60)))
        await late.end(nil, dismissalPolicy: .after(now.addingTimeInterval(9 * 3600)))
        await runtime.update()
        #expect(await runtime.nextWakeUp == now.addingTimeInterval(60))
        clock.set(now.addingTimeInterval(60))
        await runtime.wakeUp()
        #expect(soon.activityState == .dismissed && late.activityState == .ended)
        #expect(await runtime.nextWakeUp == now.addingTimeInterval(4 * 3600))
        await late.end(nil, dismissalPolicy: .immediate)
        let immediate = try ActivityCenter.$current.withValue(center) {
            try Activity.request(attributes: DeliveryAttributes(courier: "Di"), content: ActivityContent(state: .init(stops: 1), staleDate: nil))
        }
        await runtime.update()
        #expect(await runtime.status().slots[1].activityID == immediate.id)
        await immediate.end(nil, dismissalPolicy: .immediate)
        await runtime.update()
        #expect(await runtime.status().slots[1].activityID == nil)

        // Over 4 KB ({"courier":"…"} plus {"stops":1}) is refused; attributes no configuration shows are refused.
        #expect(throws: ActivityAuthorizationError.attributesTooLarge(size: 4121)) {
            try ActivityCenter.$current.withValue(center) {
                try Activity.request(attributes: DeliveryAttributes(courier: String(repeating: "x", count: 4096)),
                                     content: ActivityContent(state: .init(stops: 1), staleDate: nil))
            }
        }
        #expect(throws: ActivityAuthorizationError.self) {
            try ActivityCenter.$current.withValue(center) {
                try Activity.request(attributes: HugeAttributes(blob: "small"), content: ActivityContent(state: .init(stops: 1), staleDate: nil))
            }
        }
    }
}

/// Live-activity views follow the privacy rule in always-on (Docs/Contract.md, "Views and redaction").
@Suite struct ActivityRedactionTests {
    /// The activity's frame after dimming, on a face that hides sensitive content or not.
    private func dimmedActivity(hiding: Bool) async throws -> (active: Bitmap, dimmed: Bitmap) {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now)], .never) }
        let activity = ActivityConfiguration(for: DeliveryAttributes.self) { context in
            Text("\(context.attributes.courier) \(context.state.stops)").font(.title).privacySensitive()
        }
        let face = Face(size: Size(width: 128, height: 32), slots: [
            Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 0, width: 128, height: 32), widgets: [WidgetPlacement("w")],
                 showsLiveActivities: true),
        ])
        let (runtime, _) = try makeRuntime([valueWidget("w", script), activity.descriptor], face: face,
                                           settings: testSettings(idle: .seconds(30), hidesSensitiveContent: hiding), clock: clock)
        await runtime.start()
        _ = try ActivityCenter.$current.withValue(runtime.activityCenter) {
            try Activity.request(attributes: DeliveryAttributes(courier: "Ana"), content: ActivityContent(state: .init(stops: 3), staleDate: nil))
        }
        let active = try #require(await runtime.update().last).bitmap
        clock.set(t0.addingTimeInterval(30))
        let dimmed = try #require(await runtime.wakeUp().last)
        #expect(dimmed.state == .alwaysOn)
        return (active, dimmed.bitmap)
    }

    @Test func aLiveActivityIsRedactedInAlwaysOnWhenTheFaceHidesSensitiveContent() async throws {
        let shown = try await dimmedActivity(hiding: false)
        let hidden = try await dimmedActivity(hiding: true)
        #expect(shown.active.pixels == hidden.active.pixels, "active: the same picture")
        #expect(litCount(hidden.dimmed) > 0 && hidden.dimmed.pixels != shown.dimmed.pixels, "dimmed: the name and count are hidden")
    }
}
