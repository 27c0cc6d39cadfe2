extension TerminalRenderer {
    /// How many panel pixels one character cell shows. Terminal cells are about twice as tall
    /// as wide, so each mapping keeps pixels roughly square.
    public enum Cells: String, Sendable, CaseIterable {
        /// `▀` with two colors: 1×2 pixels a cell, in any color.
        case halfBlocks = "half"
        /// Quadrant blocks (`▘ ▞ ▙ █` …): 2×2 pixels a cell, two colors a cell.
        case quadrants = "quadrant"
        /// Braille patterns (`⠿`): 2×4 pixels a cell, two colors a cell; the dots leave gaps.
        case braille

        /// Pixels across and down in one cell.
        public var pixels: (width: Int, height: Int) {
            switch self {
            case .halfBlocks: (1, 2)
            case .quadrants: (2, 2)
            case .braille: (2, 4)
            }
        }

        /// Columns and rows of cells a picture of `size` takes.
        public func cells(for size: Size) -> (columns: Int, rows: Int) {
            let cell = pixels
            return ((size.width + cell.width - 1) / cell.width, (size.height + cell.height - 1) / cell.height)
        }
    }

    /// The text of the row of quadrant or braille cells whose top pixel row is `top`. A cell
    /// has two colors: its lit pixels (at or above `threshold`) take the average of their
    /// colors, the others the average of theirs.
    func cellLine(_ bitmap: Bitmap, top: Int) -> String {
        let cell = cells.pixels
        var text = ""
        text.reserveCapacity(bitmap.width * (colorMode == .none ? 2 : 20))
        var lastForeground: RGB?, lastBackground: RGB?
        for left in stride(from: 0, to: bitmap.width, by: cell.width) {
            var bits = 0
            var lit = ColorSum(), dark = ColorSum()
            for dy in 0..<cell.height {
                for dx in 0..<cell.width {
                    let x = left + dx, y = top + dy
                    let inside = x < bitmap.width && y < bitmap.height
                    let value = inside ? bitmap[x, y] : 0
                    let color = inside ? bitmap.colors?[y * bitmap.width + x] ?? look.color(value, row: y) : look.dark
                    if value >= threshold {
                        bits |= Self.bit(cells, dx, dy)
                        lit.add(color)
                    } else {
                        dark.add(color)
                    }
                }
            }
            if colorMode == .trueColor {
                // A cell without lit (or dark) pixels keeps the color it does not show.
                let foreground = lit.average ?? lastForeground ?? look.dark, background = dark.average ?? lastBackground ?? look.dark
                if foreground != lastForeground {
                    text += "\u{1B}[38;2;\(foreground.red);\(foreground.green);\(foreground.blue)m"
                    lastForeground = foreground
                }
                if background != lastBackground {
                    text += "\u{1B}[48;2;\(background.red);\(background.green);\(background.blue)m"
                    lastBackground = background
                }
            }
            text.unicodeScalars.append(Self.character(cells, bits: bits))
        }
        if colorMode == .trueColor { text += "\u{1B}[0m" }
        return text
    }

    /// The bit of the pixel at `dx`, `dy` within a cell: braille's dot numbering (dots 1–3
    /// and 7 down the left column, 4–6 and 8 down the right), or quadrants' 1 2 / 4 8.
    private static func bit(_ cells: Cells, _ dx: Int, _ dy: Int) -> Int {
        switch cells {
        case .braille: dy == 3 ? (dx == 0 ? 0x40 : 0x80) : 1 << (dy + 3 * dx)
        case .quadrants, .halfBlocks: 1 << (dx + 2 * dy)
        }
    }

    /// The character for a cell's lit pixels; an empty cell is a space.
    private static func character(_ cells: Cells, bits: Int) -> Unicode.Scalar {
        guard bits != 0 else { return " " }
        switch cells {
        case .braille: return Unicode.Scalar(0x2800 + UInt32(bits))!
        case .quadrants, .halfBlocks: return quadrants[bits]
        }
    }

    /// Quadrant blocks by their bits (upper left 1, upper right 2, lower left 4, lower right 8).
    static let quadrants: [Unicode.Scalar] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
}

/// Adds up colors to average them.
private struct ColorSum {
    private var red = 0, green = 0, blue = 0, count = 0

    mutating func add(_ color: RGB) {
        red += Int(color.red)
        green += Int(color.green)
        blue += Int(color.blue)
        count += 1
    }

    var average: RGB? {
        guard count > 0 else { return nil }
        return RGB(red: UInt8(red / count), green: UInt8(green / count), blue: UInt8(blue / count))
    }
}
