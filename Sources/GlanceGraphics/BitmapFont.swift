/// The stroke weight of a font face.
public enum FontWeight: String, CaseIterable, Sendable, Comparable {
    case regular
    case bold

    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs == .regular && rhs == .bold }
}

/// Horizontal and vertical extent of a run of text drawn in one font.
public struct TextMetrics: Hashable, Sendable {
    /// Sum of advances, in pixels.
    public var width: Int
    /// Pixels above the baseline the font reserves.
    public var ascent: Int
    /// Pixels below the baseline the font reserves.
    public var descent: Int
    /// `ascent + descent`: the distance between baselines of consecutive lines.
    public var lineHeight: Int { ascent + descent }

    /// Creates metrics.
    public init(width: Int, ascent: Int, descent: Int) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }
}

/// A bitmap font face ready to measure and draw text: one family, weight and pixel size.
///
/// A class, immutable: text layout passes faces around constantly, and a copy of a struct
/// with this many stored references cost six retains and releases (about 4 % of a render
/// of the reference face, callgrind).
public final class BitmapFont: Sendable {
    /// The family name, e.g. "Glance Sans".
    public let family: String
    /// Regular or bold.
    public let weight: FontWeight
    /// Nominal size in pixels: `ascent + descent`.
    public let pixelSize: Int
    /// Pixels from the top of a line to the baseline.
    public let ascent: Int
    /// Pixels from the baseline to the bottom of a line.
    public let descent: Int
    /// Height of capital letters above the baseline.
    public let capHeight: Int
    /// Height of lowercase letters such as x above the baseline.
    public let xHeight: Int
    private let glyphs: [UInt32: Glyph]
    /// Drawn for characters the font lacks: the font's DEFAULT_CHAR or a generated box.
    public let fallback: Glyph
    /// What `glyph(for:)` answers for each ASCII code point, and the advance text layout
    /// counts for it (0 for control characters, which take no room): looked up by index on
    /// every measurement instead of hashing into `glyphs`.
    private let asciiGlyphs: [Glyph]
    private let asciiAdvances: [Int]
    /// The widest digit's advance: every digit's cell when digits are monospaced.
    public let digitAdvance: Int

    /// Distance between baselines of consecutive lines.
    public var lineHeight: Int { ascent + descent }

    /// Creates a face from a parsed BDF file, reading metrics from its properties.
    /// - Throws: `BDFError` when FONT_ASCENT or FONT_DESCENT is missing.
    public init(_ file: BDFFile, fileName: String = "<memory>") throws {
        guard let ascent = file.integer("FONT_ASCENT"), let descent = file.integer("FONT_DESCENT") else {
            throw BDFError(file: fileName, line: 1, message: "FONT_ASCENT and FONT_DESCENT properties are required")
        }
        self.family = file.properties["FAMILY_NAME"] ?? file.name
        self.weight = file.properties["WEIGHT_NAME"]?.lowercased() == "bold" ? .bold : .regular
        self.ascent = ascent
        self.descent = descent
        self.pixelSize = file.integer("PIXEL_SIZE") ?? ascent + descent
        self.glyphs = file.glyphs
        self.capHeight = file.integer("CAP_HEIGHT") ?? file.glyphs[0x48].map { $0.mask.height + $0.yOffset } ?? ascent
        self.xHeight = file.integer("X_HEIGHT") ?? file.glyphs[0x78].map { $0.mask.height + $0.yOffset } ?? ascent / 2
        if let code = file.integer("DEFAULT_CHAR"), let glyph = file.glyphs[UInt32(clamping: code)] {
            fallback = glyph
        } else {
            fallback = BitmapFont.boxGlyph(capHeight: capHeight)
        }
        let fallback = self.fallback
        asciiGlyphs = (0..<128).map { file.glyphs[UInt32($0)] ?? fallback }
        asciiAdvances = asciiGlyphs.enumerated().map { code, glyph in code < 0x20 || code == 0x7F ? 0 : glyph.advance }
        digitAdvance = asciiAdvances[0x30...0x39].max() ?? 0
    }

