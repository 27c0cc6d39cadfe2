import Foundation
import PackagePlugin

/// Embeds data files into a target as string literals, so a `glance` binary needs no files
/// beside it: the top-level `Fonts/` folder (fonts and symbols) into GlanceGraphics as
/// `EmbeddedFonts`, and into GlanceHost `Boards/` (board presets) as `EmbeddedBoards`, and into GlanceWeb `Web/`
/// (the browser simulator's page) as `EmbeddedWeb`.
@main
struct EmbedResources: BuildToolPlugin {
    /// What each target embeds: the enum to generate, the folder and the file extensions.
    private static let sources: [String: [(name: String, folder: String, extensions: Set<String>)]] = [
        "GlanceGraphics": [("EmbeddedFonts", "Fonts", ["bdf", "symbols"])],
        "GlanceHost": [("EmbeddedBoards", "Boards", ["yaml"])],
        "GlanceWeb": [("EmbeddedWeb", "Web", ["html", "css", "js"])],
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        try (Self.sources[target.name] ?? []).map { source in
            let folder = context.package.directoryURL.appending(path: source.folder)
            let inputs = try files(in: folder, extensions: source.extensions)
            let output = context.pluginWorkDirectoryURL.appending(path: "\(source.name).swift")
            return .buildCommand(
                displayName: "Embedding \(inputs.count) files of \(source.folder)/",
                executable: try context.tool(named: "glance-embed").url,
                arguments: [source.name, folder.path(), output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        }
    }

    private func files(in folder: URL, extensions: Set<String>) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { extensions.contains($0.pathExtension) }
            .sorted { $0.path() < $1.path() }
    }
}
