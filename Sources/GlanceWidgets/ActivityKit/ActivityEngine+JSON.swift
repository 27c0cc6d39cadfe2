import Foundation

extension ActivityEngine {
    /// The engine of `ActivityConfiguration(for:content:)`: draws with `content`, and starts,
    /// updates and ends activities of `Attributes` from JSON through the same center operations
    /// `Activity.request`, `update` and `end` use.
    init<Attributes: ActivityAttributes>(for attributesType: Attributes.Type, content: ViewFactory<(ActivitySnapshot, Bool)>,
                                         presentation: ViewFactory<(ActivitySnapshot, Bool, WidgetFamily)>) {
        let typeName = String(reflecting: Attributes.self)
        let shortName = String(describing: Attributes.self)
        self.init(
            attributesType: typeName,
            content: content,
            presentation: presentation,
            start: { center, attributesJSON, json throws(ActivityRequestError) in
                let attributes = try ActivityJSONDecoding.decode(Attributes.self, from: attributesJSON, type: shortName, part: "attributes")
                let content = try ActivityJSONDecoding.content(Attributes.self, json, type: shortName, currentScore: 0)
                return try ActivityJSONDecoding.refusing { () throws(ActivityAuthorizationError) in
                    try center.start(attributes: attributes, content: content)
                }
            },
            update: { center, id, json throws(ActivityRequestError) in
                let (attributes, currentScore) = try ActivityJSONDecoding.activity(Attributes.self, id: id, on: center)
                let content = try ActivityJSONDecoding.content(Attributes.self, json, type: shortName, currentScore: currentScore)
                try ActivityJSONDecoding.refusing { () throws(ActivityAuthorizationError) in
                    try center.replaceContent(id: id, attributes: attributes, content: content)
                }
            },
            end: { center, id, json, dismissal throws(ActivityRequestError) in
                let (attributes, currentScore) = try ActivityJSONDecoding.activity(Attributes.self, id: id, on: center)
                if let json {
                    let content = try ActivityJSONDecoding.content(Attributes.self, json, type: shortName, currentScore: currentScore)
                    try ActivityJSONDecoding.refusing { () throws(ActivityAuthorizationError) in
                        try center.replaceContent(id: id, attributes: attributes, content: content)
                    }
                }
                center.end(id: id, policy: dismissal)
            }
        )
    }
}

/// Decoding of activity JSON, shared by every attributes type's engine.
enum ActivityJSONDecoding {
    /// Decodes `T` from `data`, accepting dates as ISO 8601 strings (with or without fractional
    /// seconds) or as seconds since 1970, which is what scripts have at hand.
    /// - Throws: `.invalidJSON` naming the type, the part and the JSON problem.
    static func decode<T: Decodable>(_: T.Type, from data: Data, type: String, part: String) throws(ActivityRequestError) -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) {
                return Date(timeIntervalSince1970: seconds)
            }
            let text = try container.decode(String.self)
            guard let date = parseISO8601(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date such as 2026-11-21T08:30:00Z")
            }
            return date
        }
        do {
            return try decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            throw .invalidJSON(type: type, part: part, problem: error.explanation)
        } catch {
            throw .invalidJSON(type: type, part: part, problem: String(describing: error))
        }
    }

    /// Decodes the state and builds the content; a missing score is `currentScore`.
    static func content<Attributes: ActivityAttributes>(_: Attributes.Type, _ json: ActivityJSONContent, type: String,
                                                        currentScore: Double) throws(ActivityRequestError) -> ActivityContent<Attributes.ContentState> {
        let state = try decode(Attributes.ContentState.self, from: json.state, type: type, part: "state")
        return ActivityContent(state: state, staleDate: json.staleDate, relevanceScore: json.relevanceScore ?? currentScore)
    }

    /// The attributes and relevance score of the running activity `id`.
    /// - Throws: `.unknownActivity` when there is no such activity of this type.
    static func activity<Attributes: ActivityAttributes>(_: Attributes.Type, id: String,
                                                         on center: ActivityCenter) throws(ActivityRequestError) -> (Attributes, Double) {
        guard let snapshot = center.snapshot(id: id), let attributes = snapshot.attributes as? Attributes else {
            throw .unknownActivity(id, live: center.liveActivities(at: center.now()).map(\.id))
        }
        return (attributes, snapshot.relevanceScore)
    }

    /// Runs a center operation, reporting its refusal as `.refused`.
    static func refusing<T>(_ body: () throws(ActivityAuthorizationError) -> T) throws(ActivityRequestError) -> T {
        do {
            return try body()
        } catch {
            throw .refused(error)
        }
    }

    /// `2026-11-21T08:30:00Z`, `2026-11-21T08:30:00.250+01:00`.
    static func parseISO8601(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