    /// Parses BDF text and creates a face from it.
    public convenience init(bdf text: String, fileName: String = "<memory>") throws {
        try self.init(BDFFile(parsing: text, file: fileName), fileName: fileName)
    }

    /// True when the font has its own glyph for `scalar`.
    public func contains(_ scalar: Unicode.Scalar) -> Bool { glyphs[scalar.value] != nil }

    /// The glyph for `scalar`; a space for other spaces the font lacks (Foundation writes
    /// "11:17\u{202F}AM" with a narrow no-break space); else the fallback box.
    public func glyph(for scalar: Unicode.Scalar) -> Glyph {
        if scalar.value < 128 { return asciiGlyphs[Int(scalar.value)] }
        if let glyph = glyphs[scalar.value] { return glyph }
        if scalar.properties.generalCategory == .spaceSeparator, let space = glyphs[0x20] { return space }
        return fallback
    }

    /// Every code point the font covers, sorted.
    public var coverage: [Unicode.Scalar] { glyphs.keys.sorted().compactMap(Unicode.Scalar.init) }

    /// The room `scalar` takes on a line: its glyph's advance, 0 for the invisible ones.
    public func advance(of scalar: Unicode.Scalar) -> Int {
        if scalar.value < 128 { return asciiAdvances[Int(scalar.value)] }
        return BitmapFont.isInvisible(scalar) ? 0 : glyph(for: scalar).advance
    }

    /// The width of `text` drawn on one line (newlines are not interpreted).
    public func width(of text: some StringProtocol) -> Int {
        var width = 0
        for scalar in text.unicodeScalars { width += advance(of: scalar) }
        return width
    }

    /// Width, ascent and descent of `text` on one line.
    /// `text` broken at spaces into lines no wider than `width` pixels in this face; a word
    /// wider than `width` stands alone on its line.
    public func wrapped(_ text: String, width: Int) -> [String] {
        var lines = [String](), current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if self.width(of: candidate) > width, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    public func measure(_ text: some StringProtocol) -> TextMetrics {
        TextMetrics(width: width(of: text), ascent: ascent, descent: descent)
    }

    /// Combining marks and format characters take no room; they are skipped rather than boxed.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII's only invisible characters are its controls; the Unicode tables are slower.
        if scalar.value < 128 { return scalar.value < 0x20 || scalar.value == 0x7F }
        return switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: true
        default: false
        }
    }

    /// A hollow box the height of capitals, drawn for missing characters.
    static func boxGlyph(capHeight: Int) -> Glyph {
        let height = max(3, capHeight), width = max(3, height * 2 / 3)
        var mask = Bitmap(width: width, height: height)
        for x in 0..<width { mask[x, 0] = 255; mask[x, height - 1] = 255 }
        for y in 0..<height { mask[0, y] = 255; mask[width - 1, y] = 255 }
        return Glyph(scalar: "\u{FFFD}", advance: width + 1, mask: mask, xOffset: 0, yOffset: 0)
    }
}

extension Bitmap {
    /// Draws `text` on one line with its baseline starting at `origin` (drawing coordinates).
    /// - Parameters:
    ///   - text: The characters; missing ones draw the font's fallback box.
    ///   - font: The face.
    ///   - origin: The pen position: left edge at the baseline.
    ///   - value: Gray level of the ink (255 lit).
    ///   - opacity: Blend of the ink (255 opaque).
    /// - Returns: The pen position after the last character.
    @discardableResult
    public mutating func draw(_ text: some StringProtocol, font: BitmapFont, at origin: Point, value: UInt8 = 255, opacity: UInt8 = 255) -> Point {
        var pen = origin.x
        for scalar in text.unicodeScalars where !BitmapFont.isInvisible(scalar) {
            let glyph = font.glyph(for: scalar)
            let top = origin.y - glyph.yOffset - glyph.mask.height
            draw(mask: glyph.mask, at: Point(x: pen + glyph.xOffset, y: top), value: value, opacity: opacity)
            pen += glyph.advance
        }
        return Point(x: pen, y: origin.y)
    }
}
