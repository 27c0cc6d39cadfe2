#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import Foundation
import GlanceFace

/// The files `glance new` writes: a Swift package of the maker's own depending on Glance.
struct ProjectTemplate {
    /// Where the package gets Glance from.
    enum GlanceSource: CustomStringConvertible {
        /// A checkout on this machine.
        case path(String)
        /// A git repository, from a version on.
        case url(String, from: String)

        /// The package identity SwiftPM gives it: the last path component, without `.git`.
        var identity: String {
            let text: String
            switch self {
            case .path(let path): text = path
            case .url(let url, _): text = url
            }
            let last = text.split(separator: "/").last.map(String.init) ?? text
            return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
        }

        /// The dependency, with Glance's browser simulator and development commands only while
        /// the package's `Simulator` trait is on.
        var manifestLine: String {
            let traits = "traits: [.trait(name: \"WebSimulator\", condition: .when(traits: [\"Simulator\"])), "
                + ".trait(name: \"DevelopmentTools\", condition: .when(traits: [\"Simulator\"]))]"
            return switch self {
            case .path(let path): ".package(path: \(Self.literal(path)), \(traits))"
            case .url(let url, let version): ".package(url: \(Self.literal(url)), from: \(Self.literal(version)), \(traits))"
            }
        }

        var description: String {
            switch self {
            case .path(let path): path
            case .url(let url, let version): "\(url) (from \(version))"
            }
        }

        /// `text` as a Swift string literal.
        static func literal(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }

    let name: String
    let board: BoardConfiguration
    /// The board as the maker named it (a preset name or a path), for glance.yaml.
    let boardArgument: String
    let glance: GlanceSource
    let appleNames: Bool

    /// Letters, digits, `-` and `_`, starting with a letter, at most 64 characters.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.count <= 64, first.properties.isAlphabetic, first.isASCII else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }

