import Foundation

extension FaceRuntime {
    /// Starts, updates or ends a live activity from JSON, for hosts that receive activities from
    /// outside the bundle (the control socket). The change goes through this runtime's
    /// `activityCenter` exactly as `Activity.request`, `update` and `end` would make it, so the
    /// face redraws the same way.
    ///
    /// `start` names the attributes type as `String(reflecting:)` spells it
    /// (`Module.TimerAttributes`) or without the module (`TimerAttributes`).
    /// - Returns: The activity's identifier (the new one for `start`).
    /// - Throws: `ActivityRequestError`: an unknown type (listing the registered ones) or
    ///   activity, JSON that does not decode (with the coding path), or content over the 4 KB
    ///   limit (`.refused(.attributesTooLarge)`).
    @discardableResult
    package nonisolated func activity(_ request: ActivityJSONRequest) throws(ActivityRequestError) -> String {
        switch request {
        case .start(let type, let attributes, let content):
            return try activityEngine(named: type).start(activityCenter, attributes, content)
        case .update(let id, let content):
            try activityEngine(running: id).update(activityCenter, id, content)
            return id
        case .end(let id, let content, let dismissal):
            try activityEngine(running: id).end(activityCenter, id, content, dismissal)
            return id
        }
    }

    /// The names of the attributes types this runtime's bundle shows, without their modules.
    package nonisolated var activityTypeNames: [String] {
        activityEngines.keys.map(Self.shortName).sorted()
    }

    /// The attributes type of activity `id`: the name a quarantine of its view is kept under.
    package nonisolated func attributesType(ofActivity id: String) -> String? {
        activityCenter.snapshot(id: id)?.attributesType
    }

    private nonisolated func activityEngine(named name: String) throws(ActivityRequestError) -> ActivityEngine {
        if let engine = activityEngines[name] { return engine }
        let matches = activityEngines.keys.filter { $0.hasSuffix("." + name) }.sorted()
        guard matches.count <= 1 else { throw .ambiguousType(name, matches: matches) }
        guard let match = matches.first, let engine = activityEngines[match] else {
            throw .unknownType(name, known: activityTypeNames)
        }
        return engine
    }

    private nonisolated func activityEngine(running id: String) throws(ActivityRequestError) -> ActivityEngine {
        let now = time.now
        let live = activityCenter.liveActivities(at: now)
        guard let snapshot = live.first(where: { $0.id == id }), let engine = activityEngines[snapshot.attributesType] else {
            throw .unknownActivity(id, live: live.map(\.id))
        }
        return engine
    }

    /// `GlanceExamples.TimerAttributes` → `TimerAttributes`.
    private static func shortName(_ reflecting: String) -> String {
        guard let dot = reflecting.firstIndex(of: ".") else { return reflecting }
        return String(reflecting[reflecting.index(after: dot)...])
    }
}
