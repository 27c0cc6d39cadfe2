import Foundation
import GlanceLinux

/// A problem in a board or face file: where it is, what was wrong, what was expected and,
/// for misspelt names, the closest valid one. Commands print it and exit with status 2.
///
/// One read of a file reports every problem it finds: the error thrown is the first in file
/// order, and carries the others in `further` (at most `listLimit` in all, then a count).
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
    /// The problems found after this one in the same read, in file order; empty for one problem.
    public internal(set) var further: [ConfigurationError] = []
    /// How many more problems were found than are listed (beyond `listLimit`).
    public internal(set) var unlisted = 0

    /// The most problems one error lists: a file full of mistakes (or a hostile one) does not
    /// flood the terminal; the rest are counted.
    public static let listLimit = 20

    /// Creates an error.
    public init(file: String, line: Int = 0, column: Int = 0, message: String, suggestion: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.suggestion = suggestion
    }

    /// This problem and the further ones, each on its own.
    public var all: [ConfigurationError] {
        [ConfigurationError(file: file, line: line, column: column, message: message, suggestion: suggestion)] + further
    }

    /// One line per problem, `FILE:LINE:COLUMN: message`, then `and N more problems` when
    /// some are not listed.
    public var lines: [String] {
        all.map(\.single) + (unlisted > 0 ? ["and \(unlisted) more problem\(unlisted == 1 ? "" : "s") (the first \(Self.listLimit) are listed)"] : [])
    }

    public var description: String { lines.joined(separator: "\n") }

    /// The lines a command prints to standard error: each starts `glance: `.
    public var report: String { lines.map { "glance: \($0)\n" }.joined() }

    /// This problem alone, on one line.
    private var single: String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        return "\(place): \(message)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }

    /// `problems` as one error: sorted into file order (files in the order their first
    /// problem was found; a problem at no place first in its file), repeats dropped, at most
    /// `listLimit` listed; nil when there are none.
    /// - Parameter unstored: Problems found but not kept, counted with the unlisted ones.
    public init?(combining problems: [ConfigurationError], unstored: Int = 0) {
        var files = [String: Int]()
        var seen = Set<String>()
        var unique = [(index: Int, error: ConfigurationError)]()
        for (index, problem) in problems.flatMap(\.all).enumerated() where seen.insert(problem.single).inserted {
            if files[problem.file] == nil { files[problem.file] = files.count }
            unique.append((index, problem))
        }
        let unlisted = problems.reduce(unstored) { $0 + $1.unlisted }
        unique.sort { a, b in
            let left = (files[a.error.file]!, a.error.line, a.error.column, a.index)
            let right = (files[b.error.file]!, b.error.line, b.error.column, b.index)
            return left < right
        }
        guard let first = unique.first?.error else { return nil }
        self = first
        further = unique.dropFirst().prefix(Self.listLimit - 1).map(\.error)
        self.unlisted = unlisted + max(0, unique.count - Self.listLimit)
    }
}

/// The problems found in one read of a board or face file, shared by its nodes: a setting
/// with a problem is noted here and left out, and the read goes on, so that one run reports
/// them all. Not `Sendable`: one read owns it.
final class ConfigurationProblems {
    /// The file the read is of, for a problem that names no place.
    let file: String
    /// The problems, in the order found.
    private(set) var found = [ConfigurationError]()
    /// Problems beyond `storeLimit`, counted only.
    private(set) var unstored = 0
    /// The keys that unknown keys were probably misspellings of: their absence is no further problem.
    var misspelt = Set<ConfigNode.MisspeltKey>()

    /// The most problems kept: a hostile megabyte of unknown keys costs a bounded memory.
    static let storeLimit = 1000

    init(file: String) {
        self.file = file
    }

    /// How many problems were found so far (a part is sound when this did not grow while it was read).
    var count: Int { found.count + unstored }

    /// Whether no more problems are kept (they are only counted).
    var isFull: Bool { found.count >= Self.storeLimit }

    /// Counts problems that are not kept.
    func count(unstored problems: Int) {
        unstored += problems
    }

    /// Notes `error` and the problems it carries.
    func note(_ error: ConfigurationError) {
        for problem in error.all {
            if found.count < Self.storeLimit { found.append(problem) } else { unstored += 1 }
        }
        unstored += error.unlisted
    }

    /// `body`'s value; nil after noting the problem it threw.
    func attempt<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let error as ConfigurationError {
            note(error)
        } catch is Abandoned {
            // Its problems are noted already.
        } catch {
            note(ConfigurationError(file: file, message: "\(error)"))
        }
        return nil
    }

    /// Thrown by a part that noted its own problems and has no value to give.
    struct Abandoned: Error {}

    /// Throws every problem found, in file order, as one error.
    func check() throws {
        if let error = ConfigurationError(combining: found, unstored: unstored) { throw error }
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
