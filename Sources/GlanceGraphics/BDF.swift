/// A BDF file that could not be read: where (file and line) and what was expected.
public struct BDFError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file name given to the parser (or `<memory>`).
    public let file: String
    /// 1-based line number.
    public let line: Int
    /// What was wrong.
    public let message: String

    /// Creates an error at `line` of `file`.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}

/// One glyph of a bitmap font: its ink as a coverage mask and where that ink sits.
public struct Glyph: Sendable, Equatable {
    /// The Unicode scalar this glyph draws.
    public let scalar: Unicode.Scalar
    /// How far the pen moves right after drawing, in pixels.
    public let advance: Int
    /// The ink: 255 where a pixel is set, 0 elsewhere; may be empty (space).
    public let mask: Bitmap
    /// Offset of the mask's left edge from the pen position.
    public let xOffset: Int
    /// Offset of the mask's bottom edge above the baseline (negative for descenders).
    public let yOffset: Int

    /// Creates a glyph.
    public init(scalar: Unicode.Scalar, advance: Int, mask: Bitmap, xOffset: Int, yOffset: Int) {
        self.scalar = scalar
        self.advance = advance
        self.mask = mask
        self.xOffset = xOffset
        self.yOffset = yOffset
    }
}

/// A parsed BDF 2.1 font file: header properties and glyphs by code point.
public struct BDFFile: Sendable {
    /// The XLFD name from the `FONT` line.
    public var name = ""
    /// `FONTBOUNDINGBOX`: width, height, x offset, y offset.
    public var boundingBox = (width: 0, height: 0, xOffset: 0, yOffset: 0)
    /// Properties between `STARTPROPERTIES` and `ENDPROPERTIES`; strings unquoted.
    public var properties: [String: String] = [:]
    /// Glyphs keyed by code point; glyphs with `ENCODING -1` are skipped.
    public var glyphs: [UInt32: Glyph] = [:]

    /// An integer property, if present and numeric.
    public func integer(_ key: String) -> Int? { properties[key].flatMap { Int($0) } }

    /// Parses BDF 2.1 text.
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: Name used in error messages.
    /// - Throws: `BDFError` with the line number of the first problem.
    public init(parsing text: String, file: String = "<memory>") throws {
        var parser = BDFParser(file: file, lines: BDFParser.lines(of: text[...]))
        self = try parser.parse()
    }

    /// Parses only the header of BDF text: the name, bounding box and properties, up to the
    /// `CHARS` line; `glyphs` stays empty. A catalog reads every file's header to know its
    /// faces and parses a face's glyphs when text first asks for it.
    /// - Throws: `BDFError` for a problem in the header (a file without `CHARS` is read whole).
    public init(parsingHeaderOf text: String, file: String = "<memory>") throws {
        // Only the lines up to and including the CHARS line are cut (CHARSET_REGISTRY and
        // CHARSET_ENCODING, properties before it, start the same way).
        let isChars = { (line: Substring) in
            line.utf8.starts(with: "CHARS".utf8) && line.utf8.dropFirst(5).first.map { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } == true
        }
        var parser = BDFParser(file: file, lines: BDFParser.lines(of: text[...], through: isChars))
        parser.headerOnly = true
        self = try parser.parse()
    }

    fileprivate init() {}
}

/// Line-by-line BDF reader; every failure names its line.
private struct BDFParser {
    let file: String
    let lines: [Substring]
    var index = 0
    var result = BDFFile()
    var defaultAdvance: Int?
    /// Stops at the CHARS line, before the glyphs.
    var headerOnly = false

    /// Glyph and font dimensions beyond this are treated as corrupt rather than allocated.
    static let maximumDimension = 1024

    init(file: String, lines: [Substring]) {
        self.file = file
        self.lines = lines
    }

    /// The number of the last line that holds anything, for errors about a file ending early.
    var lastLine: Int {
        (lines.lastIndex { !$0.allSatisfy(\.isWhitespace) } ?? 0) + 1
    }

    func error(_ message: String, line: Int? = nil) -> BDFError {
        BDFError(file: file, line: line ?? index, message: message)
    }

