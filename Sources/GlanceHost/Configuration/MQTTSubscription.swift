import Foundation

/// One entry of `mqtt.subscribe`: messages on a topic of another publisher (Home Assistant's
/// `mqtt_statestream`, Zigbee2MQTT, Tasmota) written into an app-group file, so any widget
/// that reads the app group shows them without code of its own (Docs/HomeAssistant.md).
///
/// Without `key` the payload is the file, and must be JSON. With `key` the file is a JSON
/// object and the payload the value of that key in it (JSON when it reads as JSON, else the
/// text as a string): several entries, or one with a wildcard, fill one file key by key.
/// `{1}`, `{2}`… in `file` or `key` stand for the levels the topic's wildcards matched
/// (`+` one level, `#` the rest, with its `/`).
public struct MQTTSubscription: Equatable, Sendable {
    /// The topic filter, with `+` and `#` wildcards.
    public var filter: String
    /// The app-group file name, with `{N}` placeholders.
    public var file: String
    /// The key in the file, with `{N}` placeholders; nil writes the payload as the file.
    public var key: String?

    /// The most bytes a payload may have when it is one key's value (the whole file may have
    /// `AppGroup.fileSizeLimit`).
    static let valueLimit = 64 * 1024
    /// The most keys a file filled key by key may have: a `#` wildcard must not grow one without end.
    static let keyLimit = 256

    /// An entry as given (the fuzzer's); `init(node:own:)` checks what a face file says.
    init(filter: String, file: String, key: String?) {
        self.filter = filter
        self.file = file
        self.key = key
    }

    /// Reads one entry; `own` are the face's topics, which an entry may not take.
    /// - Throws: `ConfigurationError` at the offending key or value.
    init(node: ConfigNode, own: MQTTTopics) throws {
        let fields = try node.mapping(allowed: ["topic", "file", "key"])
        guard let topicNode = fields["topic"], let fileNode = fields["file"] else {
            throw node.error("a subscribe entry needs 'topic' and 'file' (e.g. topic: zigbee2mqtt/kitchen, file: kitchen.json)")
        }
        filter = try topicNode.string()
        let levels = filter.split(separator: "/", omittingEmptySubsequences: false)
        let wildcards = levels.filter { $0 == "+" || $0 == "#" }.count
        let badLevel = levels.enumerated().contains { index, level in
            (level.contains("+") && level != "+") || (level.contains("#") && (level != "#" || index != levels.count - 1))
        }
        if filter.isEmpty || filter.utf8.count > 1024 || badLevel || filter.hasPrefix("$")
            || filter.contains(where: { $0 == "\0" || $0.isNewline }) {
            throw topicNode.error("'\(filter)' is not a topic filter: levels separated by '/', '+' alone for one level, '#' alone and last for the rest (e.g. homeassistant/sensor/+/state)")
        }
        for topic in [own.state, own.glass, own.button("A"), "\(own.base)/\(MQTTConfiguration.broadcastFace)/press"] where Self.matches(filter, topic) != nil {
            throw topicNode.error("'\(filter)' would receive the face's own topics (\(own.base)/…): subscribe to other publishers' topics")
        }
        file = try fileNode.string()
        key = try fields["key"]?.string()
        let templates: [(name: String, text: String?, node: ConfigNode?)] = [("file", file, fileNode), ("key", key, fields["key"])]
        for (name, text, node) in templates {
            guard let text, let node else { continue }
            let placeholders = Self.placeholders(in: text)
            if let wrong = placeholders.first(where: { $0 < 1 || $0 > wildcards }) {
                throw node.error(wildcards == 0
                    ? "\(name) '\(text)' has {\(wrong)}, but the topic has no wildcard to fill it"
                    : "\(name) '\(text)' has {\(wrong)}; the topic's wildcards give {1}…{\(wildcards)}")
            }
        }
        let sample = Self.fill(file, with: Array(repeating: "x", count: wildcards))
        if sample.isEmpty || sample.hasPrefix(".") || sample.contains("/") || sample.contains("\0") {
            throw fileNode.error("file '\(file)' is not an app-group file name (one name, not starting with '.', e.g. weather.json)")
        }
        if let key, key.isEmpty { throw fields["key"]!.error("key must not be empty") }
        if wildcards > 0, Self.placeholders(in: file).isEmpty, Self.placeholders(in: key ?? "").isEmpty {
            throw topicNode.error("'\(filter)' has wildcards, so file or key must say which topic it was: {1} is the level the first wildcard matched (e.g. key: '{1}')")
        }
    }

