import Foundation

/// The board presets built into `glance` (from `Boards/`), and lookup of `--board` values.
public enum BoardCatalog {
    /// Every built-in preset, parsed, sorted by name. A preset that fails to parse is a
    /// build defect caught by the tests; it is left out here rather than crashing.
    public static let builtIn: [BoardConfiguration] = EmbeddedBoards.files.keys.sorted().compactMap { try? preset($0) }

    /// The embedded preset file `path` (`NAME.yaml`), parsed; nil when there is none.
    private static func preset(_ path: String) throws -> BoardConfiguration? {
        try EmbeddedBoards.files[path].map { try BoardConfiguration(yaml: $0, file: "Boards/\(path)") }
    }

    /// The names of the built-in presets: their file names (a test checks each preset is
    /// named as its file), so that naming them parses none.
    public static var names: [String] {
        EmbeddedBoards.files.keys.map { String($0.dropLast(".yaml".count)) }.sorted()
    }

    /// The board named `value`, or read from the file at `value` when it is a path
    /// (contains a `/` or ends in `.yaml`).
    /// - Throws: `ConfigurationError`: unknown name (with the closest name and the list), a
    ///   missing or unreadable file, or an invalid one.
    public static func board(_ value: String) throws -> BoardConfiguration {
        if value.contains("/") || value.hasSuffix(".yaml") || value.hasSuffix(".yml") {
            return try BoardConfiguration(yaml: try ConfigurationError.readText(of: value, what: "board file"), file: value)
        }
        // Only the preset asked for is parsed: all of them took 46 M instructions (about 12 ms) at every start.
        if let board = try preset("\(value).yaml") { return board }
        throw ConfigurationError(file: "--board", message: "no board named '\(value)' (built in: \(names.joined(separator: ", ")); or give a path to a .yaml file)",
                                 suggestion: Suggestions.closest(to: value, in: names))
    }

    /// The board a face file names (its `board:` value): as `board(_:)`, with an unknown name
    /// or a board file that cannot be read reported at the `board:` key's line and column.
    /// Problems inside a board file that is read keep their own file, line and column.
    public static func board(_ named: Located<String>) throws -> BoardConfiguration {
        do {
            return try board(named.value)
        } catch let error as ConfigurationError where error.further.isEmpty && error.line == 0 && [named.value, "--board"].contains(error.file) {
            throw named.error(error.file == "--board" ? error.message : "\(named.value): \(error.message)", suggestion: error.suggestion)
        }
    }
}
