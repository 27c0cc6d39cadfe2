import Foundation
import PackagePlugin

/// Embeds the files of the package's top-level `Fonts/` folder (fonts and symbol data) into
/// the target as string literals, so a `glance` binary needs no files beside it.
@main
struct EmbedFonts: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let fonts = context.package.directoryURL.appending(path: "Fonts")
        let inputs = try embeddableFiles(in: fonts)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFonts.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) files of Fonts/",
                executable: try context.tool(named: "glance-embed").url,
                arguments: [fonts.path(), output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    private func embeddableFiles(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        let kinds: Set<String> = ["bdf", "symbols"]
        return walker.compactMap { $0 as? URL }
            .filter { kinds.contains($0.pathExtension) }
            .sorted { $0.path() < $1.path() }
    }
}
