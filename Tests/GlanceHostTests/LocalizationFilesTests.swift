import Foundation
import Testing
import GlanceFace
@testable import GlanceHost
import GlanceUI

/// Issue 34, item 3: where a bundle's strings are found, the face's `locale:`, and the system's.
@Suite struct LocalizationFilesTests {
    private let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Localization")

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("glance-strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func catalogsAndLprojFoldersAreRead() throws {
        let tables = try StringTableFiles.load(from: [fixture, fixture.appendingPathComponent("absent")])
        #expect(tables.languages == ["de", "en", "fr", "ja", "pl", "ru"])
        let german = Localization(tables: tables, locale: Locale(identifier: "de_DE"))
        Localization.withLocalization(german) {
            #expect(String(localized: "Steps") == "Schritte")
            #expect(String(localized: "Battery", table: "Widgets") == "Akku")
        }
    }

    @Test func laterFoldersAddToEarlierOnes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        try Data("\"Extra\" = \"Zusatz\";\n".utf8).write(to: folder.appendingPathComponent("de.lproj/Widgets.strings"))
        let tables = try StringTableFiles.load(from: [fixture, folder])
        Localization.withLocalization(Localization(tables: tables, locale: Locale(identifier: "de"))) {
            #expect(String(localized: "Extra", table: "Widgets") == "Zusatz")
            #expect(String(localized: "Battery", table: "Widgets") == "Akku")
        }
    }

    @Test func oversizedCatalogIsRefusedWithItsName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Localizable.xcstrings")
        try Data(count: 5 << 20).write(to: file)
        #expect(throws: StringTableError(file: file.path, message: "is 5120 KB; strings files over 4 MB are not read")) {
            try StringTableFiles.load(from: [folder])
        }
    }

    @Test func brokenStringsFileNamesFileAndLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fr.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("\"a\" = \"b\";\n\"c\" \"d\";\n".utf8).write(to: file)
        #expect(throws: StringTableError(file: file.path, line: 2, message: "expected '=' after the key \"c\", found '\"'")) {
            try StringTableFiles.load(from: [folder])
        }
    }

    @Test func faceFileLocaleIsReadAndChecked() throws {
        let face = try FaceConfiguration(yaml: "locale: de_AT\n", file: "glance.yaml")
        #expect(face.locale == Located(value: "de_AT", file: "glance.yaml", line: 1, column: 9))
        #expect(try FaceConfiguration(yaml: "locale: zh-Hans-CN\n", file: "glance.yaml").locale?.value == "zh-Hans-CN")
        #expect(try FaceConfiguration(yaml: "board: simulator\n", file: "glance.yaml").locale == nil)
        let unknown = #expect(throws: ConfigurationError.self) { try FaceConfiguration(yaml: "board: simulator\nlocale: dee_DE\n", file: "glance.yaml") }
        #expect(unknown?.description == "glance.yaml:2:9: locale 'dee_DE' does not start with a known language code (e.g. en, de_DE, pt_BR); did you mean 'de'?")
        let malformed = #expect(throws: ConfigurationError.self) { try FaceConfiguration(yaml: "locale: de_D\n", file: "glance.yaml") }
        #expect(malformed?.description == "glance.yaml:1:9: locale 'de_D' should be a language code with an optional script and region, e.g. de_DE or zh_Hans_CN")
    }

    @Test func faceLocaleReachesTheRuntimeSettings() async throws {
        let board = try BoardCatalog.board("simulator")
        let face = try FaceConfiguration(yaml: "locale: pl_PL\n", file: "glance.yaml")
        let plan = try await FacePlan.make(board: board, configuration: face, bundle: .empty, pictureSize: Size(width: 128, height: 64))
        #expect(plan.settings.locale == Locale(identifier: "pl_PL"))
    }

    @Test func systemLocaleComesFromThePOSIXVariables() {
        #expect(SystemLocale.fromEnvironment(["LANG": "de_DE.UTF-8"]) == Locale(identifier: "de_DE"))
        #expect(SystemLocale.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == Locale(identifier: "fr_FR"))
        #expect(SystemLocale.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_ALL": "pl_PL@euro"]) == Locale(identifier: "pl_PL"))
        #expect(SystemLocale.fromEnvironment(["LANG": "C.UTF-8"]) == nil)
        #expect(SystemLocale.fromEnvironment(["LC_ALL": "", "LANG": "POSIX"]) == nil)
        #expect(SystemLocale.fromEnvironment([:]) == nil)
    }
}
