import Foundation
import GlanceFace
import GlanceInput
import GlancePanels

/// The topics of one face: `BASE/FACE/…` for its own, `BASE/all/…` for what every face hears.
struct MQTTTopics: Sendable, Equatable {
    let base: String
    let face: String

    var root: String { "\(base)/\(face)" }
    /// `online` / `offline` (the last will), retained.
    var availability: String { "\(root)/availability" }
    /// The face's state as JSON, retained.
    var state: String { "\(root)/state" }
    /// The glass as a PNG, retained.
    var glass: String { "\(root)/glass" }
    /// The kind shown by the stack, retained.
    var widget: String { "\(root)/widget" }
    /// `ON` / `OFF`, retained.
    var light: String { "\(root)/light" }
    /// `1` (dimmest) … `3` (normal), retained.
    var brightness: String { "\(root)/light/brightness" }
    /// The message on the glass (empty once it expired), retained.
    var message: String { "\(root)/message" }

    /// Where a button's gestures are published (payload: the gesture).
    func button(_ name: String) -> String { "\(root)/button/\(name)" }

    /// The command topics under a face's root, relative to it.
    static let commands = ["group/+", "reload", "press", "activity/+", "light/set", "light/brightness/set", "widget/set", "message/set"]

    /// The filters the face subscribes to: its own commands and the broadcast ones.
    var subscriptions: [String] {
        [face, MQTTConfiguration.broadcastFace].flatMap { level in Self.commands.map { "\(base)/\(level)/\($0)" } }
    }

    /// `topic` below this face's root or the broadcast root; nil for any other topic.
    func relative(_ topic: String) -> Substring? {
        for level in [face, MQTTConfiguration.broadcastFace] {
            let prefix = "\(base)/\(level)/"
            if topic.hasPrefix(prefix) { return topic.dropFirst(prefix.count) }
        }
        return nil
    }
}

/// One command received over MQTT (Docs/HomeAssistant.md lists the topics and payloads).
enum MQTTCommand: Sendable, Equatable {
    /// `…/group/FILE`: the app-group file's new contents (JSON).
    case groupFile(name: String, contents: Data)
    /// `…/group/FILE` with an empty payload: a retained message was cleared; the file is kept.
    case groupFileCleared(name: String)
    /// `…/reload`: reload every widget of a kind.
    case reload(kind: String)
    /// `…/press`: a gesture on a button.
    case press(button: String, gesture: ButtonGesture)
    /// `…/activity/start|update|end`: a live-activity request.
    case activity(ActivityControlRequest)
    /// `…/light/set`: `ON` or `OFF`.
    case light(on: Bool)
    /// `…/light/brightness/set`: 1 (dimmest) to 3 (normal).
    case brightness(BrightnessLevel)
    /// `…/widget/set`: the kind the stack shows.
    case showWidget(kind: String)
    /// `…/message/set`: a message for the glass (the demo's message widget); empty clears it.
    case message(text: String)

    /// The light levels, dimmest first, as Home Assistant's brightness 1…3 counts them.
    static let levels: [BrightnessLevel] = [.dimmest, .dim, .normal]

    // MARK: - Sizes

    /// The most bytes a text command's payload may have (`reload`, `press`, `light/set`…):
    /// 256 characters of up to 4 UTF-8 bytes each.
    static let textLimit = 1024
    /// The most bytes an `activity/…` payload may have (attributes and state are at most 4 KB
    /// once encoded; JSON as people write it is larger).
    static let activityLimit = 16 * 1024
    /// The largest MQTT packet the broker may send a face (MQTT 5's Maximum Packet Size, sent in
    /// CONNECT): the largest app-group file and 4 KB for the topic and headers. The broker drops
    /// a larger message for the face, so it never reaches the face's memory.
    static let maximumPacketSize = AppGroup.fileSizeLimit + 4096

    /// The most bytes a payload on `topic` may have, and what kind of topic it is: app-group
    /// files `AppGroup.fileSizeLimit`, activities `activityLimit`, other commands `textLimit`.
    static func payloadLimit(topic: String, topics: MQTTTopics) -> (bytes: Int, kind: String) {
        switch topics.relative(topic)?.split(separator: "/", maxSplits: 1).first {
        case "group": (AppGroup.fileSizeLimit, "app-group files are")
        case "activity": (activityLimit, "activity requests are")
        default: (textLimit, "commands are")
        }
    }

