import Foundation
import GlanceUI

/// Finds and reads a widget bundle's String Catalogs and strings files.
///
/// Where they are looked for, in order (later files add to and override earlier ones):
/// - the bundle's `Assets` folder (`FaceAssembly.assetFolder()`: in the current folder for a
///   maker's package, else next to the program);
/// - every SwiftPM resource bundle next to the program (`Package_Target.resources`, where
///   `swift build` puts a target's `resources:`).
///
/// In each folder: `Table.xcstrings` files (table `Table`), and `xx.lproj/Table.strings`
/// files (table `Table` in language `xx`). Files over `StringTables.maximumFileSize` are refused.
enum StringTableFiles {
    /// The folders searched for this process, those that exist.
    static func folders(fileManager: FileManager = .default) -> [URL] {
        var folders = FaceAssembly.assetFolder().map { [$0] } ?? []
        if let programFolder = Bundle.main.executableURL?.deletingLastPathComponent(),
           let entries = try? fileManager.contentsOfDirectory(at: programFolder, includingPropertiesForKeys: nil) {
            folders += entries.filter { $0.pathExtension == "resources" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        }
        return folders
    }

    /// Reads every catalog and strings file in `folders`; missing folders are skipped.
    /// - Throws: `StringTableError` naming the first file that is too large or malformed.
    static func load(from folders: [URL], fileManager: FileManager = .default) throws -> StringTables {
        var tables = StringTables()
        for folder in folders {
            for url in entries(of: folder, fileManager: fileManager) {
                switch url.pathExtension {
                case "xcstrings":
                    try tables.addCatalog(read(url, fileManager: fileManager), table: url.deletingPathExtension().lastPathComponent, file: url.path)
                case "lproj":
                    let language = url.deletingPathExtension().lastPathComponent
                    for file in entries(of: url, fileManager: fileManager) where file.pathExtension == "strings" {
                        try tables.addStrings(read(file, fileManager: fileManager), table: file.deletingPathExtension().lastPathComponent,
                                              language: language, file: file.path)
                    }
                default:
                    continue
                }
            }
        }
        return tables
    }

    /// The bundle's tables from the usual folders.
    /// - Throws: `StringTableError` naming the first unreadable file.
    static func loadBundleTables() throws -> StringTables {
        try load(from: folders())
    }

    private static func entries(of folder: URL, fileManager: FileManager) -> [URL] {
        ((try? fileManager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The file's bytes, refusing files over the limit before reading them.
    private static func read(_ url: URL, fileManager: FileManager) throws -> Data {
        let size = (try? fileManager.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= StringTables.maximumFileSize else {
            throw StringTableError(file: url.path, message: "is \(size / 1024) KB; strings files over \(StringTables.maximumFileSize >> 20) MB are not read")
        }
        guard let data = fileManager.contents(atPath: url.path) else {
            throw StringTableError(file: url.path, message: "cannot be read (check its permissions)")
        }
        return data
    }
}
