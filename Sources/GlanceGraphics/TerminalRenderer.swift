/// Draws a bitmap in a terminal with Unicode block or braille characters: by default each
/// character cell shows two panel rows with half blocks, the upper as the foreground of `▀`
/// and the lower as its background; `cells` picks quadrants (2×2 pixels a cell) or braille
/// (2×4) for terminals too small for that (`TerminalRenderer+Cells.swift`).
///
/// The result is a list of lines (one per row of cells) so a caller can redraw only the
/// lines that changed. The renderer writes nothing itself.
public struct TerminalRenderer: Sendable {
    /// How colors are written.
    public enum ColorMode: String, Sendable, CaseIterable {
        /// 24-bit ANSI colors in the panel look (most modern terminals).
        case trueColor
        /// No escape codes: `▀ ▄ █` and spaces at the threshold, for plain logs and dumb terminals.
        case none
    }

    /// Colors used for lit and dark pixels in `.trueColor` mode.
    public var look: PanelLook
    /// Escape-code style.
    public var colorMode: ColorMode
    /// Gray level at or above which a pixel counts as lit in `.none` mode (and, with
    /// quadrants or braille, in the cell's shape).
    public var threshold: UInt8
    /// How many pixels each character cell shows.
    public var cells: Cells

    /// Creates a renderer.
    public init(look: PanelLook = .white, colorMode: ColorMode = .trueColor, threshold: UInt8 = 128, cells: Cells = .halfBlocks) {
        self.look = look
        self.colorMode = colorMode
        self.threshold = threshold
        self.cells = cells
    }

    /// One string per row of cells (missing pixels past the bitmap's edge are dark), each
    /// ending with a color reset in `.trueColor` mode and without a newline.
    public func lines(_ bitmap: Bitmap) -> [String] {
        let step = cells.pixels.height
        return stride(from: 0, to: bitmap.height, by: step).map { top in
            cells == .halfBlocks ? line(bitmap, top: top) : cellLine(bitmap, top: top)
        }
    }

    /// The lines joined with newlines, ending with one.
    public func render(_ bitmap: Bitmap) -> String {
        lines(bitmap).map { $0 + "\n" }.joined()
    }

    /// The text of the character row that shows bitmap rows `top` and `top + 1`.
    public func line(_ bitmap: Bitmap, top: Int) -> String {
        var text = ""
        text.reserveCapacity(bitmap.width * (colorMode == .none ? 3 : 24))
        var lastUpper: RGB?, lastLower: RGB?
        for x in 0..<bitmap.width {
            let upper = bitmap[x, top]
            let lower = top + 1 < bitmap.height ? bitmap[x, top + 1] : 0
            switch colorMode {
            case .none:
                switch (upper >= threshold, lower >= threshold) {
                case (true, true): text += "█"
                case (true, false): text += "▀"
                case (false, true): text += "▄"
                case (false, false): text += " "
                }
            case .trueColor:
                // A colour screen's glass is shown in its own colours, a gray one's in the look.
                let fg = bitmap.colors?[top * bitmap.width + x] ?? look.color(upper, row: top)
                let bg = top + 1 < bitmap.height ? bitmap.colors?[(top + 1) * bitmap.width + x] ?? look.color(lower, row: top + 1) : look.dark
                // Only emit the codes that change, which keeps a 128-column line short.
                if fg != lastUpper { text += "\u{1B}[38;2;\(fg.red);\(fg.green);\(fg.blue)m"; lastUpper = fg }
                if bg != lastLower { text += "\u{1B}[48;2;\(bg.red);\(bg.green);\(bg.blue)m"; lastLower = bg }
                text += "▀"
            }
        }
        if colorMode == .trueColor { text += "\u{1B}[0m" }
        return text
    }
}
