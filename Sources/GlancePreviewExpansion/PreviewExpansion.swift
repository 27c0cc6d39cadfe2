/// `#Preview`'s expansion, worked out from the macro's source text alone.
///
/// The expansion keeps the macro's argument list and trailing closures exactly as written and
/// calls `GlanceUI.Preview`'s initializer with them, so the initializer's overloads, result
/// builders and generic constraints see the maker's own code. Nothing after the macro's name
/// needs to be understood; only what comes before it (trivia and attributes) and the name
/// itself are read, which a scanner of comments, strings and brackets does without a parser.
public enum PreviewExpansion {
    /// Where the macro's source text starts in its file: the compiler's location of the node,
    /// which includes the node's leading trivia.
    public struct Location: Equatable, Sendable {
        /// `Module/File.swift`, as `#fileID` gives it.
        public var fileID: String
        /// 1-based line.
        public var line: Int
        /// 1-based column, in UTF-8 bytes.
        public var column: Int

        /// Creates a location.
        public init(fileID: String, line: Int, column: Int) {
            self.fileID = fileID
            self.line = line
            self.column = column
        }
    }

    /// Why a source text could not be expanded, with the UTF-8 offset in the text it concerns.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// What was wrong, for the maker.
        public var message: String
        /// UTF-8 offset into the macro's source text.
        public var offset: Int

        /// Creates a failure.
        public init(_ message: String, at offset: Int) {
            self.message = message
            self.offset = offset
        }

        public var description: String { message }
    }

    /// The declaration `#name…` expands into: a type named after `discriminator` that conforms
    /// to `GlanceUI.PreviewRegistry`, whose `makePreview()` calls `GlanceUI.Preview(…)` with the
    /// macro's arguments and trailing closures.
    /// - Parameters:
    ///   - source: the macro expansion's source text, as the compiler sends it (leading trivia
    ///     and attributes included).
    ///   - macroName: the macro's name as written, without `#` (`Preview`).
    ///   - discriminator: the compiler's unique string for this expansion.
    ///   - location: where `source` starts in its file.
    /// - Throws: `Failure` when `source` does not start (after trivia and attributes) with
    ///   `#macroName`, a comment or string before it does not end, or the discriminator is not
    ///   a mangled name.
    public static func expand(source: String, macroName: String, discriminator: String, location: Location) throws(Failure) -> String {
        var scanner = SourceScanner(source)
        try scanner.skipTrivia()
        // The preview's place: the node's first token, as `#fileID`/`#line` would give for it.
        let start = scanner.position(from: location)
        try scanner.skipAttributesAndModifiers()
        let nameOffset = scanner.offset
        guard scanner.take("#"), scanner.takeIdentifier() == macroName else {
            throw Failure("expected '#\(macroName)' at the start of the macro's text, found '\(scanner.excerpt(at: nameOffset))'", at: nameOffset)
        }
        let afterName = scanner.offset
        try scanner.skipTrivia()
        if scanner.peek == UInt8(ascii: "<") {
            throw Failure("#\(macroName) takes no generic arguments", at: scanner.offset)
        }
        let call: String
        if scanner.peek == UInt8(ascii: "(") {
            // The argument list, and what follows it, exactly as written.
            call = "GlanceUI.Preview" + scanner.text(from: scanner.offset)
        } else if scanner.isAtEnd {
            call = "GlanceUI.Preview()" + scanner.text(from: afterName)
        } else {
            call = "GlanceUI.Preview() " + scanner.text(from: scanner.offset)
        }
        return """
            struct \(try typeName(discriminator: discriminator)): GlanceUI.PreviewRegistry {
                static var fileID: String { \(stringLiteral(location.fileID)) }
                static var line: Int { \(start.line) }
                static var column: Int { \(start.column) }
                @MainActor static func makePreview() throws -> GlanceUI.Preview {
                    \(trimmingTrailingWhitespace(call))
                }
            }
            """
    }

    /// The type's name: the compiler's form for a name unique to one macro expansion (the
    /// discriminator, the length-prefixed `Preview`, and `fMu_`), the only kind of name a
    /// freestanding macro may introduce without declaring it.
    /// - Throws: `Failure` when the discriminator is not a mangled name (letters, digits, `_`
    ///   and `$` only), which the compiler always sends.
    public static func typeName(discriminator: String) throws(Failure) -> String {
        let valid = !discriminator.isEmpty && discriminator.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "$"):
                true
            default:
                false
            }
        }
        guard valid else {
            throw Failure("the compiler's discriminator '\(discriminator)' is not a mangled name", at: 0)
        }
        return discriminator + "7PreviewfMu_"
    }

    /// `text` as a Swift string literal.
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    literal += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }

    private static func trimmingTrailingWhitespace(_ text: String) -> String {
        var end = text.endIndex
        while end > text.startIndex, let last = text[text.index(before: end)].unicodeScalars.first,
              last == " " || last == "\t" || last == "\n" || last == "\r" {
            end = text.index(before: end)
        }
        return String(text[..<end])
    }
}
