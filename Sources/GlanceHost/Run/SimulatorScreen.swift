import Dispatch
import Foundation
import GlanceGraphics
import GlanceLinux

/// The simulator's terminal: the glass in the largest cells the terminal has room for
/// (`TerminalFit`), a status line, the last log line and the keys. A resize (SIGWINCH)
/// measures the terminal again and repaints all of it. Writes go straight to standard output.
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
    /// The cells asked for with `--scale`; nil chooses by the terminal's size.
    private let scale: TerminalRenderer.Cells?
    /// The terminal's size in cells, read at `begin()` and at each resize.
    private let measure: @Sendable () -> (columns: Int, rows: Int)?
    private var terminal: (columns: Int, rows: Int)?
    /// The browser simulator's address, shown on a line of its own.
    private var webAddress: String?
    /// True between `begin()` and `end()`; log lines outside go to standard error.
    private var active = false
    private var resizes: DispatchSourceSignal?
    /// The fit of the last draw: another one (a resize, a line more) repaints the whole screen.
    private var fit: TerminalFit?

    init(look: PanelLook, board: BoardConfiguration, colors: TerminalRenderer.ColorMode, scale: TerminalRenderer.Cells? = nil,
         measure: @escaping @Sendable () -> (columns: Int, rows: Int)? = { Terminal.size() }) {
        display = TerminalDisplay(renderer: TerminalRenderer(look: look, colorMode: colors))
        // A key named as its button is said once ("up", not "up up"): the line fits 80 columns.
        let keys = board.buttons.list.compactMap { button in button.key.map { $0 == button.name ? $0 : "\($0) \(button.name)" } }
        help = "keys: " + (keys + ["q quit"]).joined(separator: " · ")
        self.scale = scale
        self.measure = measure
    }

    func begin() {
        active = true
        terminal = measure()
        write(display.begin())
        // The default action of SIGWINCH is to ignore it; a serial queue of its own, as
        // SignalSource does, keeps libdispatch's worker pool unstarted.
        let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: DispatchQueue(label: "glance.resize"))
        source.setEventHandler { [weak self] in Task { await self?.resized() } }
        source.resume()
        resizes = source
    }

    func end() {
        resizes?.cancel()
        resizes = nil
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

    /// The terminal changed size: measure it, clear it, draw everything again.
    func resized() {
        guard active else { return }
        terminal = measure()
        fit = nil
        redraw()
    }

    private func redraw() {
        guard active, let glass else { return }
        let lines = [status, lastLog, help] + (webAddress.map { ["browser: \($0)"] } ?? [])
        let fit = TerminalFit.choose(panel: glass.size, terminal: terminal, textLines: lines.count, scale: scale)
        if fit != self.fit {
            // Nothing of the old picture may stay: lines of another length, rows no longer drawn.
            display.invalidate()
            write("\u{1B}[0m\u{1B}[2J")
            self.fit = fit
        }
        switch fit {
        case .picture(let cells):
            display.renderer.cells = cells
            // Text never runs past the terminal's edge, where it would wrap onto the next line.
            let width = terminal?.columns ?? max(40, cells.cells(for: glass.size).columns)
            write(display.draw(glass: glass, lines: lines.map { Self.clip($0, width: width) }))
        case .tooSmall(let forms):
            write(display.draw(glass: nil, lines: [TerminalFit.line(forms, width: terminal?.columns ?? Int.max)]))
        }
    }

    /// `text` cut to `width` characters, the last one an ellipsis when it was cut.
    static func clip(_ text: String, width: Int) -> String {
        guard text.count > width else { return text }
        return width < 1 ? "" : String(text.prefix(width - 1)) + "…"
    }

    private func write(_ text: String) {
        StandardStream.output.write(text)
    }
}
