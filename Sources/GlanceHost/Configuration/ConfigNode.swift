import Foundation
import Yams

/// A YAML node with the file it came from, read through typed accessors that turn every
/// mismatch into a `ConfigurationError` at the node's line and column. The nodes of one read
/// share its `problems`: an unknown key is noted there and skipped, and a part read through
/// `attempt` notes its problem and is left out, so one run reports every problem of a file.
struct ConfigNode {
    let node: Node
    let file: String
    /// A description of where the node sits, such as "panel" or "slot 2", for messages.
    let path: String
    /// For a board file that takes a preset (`preset: NAME`): which nodes came from the preset,
    /// so that a problem in one of them names the preset's file.
    var origin: PresetOrigin?
    /// Where the problems of this read are noted.
    let problems: ConfigurationProblems

    /// The parts of a merged board file that came from a built-in preset.
    struct PresetOrigin: Sendable {
        /// The preset's name and file (`Boards/NAME.yaml`).
        let name: String
        let file: String
        /// Where the user's file names the preset (`FILE:LINE:COLUMN`).
        let namedAt: String
        /// The paths (as `ConfigNode.path` spells them) of the preset's subtrees the user's file left alone.
        let paths: [String]

        /// Whether the node at `path` is in one of the preset's subtrees.
        func covers(_ path: String) -> Bool {
            paths.contains { path == $0 || path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[") }
        }
    }

    /// Parses `text` into its root node.
    /// - Throws: `ConfigurationError` for YAML syntax errors and empty documents.
    static func parse(_ text: String, file: String) throws -> ConfigNode {
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ConfigurationError(file: file, line: 1, column: 1, message: "the file is empty; expected a mapping of settings")
            }
            return ConfigNode(node: node, file: file, path: "", problems: ConfigurationProblems(file: file))
        } catch let error as ConfigurationError {
            throw error
        } catch let error as YamlError {
            throw ConfigNode.describe(error, file: file)
        }
    }

