/// Lays out the specimen sheet: every face of the font catalog with its full character set,
/// then every symbol of the symbol catalog at 12, 16 and 24 px with its name.
///
/// The sheet is the reference for eyes (`glance specimen`) and for the golden test, so its
/// layout depends only on the catalogs and the width.
public struct SpecimenSheet {
    /// The fonts to show.
    public var fonts: FontCatalog
    /// The symbols to show.
    public var symbols: SymbolCatalog
    /// Sheet width in pixels; text wraps to it.
    public var width: Int
    /// Whether the font faces are shown before the symbols (false for a symbols-only sheet).
    public var showsFonts: Bool
    /// Gap between sections, in pixels.
    private let gap = 6

    /// Creates a sheet of `width` pixels for `fonts` and `symbols`; `showsFonts: false` leaves the faces out.
    public init(fonts: FontCatalog = .standard, symbols: SymbolCatalog = .standard, width: Int = 512,
                showsFonts: Bool = true) {
        self.fonts = fonts
        self.symbols = symbols
        self.width = max(64, width)
        self.showsFonts = showsFonts
    }

    /// Sample strings drawn under each face's label before its full character set.
    public static let samples = ["12:45 Tue 21 Nov · 72°F Partly cloudy", "Tasks • 3 left… ← ↑ → ↓ – done"]

    /// The rendered sheet in 8-bit gray (crisp, 0/255 only).
    public func render() -> Bitmap {
        var blocks = [Bitmap]()
        let label = fonts.font(size: 10) ?? fonts.faces.first
        // Text faces first, then the numeral faces.
        let faces = fonts.faces.filter { $0.family == FontCatalog.textFamily } + fonts.faces.filter { $0.family != FontCatalog.textFamily }
        for face in faces where showsFonts {
            blocks.append(faceBlock(face, label: label))
        }
        if let label, !symbols.names.isEmpty {
            blocks.append(symbolBlock(label: label))
        }
        return Bitmap(column: blocks, width: width, gap: gap)
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

    /// Sizes every symbol is shown at.
    public static let symbolSizes = [12, 16, 24]

    /// Every drawn symbol at each size (1-bit), with its name, in a grid of cells grouped by
    /// category (uncategorised names last); aliases are named in the heading count only.
    private func symbolBlock(label: BitmapFont) -> Bitmap {
        let cellWidth = 168, cellHeight = 28 + label.lineHeight
        let columns = max(1, (width - 8) / cellWidth)
        var groups = [(title: String, names: [String])]()
        for category in Set(symbols.categories.values).sorted() {
            groups.append((category, symbols.names(inCategory: category)))
        }
        let rest = symbols.drawnNames.filter { symbols.categories[$0] == nil }
        if !rest.isEmpty { groups.append((groups.isEmpty ? "" : "other", rest)) }
        let headed = groups.filter { !$0.title.isEmpty }.count
        let rows = groups.reduce(0) { $0 + ($1.names.count + columns - 1) / columns }
        var block = Bitmap(width: width, height: label.lineHeight + 4 + headed * (label.lineHeight + 2) + rows * cellHeight)
        block.draw("Symbols (\(symbols.drawnNames.count) drawn, \(symbols.aliases.count) aliases) at \(SpecimenSheet.symbolSizes.map { "\($0)" }.joined(separator: ", ")) px",
                   font: label, at: Point(x: 4, y: label.ascent))
        var top = label.lineHeight + 4
        for group in groups {
            if !group.title.isEmpty {
                block.draw("\(group.title) (\(group.names.count))", font: label, at: Point(x: 4, y: top + label.ascent))
                block.fill(Rect(x: 4, y: top + label.lineHeight, width: width - 8, height: 1), value: 255)
                top += label.lineHeight + 2
            }
            for (index, name) in group.names.enumerated() {
                let x = 4 + (index % columns) * cellWidth, y = top + (index / columns) * cellHeight
                var pen = x
                for size in SpecimenSheet.symbolSizes {
                    guard let mask = symbols.symbol(named: name)?.mask(pixelSize: size) else { continue }
                    block.draw(mask: mask, at: Point(x: pen, y: y + 24 - mask.height), value: 255)
                    pen += mask.width + 4
                }
                block.draw(name, font: label, at: Point(x: x, y: y + 26 + label.ascent))
            }
            top += (group.names.count + columns - 1) / columns * cellHeight
        }
        return block
    }

    /// Splits `text` at spaces into lines no wider than the sheet's margins allow.
    private func wrap(_ text: String, font: BitmapFont) -> [String] {
        font.wrapped(text, width: width - 8)
    }
}
