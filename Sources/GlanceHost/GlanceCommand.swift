import ArgumentParser
import GlanceGraphics

/// The `glance` command line, shared by every widget bundle.
public struct GlanceCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "glance",
        abstract: "Run WidgetKit-style widgets on a small OLED or e-ink panel.",
        subcommands: [SpecimenCommand.self, BoardsCommand.self, ConfigCommand.self, GPIOCommand.self]
    )

    public init() {}
}
