import ArgumentParser
import Foundation
import GlanceCore
import GlanceFace
import GlanceLinux
import GlanceUI
import GlanceWidgets

/// `glance config`: work with board and face files.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check board and face configuration files.",
        subcommands: [Check.self]
    )

    /// `glance config check FILE`.
    struct Check: BundleCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Validate a board file or a face file (glance.yaml) without running anything.",
            discussion: """
                A file with a 'panel' key is read as a board, anything else as a face. A face is \
                checked against its board (--board, else its 'board' key, else the simulator). \
                Every problem found is printed, in file order, as FILE:LINE:COLUMN: message (at \
                most \(ConfigurationError.listLimit), then how many more), and the exit status is 2.
                """
        )

        @Argument(help: ArgumentHelp("The board or face file.", valueName: "file"))
        var file: String

        @Option(name: .long, help: ArgumentHelp("The board a face file is checked against when it names none.", valueName: "name|path"))
        var board: String?

        func run() async throws {
            try await run(bundle: .empty)
        }

        func run(bundle: BundleContents) async throws {
            do {
                let summary = try await ConfigCommand.check(file: file, board: board, bundle: bundle)
                print("\(file): OK — \(summary)")
            } catch let error as ConfigurationError {
                StandardStream.error.write(error.report)
                throw ExitCode(2)
            }
        }
    }

    /// Validates `file`, returning a one-line summary of what it describes.
    static func check(file: String, board boardOption: String?, bundle: BundleContents) async throws -> String {
        let text = try ConfigurationError.readText(of: file)
        if let root = try? ConfigNode.parse(text, file: file), let mapping = root.node.mapping,
           mapping.keys.contains(where: { ["panel", "preset"].contains($0.scalar?.string) }) {
            let board = try BoardConfiguration(yaml: text, file: file)
            return "board '\(board.name)': \(board.panel.controller.rawValue) \(board.panel.size.width)x\(board.panel.size.height), \(counted(board.buttons.list.count, "button"))"
        }
        let (board, read) = try await ConfigurationCheck.load(facePath: file, board: boardOption, bundle: bundle)
        guard let face = read else { throw ConfigurationError(file: file, message: "is not a face file") }
        let (adapted, leftOut) = face.adapted(to: board)
        return "face for board '\(board.name)': \(counted(adapted.slots.count, "slot")), \(counted(adapted.bindings.count, "binding"))"
            + (FaceConfiguration.leftOutNotice(leftOut, board: board).map { " (\($0))" } ?? "")
    }
}
