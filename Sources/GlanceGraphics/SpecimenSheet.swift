/// Lays out the specimen sheet: every face of the font catalog with its full character set,
/// then every symbol of the symbol catalog at 12, 16 and 24 px with its name.
///
/// The sheet is the reference for eyes (`glance specimen`) and for the golden test, so its
/// layout depends only on the catalogs and the width.
public struct SpecimenSheet {
    /// The fonts to show.
    public var fonts: FontCatalog
    /// Sheet width in pixels; text wraps to it.
    public var width: Int
    /// Gap between sections, in pixels.
    private let gap = 6

    /// Creates a sheet of `width` pixels for `fonts`.
    public init(fonts: FontCatalog = .standard, width: Int = 512) {
        self.fonts = fonts
        self.width = max(64, width)
    }

    /// Sample strings drawn under each face's label before its full character set.
    public static let samples = ["12:45 Tue 21 Nov · 72°F Partly cloudy", "Tasks • 3 left… ← ↑ → ↓ – done"]

    /// The rendered sheet in 8-bit gray (crisp, 0/255 only).
    public func render() -> Bitmap {
        var blocks = [Bitmap]()
        let label = fonts.font(size: 10) ?? fonts.faces.first
        for face in fonts.faces {
            blocks.append(faceBlock(face, label: label))
        }
        let height = blocks.reduce(0) { $0 + $1.height + gap } + gap
        var sheet = Bitmap(width: width, height: height)
        var y = gap
        for block in blocks {
            sheet.draw(block, at: Point(x: 0, y: y))
            y += block.height + gap
        }
        return sheet
    }

    /// One face: a label line naming it, the sample strings, then every glyph it covers.
    private func faceBlock(_ face: BitmapFont, label: BitmapFont?) -> Bitmap {
        var lines = [(font: BitmapFont, text: String)]()
        if let label {
            let name = "\(face.family) \(face.pixelSize) px \(face.weight.rawValue) — ascent \(face.ascent), descent \(face.descent), cap \(face.capHeight), x \(face.xHeight)"
            lines.append((label, name))
        }
        let characters = face.coverage.filter { $0.value > 0x20 && $0 != "\u{A0}" && $0.value != 0xAD }
        if characters.count > 40 {
            for sample in SpecimenSheet.samples { lines += wrap(sample, font: face).map { (face, $0) } }
        }
        lines += wrap(characters.map { String($0) }.joined(separator: " "), font: face).map { (face, $0) }
        let height = lines.reduce(0) { $0 + $1.font.lineHeight + 1 }
        var block = Bitmap(width: width, height: height)
        var top = 0
        for (font, text) in lines {
            block.draw(text, font: font, at: Point(x: 4, y: top + font.ascent))
            top += font.lineHeight + 1
        }
        return block
    }

    /// Splits `text` at spaces into lines no wider than the sheet's margins allow.
    private func wrap(_ text: String, font: BitmapFont) -> [String] {
        var lines = [String](), current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if font.width(of: candidate) > width - 8, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
