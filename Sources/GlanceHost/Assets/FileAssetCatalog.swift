import Foundation
import GlanceLinux
import GlanceUI

/// The named colors and images of a widget bundle, read from its asset folder once.
///
/// The folder (by convention `Assets` next to the bundle's executable or package) holds:
/// - `Colors.txt`: one color a line, `name: #RRGGBB` (also `#RGB` and `#RRGGBBAA`); blank
///   lines and lines starting with `#` are skipped.
/// - Images `name.png`, `name.pgm` or `name.pbm`, drawn as `Image("name")`.
/// - Xcode asset catalogs (`*.xcassets`) copied from an iOS project: `Name.colorset` (the
///   dark appearance when there is one, since panels are dark) and `Name.imageset` (the 1x
///   PNG, else the first PNG; vector-only sets count as missing).
///
/// `load(from:)` does all the reading; the catalog then answers from memory, so views can
/// look names up on any thread. Install it with `.environment(\.assetCatalog, catalog)`.
///
/// Each file is checked before it is read: only regular files (a symbolic link is followed),
/// at most `maximumImageBytes` for an image and `maximumTextBytes` for `Colors.txt` and
/// `Contents.json`; an image is refused by the size its header declares, at most
/// `maximumImagePixels`, before any pixel is decoded.
public struct FileAssetCatalog: AssetCatalog {
    /// Colors by name.
    public let colors: [String: Color]
    /// Images by name, as 8-bit gray.
    public let images: [String: Bitmap]

    /// A catalog of the given assets (what `load(from:)` builds).
    public init(colors: [String: Color], images: [String: Bitmap]) {
        self.colors = colors
        self.images = images
    }

    /// The most pixels an image may have: 2048×2048, a full-HD framebuffer with room to spare
    /// and over 50 times the largest preset panel (320×240). Decoding a colour image costs
    /// about 7 bytes a pixel at its peak, so this keeps one image under 30 MB; an 8000×8000
    /// photo cost 456 MB.
    public static let maximumImagePixels = 2048 * 2048

    /// The largest image file read: 8 MB, more than any PNG of `maximumImagePixels` needs
    /// unless it is stored uncompressed at 16 bits a channel.
    public static let maximumImageBytes = 8 << 20

    /// The largest `Colors.txt` or `Contents.json` read (1 MB: a line a color, thousands of them).
    public static let maximumTextBytes = 1 << 20

    public func color(named name: String) -> Color? { colors[name] }
    public func image(named name: String) -> Bitmap? { images[name] }

