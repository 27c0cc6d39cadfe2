import ArgumentParser
import Foundation
import GlanceCore
import GlanceGraphics
import GlanceLinux

/// `glance wiring`: the wires a board file asks for on a Raspberry Pi's header, drawn.
struct WiringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wiring",
        abstract: "Draw how a board's panel and buttons connect to a Raspberry Pi's 40-pin header.",
        discussion: """
            Works from the board file alone: the panel's power, ground and bus pins (I2C on \
            pins 3 and 5, SPI bus 0 or 1), its DC, reset and busy lines, and for each button \
            its GPIO pin and the nearest free ground pin, each wire in its own colour, with a \
            legend and what to enable. The file's extension chooses the format: .png (drawn \
            with Glance's fonts, --scale times larger) or .svg. Without --out, the wires are \
            listed as text. Docs/Wiring.md shows the presets' drawings.

            Examples:
              glance wiring --board ssd1306-128x64-i2c --out wiring.png --scale 2
              glance wiring --board Examples/two-buttons-board.yaml --out wiring.svg
              glance wiring --board waveshare-epaper-2.13in-v4
            """
    )

    @Option(name: .long, help: ArgumentHelp("A board name (see glance boards) or a board file.", valueName: "name|path"))
    var board: String

    @Option(name: .long, help: ArgumentHelp("Write the drawing here: a .png or .svg file.", valueName: "file"))
    var out: String?

    @Option(name: .long, help: "PNG only: output pixels per drawing pixel (1–16).")
    var scale = 1

    func validate() throws {
        try OutputFile.validate(scale: scale)
        if let out, !out.hasSuffix(".png"), !out.hasSuffix(".svg") {
            throw ValidationError("--out '\(out)' must end in .png or .svg, which chooses the format.")
        }
    }

    func run() throws {
        let board = try PanelCommand.catalogBoard(self.board)
        let plan: WiringPlan
        do {
            plan = try WiringPlan(board: board)
        } catch let nothing as WiringPlan.NothingToWire {
            throw CommandFailure(nothing.description)
        }
        guard let out else {
            print(Self.text(plan), terminator: "")
            return
        }
        let drawing = WiringDrawing(plan)
        if out.hasSuffix(".svg") {
            try OutputFile.write(Data(drawing.svg().utf8), to: out)
        } else {
            if let problem = OutputFile.problem(width: drawing.width, height: drawing.height, scale: scale) {
                throw CommandFailure("cannot write \(out): \(problem)")
            }
            do {
                try AtomicFile.writePNG(drawing.image(scale: scale), to: URL(fileURLWithPath: out))
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        print("Wrote the wiring of \(board.name) to \(out): \(counted(plan.wires.count, "wire")).")
    }

    /// The plan as lines of text: the title, one line per wire, the notes.
    static func text(_ plan: WiringPlan) -> String {
        var text = "\(plan.board): \(plan.panel)\n"
        for wire in plan.wires {
            text += "  \(wire.name.padding(toLength: 22, withPad: " ", startingAt: 0)) → pin \(wire.pin) (\(PiHeader.pins[wire.pin]?.label ?? ""))\n"
        }
        for note in plan.notes { text += "  \(note)\n" }
        return text
    }
}
