import Foundation
import Testing

/// The repository stands alone: what its sources, tests, docs, scripts and examples cite is in
/// the repository. A `*.md` file, a path under the Docs, Scripts or Examples folders, or a
/// named section of a doc that a clone does not have is a dead end for the reader, and so is
/// a reference to a project brief kept outside it.
@Suite struct RepositoryDocsTests {
    /// The checkout this file is in: `Tests/GlanceHostTests/RepositoryDocsTests.swift` → root.
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Names of the project's outside briefs, spelled in two parts so that this file does not
    /// cite them itself.
    private static let briefNames = ["WIDGET" + "KIT", "HARD" + "WARE", "DE" + "SIGN", "REAL" + "CODE", "ST" + "YLE"]
    private static let briefFolders = ["../" + "shared/", "/work/" + "shared"]

    private struct TextFile {
        let path: String
        let lines: [Substring]
    }

    /// Every text file the rule covers, read once for the three tests.
    private static let corpus = Result { try readFiles() }

    private static func files() throws -> [TextFile] {
        try corpus.get()
    }

    /// Every text file the rule covers: Sources, Docs, Tests (without golden images and fuzz
    /// corpora), Scripts, Examples, README.md, Package.swift and the Makefile.
    private static func readFiles() throws -> [TextFile] {
        let manager = FileManager.default
        var paths = ["README.md", "Package.swift", "Makefile"]
        for folder in ["Sources", "Docs", "Tests", "Scripts", "Examples"] {
            let base = root.appendingPathComponent(folder)
            let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey]
            guard let walk = manager.enumerator(at: base, includingPropertiesForKeys: keys) else {
                throw RepositoryError(message: "cannot list \(base.path)")
            }
            for case let url as URL in walk {
                let values = try url.resourceValues(forKeys: Set(keys))
                let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
                if values.isSymbolicLink == true || path.split(separator: "/").contains("Golden")
                    || path.hasPrefix("Tests/Fuzz/Corpus/") {
                    walk.skipDescendants()
                    continue
                }
                if values.isRegularFile == true { paths.append(path) }
            }
        }
        let binary: Set<String> = ["png", "pgm", "pbm"]
        return paths.sorted().compactMap { path in
            guard !binary.contains((path as NSString).pathExtension.lowercased()),
                  let data = manager.contents(atPath: root.appendingPathComponent(path).path),
                  let text = String(data: data, encoding: .utf8) else { return nil }
            let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
            return TextFile(path: path, lines: lines)
        }
    }

    private struct RepositoryError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    /// The words of a line that can name a file: runs of path characters, with a trailing
    /// `.`, `,` or `:` and a `:line` suffix taken off, and URLs left out.
    private static func pathWords(in line: Substring) -> [String] {
        guard [".md", "Docs/", "Scripts/", "Examples/"].contains(where: { line.contains($0) }) else { return [] }
        let pathCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./~+-:")
        return line.split(whereSeparator: { !pathCharacters.contains($0) }).compactMap { run in
            guard !run.contains("://") else { return nil }
            var word = String(run)
            while let last = word.last, ".,:".contains(last) { word.removeLast() }
            if let colon = word.firstIndex(of: ":") {
                guard word[word.index(after: colon)...].allSatisfy({ $0.isNumber || $0 == ":" }) else { return nil }
                word = String(word[..<colon])
            }
            return word
        }
    }

    @Test func everyFileNamedIsInTheRepository() throws {
        var problems: [String] = []
        for file in try Self.files() {
            let folder = (file.path as NSString).deletingLastPathComponent
            for (number, line) in file.lines.enumerated() {
                for word in Self.pathWords(in: line) {
                    let name = (word as NSString).lastPathComponent
                    let isDoc = word.hasSuffix(".md") && name.count > 3
                    let isRepositoryPath = ["Docs/", "Scripts/", "Examples/", "../Docs/", "../Scripts/", "../Examples/"]
                        .contains { word.hasPrefix($0) && word.count > $0.count }
                    guard isDoc || isRepositoryPath else { continue }
                    let candidates = [word, folder.isEmpty ? word : "\(folder)/\(word)"]
                    if !candidates.contains(where: Self.exists) {
                        problems.append("\(file.path):\(number + 1): names \(word), which is not in the repository")
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) references to files a clone does not have:\n\(problems.joined(separator: "\n"))")
    }

    @Test func noFileCitesTheOutsideBriefs() throws {
        var problems: [String] = []
        for file in try Self.files() {
            for (number, line) in file.lines.enumerated() {
                let named = Self.briefNames.filter { line.contains($0) }
                let words = named.isEmpty ? [] : line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                for name in named where words.contains(where: { $0 == name }) {
                    problems.append("\(file.path):\(number + 1): cites \(name), a brief outside the repository")
                }
                for folder in Self.briefFolders where line.contains(folder) {
                    problems.append("\(file.path):\(number + 1): cites \(folder), a folder outside the repository")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) citations of files outside the repository (put the fact in Docs/ and cite that):\n\(problems.joined(separator: "\n"))")
    }

    /// The docs, the README and the examples are read in a clone anywhere: a folder of the
    /// machine Glance is developed on (its checkouts under `/work`, its scratch folders under
    /// `/tmp/wt`) means nothing there, even inside a quoted command's output.
    @Test func docsNameNoDevelopmentMachineFolder() throws {
        let folders = ["/wo" + "rk/", "/tmp/" + "wt"]
        var problems: [String] = []
        for file in try Self.files() where ["Docs/", "Examples/", "README.md"].contains(where: { file.path.hasPrefix($0) }) {
            for (number, line) in file.lines.enumerated() {
                for folder in folders where line.contains(folder) {
                    problems.append("\(file.path):\(number + 1): names \(folder), a folder of the development machine")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) development-machine folders in the docs:\n\(problems.joined(separator: "\n"))")
    }

    /// A doc's path followed by a section's name in double quotes — after a comma, or in
    /// parentheses — names a heading of that doc: the quoted words begin a heading (backticks
    /// and a leading "5." ignored), as "Power" names "Power: what each widget's frames cost".
    @Test func everySectionNamedIsADocsHeading() throws {
        let files = try Self.files()
        var headings: [String: [String]] = [:]
        for file in files where file.path.hasPrefix("Docs/") && file.path.hasSuffix(".md") {
            headings[file.path] = file.lines.compactMap { line in
                guard line.hasPrefix("#") else { return nil }
                let title = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
                    .replacingOccurrences(of: "`", with: "")
                // Numbered steps ("## 5. Living with it") are cited by their words.
                let words = title.drop(while: \.isNumber)
                guard words.count < title.count, words.hasPrefix(". ") else { return title }
                return String(words.dropFirst(2))
            }
        }
        let citation = /(Docs\/[A-Za-z0-9_-]+\.md)(?:, | \()"([^"]+)"/
        var problems: [String] = []
        var cited = 0
        for file in files {
            for (number, line) in file.lines.enumerated() {
                for match in line.matches(of: citation) {
                    let doc = String(match.output.1)
                    let section = match.output.2.replacingOccurrences(of: "`", with: "")
                    cited += 1
                    guard let titles = headings[doc] else {
                        problems.append("\(file.path):\(number + 1): cites \(doc), which is not in the repository")
                        continue
                    }
                    if !titles.contains(where: { $0.hasPrefix(section) }) {
                        problems.append("\(file.path):\(number + 1): cites \(doc), \"\(section)\", which has no such heading")
                    }
                }
            }
        }
        #expect(cited > 0, "no section citations found: the pattern no longer matches how the docs cite")
        #expect(problems.isEmpty, "\(problems.count) citations of sections that do not exist:\n\(problems.joined(separator: "\n"))")
    }
}