    private static func describe(_ error: YamlError, file: String) -> ConfigurationError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return ConfigurationError(file: file, line: mark.line, column: mark.column, message: "YAML syntax error: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ConfigurationError(file: file, line: context.mark.line, column: context.mark.column,
                                      message: "the key '\(duplicates.first ?? "?")' appears twice in one mapping")
        case .reader(let problem, let offset, let value, let yaml):
            // The reader counts bytes; the place is the line and column of that byte.
            let before = offset.map { Array(yaml.utf8.prefix($0)) } ?? []
            let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = String(decoding: before.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).last ?? [], as: UTF8.self).count + 1
            let character = value >= 0 ? String(format: " (U+%04X)", value) : ""
            return ConfigurationError(file: file, line: offset == nil ? 0 : line, column: offset == nil ? 0 : column,
                                      message: "cannot read the file as YAML: \(problem)\(character)")
        default:
            return ConfigurationError(file: file, message: "cannot read the file as YAML: \(error)")
        }
    }

    var line: Int { node.mark?.line ?? 0 }
    var column: Int { node.mark?.column ?? 0 }

    /// An error at this node.
    func error(_ message: String, suggestion: String? = nil) -> ConfigurationError {
        if let origin, origin.covers(path) {
            return ConfigurationError(file: origin.file, line: line, column: column,
                                      message: "\(message) (preset \(origin.name), taken at \(origin.namedAt))", suggestion: suggestion)
        }
        return ConfigurationError(file: file, line: line, column: column, message: message, suggestion: suggestion)
    }

    private var what: String { path.isEmpty ? "the file" : path }

    // MARK: - Mappings

    /// The node's key/value pairs after checking every key is one of `allowed` (an unknown
    /// key is an error pointing at the key, with the closest allowed key suggested).
    func mapping(allowed: [String]) throws -> [String: ConfigNode] {
        guard let mapping = node.mapping else {
            throw error("\(what) should be a mapping of settings (\(allowed.joined(separator: ", "))), found \(kind)")
        }
        var result = [String: ConfigNode]()
        for (key, value) in mapping {
            // A key that is not a name or not allowed is noted, and the other keys are read on.
            let keyNode = child(key, path: path)
            guard let name = key.scalar?.string else {
                problems.note(keyNode.error("keys in \(what) must be names"))
                continue
            }
            guard allowed.contains(name) else {
                // Past the problems kept, one is only counted: a flood of keys costs no messages.
                if problems.isFull {
                    problems.count(unstored: 1)
                    continue
                }
                let suggestion = Suggestions.closest(to: name, in: allowed)
                problems.note(keyNode.error("unknown key '\(name)' in \(what) (expected one of: \(allowed.joined(separator: ", ")))",
                                            suggestion: suggestion))
                if let suggestion { problems.misspelt.insert(MisspeltKey(file: file, path: path, key: suggestion)) }
                continue
            }
            result[name] = child(value, path: path.isEmpty ? name : "\(path).\(name)")
        }
        return result
    }

    /// The node's pairs in file order, keys unchecked (for maps of user-chosen names).
    func pairs() throws -> [(key: String, keyNode: ConfigNode, value: ConfigNode)] {
        guard let mapping = node.mapping else { throw error("\(what) should be a mapping, found \(kind)") }
        return mapping.compactMap { key, value in
            let keyNode = child(key, path: path)
            guard let name = key.scalar?.string else {
                problems.note(keyNode.error("keys in \(what) must be names"))
                return nil
            }
            return (name, keyNode, child(value, path: "\(path).\(name)"))
        }
    }

    /// The node's elements.
    func sequence() throws -> [ConfigNode] {
        guard let sequence = node.sequence else { throw error("\(what) should be a list, found \(kind)") }
        return sequence.enumerated().map { index, element in child(element, path: "\(path)[\(index + 1)]") }
    }

    /// The error for a required `key` this mapping lacks (`explanation` says what it holds), or
    /// `ConfigurationProblems.Abandoned` when the mapping has a misspelling of it: that
    /// problem, noted with the spelling meant, is the one to fix.
    func missing(_ key: String, _ explanation: String) -> any Error {
        if problems.misspelt.contains(MisspeltKey(file: file, path: path, key: key)) { return ConfigurationProblems.Abandoned() }
        return error("missing '\(key)' (\(explanation))")
    }

    /// A key a mapping's unknown key was probably meant to be.
    struct MisspeltKey: Hashable {
        let file: String
        let path: String
        let key: String
    }

    /// `node`, a part of this node, at `path`.
    private func child(_ node: Node, path: String) -> ConfigNode {
        ConfigNode(node: node, file: file, path: path, origin: origin, problems: problems)
    }

    // MARK: - Reading on past problems

    /// `body`'s value; nil after noting the problem it threw, so the read goes on with the
    /// next part.
    func attempt<T>(_ body: () throws -> T) -> T? {
        problems.attempt(body)
    }

    /// `body`'s value when reading it noted no problem (an unknown key inside it, or a part it
    /// attempted); else nil, its problems noted. For a part whose value is no use with a
    /// problem left out.
    func whole<T>(_ body: () throws -> T) -> T? {
        let before = problems.count
        guard let value = problems.attempt(body), problems.count == before else { return nil }
        return value
    }

    // MARK: - Scalars

    /// The node as a string.
    func string() throws -> String {
        guard let scalar = node.scalar else { throw error("\(what) should be a text value, found \(kind)") }
        return scalar.string
    }

    /// The node as an integer; accepts decimal and 0x hexadecimal, within `range`.
    func int(in range: ClosedRange<Int>? = nil) throws -> Int {
        let text = try string()
        let value = text.lowercased().hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16) : Int(text)
        guard let value else { throw error("\(what) should be a whole number, found '\(text)'") }
        if let range, !range.contains(value) {
            throw error("\(what) is \(text), expected \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    /// The node as a Boolean (`true`/`false`, `yes`/`no`, `on`/`off`).
    func bool() throws -> Bool {
        let text = try string().lowercased()
        switch text {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("\(what) should be true or false, found '\(text)'")
        }
    }

    /// The node as one of `choices`, with the closest one suggested on a typo.
    func choice(_ choices: [String]) throws -> String {
        let text = try string()
        guard choices.contains(text) else {
            throw error("\(what) is '\(text)', expected one of: \(choices.joined(separator: ", "))",
                        suggestion: Suggestions.closest(to: text, in: choices))
        }
        return text
    }

    /// The node as a duration: a number with a unit, `ms`, `s`, `m` or `h` (e.g. `30s`, `1.5m`),
    /// within `range`.
    func duration(in range: ClosedRange<Duration>) throws -> Duration {
        try duration(in: range, orNever: false)!
    }

    /// The node as a duration within `range`, or nil for `never`.
    func durationOrNever(in range: ClosedRange<Duration>) throws -> Duration? {
        try duration(in: range, orNever: true)
    }

    private func duration(in range: ClosedRange<Duration>, orNever: Bool) throws -> Duration? {
        let text = try string().trimmingCharacters(in: .whitespaces)
        if orNever, text == "never" { return nil }
        guard let seconds = Self.seconds(inDuration: text) else {
            throw error("\(what) should be a duration such as 600ms, 30s, 10m or 1h\(orNever ? ", or never" : ""), found '\(text)'")
        }
        guard seconds >= range.lowerBound.timeInterval, seconds <= range.upperBound.timeInterval else {
            throw error("\(what) is \(text), expected \(Self.spoken(range.lowerBound))…\(Self.spoken(range.upperBound))")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// The seconds `text` (a number and a unit, `ms`, `s`, `m` or `h`) stands for; nil when it is
    /// not a duration, negative or not finite. `glance run --duration` reads the same form.
    static func seconds(inDuration text: String) -> Double? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (unit, seconds) in units where text.hasSuffix(unit) {
            let number = text.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
            if let value = Double(number), value >= 0, (value * seconds).isFinite { return value * seconds }
        }
        return nil
    }

    /// `duration` as a message says it: 500ms, 30s, 10m, 24h.
    static func spoken(_ duration: Duration) -> String {
        let seconds = duration.timeInterval
        if seconds < 1 { return "\(Int((seconds * 1000).rounded()))ms" }
        if seconds.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(seconds / 3600))h" }
        if seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60))m" }
        return "\(Int(seconds))s"
    }

    /// The node as a time of day `HH:MM`, in minutes after midnight.
    func timeOfDay(_ text: String) throws -> Int {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
              (0...23).contains(hours), (0...59).contains(minutes) else {
            throw error("\(what) has '\(text)', expected a time of day such as 22:30")
        }
        return hours * 60 + minutes
    }

    /// YAML's name for what this node is, for messages.
    var kind: String {
        switch node {
        case .scalar(let scalar): "'\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}
