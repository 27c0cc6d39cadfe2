/// Reads the start of a macro's source text: trivia (whitespace and comments, block comments
/// nested as Swift nests them), attributes with their bracketed arguments (strings, raw strings
/// and interpolations inside them skipped whole), modifiers, and an identifier.
struct SourceScanner {
    private let bytes: [UInt8]
    /// The UTF-8 offset of the next byte to read.
    private(set) var offset = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { offset >= bytes.count }
    var peek: UInt8? { byte(at: offset) }

    private func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// The text from `start` to the end.
    func text(from start: Int) -> String {
        String(decoding: bytes[min(start, bytes.count)...], as: UTF8.self)
    }

    /// Up to 24 bytes of the line at `start`, for a message.
    func excerpt(at start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 24, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
            end += 1
        }
        return String(decoding: bytes[min(start, bytes.count)..<end], as: UTF8.self)
    }

    /// The line and column of the next byte, given where the text starts.
    func position(from start: PreviewExpansion.Location) -> (line: Int, column: Int) {
        var line = start.line, column = start.column
        var index = 0
        while index < offset {
            if bytes[index] == UInt8(ascii: "\r") && byte(at: index + 1) == UInt8(ascii: "\n") {
                index += 1
            }
            if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    /// Takes `character` if it is next.
    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: character) else { return false }
        offset += 1
        return true
    }

    /// Takes an identifier (letters, digits, `_`, any non-ASCII character, not starting with a
    /// digit), or nothing: its text, empty when there is none.
    mutating func takeIdentifier() -> String {
        let start = offset
        while let next = peek, Self.isIdentifierByte(next), offset > start || !Self.isDigit(next) {
            offset += 1
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// Skips whitespace and comments.
    mutating func skipTrivia() throws(PreviewExpansion.Failure) {
        while let next = peek {
            switch next {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0:
                offset += 1
            case UInt8(ascii: "/") where byte(at: offset + 1) == UInt8(ascii: "/"):
                while let byte = peek, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
                    offset += 1
                }
            case UInt8(ascii: "/") where byte(at: offset + 1) == UInt8(ascii: "*"):
                try skipBlockComment()
            default:
                return
            }
        }
    }

    /// Skips attributes (`@available(iOS 17, *)`, `@MainActor`) and modifiers (`private`,
    /// `nonisolated(unsafe)`) up to the next `#` or anything else that is neither.
    mutating func skipAttributesAndModifiers() throws(PreviewExpansion.Failure) {
        while let next = peek, next != UInt8(ascii: "#") {
            let before = offset
            _ = take("@")
            repeat {
                guard !takeIdentifier().isEmpty else { break }
            } while take(".")
            while peek == UInt8(ascii: " ") || peek == UInt8(ascii: "\t") {
                offset += 1
            }
            if peek == UInt8(ascii: "(") {
                try skipBracketed()
            }
            try skipTrivia()
            if offset == before {
                return
            }
        }
    }

    /// Skips a bracketed group starting at the next byte (`(`, `[` or `{`) through its matching
    /// close, with the strings and comments inside.
    mutating func skipBracketed() throws(PreviewExpansion.Failure) {
        let start = offset
        var depth = 0
        while let next = peek {
            switch next {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                offset += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                offset += 1
                if depth == 0 { return }
            case UInt8(ascii: "/") where byte(at: offset + 1) == UInt8(ascii: "/") || byte(at: offset + 1) == UInt8(ascii: "*"):
                try skipTrivia()
            case UInt8(ascii: "\""), UInt8(ascii: "#"):
                if !(try skipStringLiteral()) { offset += 1 }
            default:
                offset += 1
            }
        }
        throw PreviewExpansion.Failure("a bracket that is not closed", at: start)
    }

    /// Skips a string literal (`"…"`, `"""…"""`, raw `#"…"#`) if one starts at the next byte.
    /// - Returns: whether there was one.
    private mutating func skipStringLiteral() throws(PreviewExpansion.Failure) -> Bool {
        let start = offset
        var hashes = 0
        while byte(at: offset + hashes) == UInt8(ascii: "#") {
            hashes += 1
        }
        guard byte(at: offset + hashes) == UInt8(ascii: "\"") else { return false }
        offset += hashes
        let quote = UInt8(ascii: "\"")
        let multiline = byte(at: offset + 1) == quote && byte(at: offset + 2) == quote
        let quotes = multiline ? 3 : 1
        offset += quotes
        while let next = peek {
            if next == UInt8(ascii: "\\") && (0..<hashes).allSatisfy({ byte(at: offset + 1 + $0) == UInt8(ascii: "#") }) {
                offset += 1 + hashes
                if peek == UInt8(ascii: "(") {
                    try skipBracketed()   // an interpolation, which may hold strings of its own
                } else {
                    offset += 1           // the escaped character
                }
            } else if next == quote && (0..<quotes).allSatisfy({ byte(at: offset + $0) == quote })
                        && (0..<hashes).allSatisfy({ byte(at: offset + quotes + $0) == UInt8(ascii: "#") }) {
                offset += quotes + hashes
                return true
            } else if !multiline && (next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r")) {
                break
            } else {
                offset += 1
            }
        }
        throw PreviewExpansion.Failure("a string literal that is not closed", at: start)
    }

    private mutating func skipBlockComment() throws(PreviewExpansion.Failure) {
        let start = offset
        var depth = 0
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "/") && byte(at: offset + 1) == UInt8(ascii: "*") {
                depth += 1
                offset += 2
            } else if bytes[offset] == UInt8(ascii: "*") && byte(at: offset + 1) == UInt8(ascii: "/") {
                depth -= 1
                offset += 2
                if depth == 0 { return }
            } else {
                offset += 1
            }
        }
        throw PreviewExpansion.Failure("a /* comment that is not closed", at: start)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), 0x80...0xFF:
            true
        default:
            false
        }
    }
}
