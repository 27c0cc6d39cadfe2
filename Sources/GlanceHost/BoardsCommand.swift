import ArgumentParser
import GlanceGraphics

/// `glance boards`: the built-in board presets with their panels and buttons.
struct BoardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boards",
        abstract: "List the built-in board presets with their panels and buttons.",
        discussion: """
            Use a preset with `glance run --board NAME`, or copy one from Boards/ and point \
            --board at your copy. With a NAME or a board file, shows that board alone (a \
            board file is checked as `glance config check` does).
            """
    )

    @Argument(help: ArgumentHelp("Show this board alone: a preset's name or a board file.", valueName: "name|path"))
    var board: String?

    func run() throws {
        guard let name = board else {
            print(BoardsCommand.table(BoardCatalog.builtIn), terminator: "")
            return
        }
        print(BoardsCommand.table([try PanelCommand.catalogBoard(name)]), terminator: "")
    }

    /// One block per board: name and description, panel, connection and buttons.
    static func table(_ boards: [BoardConfiguration]) -> String {
        var text = ""
        for board in boards {
            let panel = board.panel
            let connection: String = switch panel.connection {
            case .emulated: "emulated in the terminal"
            case .i2c(let bus, let address): "/dev/i2c-\(bus) at 0x\(String(address, radix: 16))"
            case .spi(let bus, let cs, let dc, let reset, let busy):
                (["/dev/spidev\(bus).\(cs)"] + [("DC", dc), ("RST", reset), ("BUSY", busy)].compactMap { name, line in line.map { "\(name) GPIO\($0)" } })
                    .joined(separator: ", ")
            case .framebuffer(let path): path
            }
            text += "\(board.name)\n"
            if !board.summary.isEmpty { text += "  \(board.summary)\n" }
            text += "  panel:   \(panel.controller.rawValue) \(panel.size.width)x\(panel.size.height), \(connection)\n"
            let buttons = board.buttons.list.map { button in
                var parts = [String]()
                if let line = button.line { parts.append("GPIO\(line)") }
                if let key = button.key { parts.append("key \(key)") }
                return "\(button.name) (\(parts.joined(separator: ", ")))"
            }
            text += "  buttons: \(buttons.isEmpty ? "none" : buttons.joined(separator: ", "))\n"
        }
        return text
    }
}
