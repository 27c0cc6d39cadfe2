import Foundation
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

    /// Where a button's gestures are published (payload: the gesture).
    func button(_ name: String) -> String { "\(root)/button/\(name)" }

    /// The command topics under a face's root, relative to it.
    static let commands = ["group/+", "reload", "press", "activity/+", "light/set", "light/brightness/set", "widget/set"]

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

    /// The light levels, dimmest first, as Home Assistant's brightness 1…3 counts them.
    static let levels: [BrightnessLevel] = [.dimmest, .dim, .normal]

    /// Parses a message on one of `topics`' command topics.
    /// - Returns: nil for a topic that is not a command of this face.
    /// - Throws: `MQTTCommandError` naming the topic and what is wrong with the payload.
    static func parse(topic: String, payload: [UInt8], topics: MQTTTopics) throws(MQTTCommandError) -> MQTTCommand? {
        guard let path = topics.relative(topic) else { return nil }
        func fail(_ message: String) -> MQTTCommandError { MQTTCommandError(topic: topic, message: message) }
        func text() throws(MQTTCommandError) -> String {
            guard let text = String(validating: payload, as: UTF8.self) else { throw fail("the payload is not UTF-8 text") }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw fail("the payload is empty") }
            guard trimmed.count <= 256 else { throw fail("the payload is \(trimmed.count) characters; at most 256 expected here") }
            return trimmed
        }
        let levels = path.split(separator: "/", omittingEmptySubsequences: false)
        switch levels.first {
        case "group" where levels.count == 2:
            let name = String(levels[1])
            guard !name.isEmpty, !name.hasPrefix("."), name != "..", !name.contains("\0") else {
                throw fail("'\(name)' is not an app-group file name (one name, not starting with '.')")
            }
            guard !payload.isEmpty else { return .groupFileCleared(name: name) }
            guard payload.count <= AppGroup.fileSizeLimit else {
                throw fail("the payload is \(payload.count) bytes; app-group files are at most \(AppGroup.fileSizeLimit) bytes")
            }
            let data = Data(payload)
            do {
                _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                throw fail("the payload is not JSON: \(AppGroupError.explain(error))")
            }
            return .groupFile(name: name, contents: data)
        case "reload" where levels.count == 1:
            return .reload(kind: try text())
        case "press" where levels.count == 1:
            let words = try text().split(separator: " ", omittingEmptySubsequences: true)
            guard (1...2).contains(words.count) else { throw fail("expected a button and an optional gesture, such as 'A' or 'A long-press'") }
            let word = words.count == 2 ? String(words[1]) : "click"
            guard let gesture = ButtonGesture(rawValue: word) else {
                throw fail("unknown gesture '\(word)' (use one of: \(ButtonGesture.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return .press(button: String(words[0]), gesture: gesture)
        case "activity" where levels.count == 2:
            guard let action = ActivityControlRequest.Action(rawValue: String(levels[1])) else {
                throw fail("unknown activity action '\(levels[1])' (use start, update or end)")
            }
            guard payload.count <= 16 * 1024 else { throw fail("the payload is \(payload.count) bytes; at most 16 KB expected") }
            guard var object = (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any] else {
                throw fail("the payload is not a JSON object (the fields of glance ctl activity, without \"action\")")
            }
            do {
                object["action"] = action.rawValue
                let request = try ControlJSON.decoder().decode(ActivityControlRequest.self, from: JSONSerialization.data(withJSONObject: object))
                return .activity(request)
            } catch let error as DecodingError {
                throw fail("the payload does not fit: \(error.explanation)")
            } catch {
                throw fail("the payload cannot be read: \(error)")
            }
        case "light" where levels == ["light", "set"]:
            switch try text().uppercased() {
            case "ON": return .light(on: true)
            case "OFF": return .light(on: false)
            case let other: throw fail("expected ON or OFF, not '\(other)'")
            }
        case "light" where levels == ["light", "brightness", "set"]:
            let word = try text()
            guard let number = Double(word), number.isFinite, number >= 1, number <= Double(Self.levels.count) else {
                throw fail("expected a brightness of 1 (dimmest) to \(Self.levels.count) (normal), not '\(word)'")
            }
            return .brightness(Self.levels[min(Self.levels.count, max(1, Int(number.rounded()))) - 1])
        case "widget" where levels == ["widget", "set"]:
            return .showWidget(kind: try text())
        default:
            throw fail("not a command topic (commands: \(MQTTTopics.commands.joined(separator: ", ")))")
        }
    }
}

/// A message the face cannot use, and why.
struct MQTTCommandError: Error, CustomStringConvertible, Equatable {
    let topic: String
    let message: String

    var description: String { "\(topic): \(message)" }
}
