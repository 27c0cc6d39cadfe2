import Foundation
import GlanceTesting
import Testing
@testable import GlanceWidgets

/// The timeline scheduler: when each widget's provider is called (Docs/Contract.md, "Timelines").
@Suite struct TimelineSchedulerTests {
    /// A failed intent reload is retried outside the budget, so its retry must not wait for the
    /// budget window either: with the budget used up, the face woke only a day later.
    @Test func aFailedIntentReloadIsRetriedOnTimeWhenTheBudgetIsUsedUp() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { call, now in
            call == 1 ? .timeline([], .never) : .timeline([TestEntry(date: now, value: call)], .never)
        }
        let tapper = widget("a", script) { _ in Button(intent: TapIntent(tag: "free-retry")) { Text("tap") } }
        let (runtime, log) = try makeRuntime([tapper], face: column(["a"]), settings: testSettings(budget: 1, idle: .seconds(200_000)),
                                             clock: clock)
        await runtime.start()
        await runtime.send(.focusNext)
        await runtime.send(.focusActivate)
        _ = await runtime.settle()
        #expect(script.callCount == 2)
        #expect(log.contains(kind: "a", level: .error, "retrying in 30 s"))
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(30))
        _ = await drive(runtime, clock, until: t0.addingTimeInterval(31))
        #expect(script.calls.last == t0.addingTimeInterval(30))
        #expect(await runtime.instanceStatus()[0].budgetUsed == 1)
    }

    /// Issue 15, item 1: a provider's timeline built from bad data — NaN, far and infinite
    /// dates, reload moments and relevance — neither traps nor spins the face.
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300])
    func hostileTimelineDatesNeitherTrapNorSpin(_ seconds: Double) async throws {
        let clock = ManualClock(now: t0)
        let odd = Date(timeIntervalSinceReferenceDate: seconds)
        let script = Script(clock: clock) { call, now in
            .timeline([TestEntry(date: now, value: call), TestEntry(date: odd, value: 99, relevance: .init(score: .nan, duration: seconds))],
                      call.isMultiple(of: 2) ? .after(odd) : .atEnd)
        }
        let (runtime, _) = try makeRuntime([valueWidget("a", script), valueWidget("b", script)], face: column(["a", "b"]),
                                           settings: testSettings(idle: .seconds(60)), clock: clock)
        await runtime.start()
        let run = await drive(runtime, clock, until: t0.addingTimeInterval(86_400))
        #expect(run.wakeUps.allSatisfy { $0.timeIntervalSinceReferenceDate.isFinite })
        #expect(run.wakeUps.count < 2000, "no spinning: \(run.wakeUps.count) wake-ups in a day")
        #expect(script.callCount <= 2 * 71, "within the budget")
    }

    // MARK: - The scheduler alone

    private func scheduler(widgets: Int = 1, budget: Int? = 70) -> TimelineScheduler {
        TimelineScheduler(widgets: widgets, budget: budget, providerTimeout: 5, retry: RetryPolicy())
    }

    private func started(_ decisions: [TimelineScheduler.Decision]) -> [TimelineScheduler.Call] {
        decisions.compactMap { if case .start(let call) = $0 { call } else { nil } }
    }

    @Test func everyWidgetLoadsFirstThenFollowsItsPolicy() {
        var schedule = scheduler(widgets: 2)
        #expect(schedule.nextWakeUp(after: t0) == t0, "first loads are due at once")
        let first = started(schedule.due(at: t0))
        #expect(first.map(\.widget) == [0, 1] && first.allSatisfy { $0.reason == .initial })
        #expect(schedule.due(at: t0).isEmpty, "one call in flight per widget")
        #expect(schedule.nextWakeUp(after: t0) == t0.addingTimeInterval(5), "the timeout is the next moment")
        #expect(schedule.finish(first[0], .timeline(reloadAt: t0.addingTimeInterval(900)), at: t0) == .applied)
        // A policy moment already come is taken as one second from now.
        #expect(schedule.finish(first[1], .timeline(reloadAt: t0.addingTimeInterval(-60)), at: t0) == .applied)
        #expect(schedule.nextWakeUp(after: t0) == t0.addingTimeInterval(1))
        #expect(started(schedule.due(at: t0.addingTimeInterval(1))).map(\.reason) == [.policy])
        #expect(started(schedule.due(at: t0.addingTimeInterval(900))).map(\.widget) == [0])
        #expect(schedule.budgetUsed(by: 0, at: t0.addingTimeInterval(900)) == 2)
    }

    @Test func theBudgetDefersCountedReloadsOnceAndIntentReloadsAreFree() throws {
        var schedule = scheduler(budget: 2)
        let initial = try #require(started(schedule.due(at: t0)).first)
        _ = schedule.finish(initial, .timeline(reloadAt: nil), at: t0)
        schedule.requestReload(of: 0)
        let requested = try #require(started(schedule.due(at: t0.addingTimeInterval(10))).first)
        #expect(requested.reason == .center)
        _ = schedule.finish(requested, .timeline(reloadAt: nil), at: t0.addingTimeInterval(10))
        schedule.requestReload(of: 0)
        #expect(schedule.due(at: t0.addingTimeInterval(20)) == [.deferred(widget: 0, until: t0.addingTimeInterval(86_400))])
        #expect(schedule.due(at: t0.addingTimeInterval(30)).isEmpty, "a deferral is reported once")
        #expect(schedule.nextWakeUp(after: t0.addingTimeInterval(30)) == t0.addingTimeInterval(86_400))
        // An intent reload runs at once, outside the budget, and leaves the request standing.
        schedule.intentFinished(for: 0)
        let intent = try #require(started(schedule.due(at: t0.addingTimeInterval(40))).first)
        #expect(intent.reason == .intent && schedule.intentReloadsStarted(for: 0) == 1)
        _ = schedule.finish(intent, .timeline(reloadAt: nil), at: t0.addingTimeInterval(40))
        #expect(schedule.budgetUsed(by: 0, at: t0.addingTimeInterval(40)) == 2)
        #expect(schedule.due(at: t0.addingTimeInterval(86_399)).isEmpty)
        #expect(started(schedule.due(at: t0.addingTimeInterval(86_400))).map(\.reason) == [.center])
    }

    @Test func failuresRetryWithBackOffAndLateAnswersAreIgnored() throws {
        var schedule = scheduler()
        var now = t0
        var call = try #require(started(schedule.due(at: now)).first)
        for expected in [30.0, 60, 120, 240] {
            #expect(schedule.finish(call, .failure, at: now) == .retrying(after: expected))
            #expect(schedule.nextWakeUp(after: now) == now.addingTimeInterval(expected))
            now = now.addingTimeInterval(expected)
            call = try #require(started(schedule.due(at: now)).first)
            #expect(call.reason == .retry)
        }
        // No answer within the timeout: the call expires, fails and a late answer changes nothing.
        #expect(schedule.expired(at: now.addingTimeInterval(4.9)).isEmpty)
        #expect(schedule.expired(at: now.addingTimeInterval(5)) == [call])
        #expect(schedule.finish(call, .failure, at: now.addingTimeInterval(5)) == .retrying(after: 480))
        #expect(!schedule.isCurrent(call) && !schedule.isReloading(0))
        #expect(schedule.finish(call, .timeline(reloadAt: nil), at: now.addingTimeInterval(6)) == .ignored)
        // Success resets the back-off.
        now = now.addingTimeInterval(485)
        call = try #require(started(schedule.due(at: now)).first)
        #expect(schedule.finish(call, .timeline(reloadAt: nil), at: now) == .applied)
        schedule.requestReload(of: 0)
        call = try #require(started(schedule.due(at: now)).first)
        #expect(schedule.finish(call, .failure, at: now) == .retrying(after: 30))
    }

    @Test func aFreeRetryDoesNotWaitForTheBudget() throws {
        var schedule = scheduler(budget: 1)
        let initial = try #require(started(schedule.due(at: t0)).first)
        _ = schedule.finish(initial, .timeline(reloadAt: nil), at: t0)
        schedule.requestReload(of: 0)
        #expect(schedule.due(at: t0).count == 1, "deferred")
        schedule.intentFinished(for: 0)
        let intent = try #require(started(schedule.due(at: t0)).first)
        #expect(schedule.finish(intent, .failure, at: t0) == .retrying(after: 30))
        #expect(schedule.nextWakeUp(after: t0) == t0.addingTimeInterval(30))
        let retry = try #require(started(schedule.due(at: t0.addingTimeInterval(30))).first)
        #expect(retry.reason == .intentRetry, "the free retry starts although a counted request waits for the budget")
        #expect(schedule.budgetUsed(by: 0, at: t0.addingTimeInterval(30)) == 1)
    }

    @Test func aClockGoingBackRestartsDurationsButKeepsMoments() throws {
        var schedule = scheduler(budget: 2)
        let initial = try #require(started(schedule.due(at: t0)).first)
        #expect(schedule.finish(initial, .failure, at: t0) == .retrying(after: 30))
        // An hour back: the retry comes 30 s from the new now, not an hour and 30 s later,
        // and the budget window closes a day from the new now.
        let back = t0.addingTimeInterval(-3600)
        schedule.clockWentBack(to: back)
        #expect(schedule.nextWakeUp(after: back) == back.addingTimeInterval(30))
        let retry = try #require(started(schedule.due(at: back.addingTimeInterval(30))).first)
        #expect(schedule.expired(at: back.addingTimeInterval(35)) == [retry])
        _ = schedule.finish(retry, .timeline(reloadAt: t0), at: back.addingTimeInterval(35))
        // The policy moment stays a wall-clock moment; the budget (initial, retry) allows the
        // next counted reload a day after the new now, since the initial was moved to it.
        #expect(schedule.nextWakeUp(after: back.addingTimeInterval(35)) == back.addingTimeInterval(86_400))
    }
}
