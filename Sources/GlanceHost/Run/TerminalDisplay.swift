import GlanceGraphics

/// The simulator's screen: the panel's glass in the renderer's cells, a status line under
/// it, and a key help line. Only the lines that changed since the last draw are rewritten, so a
/// ticking clock costs a few dozen bytes, not a screenful.
///
/// It produces escape sequences as text and writes nothing itself; `begin()` switches to the
/// terminal's alternate screen and hides the cursor, `end()` undoes both.
struct TerminalDisplay {
    var renderer: TerminalRenderer
    private var shown: [String] = []

    init(renderer: TerminalRenderer) {
        self.renderer = renderer
    }

    /// Enter the alternate screen, hide the cursor, clear.
    func begin() -> String { "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J" }

    /// Show the cursor and leave the alternate screen (the shell's screen comes back).
    func end() -> String { "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l" }

    /// The bytes that bring the screen from what it shows to `glass` (none: the text alone)
    /// plus the text lines.
    mutating func draw(glass: Bitmap?, lines extra: [String]) -> String {
        let lines = (glass.map { renderer.lines($0) } ?? []) + extra.map { "\u{1B}[0m\u{1B}[2K" + $0 }
        var output = ""
        for (index, line) in lines.enumerated() where index >= shown.count || shown[index] != line {
            output += "\u{1B}[\(index + 1);1H" + line
        }
        if lines.count < shown.count {
            for index in lines.count..<shown.count { output += "\u{1B}[\(index + 1);1H\u{1B}[0m\u{1B}[2K" }
        }
        shown = lines
        return output
    }

    /// Forget what is on screen so the next draw repaints everything (after a resize).
    mutating func invalidate() {
        shown = []
    }
}
