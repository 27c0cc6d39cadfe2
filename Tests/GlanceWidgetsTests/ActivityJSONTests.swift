import Foundation
import GlanceTesting
import Testing
@testable import GlanceWidgets

/// A kitchen timer as a script would start it: `{"dish":"Bread"}`, `{"minutes":40}`.
struct OvenAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable, Sendable {
        var minutes: Int
        var done: Date?
    }

    var dish: String
}

/// A second type with the same short name, to make `OvenAttributes` ambiguous.
enum Bakery {
    struct OvenAttributes: ActivityAttributes {
        typealias ContentState = GlanceWidgetsTests.OvenAttributes.ContentState
        var loaves: Int
    }
}

/// The JSON bridge behind `glance ctl activity`: `FaceRuntime.activity(_:)`.
@Suite struct ActivityJSONTests {
    private let clock = ManualClock(now: t0)

    private func runtime(_ activities: [WidgetDescriptor]) async throws -> FaceRuntime {
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now, value: 1)], .never) }
        let (runtime, _) = try makeRuntime([valueWidget("w", script)] + activities, face: column(["w"]),
                                           settings: testSettings(idle: .seconds(86_400)), clock: clock)
        await runtime.start()
        return runtime
    }

    private var oven: WidgetDescriptor {
        ActivityConfiguration(for: OvenAttributes.self) { context in Text("\(context.attributes.dish) \(context.state.minutes)") }.descriptor
    }

    private func json(_ text: String) -> Data { Data(text.utf8) }

    private func content(of id: String, on runtime: FaceRuntime) -> ActivityContent<OvenAttributes.ContentState>? {
        runtime.activityCenter.snapshot(id: id)?.content as? ActivityContent<OvenAttributes.ContentState>
    }

    @Test func startsUpdatesAndEndsAnActivityFromJSON() async throws {
        let runtime = try await runtime([oven])
        let id = try runtime.activity(.start(type: "OvenAttributes", attributes: json(#"{"dish":"Bread"}"#),
                                             content: ActivityJSONContent(state: json(#"{"minutes":40,"done":"2026-11-21T00:40:00Z"}"#),
                                                                          staleDate: t0.addingTimeInterval(3000), relevanceScore: 0.5)))
        #expect(await runtime.update().count == 1, "the activity takes the slot")
        #expect(await runtime.status().slots[0].activityID == id)
        #expect((runtime.activityCenter.snapshot(id: id)?.attributes as? OvenAttributes)?.dish == "Bread")
        #expect(content(of: id, on: runtime) == ActivityContent(state: .init(minutes: 40, done: t0.addingTimeInterval(2400)),
                                                                staleDate: t0.addingTimeInterval(3000), relevanceScore: 0.5))

        // An update is a whole content: no stale date means none; no score keeps the current one.
        // Dates may also be seconds since 1970.
        let done = t0.addingTimeInterval(1800)
        #expect(try runtime.activity(.update(id: id, content: ActivityJSONContent(state: json(#"{"minutes":30,"done":\#(done.timeIntervalSince1970)}"#)))) == id)
        #expect(content(of: id, on: runtime) == ActivityContent(state: .init(minutes: 30, done: done), staleDate: nil, relevanceScore: 0.5))
        #expect(await runtime.update().count == 1)

        // The full name works too; ending with final content and `.immediate` leaves at once.
        let second = try runtime.activity(.start(type: "GlanceWidgetsTests.OvenAttributes", attributes: json(#"{"dish":"Pie"}"#),
                                                 content: ActivityJSONContent(state: json(#"{"minutes":5}"#))))
        #expect(second != id)
        try runtime.activity(.end(id: second, content: ActivityJSONContent(state: json(#"{"minutes":0}"#)), dismissal: .immediate))
        #expect(content(of: second, on: runtime)?.state.minutes == 0)
        #expect(runtime.activityCenter.state(id: second, at: clock.now) == .dismissed)

        // Ended without content and the default policy: still shown, for at most four hours.
        try runtime.activity(.end(id: id, content: nil, dismissal: .default))
        #expect(runtime.activityCenter.state(id: id, at: clock.now) == .ended)
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(4 * 3600))
    }

    @Test func unknownTypesAndActivitiesListWhatExists() async throws {
        let runtime = try await runtime([oven])
        let state = ActivityJSONContent(state: json(#"{"minutes":1}"#))
        #expect(throws: ActivityRequestError.unknownType("Pizza", known: ["OvenAttributes"])) {
            try runtime.activity(.start(type: "Pizza", attributes: json("{}"), content: state))
        }
        #expect(ActivityRequestError.unknownType("Pizza", known: ["OvenAttributes"]).description
            == "no live activity type 'Pizza' (this bundle shows: OvenAttributes)")
        #expect(throws: ActivityRequestError.unknownActivity("activity-9", live: [])) {
            try runtime.activity(.update(id: "activity-9", content: state))
        }
        let id = try runtime.activity(.start(type: "OvenAttributes", attributes: json(#"{"dish":"Bread"}"#), content: state))
        let error = #expect(throws: ActivityRequestError.self) {
            try runtime.activity(.end(id: "activity-9", content: nil, dismissal: .immediate))
        }
        #expect(error?.description == "no live activity 'activity-9' (running: \(id))")

        let bare = try await self.runtime([])
        #expect(throws: ActivityRequestError.self) { try bare.activity(.start(type: "OvenAttributes", attributes: json("{}"), content: state)) }
        #expect(ActivityRequestError.unknownType("OvenAttributes", known: []).description
            == "no live activity type 'OvenAttributes': this bundle has no ActivityConfiguration")
    }

    @Test func aShortNameTwoTypesShareIsAmbiguous() async throws {
        let bakery = ActivityConfiguration(for: Bakery.OvenAttributes.self) { context in Text("\(context.attributes.loaves)") }
        let runtime = try await runtime([oven, bakery.descriptor])
        #expect(runtime.activityTypeNames == ["Bakery.OvenAttributes", "OvenAttributes"])
        let state = ActivityJSONContent(state: json(#"{"minutes":1}"#))
        #expect(throws: ActivityRequestError.ambiguousType("OvenAttributes", matches: ["GlanceWidgetsTests.Bakery.OvenAttributes", "GlanceWidgetsTests.OvenAttributes"])) {
            try runtime.activity(.start(type: "OvenAttributes", attributes: json(#"{"dish":"Bread"}"#), content: state))
        }
        let id = try runtime.activity(.start(type: "Bakery.OvenAttributes", attributes: json(#"{"loaves":3}"#), content: state))
        #expect((runtime.activityCenter.snapshot(id: id)?.attributes as? Bakery.OvenAttributes)?.loaves == 3)
    }

    @Test func jsonThatDoesNotFitNamesTheTypeAndThePath() async throws {
        let runtime = try await runtime([oven])
        let good = ActivityJSONContent(state: json(#"{"minutes":1}"#))
        let missing = #expect(throws: ActivityRequestError.self) {
            try runtime.activity(.start(type: "OvenAttributes", attributes: json(#"{"chef":"Ana"}"#), content: good))
        }
        #expect(missing?.description == #"the attributes JSON does not fit OvenAttributes: missing key "dish""#)
        let mismatch = #expect(throws: ActivityRequestError.self) {
            try runtime.activity(.start(type: "OvenAttributes", attributes: json(#"{"dish":"Bread"}"#),
                                        content: ActivityJSONContent(state: json(#"{"minutes":"ten"}"#))))
        }
        #expect(mismatch?.description.hasPrefix("the state JSON does not fit OvenAttributes: at minutes: expected to decode Int") == true,
                "\(String(describing: mismatch))")
        let date = #expect(throws: ActivityRequestError.self) {
            try runtime.activity(.start(type: "OvenAttributes", attributes: json(#"{"dish":"Bread"}"#),
                                        content: ActivityJSONContent(state: json(#"{"minutes":1,"done":"tomorrow"}"#))))
        }
        #expect(date?.description == "the state JSON does not fit OvenAttributes: at done: 'tomorrow' is not an ISO 8601 date such as 2026-11-21T08:30:00Z")
        let broken = #expect(throws: ActivityRequestError.self) {
            try runtime.activity(.start(type: "OvenAttributes", attributes: json(#"{"dish":"#), content: good))
        }
        #expect(broken?.description.hasPrefix("the attributes JSON does not fit OvenAttributes: the given data was not valid JSON") == true,
                "\(String(describing: broken))")
        #expect(runtime.activityCenter.liveActivities(at: clock.now).isEmpty, "nothing started")
    }

    @Test func theFourKilobyteLimitRefusesStartsAndUpdates() async throws {
        let runtime = try await runtime([oven])
        let small = ActivityJSONContent(state: json(#"{"minutes":1}"#))
        let huge = String(repeating: "x", count: 4096)
        // {"dish":"x…"} is 11 bytes plus the dish, {"minutes":1} 13: a 4072-byte dish is exactly at the limit.
        #expect(throws: ActivityRequestError.refused(.attributesTooLarge(size: 4120))) {
            try runtime.activity(.start(type: "OvenAttributes", attributes: json(#"{"dish":"\#(huge)"}"#), content: small))
        }
        let id = try runtime.activity(.start(type: "OvenAttributes", attributes: json(#"{"dish":"\#(String(repeating: "x", count: 4072))"}"#), content: small))
        let error = #expect(throws: ActivityRequestError.self) {
            try runtime.activity(.update(id: id, content: ActivityJSONContent(state: json(#"{"minutes":10}"#))))
        }
        #expect(error?.description == "activity attributes and content encode to 4097 bytes; the limit is 4096")
        #expect(content(of: id, on: runtime)?.state.minutes == 1, "a refused update leaves the content")
    }
}
