import Foundation
import GlanceTesting
import Testing
@testable import GlanceWidgets

/// Live activities started from outside (MQTT, the control socket) are capped: 1500 starts
/// were once all accepted and all held.
@Suite struct ActivityLimitTests {
    private let clock = ManualClock(now: t0)

    private func runtime() async throws -> FaceRuntime {
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now, value: 1)], .never) }
        let oven = ActivityConfiguration(for: OvenAttributes.self) { context in Text("\(context.attributes.dish) \(context.state.minutes)") }.descriptor
        let (runtime, _) = try makeRuntime([valueWidget("w", script), oven], face: column(["w"]),
                                           settings: testSettings(idle: .seconds(86_400)), clock: clock)
        await runtime.start()
        return runtime
    }

    private func start(_ runtime: FaceRuntime, _ dish: String) throws(ActivityRequestError) -> String {
        try runtime.activity(.start(type: "OvenAttributes", attributes: Data(#"{"dish":"\#(dish)"}"#.utf8),
                                    content: ActivityJSONContent(state: Data(#"{"minutes":1}"#.utf8))))
    }

    @Test func atMostSixteenRunAtOnceAndEndingOneMakesRoom() async throws {
        let runtime = try await runtime()
        var ids = [String]()
        for index in 0..<16 { ids.append(try start(runtime, "dish \(index)")) }
        let error = #expect(throws: ActivityRequestError.self) { try start(runtime, "one too many") }
        #expect(error?.description == "16 live activities are already running, the most at once; end one before starting another")
        #expect(runtime.activityCenter.liveActivities(at: clock.now).count == 16)
        // Ended (even while still shown) no longer counts as running.
        try runtime.activity(.end(id: ids[0], content: nil, dismissal: .default))
        ids.append(try start(runtime, "in its place"))
        #expect(throws: ActivityRequestError.self) { try start(runtime, "one too many again") }
        #expect(await runtime.update().count == 1, "the face still draws")
    }

    @Test func endedActivitiesWaitingToLeaveAreHeldToSixteenToo() async throws {
        let runtime = try await runtime()
        for round in 0..<5 {
            var ids = [String]()
            for index in 0..<16 { ids.append(try start(runtime, "round \(round) dish \(index)")) }
            for id in ids { try runtime.activity(.end(id: id, content: nil, dismissal: .default)) }
        }
        let live = runtime.activityCenter.liveActivities(at: clock.now)
        #expect(live.count == 16)
        // The newest stay; the oldest ended ones left first.
        #expect(live.map(\.id) == (65...80).map { "activity-\($0)" })
    }
}
