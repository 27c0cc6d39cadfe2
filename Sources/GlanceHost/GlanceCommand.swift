import ArgumentParser
import GlanceGraphics

/// The `glance` command line, shared by every widget bundle.
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
public struct GlanceCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "glance",
        abstract: "Run WidgetKit-style widgets on a small OLED or e-ink panel.",
        subcommands: [SpecimenCommand.self, BoardsCommand.self, ConfigCommand.self, GPIOCommand.self, PanelCommand.self, BenchCommand.self]
    )

    public init() {}
}

@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
extension GlanceCommand {
    /// Parses the process's arguments and runs the chosen subcommand, awaiting async ones.
    public static func run() async {
        await main()
    }
}