    /// Reads every asset under `directory`; a missing directory is an empty catalog.
    /// - Throws: `AssetCatalogError` naming the file (and line) of the first unreadable asset.
    public static func load(from directory: URL, fileManager: FileManager = .default) throws -> FileAssetCatalog {
        var colors = [String: Color](), images = [String: Bitmap]()
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return FileAssetCatalog(colors: [:], images: [:])
        }
        let colorFile = directory.appendingPathComponent("Colors.txt")
        if let data = try read(colorFile, limit: maximumTextBytes) {
            guard let text = String(data: data, encoding: .utf8) else {
                throw AssetCatalogError(file: colorFile.path, message: "is not UTF-8 text")
            }
            colors = try parseColors(text, file: colorFile.path)
        }
        let entries = try contents(of: directory, fileManager: fileManager)
        for url in entries {
            let name = url.deletingPathExtension().lastPathComponent
            switch url.pathExtension.lowercased() {
            case "png", "pgm", "pbm":
                images[name] = try decodeImage(at: url, fileManager: fileManager)
            case "xcassets":
                try loadXcassets(url, colors: &colors, images: &images, fileManager: fileManager)
            default:
                continue
            }
        }
        return FileAssetCatalog(colors: colors, images: images)
    }

    // MARK: - Colors.txt

    /// Parses `Colors.txt` text: `name: #RRGGBB` lines.
    /// - Throws: `AssetCatalogError` with the line of the first malformed entry or repeated name.
    public static func parseColors(_ text: String, file: String) throws -> [String: Color] {
        var colors = [String: Color](), firstLine = [String: Int]()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw AssetCatalogError(file: file, line: index + 1, message: "expected 'name: #RRGGBB', found '\(line)'")
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                throw AssetCatalogError(file: file, line: index + 1, message: "a color needs a name before ':'")
            }
            if let earlier = firstLine[name] {
                throw AssetCatalogError(file: file, line: index + 1, message: "color '\(name)' is already defined on line \(earlier)")
            }
            guard let color = hexColor(value) else {
                throw AssetCatalogError(file: file, line: index + 1,
                                        message: "color '\(name)' has value '\(value)'; expected #RGB, #RRGGBB or #RRGGBBAA")
            }
            colors[name] = color
            firstLine[name] = index + 1
        }
        return colors
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA` as a color; nil for anything else.
    static func hexColor(_ text: String) -> Color? {
        guard text.hasPrefix("#") else { return nil }
        var digits = String(text.dropFirst())
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let hasAlpha = digits.count == 8
        let shift: UInt32 = hasAlpha ? 8 : 0
        func component(_ offset: UInt32) -> Double { Double((value >> (offset + shift)) & 0xFF) / 255 }
        return Color(red: component(16), green: component(8), blue: component(0), opacity: hasAlpha ? Double(value & 0xFF) / 255 : 1)
    }

    // MARK: - Images

    private static func decodeImage(at url: URL, fileManager: FileManager) throws -> Bitmap {
        guard let data = try read(url, limit: maximumImageBytes) else {
            throw AssetCatalogError(file: url.path, message: "cannot be read: it is not there")
        }
        return try image(Array(data), file: url.path, isPNG: url.pathExtension.lowercased() == "png")
    }

    /// Decodes an image file's bytes, PNG or else PGM/PBM, refusing it by the size its header
    /// declares before decoding.
    /// - Throws: `AssetCatalogError` naming `file`: too many pixels, or not a readable image.
    static func image(_ bytes: [UInt8], file: String, isPNG: Bool) throws(AssetCatalogError) -> Bitmap {
        if let size = isPNG ? PNG.dimensions(of: bytes) : Bitmap.pnmDimensions(of: bytes), size.width * size.height > maximumImagePixels {
            let side = Int(Double(maximumImagePixels).squareRoot())
            throw AssetCatalogError(file: file, message: "is \(size.width)×\(size.height) pixels; an image may have at most \(maximumImagePixels) (\(side)×\(side)): scale it down to the panel's size")
        }
        do {
            return isPNG ? try PNG.decode(bytes, keepingColor: true, maximumPixels: maximumImagePixels)
                         : try Bitmap(pnm: bytes, maximumPixels: maximumImagePixels)
        } catch {
            throw AssetCatalogError(file: file, message: "is not a readable image: \(error)")
        }
    }

    /// The contents of `url`, a regular file (followed when it is a link) of at most `limit`
    /// bytes, read only once its size is known; nil when there is no such file.
    /// - Throws: `AssetCatalogError` saying what the file is instead, or how large.
    private static func read(_ url: URL, limit: Int) throws -> Data? {
        do {
            return try AtomicFile.readRegular(url.resolvingSymlinksInPath(), limit: limit)
        } catch let error as AtomicFileError {
            throw AssetCatalogError(file: url.path, message: "is not read: \(error.reason)")
        }
    }

    private static func contents(of directory: URL, fileManager: FileManager) throws -> [URL] {
        do {
            return try fileManager.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            throw AssetCatalogError(file: directory.path, message: "cannot be listed: \(error.localizedDescription)")
        }
    }

    // MARK: - Xcode asset catalogs

    /// Reads `.colorset` and `.imageset` folders anywhere under an `.xcassets` folder
    /// (groups are plain folders).
    private static func loadXcassets(_ folder: URL, colors: inout [String: Color], images: inout [String: Bitmap],
                                     fileManager: FileManager) throws {
        for url in try contents(of: folder, fileManager: fileManager) {
            let name = url.deletingPathExtension().lastPathComponent
            switch url.pathExtension {
            case "colorset":
                colors[name] = try colorset(url, fileManager: fileManager)
            case "imageset":
                if let image = try imageset(url, fileManager: fileManager) { images[name] = image }
            case "":
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                    try loadXcassets(url, colors: &colors, images: &images, fileManager: fileManager)
                }
            default:
                continue
            }
        }
    }

    private struct ColorsetContents: Decodable {
        struct Entry: Decodable {
            struct Appearance: Decodable { let appearance: String; let value: String }
            struct Value: Decodable {
                let components: [String: String]
            }
            let color: Value?
            let appearances: [Appearance]?
        }
        let colors: [Entry]
    }

    private struct ImagesetContents: Decodable {
        struct Entry: Decodable { let filename: String?; let scale: String? }
        let images: [Entry]
    }

    private static func json<T: Decodable>(_ type: T.Type, in folder: URL, fileManager: FileManager) throws -> T {
        let file = folder.appendingPathComponent("Contents.json")
        guard let data = try read(file, limit: maximumTextBytes) else {
            throw AssetCatalogError(file: file.path, message: "is missing")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw AssetCatalogError(file: file.path, message: "is not a readable asset description: \(error)")
        }
    }

    private static func colorset(_ folder: URL, fileManager: FileManager) throws -> Color {
        let contents = try json(ColorsetContents.self, in: folder, fileManager: fileManager)
        let file = folder.appendingPathComponent("Contents.json").path
        let dark = contents.colors.first { $0.appearances?.contains { $0.value == "dark" } ?? false }
        let universal = contents.colors.first { $0.appearances == nil }
        guard let components = (dark ?? universal ?? contents.colors.first)?.color?.components else {
            throw AssetCatalogError(file: file, message: "has no color components")
        }
        func component(_ key: String) throws -> Double? {
            guard let text = components[key] else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.lowercased().hasPrefix("0x"), let value = Int(trimmed.dropFirst(2), radix: 16) { return Double(value) / 255 }
            guard let value = Double(trimmed) else {
                throw AssetCatalogError(file: file, message: "component '\(key)' is '\(text)'; expected a number")
            }
            // Xcode writes either 0…1 fractions ("0.500") or 0…255 integers ("128").
            return trimmed.contains(".") || value <= 1 ? value : value / 255
        }
        let alpha = try component("alpha") ?? 1
        if let white = try component("white") { return Color(white: white, opacity: alpha) }
        guard let red = try component("red"), let green = try component("green"), let blue = try component("blue") else {
            throw AssetCatalogError(file: file, message: "needs red, green and blue (or white) components")
        }
        return Color(red: red, green: green, blue: blue, opacity: alpha)
    }

    private static func imageset(_ folder: URL, fileManager: FileManager) throws -> Bitmap? {
        let contents = try json(ImagesetContents.self, in: folder, fileManager: fileManager)
        // PDF and SVG entries cannot be drawn here; such an image set counts as missing.
        let withFiles = contents.images.filter { ["png", "pgm", "pbm"].contains(($0.filename as NSString?)?.pathExtension.lowercased() ?? "") }
        guard let entry = withFiles.first(where: { $0.scale == "1x" }) ?? withFiles.first, let filename = entry.filename else { return nil }
        return try decodeImage(at: folder.appendingPathComponent(filename), fileManager: fileManager)
    }
}
