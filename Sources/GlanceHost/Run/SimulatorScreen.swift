import Foundation
import GlanceGraphics
import GlanceLinux

/// The simulator's terminal: the glass in half blocks, a status line, the last log line and
/// the keys. Writes go straight to standard output.
actor SimulatorScreen {
    /// The color mode for this terminal: 24-bit color when it says it has it (`COLORTERM`
    /// is `truecolor` or `24bit`), plain half blocks otherwise.
    static func colors(_ choice: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalRenderer.ColorMode {
        switch choice {
        case "truecolor": return .trueColor
        case "none": return .none
        default:
            let colorterm = environment["COLORTERM"]?.lowercased() ?? ""
            return colorterm == "truecolor" || colorterm == "24bit" ? .trueColor : .none
        }
    }

    private var display: TerminalDisplay
    private var glass: Bitmap?
    private var status = ""
    private var lastLog = ""
    private let help: String
    /// The browser simulator's address, shown on a line of its own.
    private var webAddress: String?
    /// True between `begin()` and `end()`; log lines outside go to standard error.
    private var active = false

    init(look: PanelLook, board: BoardConfiguration, colors: TerminalRenderer.ColorMode) {
        display = TerminalDisplay(renderer: TerminalRenderer(look: look, colorMode: colors))
        let keys = board.buttons.list.compactMap { button in button.key.map { "\($0) \(button.name)" } }
        help = "keys: " + (keys + ["q quit"]).joined(separator: " · ")
    }

    func begin() {
        active = true
        write(display.begin())
    }

    func end() {
        guard active else { return }
        active = false
        write(display.end())
    }

    /// Redraws with a new glass and status.
    func draw(glass: Bitmap, status: String) {
        self.glass = glass
        self.status = status
        redraw()
    }

    /// Shows the browser simulator's address under the key help, where it stays in sight.
    func showWebAddress(_ url: String) {
        webAddress = url
        redraw()
    }

    /// Shows `line` as the latest log message.
    func log(_ line: String) {
        guard active else {
            StandardStream.error.write("glance: \(line)\n")
            return
        }
        lastLog = line
        redraw()
    }

    private func redraw() {
        guard active, let glass else { return }
        let width = max(40, glass.width)
        func fit(_ text: String) -> String { text.count > width ? String(text.prefix(width - 1)) + "…" : text }
        write(display.draw(glass: glass, lines: [fit(status), fit(lastLog), fit(help)] + (webAddress.map { ["browser: \($0)"] } ?? [])))
    }

    private func write(_ text: String) {
        StandardStream.output.write(text)
    }
}
