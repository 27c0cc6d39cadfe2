import Foundation
import GlanceLinux

/// A problem in a board or face file: where it is, what was wrong, what was expected and,
/// for misspelt names, the closest valid one. Commands print it and exit with status 2.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file the problem is in.
    public let file: String
    /// 1-based line, 0 when the problem is not at one place (a missing file).
    public let line: Int
    /// 1-based column, 0 when unknown.
    public let column: Int
    /// What is wrong.
    public let message: String
    /// The closest valid spelling, for unknown names.
    public let suggestion: String?

    /// Creates an error.
    public init(file: String, line: Int = 0, column: Int = 0, message: String, suggestion: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.suggestion = suggestion
    }

    public var description: String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        return "\(place): \(message)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
}

/// Finds the closest spelling among candidates, for "did you mean" hints.
enum Suggestions {
    /// The candidate nearest to `word` by edit distance (case-insensitive), when it is close
    /// enough to be a plausible typo: at most a quarter of the word's length (at least 1),
    /// and fewer edits than the word has characters.
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.1 <= max(1, target.count / 4), best.1 < target.count else { return nil }
        return best.0
    }

    /// Levenshtein distance with transpositions counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

extension ConfigurationError {
    /// The largest board or face file read: a face file is a few kilobytes.
    static let fileSizeLimit = 1 << 20

    /// The text of the board or face file at `path` (a link to one is followed): only a regular
    /// file of at most `limit` bytes is read, so a FIFO cannot hang a command nor `/dev/zero`
    /// fill its memory.
    /// - Parameter what: What the file is, for the message ("board file").
    /// - Throws: `ConfigurationError` naming the file: missing, unreadable, not a regular file,
    ///   too large, or not UTF-8.
    static func readText(of path: String, what: String? = nil, limit: Int = fileSizeLimit) throws -> String {
        let prefix = what.map { "\($0) " } ?? ""
        let data: Data?
        do {
            data = try AtomicFile.readRegular(URL(fileURLWithPath: path), limit: limit, followingLinks: true)
        } catch let error as AtomicFileError {
            throw ConfigurationError(file: path, message: "\(prefix)is not read: \(error.reason)")
        }
        guard let data else { throw ConfigurationError(file: path, message: what == nil ? "no such file" : "\(prefix)does not exist") }
        guard let text = String(data: data, encoding: .utf8) else { throw ConfigurationError(file: path, message: "\(prefix)is not UTF-8 text") }
        return text
    }
}
