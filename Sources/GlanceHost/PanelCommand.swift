import ArgumentParser
import Foundation
import GlanceFace
import GlanceGraphics
import GlanceLinux
import GlancePanels

/// `glance panel test`: checks the wiring by drawing a test pattern on the board's panel;
/// `glance panel replay`: shows what a recorded capture put on the glass.
struct PanelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "panel",
        abstract: "Check a panel's wiring.",
        subcommands: [Test.self, Replay.self]
    )

    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Draw a test pattern on the board's panel: a frame, corner marks, the board's name and a gray ramp.",
            discussion: """
                On hardware the pattern stays on the glass when the command ends. On a simulator \
                board the glass (what the emulated controller shows) is drawn in the terminal, or \
                written with --out. With --capture every bus transfer is recorded in the capture \
                format.

                Examples:
                  glance panel test --board adafruit-oled-bonnet
                  glance panel test --board simulator-ssd1327 --out glass.png --scale 4
                """
        )

        @Option(name: .long, help: ArgumentHelp("A board name (see glance boards) or a board file.", valueName: "name|path"))
        var board = "simulator"

        @Option(name: .long, help: ArgumentHelp("Record every bus transfer to this file.", valueName: "file"))
        var capture: String?

        @Option(name: .long, help: ArgumentHelp("For simulator boards: write the glass to this PNG.", valueName: "file.png"))
        var out: String?

        @Option(name: .long, help: "Pixels per panel pixel in the PNG (1–16).")
        var scale = 4

        func validate() throws {
            try OutputFile.validate(scale: scale)
        }

        func run() async throws {
            try await run(clock: SystemClock())
        }

        /// Draws the pattern with the panel's time on `clock` (tests pick the moment).
        func run(clock: any HostClock) async throws {
            let board = try PanelCommand.catalogBoard(self.board)
            let log = capture.map { _ in CaptureLog() }
            let assembly: PanelAssembly
            do {
                // The pattern lands where it was drawn (no burn-in shift), so a capture of it replays to the same glass.
                assembly = try PanelAssembly.open(board: board, clock: clock, capture: log,
                                                  stateDirectory: AppGroup.defaultRoot(), shiftsAgainstBurnIn: false)
            } catch {
                StandardStream.error.write("glance: \(error)\n")
                throw ExitCode(2)
            }
            let picture = Test.pattern(size: assembly.pictureSize, title: board.name)
            switch await assembly.display.show(picture, state: .active) {
            case .failed(let error):
                StandardStream.error.write("glance: the panel did not take the frame: \(error)\n")
                throw ExitCode(1)
            default:
                break
            }
            if let capture, let log {
                try OutputFile.write(Data(await log.text.utf8), to: capture)
            }
            guard let glass = assembly.glass else {
                print("Test pattern sent to \(board.name). Check the glass: a frame on the edge pixels, marks in the corners, the name in the middle.")
                return
            }
            let shown = await glass()
            if let out {
                try OutputFile.writePNG(shown, scale: scale, look: PanelLook.named(board.panel.look) ?? .plain, to: out)
                print("Wrote the glass of \(board.name) to \(out).")
            } else {
                let colors: TerminalRenderer.ColorMode = Terminal.isInteractive ? .trueColor : .none
                print(TerminalRenderer(look: PanelLook.named(board.panel.look) ?? .white, colorMode: colors).render(shown), terminator: "")
            }
        }

        /// A frame on the outermost pixels, L-shaped marks in each corner (so a wrong rotation
        /// or column offset shows), the title centred, and a gray ramp along the bottom.
        static func pattern(size: Size, title: String) -> Bitmap {
            var bitmap = Bitmap(size: size)
            bitmap.strokeRect(Rect(origin: .zero, size: size), value: 255)
            let mark = max(3, min(size.width, size.height) / 8)
            bitmap.fill(Rect(x: 2, y: 2, width: mark, height: 2), value: 255)
            bitmap.fill(Rect(x: 2, y: 2, width: 2, height: mark), value: 255)
            bitmap.fill(Rect(x: size.width - 2 - mark, y: size.height - 4, width: mark, height: 2), value: 255)
            bitmap.fill(Rect(x: size.width - 4, y: size.height - 2 - mark, width: 2, height: mark), value: 255)
            if let font = FontCatalog.standard.font(size: size.height >= 64 ? 12 : 8) {
                let width = font.width(of: title)
                bitmap.draw(title, font: font, at: Point(x: (size.width - width) / 2, y: size.height / 2 + font.capHeight / 2))
            }
            let ramp = Rect(x: mark + 4, y: size.height - 7, width: size.width - 2 * mark - 8, height: 3)
            for x in ramp.minX..<ramp.maxX {
                bitmap.fill(Rect(x: x, y: ramp.minY, width: 1, height: ramp.height), value: UInt8(255 * (x - ramp.minX) / max(1, ramp.width - 1)))
            }
            return bitmap
        }
    }

    struct Replay: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Replay a capture into the board's controller emulator and write the glass it ends with.",
            discussion: """
                The capture (from glance run or glance panel test with --capture, on hardware or \
                in the simulator) is decoded byte by byte by the emulator of the board's \
                controller, and the glass is written as the simulator would show it, so a run on \
                hardware can be compared with the simulator. I2C OLED controllers only.

                Examples:
                  glance panel test --board adafruit-oled-bonnet --capture bus.txt
                  glance panel replay --board adafruit-oled-bonnet --capture bus.txt --out glass.png
                """
        )

        @Option(name: .long, help: ArgumentHelp("The board the capture was recorded on (a name or a board file).", valueName: "name|path"))
        var board = "simulator"

        @Option(name: .long, help: ArgumentHelp("The capture file.", valueName: "file"))
        var capture: String

        @Option(name: .long, help: ArgumentHelp("Write the glass to this PNG (default: draw it in the terminal).", valueName: "file.png"))
        var out: String?

        @Option(name: .long, help: "Pixels per panel pixel in the PNG (1–16).")
        var scale = 4

        /// The largest capture read: 256 MB, hours of transfers of the largest panels.
        static let captureLimit = 256 << 20

        @Option(name: .long, help: ArgumentHelp("The PNG's look: the board's (default), or plain for gray pixels as glance run --out writes its frames.", valueName: "look"))
        var look: String?

        func validate() throws {
            try OutputFile.validate(scale: scale)
            if let look, PanelLook.named(look) == nil { throw ValidationError("--look '\(look)' is not a look such as plain, white or blue.") }
        }

        func run() async throws {
            let board = try PanelCommand.catalogBoard(self.board)
            // Only a regular file, of a bounded size: a FIFO would hang the command and a device
            // such as /dev/zero fill the memory.
            let read: Data?
            do {
                read = try AtomicFile.readRegular(URL(fileURLWithPath: capture), limit: Self.captureLimit)
            } catch let error as AtomicFileError {
                throw CommandFailure("cannot read the capture \(capture): \(error.reason)")
            }
            guard let data = read else { throw CommandFailure("cannot read the capture \(capture): there is no such file") }
            let (glass, transfers): (Bitmap, Int)
            do {
                (glass, transfers) = try await PanelAssembly.replay(String(decoding: data, as: UTF8.self), board: board)
            } catch {
                throw CommandFailure("\(capture): \(error)")
            }
            let look = PanelLook.named(self.look ?? board.panel.look) ?? .plain
            if let out {
                try OutputFile.writePNG(glass, scale: scale, look: look, to: out)
                print("Replayed \(transfers) transfers into the \(board.panel.controller.rawValue) emulator; wrote the glass to \(out).")
            } else {
                let colors: TerminalRenderer.ColorMode = Terminal.isInteractive ? .trueColor : .none
                print(TerminalRenderer(look: PanelLook.named(board.panel.look) ?? .white, colorMode: colors).render(glass), terminator: "")
            }
        }
    }

    /// The named board from the catalog.
    /// - Throws: `ExitCode(2)` after printing what is wrong.
    static func catalogBoard(_ name: String) throws -> BoardConfiguration {
        do {
            return try BoardCatalog.board(name)
        } catch let error as ConfigurationError {
            StandardStream.error.write(error.report)
            throw ExitCode(2)
        }
    }
}
