import Foundation

// The older strings file (`xx.lproj/Table.strings`): `"key" = "value";` pairs, with `/* */`
// and `//` comments, in UTF-8 or UTF-16 (a byte-order mark decides; Xcode writes UTF-16
// little-endian with one). Values use the same format syntax as catalogs; plural forms come
// only from catalogs (`.stringsdict` files are not read).

extension StringTables {
    /// Adds the strings file `data` as table `table` in `language` (its `.lproj` folder's name).
    /// - Parameter file: The file's path, for errors.
    /// - Throws: `StringTableError` naming the file and line of the first malformed entry.
    public mutating func addStrings(_ data: Data, table: String, language: String, file: String) throws {
        guard data.count <= Self.maximumFileSize else { throw Self.tooLarge(data.count, file: file) }
        guard let text = Self.decodeText(data) else {
            throw StringTableError(file: file, message: "is neither UTF-8 nor UTF-16 text")
        }
        var parser = StringsFileParser(scalars: Array(text.unicodeScalars), file: file)
        let pairs = try parser.pairs()
        var result = tables[table] ?? Table()
        let tag = Self.normalized(language)
        for (key, value) in pairs {
            result.languages[tag, default: [:]][key] = StringEntry(pattern: .text(value))
        }
        tables[table] = result
    }

    /// The text of a strings file by its byte-order mark (UTF-16 without one when every other
    /// byte is zero), else UTF-8; nil when it is neither.
    static func decodeText(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(3))
        if bytes.starts(with: [0xFF, 0xFE]) { return String(data: data.dropFirst(2), encoding: .utf16LittleEndian) }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(data: data.dropFirst(2), encoding: .utf16BigEndian) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(data: data.dropFirst(3), encoding: .utf8) }
        if data.count >= 2, data.count % 2 == 0, data[data.startIndex + 1] == 0, data[data.startIndex] != 0 {
            return String(data: data, encoding: .utf16LittleEndian)
        }
        return String(data: data, encoding: .utf8)
    }
}

/// Reads `key = value;` pairs, tracking lines for errors.
private struct StringsFileParser {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1

    init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    private func error(_ message: String) -> StringTableError {
        StringTableError(file: file, line: line, message: message)
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func advance() {
        if current == "\n" { line += 1 }
        index += 1
    }

    /// Skips white space and comments.
    private mutating func skipSpace() throws {
        while let scalar = current {
            if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                advance()
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let start = line
                advance(); advance()
                while current != nil, !(current == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") { advance() }
                guard current != nil else { throw StringTableError(file: file, line: start, message: "comment '/*' is never closed with '*/'") }
                advance(); advance()
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while let next = current, next != "\n" { _ = next; advance() }
            } else {
                return
            }
        }
    }

    mutating func pairs() throws -> [(String, String)] {
        var result = [(String, String)]()
        try skipSpace()
        while current != nil {
            let key = try string(what: "a key")
            try skipSpace()
            guard current == "=" else {
                throw error("expected '=' after the key \"\(key)\"\(current.map { ", found '\($0)'" } ?? "")")
            }
            advance()
            try skipSpace()
            let value = try string(what: "the value of \"\(key)\"")
            let valueLine = line
            try skipSpace()
            guard current == ";" else {
                throw StringTableError(file: file, line: valueLine, message: "expected ';' after the value of \"\(key)\"")
            }
            advance()
            result.append((key, value))
            try skipSpace()
        }
        return result
    }

    /// A quoted string with escapes, or an unquoted word of letters, digits and `_.$:/-`.
    private mutating func string(what: String) throws -> String {
        guard let first = current else { throw error("expected \(what), found the end of the file") }
        guard first == "\"" else {
            var word = String.UnicodeScalarView()
            while let scalar = current, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.$:/-".unicodeScalars.contains(scalar) {
                word.append(scalar)
                advance()
            }
            guard !word.isEmpty else { throw error("expected \(what) in double quotes, found '\(first)'") }
            return String(word)
        }
        let start = line
        advance()
        var text = String.UnicodeScalarView()
        while let scalar = current, scalar != "\"" {
            advance()
            guard scalar == "\\" else {
                text.append(scalar)
                continue
            }
            guard let escaped = current else { break }
            advance()
            switch escaped {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "a": text.append("\u{07}")
            case "b": text.append("\u{08}")
            case "f": text.append("\u{0C}")
            case "v": text.append("\u{0B}")
            case "U", "u":
                var hex = ""
                while hex.count < 4, let digit = current, digit.properties.isASCIIHexDigit {
                    hex.unicodeScalars.append(digit)
                    advance()
                }
                guard hex.count == 4, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                    throw error("'\\\(escaped)' needs four hexadecimal digits naming a character")
                }
                text.append(decoded)
            case "0"..."7":
                var octal = String(escaped)
                while octal.count < 3, let digit = current, ("0"..."7").contains(digit) {
                    octal.unicodeScalars.append(digit)
                    advance()
                }
                text.append(Unicode.Scalar(UInt8(UInt32(octal, radix: 8).map { min($0, 255) } ?? 0)))
            default: text.append(escaped)
            }
        }
        guard current == "\"" else { throw StringTableError(file: file, line: start, message: "\(what) starts with '\"' here and never ends") }
        advance()
        return String(text)
    }
}
