import Testing
@testable import GlanceGraphics

/// The terminal renderer's smaller cells: quadrants (2×2 pixels a character) and braille (2×4).
@Suite struct TerminalCellsTests {
    /// .###.
    /// .###.
    /// #....   (the last pixel at 128, the threshold: lit)
    private func sample() -> Bitmap {
        var bitmap = Bitmap(width: 5, height: 3)
        bitmap.fill(Rect(x: 1, y: 0, width: 3, height: 2), value: 255)
        bitmap[0, 2] = 128
        return bitmap
    }

    @Test func quadrantsShowTwoByTwoPixels() {
        let plain = TerminalRenderer(colorMode: .none, cells: .quadrants)
        #expect(plain.render(sample()) == "▐█ \n▘  \n")
        // Two colors a cell: the lit pixels' and the dark ones'.
        let colored = TerminalRenderer(look: .white, cells: .quadrants).lines(sample())
        #expect(colored[0].hasPrefix("\u{1B}[38;2;242;246;255m\u{1B}[48;2;16;18;20m▐█"))
        #expect(colored[0].hasSuffix("\u{1B}[0m"))
    }

    @Test func brailleShowsTwoByFourPixels() {
        let plain = TerminalRenderer(colorMode: .none, cells: .braille)
        #expect(plain.lines(sample()) == ["⠜⠛ "])
        // Every dot of the pattern: dots 1–3 and 7 down the left column, 4–6 and 8 down the right.
        let full = Bitmap(width: 2, height: 4, value: 255)
        #expect(plain.lines(full) == ["⣿"])
        var bottomRight = Bitmap(width: 2, height: 4)
        bottomRight[1, 3] = 255
        #expect(plain.lines(bottomRight) == ["⢀"])
    }

    @Test func cellsCoverThePanelRoundedUp() {
        func extent(_ cells: TerminalRenderer.Cells, _ width: Int, _ height: Int) -> [Int] {
            let extent = cells.cells(for: Size(width: width, height: height))
            return [extent.columns, extent.rows]
        }
        #expect(extent(.halfBlocks, 128, 64) == [128, 32])
        #expect(extent(.quadrants, 128, 64) == [64, 32])
        #expect(extent(.braille, 128, 64) == [64, 16])
        #expect(extent(.braille, 250, 122) == [125, 31])
    }
}
