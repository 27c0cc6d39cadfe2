import Foundation
import GlanceCore

/// A text style, as in SwiftUI: a semantic style (`.caption`, `.title`) or a system size,
/// with weight and design. Glance draws it with the nearest of its own bitmap faces.
///
/// Pixel sizes follow an Apple Watch at one pixel per point (Docs/Contract.md, "Families and sizes"):
/// caption2 10, caption 12, footnote and subheadline 13, body, callout and headline 15,
/// title3 20, title2 and title 22, largeTitle 34. Sizes above 22 use the Glance Numerals
/// faces for digits and punctuation and the 22 px text face for other characters.
/// `.system(size:weight:design:)` draws with the face nearest the size (the smaller on a tie).
/// Italic, small caps and designs other than the default are accepted and drawn upright
/// in the default design (the panel fonts have one design); the monospaced design and
/// `monospacedDigit()` draw digits in cells of equal width.
public struct Font: Hashable, Sendable {
    /// A semantic text style.
    public enum TextStyle: String, CaseIterable, Sendable, Hashable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        /// The style's size in pixels at one pixel per point.
        public var pixelSize: Int {
            switch self {
            case .caption2: 10
            case .caption: 12
            case .footnote, .subheadline: 13
            case .body, .callout, .headline: 15
            case .title3: 20
            case .title2, .title: 22
            case .largeTitle: 34
            }
        }
    }

    /// Stroke weight; weights from semibold up draw with the bold faces.
    public struct Weight: Hashable, Sendable, Comparable {
        let value: Int
        public static let ultraLight = Weight(value: 100)
        public static let thin = Weight(value: 200)
        public static let light = Weight(value: 300)
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
        public static let heavy = Weight(value: 800)
        public static let black = Weight(value: 900)

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.value < rhs.value }
    }

    /// Font design; all designs draw with the Glance faces.
    public enum Design: Sendable, Hashable {
        case `default`, serif, rounded, monospaced
    }

    enum Size: Hashable, Sendable {
        case style(TextStyle)
        case fixed(CGFloat)
    }

    var size: Size
    var weight: Weight?
    var design: Design = .default
    var isItalic = false
    var usesMonospacedDigits = false

    // MARK: - Styles

    public static let largeTitle = Font(size: .style(.largeTitle))
    public static let title = Font(size: .style(.title))
    public static let title2 = Font(size: .style(.title2))
    public static let title3 = Font(size: .style(.title3))
    public static let headline = Font(size: .style(.headline))
    public static let subheadline = Font(size: .style(.subheadline))
    public static let body = Font(size: .style(.body))
    public static let callout = Font(size: .style(.callout))
    public static let footnote = Font(size: .style(.footnote))
    public static let caption = Font(size: .style(.caption))
    public static let caption2 = Font(size: .style(.caption2))

    /// A font of `size` pixels.
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(size: .fixed(size), weight: weight, design: design ?? .default)
    }

    /// A semantic style with a design and weight.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(size: .style(style), weight: weight, design: design ?? .default)
    }

    /// A named custom font; Glance has no other fonts, so this is the system font at `size`.
    public static func custom(_ name: String, size: CGFloat) -> Font {
        .system(size: size)
    }

    /// A named custom font relative to a style; drawn as that style.
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font {
        .system(size: size)
    }

    // MARK: - Modifiers

    /// The bold version of this font.
    public func bold() -> Font { weight(.bold) }

    /// This font at `weight`.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    /// This font with every digit drawn in a cell as wide as the widest digit.
    public func monospacedDigit() -> Font {
        var font = self
        font.usesMonospacedDigits = true
        return font
    }

    /// Italic is accepted and drawn upright: the panel faces have no italics.
    public func italic() -> Font {
        var font = self
        font.isItalic = true
        return font
    }

    /// Monospaced design: drawn with the default faces, digits in cells of equal width.
    public func monospaced() -> Font { monospacedDigit() }
    /// Small caps, drawn as normal letters.
    public func smallCaps() -> Font { self }
    /// Line spacing style, accepted for compatibility.
    public func leading(_ leading: Leading) -> Font { self }

    /// Line spacing styles of `leading(_:)`.
    public enum Leading: Sendable, Hashable { case standard, tight, loose }

    // MARK: - Resolution

    /// The size in pixels this font asks for at `scale` panel pixels per point.
    func pixelSize(scale: CGFloat = 1) -> Int {
        switch size {
        case .style(let style): (CGFloat(style.pixelSize) * scale).pixels
        case .fixed(let points): Font.nearestFaceSize(to: (points * scale).pixels)
        }
    }

    /// The size of the drawn face nearest to `pixels` (the smaller one on a tie), so
    /// `.system(size: 19)` draws with the 20 px face rather than stepping down to 17 px.
    static func nearestFaceSize(to pixels: Int, catalog: FontCatalog = .standard) -> Int {
        let sizes = Set(catalog.sizes() + catalog.sizes(family: FontCatalog.numeralFamily))
        return sizes.min { (abs($0 - pixels), $0) < (abs($1 - pixels), $1) } ?? pixels
    }

    /// Regular or bold face for this font's weight (headline is semibold by default).
    var faceWeight: FontWeight {
        let weight = self.weight ?? (size == .style(.headline) ? .semibold : .regular)
        return weight >= .semibold ? .bold : .regular
    }
}

/// The faces that draw one `Font` at one size: a primary face and, for large sizes, the
/// text face used for characters the numeral face lacks. All share one baseline.
struct FontStack: Sendable {
    let faces: [BitmapFont]

