import ArgumentParser
import Foundation
import GlanceGraphics
import GlanceLinux
import GlanceUI
import GlanceWidgets

/// The `glance` command line, shared by every widget bundle.
public struct GlanceCommand: AsyncParsableCommand {
    /// The command's name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "glance",
        abstract: "Run WidgetKit-style widgets on a small OLED or e-ink panel.",
        version: GlanceVersion.current,
        subcommands: [RunCommand.self, PreviewCommand.self, ControlCommand.self, BoardsCommand.self, ConfigCommand.self,
                      GPIOCommand.self, PanelCommand.self, WiringCommand.self, DoctorCommand.self, ServiceCommand.self, WearCommand.self]
            + developmentCommands
    )

    /// The development commands, present under the DevelopmentTools trait (on by default; a
    /// deployed face's build, `--disable-default-traits`, leaves them out).
    #if DevelopmentTools
    static let developmentCommands: [any ParsableCommand.Type] = [DevCommand.self, SpecimenCommand.self, BenchCommand.self, NewCommand.self]
    #else
    static let developmentCommands: [any ParsableCommand.Type] = []
    #endif

    /// Creates the command (ArgumentParser does, when parsing).
    public init() {}

    /// Parses the process's arguments and runs the chosen subcommand with `bundle`'s widgets.
    ///
    /// `bundle` is worked out only for the subcommands that use it: describing a bundle's
    /// widgets resolves every widget's generic types at run time, which `glance gpio list`
    /// or `glance ctl status` should not pay for on a small board.
    /// Exits the process with the subcommand's status (non-zero with a message on failure).
    public static func main(bundle: @autoclosure () -> BundleContents) async {
        GlobalExecutor.install()
        do {
            var command = try parseAsRoot()
            if let bundleCommand = command as? any BundleCommand {
                bundleCommand.prepare()
                try await bundleCommand.run(bundle: bundle())
            } else if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

/// What a widget bundle gives the command line: its widgets and the intents bindings may name.
public struct BundleContents: Sendable {
    /// The widgets, in the bundle's order.
    public var widgets: [WidgetDescriptor]
    /// The intents configuration files may bind buttons to.
    public var intents: IntentRegistry

    /// Creates the contents of a bundle.
    public init(widgets: [WidgetDescriptor], intents: IntentRegistry = IntentRegistry()) {
        self.widgets = widgets
        self.intents = intents
    }

    /// No widgets: what `glance` sees when run without a bundle.
    public static let empty = BundleContents(widgets: [])

    /// Widget kinds with the families each supports (timeline widgets only).
    var kinds: [String: [WidgetFamily]] {
        Dictionary(widgets.filter { $0.timeline != nil }.map { ($0.kind, $0.supportedFamilies) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every name a binding may use for an intent: type names and titles.
    var intentNames: [String] {
        intents.names
    }

    /// The widget of `kind`.
    /// - Throws: `CommandFailure` listing the kinds that exist.
    func widget(kind: String) throws -> WidgetDescriptor {
        let timelineWidgets = widgets.filter { $0.timeline != nil }
        if let widget = timelineWidgets.first(where: { $0.kind == kind }) { return widget }
        guard !timelineWidgets.isEmpty else {
            throw CommandFailure("unknown widget kind “\(kind)”: this program has no widgets (run it from a WidgetBundle's main())")
        }
        let known = timelineWidgets.map { "\($0.kind) (\($0.displayName))" }.joined(separator: ", ")
        throw CommandFailure("unknown widget kind “\(kind)”; this bundle has: \(known)")
    }
}

/// A subcommand that needs the bundle's widgets.
protocol BundleCommand: AsyncParsableCommand {
    /// Called before the bundle's widgets are made (they may read the environment then,
    /// as a store resolves its app group).
    func prepare()
    /// Runs with `bundle`'s widgets.
    func run(bundle: BundleContents) async throws
}

extension BundleCommand {
    /// Nothing to prepare.
    func prepare() {}
}

extension WidgetBundle {
    /// Runs the `glance` command line with this bundle's widgets and intents: the body of the
    /// `Glance` module's `main()`, which first installs the parts the build links.
    package static func runCommandLine() async {
        let bundle = Self()
        await GlanceCommand.main(bundle: BundleContents(widgets: bundle.widgetDescriptors, intents: bundle.intentRegistry))
    }
}
