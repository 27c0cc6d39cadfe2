import Foundation
import GlanceTesting
import Testing
@testable import GlanceHost

/// Issue 21: `glance new` makes a package of one's own that builds against this checkout and
/// previews its first widget in every family; the service takes any bundle's program.
@Suite struct NewPackageTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func namesAndIdentities() {
        for good in ["desk", "kitchen-face", "Hall_2"] { #expect(ProjectTemplate.isValidName(good), "\(good)") }
        for bad in ["", "2desk", "-desk", "my desk", "../desk", "desk/x", "bü", String(repeating: "a", count: 65)] {
            #expect(!ProjectTemplate.isValidName(bad), "\(bad)")
        }
        #expect(ProjectTemplate.GlanceSource.path("/home/pi/src/glance").identity == "glance")
        #expect(ProjectTemplate.GlanceSource.url("https://example.com/you/Glance.git", from: "1.0.0").identity == "Glance")
        #expect(ProjectTemplate.GlanceSource.literal("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(throws: (any Error).self) { try NewCommand.parse(["2desk"]) }
        #expect(throws: (any Error).self) { try NewCommand.parse(["desk", "--glance-url", "https://x/glance.git"]) }
        #expect(throws: (any Error).self) { try NewCommand.parse(["desk", "--glance-path", "/a", "--glance-url", "u", "--from", "1.0.0"]) }
    }

    @Test func filesFollowTheBoardAndNeverOverwrite() throws {
        let board = try BoardCatalog.board("adafruit-pioled")
        let template = ProjectTemplate(name: "kitchen-face", board: board, boardArgument: "adafruit-pioled",
                                       glance: .path("/src/glance"), appleNames: true)
        #expect(template.typeName == "KitchenFace")
        #expect(template.manifest.contains(".package(path: \"/src/glance\", traits: [.trait(name: \"WebSimulator\", condition: .when(traits: [\"Simulator\"])), .trait(name: \"DevelopmentTools\", condition: .when(traits: [\"Simulator\"]))])"))
        #expect(template.manifest.contains(".default(enabledTraits: [\"Simulator\"])"), "the browser simulator while developing")
        #expect(template.manifest.contains(".product(name: \"GlanceAppleNames\", package: \"glance\")"))
        #expect(template.widgetFile.contains("import SwiftUI\nimport WidgetKit"))
        #expect(template.widgetFile.contains("struct KitchenFaceWidgets: WidgetBundle"))
        // The PiOLED has no buttons: no bindings, and a note saying how to add some.
        #expect(template.faceFile.contains("# bindings: this board has no buttons"))
        let face = try FaceConfiguration(yaml: template.faceFile, file: "glance.yaml")
        #expect(face.board?.value == "adafruit-pioled")
        #expect(face.slots.flatMap(\.widgets).map(\.kind.value) == ["hello"])

        let bonnet = ProjectTemplate(name: "desk", board: try BoardCatalog.board("adafruit-oled-bonnet"), boardArgument: "adafruit-oled-bonnet",
                                     glance: .url("https://example.com/glance.git", from: "1.0.0"), appleNames: false)
        let bound = try FaceConfiguration(yaml: bonnet.faceFile, file: "glance.yaml")
        #expect(bound.bindings.map(\.button.value) == ["up", "down", "left", "right", "centre", "A", "B"])
        #expect(bonnet.manifest.contains(".package(url: \"https://example.com/glance.git\", from: \"1.0.0\", traits: [.trait(name: \"WebSimulator\", condition: .when(traits: [\"Simulator\"])), .trait(name: \"DevelopmentTools\", condition: .when(traits: [\"Simulator\"]))])"))

        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("glance-new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: parent) }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let folder = parent.appendingPathComponent("desk")
        try bonnet.write(into: folder)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/desk/desk.swift").path))
        let before = try String(contentsOf: folder.appendingPathComponent("glance.yaml"), encoding: .utf8)
        #expect(throws: CommandFailure.self) { try template.write(into: folder) }
        #expect(try String(contentsOf: folder.appendingPathComponent("glance.yaml"), encoding: .utf8) == before)
    }

    @Test func serviceWarnsWhenItsUserCannotReachTheProgram() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-reach-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("private"), withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("private/face.yaml")
        try Data("board: simulator\n".utf8).write(to: file)
        chmod(folder.path, 0o755)
        chmod(file.path, 0o644)
        chmod(folder.appendingPathComponent("private").path, 0o755)
        #expect(ServiceCommand.closedToOthers(file.path, execute: false) == nil)
        chmod(folder.appendingPathComponent("private").path, 0o700)
        #expect(ServiceCommand.closedToOthers(file.path, execute: false)?.contains("private is closed to other users") == true)
        chmod(folder.appendingPathComponent("private").path, 0o755)
        chmod(file.path, 0o600)
        #expect(ServiceCommand.closedToOthers(file.path, execute: false) == "it is not readable by other users")
        #expect(ServiceCommand.closedToOthers(folder.appendingPathComponent("none").path, execute: true)?.hasSuffix("does not exist") == true)
    }