    /// Where a message on `topic` goes: the file and key with the wildcards' levels filled
    /// in; nil when the filter does not match `topic`.
    func target(for topic: String) -> (file: String, key: String?)? {
        guard let captured = Self.matches(filter, topic) else { return nil }
        return (Self.fill(file, with: captured), key.map { Self.fill($0, with: captured) })
    }

    /// The new contents of app-group file `file` for a message on `topic`: the payload when
    /// `key` is nil (it must be JSON), else `existing` (a JSON object; anything else starts
    /// afresh, and `restarted` says so) with `key` set to the payload's value.
    /// - Throws: `MQTTCommandError` naming the topic: a file name a wildcard level made
    ///   unusable, a payload or file over its limit, a whole-file payload that is not JSON.
    static func contents(topic: String, payload: [UInt8], file: String, key: String?,
                         existing: Data?) throws(MQTTCommandError) -> (contents: Data, restarted: Bool) {
        func fail(_ text: String) -> MQTTCommandError { MQTTCommandError(topic: topic, message: text) }
        guard !file.isEmpty, !file.hasPrefix("."), !file.contains("/"), !file.contains("\0") else {
            throw fail("'\(MQTTCommand.excerpt(file))' is not an app-group file name; the message is not written")
        }
        guard let key else {
            guard payload.count <= AppGroup.fileSizeLimit else {
                throw fail("the payload is \(payload.count) bytes; app-group files are at most \(AppGroup.fileSizeLimit) bytes")
            }
            do {
                _ = try JSONSerialization.jsonObject(with: Data(payload), options: [.fragmentsAllowed])
            } catch {
                throw fail("the payload is not JSON (\(MQTTCommand.jsonProblem(error))); give the entry a key: to keep a plain value")
            }
            return (Data(payload), false)
        }
        guard payload.count <= valueLimit else {
            throw fail("the payload is \(payload.count) bytes; a value for a key is at most \(valueLimit) bytes")
        }
        var object: [String: Any] = [:]
        var restarted = false
        if let existing, !existing.isEmpty {
            if let old = (try? JSONSerialization.jsonObject(with: existing)) as? [String: Any] { object = old } else { restarted = true }
        }
        if object[key] == nil, object.count >= keyLimit {
            throw fail("\(file) has \(object.count) keys already, the most one file filled key by key may have; '\(MQTTCommand.excerpt(key))' is not added")
        }
        object[key] = MQTTCommand.value(of: payload)
        let contents: Data
        do {
            contents = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        } catch {
            throw fail("cannot write \(file) as JSON: \(MQTTCommand.excerpt("\(error)", limit: 200))")
        }
        guard contents.count <= AppGroup.fileSizeLimit else {
            throw fail("\(file) would be \(contents.count) bytes; app-group files are at most \(AppGroup.fileSizeLimit) bytes")
        }
        return (contents, restarted)
    }

    /// The levels `filter`'s wildcards matched in `topic`, in order; nil when it does not match.
    static func matches(_ filter: String, _ topic: String) -> [String]? {
        let pattern = filter.split(separator: "/", omittingEmptySubsequences: false)
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        var captured = [String]()
        for (index, want) in pattern.enumerated() {
            if want == "#" {
                // MQTT: a topic starting with `$` is not matched by a leading wildcard.
                if index == 0, topic.hasPrefix("$") { return nil }
                captured.append(levels.dropFirst(index).joined(separator: "/"))
                return captured
            }
            guard index < levels.count else { return nil }
            if want == "+" {
                if index == 0, topic.hasPrefix("$") { return nil }
                captured.append(String(levels[index]))
            } else if want != levels[index] {
                return nil
            }
        }
        return levels.count == pattern.count ? captured : nil
    }

    /// The `N`s of the `{N}` placeholders in `text`.
    private static func placeholders(in text: String) -> [Int] {
        var numbers = [Int]()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if let number = Int(rest[rest.index(after: open)..<close]) { numbers.append(number) }
            rest = rest[rest.index(after: close)...]
        }
        return numbers
    }

    private static func fill(_ text: String, with captured: [String]) -> String {
        var result = text
        for (index, level) in captured.enumerated() { result = result.replacingOccurrences(of: "{\(index + 1)}", with: level) }
        return result
    }
}