    /// "kitchen-face" → "KitchenFace": the name's words, capitalised and joined.
    var typeName: String {
        name.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Every file, by path relative to the package folder.
    var files: [(path: String, contents: String)] {
        [
            ("Package.swift", manifest),
            ("Sources/\(name)/\(name).swift", widgetFile),
            ("glance.yaml", faceFile),
            ("README.md", readme),
            (".gitignore", ".build/\n.swiftpm/\n/previews/\n/previews.png\n"),
        ]
    }

    /// Creates `folder` and writes every file into it.
    /// - Throws: `CommandFailure` when `folder` exists (nothing is overwritten) or cannot be written.
    func write(into folder: URL) throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: folder.path) {
            throw CommandFailure("\(folder.path) already exists; glance new never overwrites anything: choose another NAME, or --parent FOLDER for somewhere else")
        }
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: false)
            for (path, contents) in files {
                let url = folder.appendingPathComponent(path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: url, options: .withoutOverwriting)
            }
        } catch {
            throw CommandFailure("cannot create \(folder.path): \(error.localizedDescription)")
        }
    }

    // MARK: - The files

    var manifest: String {
        let products = [".product(name: \"Glance\", package: \(GlanceSource.literal(glance.identity)))"]
            + (appleNames ? [".product(name: \"GlanceAppleNames\", package: \(GlanceSource.literal(glance.identity)))"] : [])
        return """
            // swift-tools-version:6.1
            import PackageDescription

            // \(name): widgets for a Glance face. `swift run \(name) --help` lists what the program does.
            // `swift build` includes Glance's browser simulator (`run --web`) and development
            // commands (`bench`, `specimen`) for developing; the face you deploy leaves them and
            // the web server out:
            //     swift build -c release --disable-default-traits
            let package = Package(
                name: \(GlanceSource.literal(name)),
                platforms: [.macOS(.v14)],
                traits: [
                    .default(enabledTraits: ["Simulator"]),
                    .trait(name: "Simulator", description: "Glance's browser simulator, `run --web`, the web server it needs, and the development commands."),
                ],
                dependencies: [
                    \(glance.manifestLine),
                ],
                targets: [
                    .executableTarget(
                        name: \(GlanceSource.literal(name)),
                        dependencies: [
                            \(products.joined(separator: ",\n                ")),
                        ]
                    ),
                ]
            )

            """
    }

    var widgetFile: String {
        let imports = appleNames ? "import SwiftUI\nimport WidgetKit" : "import Glance"
        return """
            // \(name)'s widgets, written as WidgetKit widgets are\(appleNames ? "" : "; only the import differs").
            \(imports)

            /// What the widget shows at one moment.
            struct HelloEntry: TimelineEntry {
                let date: Date
                let message: String
            }

            /// Supplies the entries: one for each minute of the next hour, each from the start of its
            /// minute, so the time drawn is always the minute it is; a new timeline after the last.
            /// Read your data here, for example a JSON file another program writes into the app
            /// group (`AppGroup.named("glance").containerURL`).
            struct HelloProvider: TimelineProvider {
                func placeholder(in context: Context) -> HelloEntry {
                    HelloEntry(date: .now, message: "Hello")
                }

                func getSnapshot(in context: Context, completion: @escaping (HelloEntry) -> Void) {
                    completion(HelloEntry(date: .now, message: "Hello from \(name)"))
                }

                func getTimeline(in context: Context, completion: @escaping (Timeline<HelloEntry>) -> Void) {
                    let minute = Calendar.current.dateInterval(of: .minute, for: .now)?.start ?? .now
                    let entries = (0..<60).map { offset in
                        HelloEntry(date: minute.addingTimeInterval(Double(offset) * 60), message: "Hello from \(name)")
                    }
                    completion(Timeline(entries: entries, policy: .atEnd))
                }
            }

            /// How much of the day has passed at `date`, 0 to 1.
            func dayProgress(at date: Date) -> Double {
                let start = Calendar.current.startOfDay(for: date)
                return min(1, max(0, date.timeIntervalSince(start) / 86_400))
            }

            /// The widget's view in each accessory family.
            struct HelloView: View {
                @Environment(\\.widgetFamily) var family
                let entry: HelloEntry

                var body: some View {
                    switch family {
                    case .accessoryCircular, .accessoryCorner:
                        Gauge(value: dayProgress(at: entry.date)) {
                            Image(systemName: "sun.max.fill")
                        } currentValueLabel: {
                            Text("\\(Int(dayProgress(at: entry.date) * 100))%")
                        }
                        .gaugeStyle(.accessoryCircular)
                    case .accessoryInline:
                        Label(entry.message, systemImage: "sparkles")
                    default:
                        VStack(alignment: .leading, spacing: 2) {
                            Label(entry.message, systemImage: "sparkles")
                                .lineLimit(1)
                                .widgetAccentable()
                            Text(entry.date, style: .time)
                                .font(.title)
                            ProgressView(value: dayProgress(at: entry.date))
                        }
                    }
                }
            }

            struct HelloWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "hello", provider: HelloProvider()) { entry in
                        HelloView(entry: entry)
                    }
                    .configurationDisplayName("Hello")
                    .description("Your first widget: change it in Sources/\(name)/\(name).swift.")
                    .supportedFamilies([.accessoryRectangular, .accessoryCircular, .accessoryInline, .accessoryCorner])
                }
            }

            /// The whole program: `swift run \(name) --help` lists its commands (run, preview, …).
            @main
            struct \(typeName)Widgets: WidgetBundle {
                var body: some Widget {
                    HelloWidget()
                }
            }

            #Preview(as: .accessoryRectangular) {
                HelloWidget()
            } timeline: {
                HelloEntry(date: .now, message: "Hello from \(name)")
            }

            #Preview(as: .accessoryCircular) {
                HelloWidget()
            } timeline: {
                HelloEntry(date: .now, message: "Hello from \(name)")
            }

            #Preview(as: .accessoryInline) {
                HelloWidget()
            } timeline: {
                HelloEntry(date: .now, message: "Hello from \(name)")
            }

            #Preview(as: .accessoryCorner) {
                HelloWidget()
            } timeline: {
                HelloEntry(date: .now, message: "Hello from \(name)")
            }

            """
    }

    var faceFile: String {
        let buttons = Set(board.buttons.list.map(\.name))
        let bindings = FacePlan.defaultBindings.filter { buttons.contains($0.0.rawValue) }
        let bindingLines = bindings.isEmpty
            ? "# bindings: this board has no buttons; see `swift run \(name) boards \(boardArgument)` and Docs/Buttons.md to add some."
            : "bindings:\n" + bindings.map { "  \($0.0): \($0.1)" }.joined(separator: "\n")
        return """
            # \(name)'s face: the board, which widgets sit in which slot, what the buttons do and
            # when the panel dims. Check it with: swift run \(name) config check glance.yaml
            board: \(boardArgument)
            slots:
              - family: accessoryRectangular
                widgets: [hello]
            \(bindingLines)
            always-on:
              idle: 30s          # dim to always-on after 30 s without a button press

            """
    }

    var readme: String {
        """
        # \(name)

        Widgets for a [Glance](\(glance.description)) face on a \(board.panel.size.width)×\(board.panel.size.height) \
        \(board.panel.controller.rawValue.uppercased()) (board `\(board.name)`).

        ```sh
        swift run \(name) preview --all --sheet previews.png --scale 2   # every #Preview, in one PNG
        swift run \(name) run --config glance.yaml                        # the face (in this terminal on a simulator board)
        swift run \(name) --help                                          # everything else: ctl, service, bench, …
        ```

        The widget lives in `Sources/\(name)/\(name).swift`; the face (slots, buttons, dimming) in
        `glance.yaml`. `swift run \(name) run --web 8080` shows it in a browser. To run it at boot on
        the Pi, build it there without the browser simulator
        (`swift build -c release --disable-default-traits`) and install the service with this
        program's path and the face file:
        `sudo .build/release/\(name) service install --board \(boardArgument) --config "$PWD/glance.yaml"`.
        Glance's `Docs/GettingStarted.md` walks through all of it.

        """
    }
}
#endif