    /// `text` cut at each line feed, by bytes: BDF is ASCII, and cutting by characters (as
    /// `split` on a string does) cost most of a font's parse. A line feed after a carriage
    /// return ends a line too (the return is a blank, below). With `last`, cutting stops after
    /// the first line it accepts.
    static func lines(of text: Substring, through last: ((Substring) -> Bool)? = nil) -> [Substring] {
        var lines = [Substring]()
        let bytes = text.utf8
        var start = bytes.startIndex
        while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(text[start..<end])
            if let last, last(lines[lines.count - 1]) { return lines }
            start = bytes.index(after: end)
        }
        lines.append(text[start...])
        return lines
    }

    /// Space, tab and carriage return separate words.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// The next line that is neither empty nor a comment, with its first word; nil at the end.
    private mutating func nextContentLine() -> (line: Substring, first: Substring)? {
        while index < lines.count {
            let line = lines[index]
            index += 1
            let bytes = line.utf8
            guard let start = bytes.firstIndex(where: { !Self.isBlank($0) }) else { continue }
            let first = line[start..<(bytes[start...].firstIndex(where: Self.isBlank) ?? bytes.endIndex)]
            if first == "COMMENT" { continue }
            return (line, first)
        }
        return nil
    }

    /// The next non-empty, non-comment line split into words, or nil at the end.
    mutating func next() -> [Substring]? {
        guard let (line, first) = nextContentLine() else { return nil }
        var words = [first]
        let bytes = line.utf8
        var position = first.endIndex
        while true {
            while position < bytes.endIndex, Self.isBlank(bytes[position]) { position = bytes.index(after: position) }
            guard position < bytes.endIndex else { break }
            let start = position
            while position < bytes.endIndex, !Self.isBlank(bytes[position]) { position = bytes.index(after: position) }
            words.append(line[start..<position])
        }
        return words
    }

    /// The first word of the next non-empty, non-comment line, or nil at the end: what a
    /// bitmap row needs, without splitting the line into an array of words.
    mutating func nextFirstWord() -> Substring? {
        nextContentLine()?.first
    }

    func integers(_ words: [Substring], count: Int, keyword: String) throws -> [Int] {
        guard words.count >= count + 1 else {
            throw error("\(keyword) needs \(count) number\(count == 1 ? "" : "s"), found \(words.count - 1)")
        }
        return try words[1...count].map { word in
            guard let value = Int(word) else { throw error("\(keyword): \"\(word)\" is not a whole number") }
            return value
        }
    }

    mutating func parse() throws -> BDFFile {
        guard let first = next() else { throw error("empty file: expected STARTFONT 2.1", line: 1) }
        guard first[0] == "STARTFONT" else { throw error("expected STARTFONT, found \"\(first[0])\"") }
        guard first.count >= 2, first[1].hasPrefix("2.") else {
            throw error("unsupported BDF version \(first.count > 1 ? String(first[1]) : "(none)"); expected 2.1")
        }
        var declaredChars: Int?
        while let words = next() {
            switch words[0] {
            case "FONT":
                result.name = words.dropFirst().joined(separator: " ")
            case "SIZE", "METRICSSET", "SWIDTH", "SWIDTH1", "DWIDTH1", "VVECTOR":
                continue
            case "DWIDTH":
                defaultAdvance = try integers(words, count: 2, keyword: "DWIDTH")[0]
            case "FONTBOUNDINGBOX":
                let v = try integers(words, count: 4, keyword: "FONTBOUNDINGBOX")
                guard (0...Self.maximumDimension).contains(v[0]), (0...Self.maximumDimension).contains(v[1]) else {
                    throw error("FONTBOUNDINGBOX \(v[0])×\(v[1]) is outside 0…\(Self.maximumDimension)")
                }
                result.boundingBox = (v[0], v[1], v[2], v[3])
            case "STARTPROPERTIES":
                try parseProperties()
            case "CHARS":
                declaredChars = try integers(words, count: 1, keyword: "CHARS")[0]
                if headerOnly { return result }
            case "STARTCHAR":
                try parseGlyph(name: words.dropFirst().joined(separator: " "))
            case "ENDFONT":
                if let declaredChars, declaredChars < result.glyphs.count {
                    throw error("CHARS says \(declaredChars) glyphs but the file has more (\(result.glyphs.count))")
                }
                return result
            default:
                throw error("unexpected \"\(words[0])\" in the font header")
            }
        }
        throw error("file ends without ENDFONT", line: lastLine)
    }

    mutating func parseProperties() throws {
        let start = index
        while let words = next() {
            if words[0] == "ENDPROPERTIES" { return }
            var value = words.dropFirst().joined(separator: " ")
            if value.hasPrefix("\"") {
                guard value.count >= 2, value.hasSuffix("\"") else { throw error("property \(words[0]): unterminated string") }
                // BDF doubles a quote inside a string.
                value = String(value.dropFirst().dropLast()).split(separator: "\"\"", omittingEmptySubsequences: false)
                    .joined(separator: "\"")
            }
            result.properties[String(words[0])] = value
        }
        throw error("STARTPROPERTIES at line \(start) has no ENDPROPERTIES", line: lastLine)
    }

    mutating func parseGlyph(name: String) throws {
        let start = index
        var encoding: Int?
        var advance = defaultAdvance
        var box: [Int]?
        while let words = next() {
            switch words[0] {
            case "ENCODING":
                encoding = try integers(words, count: 1, keyword: "ENCODING")[0]
            case "DWIDTH":
                advance = try integers(words, count: 2, keyword: "DWIDTH")[0]
            case "BBX":
                let v = try integers(words, count: 4, keyword: "BBX")
                guard (0...Self.maximumDimension).contains(v[0]), (0...Self.maximumDimension).contains(v[1]) else {
                    throw error("glyph \"\(name)\": BBX \(v[0])×\(v[1]) is outside 0…\(Self.maximumDimension)")
                }
                box = v
            case "SWIDTH", "SWIDTH1", "DWIDTH1", "VVECTOR":
                continue
            case "BITMAP":
                guard let encoding else { throw error("glyph \"\(name)\": BITMAP before ENCODING") }
                guard let box else { throw error("glyph \"\(name)\": BITMAP before BBX") }
                guard let advance else { throw error("glyph \"\(name)\": no DWIDTH for the glyph or the font") }
                let mask = try parseBitmap(name: name, width: box[0], height: box[1])
                let end = next()
                guard end?[0] == "ENDCHAR" else {
                    throw error("glyph \"\(name)\": expected ENDCHAR after \(box[1]) bitmap rows", line: end == nil ? lastLine : nil)
                }
                guard encoding >= 0 else { return }
                guard let scalar = Unicode.Scalar(UInt32(clamping: encoding)) else {
                    throw error("glyph \"\(name)\": ENCODING \(encoding) is not a Unicode scalar value", line: start)
                }
                result.glyphs[scalar.value] = Glyph(scalar: scalar, advance: advance, mask: mask, xOffset: box[2], yOffset: box[3])
                return
            case "ENDCHAR":
                throw error("glyph \"\(name)\" has no BITMAP")
            default:
                throw error("glyph \"\(name)\": unexpected \"\(words[0])\"")
            }
        }
        throw error("glyph \"\(name)\" starting at line \(start) is not finished", line: lastLine)
    }

    /// The rows of a glyph's BITMAP, each at least `(width + 7) / 8 * 2` hex digits (row by row
    /// into one array: a glyph's rows were about 28 000 instructions a glyph through `Bitmap`'s
    /// copy-on-write checks and an array per row).
    mutating func parseBitmap(name: String, width: Int, height: Int) throws -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: width * height)
        let digits = (width + 7) / 8 * 2
        for y in 0..<height {
            guard let row = nextFirstWord() else { throw error("glyph \"\(name)\": file ends inside BITMAP", line: lastLine) }
            guard row != "ENDCHAR" else { throw error("glyph \"\(name)\": BITMAP has \(y) rows, BBX says \(height)") }
            guard row.utf8.count >= digits, row.utf8.allSatisfy({ Self.isHexDigit($0) }) else {
                throw error("glyph \"\(name)\": bitmap row \"\(row)\" should be \(digits) hex digits")
            }
            var x = 0
            for byte in row.utf8 where x < width {
                let nibble = hexValue(byte)
                for bit in 0..<min(4, width - x) where nibble & (8 >> bit) != 0 {
                    pixels[y * width + x + bit] = 255
                }
                x += 4
            }
        }
        var mask = Bitmap(width: width, height: height)
        mask.pixels = pixels
        return mask
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: byte - UInt8(ascii: "A") + 10
        }
    }
}

