import Foundation
import Testing
@testable import GlanceHost
import GlanceUI

@Suite struct FileAssetCatalogTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("glance-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func colorsFileParsesHexColors() throws {
        let colors = try FileAssetCatalog.parseColors("""
            # brand colors
            Brand: #FFFFFF

            Dim : #333
            Glass: #00000080
            """, file: "Colors.txt")
        #expect(colors["Brand"] == Color(red: 1, green: 1, blue: 1))
        #expect(colors["Dim"] == Color(red: 0.2, green: 0.2, blue: 0.2))
        #expect(colors["Glass"] == Color(red: 0, green: 0, blue: 0, opacity: 128.0 / 255))
        #expect(colors.count == 3)
    }

    @Test func colorsFileErrorsNameTheLine() {
        let cases: [(String, String)] = [
            ("Brand #FFF", "Colors.txt:1: expected 'name: #RRGGBB', found 'Brand #FFF'"),
            ("# ok\nBrand: red", "Colors.txt:2: color 'Brand' has value 'red'; expected #RGB, #RRGGBB or #RRGGBBAA"),
            ("A: #000\n\nA: #111", "Colors.txt:3: color 'A' is already defined on line 1"),
            (": #000", "Colors.txt:1: a color needs a name before ':'"),
            ("A: #12345", "Colors.txt:1: color 'A' has value '#12345'; expected #RGB, #RRGGBB or #RRGGBBAA"),
        ]
        for (text, message) in cases {
            #expect(throws: AssetCatalogError.self) { try FileAssetCatalog.parseColors(text, file: "Colors.txt") }
            do {
                _ = try FileAssetCatalog.parseColors(text, file: "Colors.txt")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }

    @Test func loadsAFolderOfColorsImagesAndXcodeAssets() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("Brand: #FF8800\n", to: folder.appendingPathComponent("Colors.txt"))
        let dot = Bitmap(ascii: "#.\n.#")!
        try Data(try PNG.encode(dot)).write(to: folder.appendingPathComponent("dot.png"))
        try Data("P1\n2 1\n1 0\n".utf8).write(to: folder.appendingPathComponent("bar.pbm"))
        let xcassets = folder.appendingPathComponent("Widget.xcassets")
        try write("""
            {"colors":[{"color":{"color-space":"srgb","components":{"red":"1.000","green":"1.000","blue":"1.000","alpha":"1.000"}},"idiom":"universal"},
                       {"appearances":[{"appearance":"luminosity","value":"dark"}],
                        "color":{"color-space":"srgb","components":{"red":"0x33","green":"51","blue":"0.200","alpha":"1.000"}},"idiom":"universal"}]}
            """, to: xcassets.appendingPathComponent("Group/Accent.colorset/Contents.json"))
        try write("""
            {"colors":[{"color":{"color-space":"gray-gamma-22","components":{"white":"0.500","alpha":"0.5"}},"idiom":"universal"}]}
            """, to: xcassets.appendingPathComponent("Gray.colorset/Contents.json"))
        try write("""
            {"images":[{"idiom":"universal","scale":"2x"},{"filename":"logo.png","idiom":"universal","scale":"1x"}]}
            """, to: xcassets.appendingPathComponent("Logo.imageset/Contents.json"))
        try Data(try PNG.encode(dot)).write(to: xcassets.appendingPathComponent("Logo.imageset/logo.png"))
        try write("""
            {"images":[{"filename":"vector.pdf","idiom":"universal"}]}
            """, to: xcassets.appendingPathComponent("Vector.imageset/Contents.json"))

        let catalog = try FileAssetCatalog.load(from: folder)
        #expect(catalog.color(named: "Brand") == Color(red: 1, green: 136.0 / 255, blue: 0))
        #expect(catalog.color(named: "Accent") == Color(red: 0.2, green: 0.2, blue: 0.2))
        #expect(catalog.color(named: "Gray") == Color(white: 0.5, opacity: 0.5))
        #expect(catalog.image(named: "dot") == dot)
        // In PBM, 1 is ink (black): "1 0" is a dark pixel, then a lit one.
        #expect(catalog.image(named: "bar")?.ascii() == ".#")
        #expect(catalog.image(named: "Logo") == dot)
        #expect(catalog.image(named: "Vector") == nil && catalog.color(named: "Nope") == nil)

        // Views draw the catalog's assets once it is in the environment.
        var environment = EnvironmentValues()
        environment.assetCatalog = catalog
        let bitmap = ViewRenderer.render(Image("dot"), size: Size(width: 2, height: 2), environment: environment, at: Date(timeIntervalSince1970: 0)).bitmap
        #expect(bitmap.ascii() == "#.\n.#")
    }

    @Test func unreadableAssetsNameTheirFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("not a png", to: folder.appendingPathComponent("broken.png"))
        #expect(throws: AssetCatalogError.self) { try FileAssetCatalog.load(from: folder) }
        do {
            _ = try FileAssetCatalog.load(from: folder)
        } catch let error as AssetCatalogError {
            #expect(error.file.hasSuffix("broken.png") && error.message.hasPrefix("is not a readable image"))
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("broken.png"))
        try write("{\"colors\": 3}", to: folder.appendingPathComponent("A.xcassets/Bad.colorset/Contents.json"))
        do {
            _ = try FileAssetCatalog.load(from: folder)
            Issue.record("a malformed colorset loaded")
        } catch let error as AssetCatalogError {
            #expect(error.file.hasSuffix("Bad.colorset/Contents.json"))
        }
        #expect(try FileAssetCatalog.load(from: folder.appendingPathComponent("absent")).colors.isEmpty)
    }
}

@Suite struct AppGroupDefaultsTests {
    @Test func defaultsRoundTripThroughTheGroupFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("glance-defaults-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let group = AppGroup(name: "weather", root: root)
        #expect(try group.loadDefaults().snapshot.isEmpty)
        try FileManager.default.createDirectory(at: group.directory, withIntermediateDirectories: true)
        try Data(#"{"unit": "F", "refreshes": 3, "level": 0.5, "enabled": true}"#.utf8)
            .write(to: group.directory.appendingPathComponent(AppGroup.defaultsFileName))
        let store = try group.loadDefaults()
        #expect(store.snapshot == ["unit": .string("F"), "refreshes": .int(3), "level": .double(0.5), "enabled": .bool(true)])
        store.setValue(.int(4), forKey: "refreshes")
        try group.saveDefaults(store)
        #expect(try group.loadDefaults().value(forKey: "refreshes") == .int(4))

        try Data(#"{"nested": {"a": 1}}"#.utf8).write(to: group.directory.appendingPathComponent(AppGroup.defaultsFileName))
        #expect(throws: AppGroupError.self) { try group.loadDefaults() }
    }
}
