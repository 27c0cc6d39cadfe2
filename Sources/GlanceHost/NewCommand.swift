#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import ArgumentParser
import Foundation

/// `glance new`: a ready Swift package of the maker's own, depending on Glance.
struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a Swift package for a face of your own, with a first widget.",
        discussion: """
            Creates the folder NAME with a Package.swift depending on Glance, \
            Sources/NAME/NAME.swift (a widget bundle whose first widget supports every \
            accessory family, with a #Preview for each), a glance.yaml for the board with its \
            buttons bound, a .gitignore and a README with the next commands. It never \
            overwrites anything: the folder must not exist yet.

            Glance comes from --glance-path (a checkout on this machine) or --glance-url with \
            --from (a git repository and the first version to accept). Without either, the \
            checkout this glance was built from is used, when it is still there.

            Examples:
              glance new desk
              glance new kitchen --board adafruit-oled-bonnet --glance-path ~/src/glance
              glance new hall --glance-url https://example.com/you/glance.git --from 0.1.0
              glance new desk --apple-names      # import WidgetKit / SwiftUI, as on iOS
            """
    )

    @Argument(help: ArgumentHelp("The package's name: letters, digits, - and _, starting with a letter; also the folder created.", valueName: "NAME"))
    var name: String

    @Option(name: .long, help: ArgumentHelp("The board glance.yaml is for (see glance boards).", valueName: "name"))
    var board: String = "simulator"

    @Option(name: .long, help: ArgumentHelp("A Glance checkout on this machine to depend on.", valueName: "folder"))
    var glancePath: String?

    @Option(name: .long, help: ArgumentHelp("The git URL of Glance to depend on (with --from).", valueName: "url"))
    var glanceURL: String?

    @Option(name: .long, help: ArgumentHelp("With --glance-url: the first version to accept.", valueName: "version"))
    var from: String?

    @Flag(name: .long, help: "Write the widget with Apple's imports (import WidgetKit, SwiftUI) through the GlanceAppleNames product (Linux only).")
    var appleNames = false

    @Option(name: .long, help: ArgumentHelp("Where to create the folder.", valueName: "folder"))
    var parent: String = "."

    func validate() throws {
        guard ProjectTemplate.isValidName(name) else {
            throw ValidationError("'\(name)' is not a package name: use letters, digits, - and _, starting with a letter (e.g. desk or kitchen-face).")
        }
        if glancePath != nil, glanceURL != nil { throw ValidationError("give --glance-path or --glance-url, not both.") }
        if glanceURL != nil, from == nil { throw ValidationError("--glance-url needs --from VERSION (e.g. --from 0.1.0, a release tag; glance --version prints this one's).") }
        if glanceURL == nil, from != nil { throw ValidationError("--from goes with --glance-url.") }
    }

    func run() async throws {
        let boardConfiguration: BoardConfiguration
        do {
            boardConfiguration = try BoardCatalog.board(board)
        } catch let error as ConfigurationError {
            throw CommandFailure(error.description)
        }
        let source = try dependency()
        let folder = URL(fileURLWithPath: parent).appendingPathComponent(name)
        let template = ProjectTemplate(name: name, board: boardConfiguration, boardArgument: board, glance: source, appleNames: appleNames)
        try template.write(into: folder)
        let shown = parent == "." ? name : folder.path
        print("""
            Created \(shown)/ for board '\(boardConfiguration.name)' with Glance from \(source.description):
              Package.swift, Sources/\(name)/\(name).swift, glance.yaml, README.md, .gitignore

            Next:
              cd \(shown)
              swift run \(name) preview --all --sheet previews.png --scale 2   # look at the widget
              swift run \(name) run --config glance.yaml                        # the face in this terminal
            The first build compiles Glance and its packages: a few minutes (longer on a Pi).
            """)
    }

    /// Where the generated package gets Glance from.
    private func dependency() throws -> ProjectTemplate.GlanceSource {
        if let glanceURL, let from { return .url(glanceURL, from: from) }
        let path = glancePath.map { ($0 as NSString).expandingTildeInPath } ?? Self.buildCheckout
        guard let path else {
            throw CommandFailure("where should the package get Glance from? Give --glance-path FOLDER (a checkout of Glance) or --glance-url URL --from VERSION")
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: absolute + "/Package.swift"),
              let manifest = try? String(contentsOfFile: absolute + "/Package.swift", encoding: .utf8),
              manifest.contains("name: \"Glance\"") else {
            throw CommandFailure("\(absolute) is not a Glance checkout (no Package.swift naming the package Glance); give --glance-path FOLDER")
        }
        return .path(absolute)
    }

    /// The checkout this program was built from, if it is still on this machine.
    static var buildCheckout: String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) ? root.path : nil
    }
}
#endif