    /// The primary face.
    var primary: BitmapFont { faces[0] }
    /// Pixels above the baseline (the tallest face's).
    let ascent: Int
    /// Pixels below the baseline (the deepest face's).
    let descent: Int
    /// Distance between baselines.
    var lineHeight: Int { ascent + descent }
    /// The size the stack was made for, used to step down under `minimumScaleFactor`.
    let pixelSize: Int

    /// The faces for `font` at `scale`, or the smallest text face when the catalog is empty
    /// of a better match. Returns nil only when no font is embedded at all.
    init?(_ font: Font, scale: CGFloat = 1, catalog: FontCatalog = .standard) {
        self.init(pixelSize: font.pixelSize(scale: scale), weight: font.faceWeight, catalog: catalog)
    }

    /// The faces for a pixel size and weight (cached for the standard catalog: text layout
    /// asks for the same few stacks over and over).
    init?(pixelSize: Int, weight: FontWeight, catalog: FontCatalog = .standard) {
        let key = pixelSize * 2 + (weight == .bold ? 1 : 0)
        if catalog === FontCatalog.standard, let cached = FontStack.cache.withLock({ $0[key] }) {
            self = cached
            return
        }
        guard let stack = FontStack(resolving: pixelSize, weight: weight, catalog: catalog) else { return nil }
        if catalog === FontCatalog.standard { FontStack.cache.withLock { $0[key] = stack } }
        self = stack
    }

    private static let cache = Locked([Int: FontStack]())

    private init?(resolving pixelSize: Int, weight: FontWeight, catalog: FontCatalog) {
        var faces = [BitmapFont]()
        let textSizes = catalog.sizes()
        if let largestText = textSizes.last, pixelSize > largestText,
           let numerals = catalog.font(size: pixelSize, weight: weight, family: FontCatalog.numeralFamily),
           numerals.pixelSize > largestText {
            faces.append(numerals)
        }
        if let text = catalog.font(size: pixelSize, weight: weight) { faces.append(text) }
        guard !faces.isEmpty else { return nil }
        self.faces = faces
        self.pixelSize = pixelSize
        ascent = faces.map(\.ascent).max()!
        descent = faces.map(\.descent).max()!
    }

    /// The face that has `scalar` (the primary face's fallback box when none has it).
    func face(for scalar: Unicode.Scalar) -> BitmapFont {
        guard faces.count > 1 else { return primary }
        return faces.first { $0.contains(scalar) } ?? primary
    }

    /// True for the digits that take the widest digit's cell when digits are monospaced.
    private static func isDecimalDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 128 { return (0x30...0x39).contains(scalar.value) }
        return scalar.properties.numericType == .decimal
    }

    /// The width of `text` on one line, with digits in equal cells when `monospacedDigits`.
    func width(of text: some StringProtocol, monospacedDigits: Bool) -> Int {
        guard monospacedDigits else { return width(of: text) }
        var width = 0
        for scalar in text.unicodeScalars {
            let face = face(for: scalar)
            width += Self.isDecimalDigit(scalar) && face.contains(scalar) ? face.digitAdvance : face.advance(of: scalar)
        }
        return width
    }

    /// Draws one scalar with its baseline at `origin`, a digit centred in the widest digit's
    /// cell when `monospacedDigits`; returns the pen position after it.
    @discardableResult
    func draw(_ scalar: Unicode.Scalar, into bitmap: inout Bitmap, at origin: Point, tone: Tone, monospacedDigits: Bool) -> Point {
        let face = face(for: scalar)
        return bitmap.painting(tone.rgb) { bitmap in
            guard monospacedDigits, Self.isDecimalDigit(scalar), face.contains(scalar) else {
                return bitmap.draw(String(scalar), font: face, at: origin, value: tone.level, opacity: tone.opacity)
            }
            let cell = face.digitAdvance
            let inset = (cell - face.glyph(for: scalar).advance) / 2
            bitmap.draw(String(scalar), font: face, at: Point(x: origin.x + inset, y: origin.y), value: tone.level, opacity: tone.opacity)
            return Point(x: origin.x + cell, y: origin.y)
        }
    }

    /// The width of `text` on one line.
    ///
    /// The loop is here, where it is specialised for the caller's string type, rather than in
    /// `BitmapFont.width(of:)`: called across the module boundary that one is generic code
    /// stepping through `unicodeScalars` by protocol witnesses, about 275 instructions a
    /// character (15 % of a render of the reference face). One face, the usual case, skips
    /// `face(for:)` per character: going through it cost 5 % more a render.
    func width(of text: some StringProtocol) -> Int {
        var width = 0
        if faces.count == 1 {
            for scalar in text.unicodeScalars { width += primary.advance(of: scalar) }
        } else {
            for scalar in text.unicodeScalars { width += face(for: scalar).advance(of: scalar) }
        }
        return width
    }

    /// Draws `text` with its baseline at `origin`; returns the pen position after it.
    @discardableResult
    func draw(_ text: some StringProtocol, into bitmap: inout Bitmap, at origin: Point, tone: Tone) -> Point {
        bitmap.painting(tone.rgb) { bitmap in
            guard faces.count > 1 else { return bitmap.draw(text, font: primary, at: origin, value: tone.level, opacity: tone.opacity) }
            var pen = origin
            for scalar in text.unicodeScalars {
                pen = bitmap.draw(String(scalar), font: face(for: scalar), at: pen, value: tone.level, opacity: tone.opacity)
            }
            return pen
        }
    }
}
