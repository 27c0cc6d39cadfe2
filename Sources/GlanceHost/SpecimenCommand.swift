#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import ArgumentParser
import Foundation
import GlanceGraphics
import GlanceLinux
import GlanceReferenceViews

/// `glance specimen`: every font size, weight and symbol, for eyes and golden tests.
struct SpecimenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specimen",
        abstract: "Show every font size, weight and symbol, or the reference views.",
        discussion: """
            Without --out the sheet is drawn in the terminal with Unicode half blocks, laid out \
            to the terminal's width. With --out it is written as a PNG, 512 pixels wide before \
            scaling.

            Examples:
              glance specimen
              glance specimen --out specimen.png --scale 4
              glance specimen --out specimen.png --scale 3 --look blue
              glance specimen --views --out views.png --scale 4 --date 2026-11-21T10:42:00Z
              glance specimen --symbols-only --symbols Fonts/Symbols/catalog.symbols --out s.png --scale 3
            """
    )

    @Flag(name: .long, help: "Show the reference views in every accessory family instead of the fonts and symbols.")
    var views = false

    @Option(name: .long, help: ArgumentHelp("With --views, the moment drawn (ISO 8601, default now).", valueName: "date"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("Write the sheet to this PNG file instead of the terminal.", valueName: "file.png"))
    var out: String?

    @Option(name: .long, help: "Pixels per panel pixel in the PNG (1–16).")
    var scale: Int = 1

    @Option(name: .long, help: ArgumentHelp("How lit pixels look: \(PanelLook.names.joined(separator: ", ")).", valueName: "look"))
    var look: String?

    @Option(name: .long, help: "Sheet width in pixels (default: 512 for PNG, the terminal's width otherwise).")
    var width: Int?

    @Option(name: .long, help: ArgumentHelp("Draw the symbols of this .symbols file instead of the embedded catalog (no rebuild needed while drawing).", valueName: "file.symbols"))
    var symbols: String?

    @Flag(name: .long, help: "Show only the symbols, not the font faces.")
    var symbolsOnly = false

    func validate() throws {
        try OutputFile.validate(scale: scale)
        if let look, PanelLook.named(look) == nil {
            throw ValidationError("unknown --look '\(look)'; choose one of \(PanelLook.names.joined(separator: ", ")).")
        }
        if let width, !(64...4096).contains(width) { throw ValidationError("--width must be between 64 and 4096, got \(width).") }
        if let date, ISO8601DateFormatter().date(from: date) == nil {
            throw ValidationError("--date '\(date)' is not an ISO 8601 date such as 2026-11-21T10:42:00Z.")
        }
        if date != nil, !views { throw ValidationError("--date only applies with --views.") }
        if views, symbols != nil || symbolsOnly { throw ValidationError("--symbols and --symbols-only do not apply with --views.") }
    }

    /// The symbol catalog to show: the embedded one, or the file given with --symbols.
    private func symbolCatalog() throws -> SymbolCatalog {
        guard let symbols else { return .standard }
        // Only a regular file of a bounded size (the embedded catalog is under 100 KB): a FIFO
        // would hang the command, a device such as /dev/zero fill the memory.
        let read: Data?
        do {
            read = try AtomicFile.readRegular(URL(fileURLWithPath: symbols), limit: 16 << 20)
        } catch let error as AtomicFileError {
            throw CommandFailure("cannot read \(symbols): \(error.reason)")
        }
        guard let data = read, let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("cannot read \(symbols): \(read == nil ? "there is no such file" : "it is not UTF-8 text")")
        }
        do {
            return try SymbolCatalog(parsing: text, source: symbols)
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// The sheet to show: the reference views, or every face and symbol.
    private func sheet(width: Int) throws -> Bitmap {
        if views {
            let moment = date.flatMap { ISO8601DateFormatter().date(from: $0) } ?? SystemClock().now
            return ReferenceGallery.contactSheet(at: moment)
        }
        return SpecimenSheet(fonts: FontCatalog.standard, symbols: try symbolCatalog(), width: width,
                             showsFonts: !symbolsOnly).render()
    }

    func run() throws {
        let fonts = FontCatalog.standard
        for problem in fonts.problems { StandardStream.error.write("glance: warning: \(problem)\n") }
        if let out {
            let sheet = try sheet(width: width ?? 512)
            try OutputFile.writePNG(sheet, scale: scale, look: look.flatMap(PanelLook.named) ?? .plain, to: out)
            print("Wrote \(out) (\(sheet.width * scale)×\(sheet.height * scale) pixels).")
        } else {
            let columns = Terminal.size()?.columns ?? 160
            let sheet = try sheet(width: width ?? min(columns, 512))
            let colors: TerminalRenderer.ColorMode = Terminal.isInteractive ? .trueColor : .none
            print(TerminalRenderer(look: look.flatMap(PanelLook.named) ?? .white, colorMode: colors).render(sheet), terminator: "")
        }
    }
}
#endif
