import GlanceGraphics

/// How the simulator's picture fits the terminal it is drawn in: the largest cells that show
/// the whole panel with the text lines under it, or why none do.
enum TerminalFit: Equatable {
    /// The picture in these cells, `columns` wide.
    case picture(TerminalRenderer.Cells)
    /// Nothing fits: one line saying what the terminal has and what is needed, in forms from
    /// the whole sentence to the bare size, for the widest that the terminal can show.
    case tooSmall([String])

    /// The mappings tried without `--scale`, largest picture first.
    static let preference: [TerminalRenderer.Cells] = [.halfBlocks, .quadrants, .braille]

    /// Chooses the cells for a `panel` picture and `textLines` lines of text under it in a
    /// terminal of `terminal` columns and rows: `scale` when given and it fits, else the
    /// first of `preference` that fits. An unknown terminal size takes `scale` or half blocks.
    static func choose(panel: Size, terminal: (columns: Int, rows: Int)?, textLines: Int,
                       scale: TerminalRenderer.Cells?) -> TerminalFit {
        guard let terminal else { return .picture(scale ?? .halfBlocks) }
        let candidates = scale.map { [$0] } ?? preference
        func needs(_ cells: TerminalRenderer.Cells) -> (columns: Int, rows: Int) {
            let picture = cells.cells(for: panel)
            return (picture.columns, picture.rows + textLines)
        }
        if let fitting = candidates.first(where: { needs($0).columns <= terminal.columns && needs($0).rows <= terminal.rows }) {
            return .picture(fitting)
        }
        // The smallest picture tried is the least the terminal must have.
        let least = candidates.last!, need = needs(least)
        let has = "\(terminal.columns)x\(terminal.rows)", needs = "\(need.columns)x\(need.rows)"
        return .tooSmall([
            "terminal too small: \(has), needs \(needs) (the \(panel.width)x\(panel.height) panel in \(least.rawValue) cells); enlarge it or use --web",
            "terminal too small: \(has), needs \(needs)",
            "too small: \(has), need \(needs)",
            "need \(needs)",
        ])
    }

    /// The widest of `forms` that fits `width` columns; the shortest, cut, when none does.
    static func line(_ forms: [String], width: Int) -> String {
        forms.first { $0.count <= width } ?? SimulatorScreen.clip(forms.last ?? "", width: width)
    }
}