    /// Creates a package with the real `glance new`, builds it against this checkout and draws
    /// its previews with its own program. The build folder (`.build-new-package` in the
    /// checkout) is kept between runs, so only the first run compiles Glance again.
    @Test(.timeLimit(.minutes(40))) func generatedPackageBuildsAndPreviewsEveryFamily() async throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("glance-new-build-\(getpid())")
        defer { try? FileManager.default.removeItem(at: parent) }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let created = try await Self.run(ProcessTests.glance.path, ["new", "desk", "--parent", parent.path, "--glance-path", Self.checkout.path])
        #expect(created.status == 0, "\(created.output)")
        #expect(created.output.contains("swift run desk preview --all"))
        let package = parent.appendingPathComponent("desk")
        let scratch = Self.checkout.appendingPathComponent(".build-new-package")
        let built = try await Self.run("/usr/bin/env", ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path])
        try #require(built.status == 0, "swift build of the generated package failed:\n\(built.output.suffix(4000))")
        // Warnings of our code or the maker's fail; the package manager's note that a
        // dependency of Hummingbird (swift-distributed-tracing) ships CMake files is not either.
        let warnings = built.output.split(separator: "\n").filter { line in
            line.contains("warning:") && !(line.contains("file(s) which are unhandled") && !line.contains("'desk'") && !line.contains("'glance'"))
        }
        #expect(warnings.isEmpty, "\(warnings)")
        let previews = parent.appendingPathComponent("previews")
        let drawn = try await Self.run(scratch.appendingPathComponent("debug/desk").path,
                                 ["preview", "--all", "--out-dir", previews.path, "--sheet", parent.appendingPathComponent("sheet.png").path,
                                  "--scale", "2", "--date", "2026-11-21T10:42:00Z"])
        #expect(drawn.status == 0, "\(drawn.output)")
        for family in ["accessoryRectangular", "accessoryCircular", "accessoryInline", "accessoryCorner"] {
            #expect(drawn.output.contains("— \(family) entry 0"), "no \(family) preview in:\n\(drawn.output)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: previews.path).filter { $0.hasSuffix(".png") }
        #expect(files.count == 4)
        // Issue 35: the starter widget's clock is never stale: an entry for each minute of the
        // next hour (entry 1 draws the next minute), not one entry reloaded every 15 minutes.
        func entry(_ index: Int) async throws -> (status: Int32, png: Data?) {
            let file = parent.appendingPathComponent("entry-\(index).png")
            let drawn = try await Self.run(scratch.appendingPathComponent("debug/desk").path,
                                           ["preview", "hello", "--family", "accessoryRectangular", "--entry", "\(index)", "--out", file.path])
            return (drawn.status, try? Data(contentsOf: file))
        }
        let first = try await entry(0), second = try await entry(1), last = try await entry(59), beyond = try await entry(60)
        #expect(first.status == 0 && second.status == 0 && last.status == 0)
        #expect(first.png != nil && second.png != nil && first.png != second.png, "entry 1 shows the next minute")
        #expect(beyond.status != 0, "60 entries: one for each minute of the hour")
        if let keep = ProcessInfo.processInfo.environment["GLANCE_KEEP_NEW_PACKAGE_SHEET"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: parent.appendingPathComponent("sheet.png"), to: URL(fileURLWithPath: keep))
        }
    }

    /// `glance new --glance-url URL --from VERSION` against a git repository with release tags:
    /// the package manager takes the newest tag from VERSION on below the next major version.
    /// The repository is a bare clone of this checkout's HEAD with three more commits of the
    /// same tree made in it (`git commit-tree`), tagged 0.1.0 (HEAD), 0.1.1 and 1.0.0; the
    /// package must resolve to 0.1.1 at its commit, exactly as Docs/Versions.md says.
    @Test(.timeLimit(.minutes(10))) func aPackageFromAReleaseResolvesToTheNewestTagOfThatMajorVersion() async throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("glance-new-tag-\(getpid())")
        defer { try? FileManager.default.removeItem(at: parent) }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let repository = parent.appendingPathComponent("glance.git").path
        struct GitFailed: Error, CustomStringConvertible { var description: String }
        func git(_ arguments: [String]) async throws -> String {
            let done = try await Self.run("/usr/bin/env", ["git", "-C", repository] + arguments)
            guard done.status == 0 else { throw GitFailed(description: "git \(arguments.joined(separator: " ")): \(done.output)") }
            return done.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let cloned = try await Self.run("/usr/bin/env", ["git", "clone", "--quiet", "--bare", Self.checkout.path, repository])
        try #require(cloned.status == 0, "\(cloned.output)")
        let identity = ["-c", "user.name=Glance tests", "-c", "user.email=tests@glance.invalid"]
        var head = try await git(["rev-parse", "HEAD"])
        var tagged: [String: String] = [:]
        for version in ["0.1.0", "0.1.1", "1.0.0"] {
            if version != "0.1.0" {
                head = try await git(identity + ["commit-tree", "HEAD^{tree}", "-p", head, "-m", "Release \(version)"])
            }
            _ = try await git(["tag", version, head])
            tagged[version] = head
        }
        let created = try await Self.run(ProcessTests.glance.path, ["new", "desk", "--parent", parent.path,
                                                                   "--glance-url", "file://\(repository)", "--from", "0.1.0"])
        try #require(created.status == 0, "\(created.output)")
        let package = parent.appendingPathComponent("desk")
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".package(url: \"file://\(repository)\", from: \"0.1.0\""))
        let resolved = try await Self.run("/usr/bin/env", ["swift", "package", "resolve", "--package-path", package.path])
        try #require(resolved.status == 0, "swift package resolve:\n\(resolved.output.suffix(4000))")
        struct Pins: Decodable {
            struct Pin: Decodable {
                struct State: Decodable { var version: String?; var revision: String }
                var identity: String
                var state: State
            }
            var pins: [Pin]
        }
        let pins = try JSONDecoder().decode(Pins.self, from: Data(contentsOf: package.appendingPathComponent("Package.resolved")))
        let glance = try #require(pins.pins.first { $0.identity == "glance" }, "no pin for glance in Package.resolved")
        #expect(glance.state.version == "0.1.1", "from 0.1.0: the newest 0.x tag, not 1.0.0")
        #expect(glance.state.revision == tagged["0.1.1"])
    }

    /// Runs `program` to its end (output and errors together); the test's time limit bounds it.
    static func run(_ program: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let finished = try await runToEnd(URL(fileURLWithPath: program), arguments)
        return (finished.status, finished.output)
    }
}