    /// The reason a payload of `size` bytes over its topic's limit is refused.
    static func tooLarge(topic: String, size: Int, topics: MQTTTopics) -> MQTTCommandError {
        let (limit, kind) = payloadLimit(topic: topic, topics: topics)
        return MQTTCommandError(topic: topic, message: "the payload is \(size) bytes; \(kind) at most \(limit) bytes")
    }

    /// Outside text for a log line: at most `limit` characters, else its start, "…" and its length.
    static func excerpt(_ text: some StringProtocol, limit: Int = 64) -> String {
        guard text.count > limit else { return String(text) }
        return "\(text.prefix(limit))… (\(text.utf8.count) bytes)"
    }

    // MARK: - Parsing

    /// The JSON key of a command's id (`press` as a JSON object, `activity/…`).
    static let idKey = "command_id"

    /// Parses a message on one of `topics`' command topics (without its `command_id`).
    static func parse(topic: String, payload: [UInt8], retained: Bool = false, topics: MQTTTopics) throws(MQTTCommandError) -> MQTTCommand? {
        try parseMessage(topic: topic, payload: payload, retained: retained, topics: topics)?.command
    }

    /// Parses a message on one of `topics`' command topics, with the id its sender gave it
    /// (`command_id`: the face applies a command with an id it applied lately only once).
    /// - Parameter retained: The broker delivered a retained copy (at subscription): only
    ///   app-group files, which are state, apply; a retained command would run again at every
    ///   start, so it is refused with how to clear it.
    /// - Returns: nil for a topic that is not a command of this face.
    /// - Throws: `MQTTCommandError` naming the topic and what is wrong with the payload.
    static func parseMessage(topic: String, payload: [UInt8], retained: Bool = false,
                             topics: MQTTTopics) throws(MQTTCommandError) -> (command: MQTTCommand, id: String?)? {
        guard let path = topics.relative(topic) else { return nil }
        func fail(_ message: String) -> MQTTCommandError { MQTTCommandError(topic: topic, message: message) }
        let levels = path.split(separator: "/", omittingEmptySubsequences: false)
        if retained, levels.first != "group" {
            throw fail("a retained command is not run (it would run again at every start); clear it with "
                + "mosquitto_pub -r -n -t '\(excerpt(topic, limit: 256))' (Debian package mosquitto-clients), and publish commands without retain")
        }
        let limit = payloadLimit(topic: topic, topics: topics).bytes
        guard payload.count <= limit else { throw tooLarge(topic: topic, size: payload.count, topics: topics) }
        func text() throws(MQTTCommandError) -> String {
            guard let text = String(validating: payload, as: UTF8.self) else { throw fail("the payload is not UTF-8 text") }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw fail("the payload is empty") }
            guard trimmed.count <= 256 else { throw fail("the payload is \(trimmed.count) characters; at most 256 expected here") }
            return trimmed
        }
        switch levels.first {
        case "group" where levels.count == 2:
            let name = String(levels[1])
            guard !name.isEmpty, !name.hasPrefix("."), name != "..", !name.contains("\0") else {
                throw fail("'\(excerpt(name))' is not an app-group file name (one name, not starting with '.')")
            }
            guard !payload.isEmpty else { return (.groupFileCleared(name: name), nil) }
            let data = Data(payload)
            if let problem = AppGroup.problem(with: data) { throw fail("the payload is \(problem)") }
            return (.groupFile(name: name, contents: data), nil)
        case "reload" where levels.count == 1:
            return (.reload(kind: try text()), nil)
        case "press" where levels.count == 1 && payload.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{"):
            guard let object = (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any] else {
                throw fail("the payload is not a JSON object such as {\"button\": \"A\", \"gesture\": \"long-press\", \"\(idKey)\": \"…\"}")
            }
            if let unknown = object.keys.sorted().first(where: { !["button", "gesture", idKey].contains($0) }) {
                throw fail("unknown key '\(excerpt(unknown))' (use button, gesture and \(idKey))")
            }
            guard let button = object["button"] as? String, !button.isEmpty, button.count <= 256 else {
                throw fail("\"button\" must be a button's name")
            }
            let word = (object["gesture"] as? String) ?? "click"
            guard object["gesture"] == nil || object["gesture"] is String, let gesture = ButtonGesture(rawValue: word) else {
                throw fail("unknown gesture '\(excerpt("\(object["gesture"]!)"))' (use one of: \(ButtonGesture.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return (.press(button: button, gesture: gesture), try commandID(object, fail))
        case "press" where levels.count == 1:
            let words = try text().split(separator: " ", omittingEmptySubsequences: true)
            guard (1...2).contains(words.count) else { throw fail("expected a button and an optional gesture, such as 'A' or 'A long-press'") }
            let word = words.count == 2 ? String(words[1]) : "click"
            guard let gesture = ButtonGesture(rawValue: word) else {
                throw fail("unknown gesture '\(excerpt(word))' (use one of: \(ButtonGesture.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return (.press(button: String(words[0]), gesture: gesture), nil)
        case "activity" where levels.count == 2:
            guard let action = ActivityControlRequest.Action(rawValue: String(levels[1])) else {
                throw fail("unknown activity action '\(excerpt(levels[1]))' (use start, update or end)")
            }
            guard var object = (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any] else {
                throw fail("the payload is not a JSON object (the fields of glance ctl activity, without \"action\")")
            }
            let id = try commandID(object, fail)
            object[idKey] = nil
            do {
                object["action"] = action.rawValue
                let request = try ControlJSON.decoder().decode(ActivityControlRequest.self, from: JSONSerialization.data(withJSONObject: object))
                return (.activity(request), id)
            } catch let error as DecodingError {
                throw fail("the payload does not fit: \(excerpt(error.explanation, limit: 200))")
            } catch {
                throw fail("the payload cannot be read: \(excerpt("\(error)", limit: 200))")
            }
        case "light" where levels == ["light", "set"]:
            switch try text().uppercased() {
            case "ON": return (.light(on: true), nil)
            case "OFF": return (.light(on: false), nil)
            case let other: throw fail("expected ON or OFF, not '\(excerpt(other))'")
            }
        case "light" where levels == ["light", "brightness", "set"]:
            let word = try text()
            guard let number = Double(word), number.isFinite, number >= 1, number <= Double(Self.levels.count) else {
                throw fail("expected a brightness of 1 (dimmest) to \(Self.levels.count) (normal), not '\(excerpt(word))'")
            }
            return (.brightness(Self.levels[min(Self.levels.count, max(1, Int(number.rounded()))) - 1]), nil)
        case "widget" where levels == ["widget", "set"]:
            return (.showWidget(kind: try text()), nil)
        case "message" where levels == ["message", "set"]:
            guard let text = String(validating: payload, as: UTF8.self) else { throw fail("the payload is not UTF-8 text") }
            let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard line.count <= 256 else { throw fail("the message is \(line.count) characters; at most 256") }
            guard !line.contains(where: { $0.isNewline }) else { throw fail("the message must be one line") }
            return (.message(text: line), nil)
        default:
            throw fail("not a command topic (commands: \(MQTTTopics.commands.joined(separator: ", ")))")
        }
    }
}

extension MQTTCommand {
    /// The `command_id` of a command's JSON object: nil when it has none.
    fileprivate static func commandID(_ object: [String: Any], _ fail: (String) -> MQTTCommandError) throws(MQTTCommandError) -> String? {
        guard let value = object[idKey] else { return nil }
        guard let id = value as? String, !id.isEmpty, id.count <= 128, !id.contains(where: { $0.isNewline || $0 == "\0" }) else {
            throw fail("\"\(idKey)\" must be text of 1 to 128 characters on one line (a UUID, or {{ context.id }} in Home Assistant)")
        }
        return id
    }

    /// A plain value as JSON: the payload's JSON when it reads as JSON (`21.5`, `true`,
    /// `"text"`, `{…}`), else its text as a string (`cloudy`), as Home Assistant's
    /// mqtt_statestream publishes states and attributes.
    static func value(of payload: [UInt8]) -> Any {
        if let value = try? JSONSerialization.jsonObject(with: Data(payload), options: [.fragmentsAllowed]) { return value }
        return String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Why JSON did not parse, in a sentence: the parser's own description (where in the
    /// text, what was expected), without the error's domain, code and user-info dump.
    static func jsonProblem(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return excerpt((context.underlyingError.map { jsonProblem($0) }) ?? context.debugDescription, limit: 200)
        }
        return excerpt(AppGroupError.parserSentence(error), limit: 200)
    }
}

/// A message the face cannot use, and why.
struct MQTTCommandError: Error, CustomStringConvertible, Equatable {
    let topic: String
    let message: String

    /// The topic (its first 128 characters when longer: topics come from outside) and why.
    var description: String { "\(MQTTCommand.excerpt(topic, limit: 128)): \(message)" }
}
