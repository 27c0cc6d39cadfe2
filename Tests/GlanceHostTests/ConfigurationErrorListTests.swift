import ArgumentParser
import Foundation
import GlanceTesting
import Testing
@testable import GlanceHost
import GlanceWeb
import GlanceUI
import GlanceWidgets

/// Issue 35, item 8: one run reports every problem of a face or board file, in file order,
/// each at its file, line and column; what depends on a part with a problem is not checked,
/// so one mistake is reported once; a file full of mistakes lists 20 and counts the rest.
@Suite struct ConfigurationErrorListTests {
    /// A folder of its own for files a check reads by path.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("glance-errors-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `glance config check`'s message for the face `text`, checked against the demo widgets' names.
    private func check(face text: String, board: String? = nil) async throws -> String? {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("glance.yaml")
        try Data(text.utf8).write(to: file)
        do {
            _ = try await ConfigCommand.check(file: file.path, board: board, bundle: FaceParameterTests.bundle)
            return nil
        } catch let error as ConfigurationError {
            return error.description.replacingOccurrences(of: file.path, with: "glance.yaml")
        }
    }

    private static let boards = BoardCatalog.names.joined(separator: ", ")

    @Test func threeProblemsInThreeSectionsAreReportedInFileOrder() async throws {
        // Read in another order than written (the board last, after the file): the report is in the file's.
        let message = try await check(face: """
            mqtt:
              host: broker.local
              port: 70000
            slots:
              - family: accessoryRound
                widgets: [room]
            board: simulater
            """)
        #expect(message == """
            glance.yaml:3:9: mqtt.port is 70000, expected 1…65535
            glance.yaml:5:13: slots[1].family is 'accessoryRound', expected one of: accessoryRectangular, accessoryCircular, accessoryInline, accessoryCorner, systemSmall, systemMedium, systemLarge, systemExtraLarge
            glance.yaml:7:8: no board named 'simulater' (built in: \(Self.boards); or give a path to a .yaml file); did you mean 'simulator'?
            """)
    }

    @Test func aBoardFilesProblemsAreAllReported() {
        let error = #expect(throws: ConfigurationError.self) {
            try BoardConfiguration(yaml: """
                name: x
                panel:
                  controller: ssd1306
                  size: 128x64
                  bus: emulated
                  rotation: 45
                buttons:
                  debounce: fast
                  lines:
                    up: {key: upp}
                colour: red
                """, file: "b.yaml")
        }
        #expect(error?.lines == [
            "b.yaml:6:13: rotation is 45, expected 0, 90, 180 or 270",
            "b.yaml:8:13: buttons.debounce should be a duration such as 600ms, 30s, 10m or 1h, found 'fast'",
            "b.yaml:10:15: buttons.lines.up.key is 'upp', expected one of: up, down, left, right, enter, space, tab, escape, backspace, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, r, s, t, u, v, w, x, y, z, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9; did you mean 'up'?",
            "b.yaml:11:1: unknown key 'colour' in the file (expected one of: name, description, panel, buttons)",
        ])
    }

    @Test func namesTheBundleLacksAreAllReported() async throws {
        let message = try await check(face: """
            slots:
              - family: accessoryRectangular
                widgets: [rom, plain]
              - family: accessoryRectangular
                widgets: [plian]
            bindings:
              X: stack.next
            """)
        #expect(message?.components(separatedBy: "\n").map { String($0.prefix(while: { $0 != " " })) }
                == ["glance.yaml:3:15:", "glance.yaml:5:15:", "glance.yaml:7:3:"], "\(message ?? "no problem")")
    }

    @Test func oneProblemIsOneLine() async throws {
        let message = try await check(face: "slots:\n  - family: accessoryRectangular\n    widgets: [room]\n    pinned: sometimes\n")
        #expect(message == "glance.yaml:4:13: slots[1].pinned should be true or false, found 'sometimes'")
        let error = #expect(throws: ConfigurationError.self) { try FaceConfiguration(yaml: "reload-budget: lots\n", file: "glance.yaml") }
        #expect(error?.all.count == 1)
        #expect(error?.lines == ["glance.yaml:1:16: reload-budget should be a whole number, found 'lots'"])
    }

    /// What follows from a mistake is not reported as more mistakes.
    @Test func problemsDoNotCascade() async throws {
        // An unreadable board: the slot's and the binding's names are not checked against it.
        #expect(try await check(face: "board: simulater\nslots:\n  - family: accessoryRectangular\n    widgets: [nothing]\nbindings:\n  X: wake\n")
                == "glance.yaml:1:8: no board named 'simulater' (built in: \(Self.boards); or give a path to a .yaml file); did you mean 'simulator'?")
        // A slot with a problem is left out: its widgets are not looked up.
        #expect(try await check(face: "slots:\n  - family: accessoryRound\n    widgets: [nothing]\n")
                == "glance.yaml:2:13: slots[1].family is 'accessoryRound', expected one of: accessoryRectangular, accessoryCircular, accessoryInline, accessoryCorner, systemSmall, systemMedium, systemLarge, systemExtraLarge")
        // A misspelt key is not also a missing one.
        #expect(try await check(face: "slots:\n  - family: accessoryRectangular\n    widget: [room]\n")
                == "glance.yaml:3:5: unknown key 'widget' in slots[1] (expected one of: family, frame, height, width, widgets, pinned, rotate); did you mean 'widgets'?")
        // An unknown controller: the keys that depend on it are not judged.
        let error = #expect(throws: ConfigurationError.self) {
            try BoardConfiguration(yaml: "name: x\npanel:\n  controller: ssd1307\n  size: 250x122\n  busy: 24\n", file: "b.yaml")
        }
        #expect(error?.all.count == 1)
    }

    @Test func aFloodOfProblemsListsTwentyAndCountsTheRest() {
        let text = (1...25).map { "key\($0): 1" }.joined(separator: "\n")
        let error = #expect(throws: ConfigurationError.self) { try FaceConfiguration(yaml: text, file: "glance.yaml") }
        let lines = error?.lines ?? []
        #expect(lines.count == 21)
        #expect(lines.first == "glance.yaml:1:1: unknown key 'key1' in the file (expected one of: board, layout, slots, bindings, always-on, app-group, url-handler, reload-budget, mqtt, locale)")
        #expect(lines.dropLast().last?.hasPrefix("glance.yaml:20:1: unknown key 'key20'") == true)
        #expect(lines.last == "and 5 more problems (the first 20 are listed)")
        // Past the thousand problems kept, the rest are counted, not kept.
        let flood = (1...3000).map { "key\($0): 1" }.joined(separator: "\n")
        let counted = #expect(throws: ConfigurationError.self) { try FaceConfiguration(yaml: flood, file: "glance.yaml") }
        #expect(counted?.lines.last == "and 2980 more problems (the first 20 are listed)")
        #expect(counted?.lines.first?.hasPrefix("glance.yaml:1:1: unknown key 'key1' ") == true)
    }

    /// A misspelt board in glance.yaml was reported as `--board`, without a line or column.
    @Test func aFaceFilesBoardIsReportedAtItsKey() async throws {
        #expect(try await check(face: "# the face\nboard: adafruit-olde-bonnet\n")
                == "glance.yaml:2:8: no board named 'adafruit-olde-bonnet' (built in: \(Self.boards); or give a path to a .yaml file); did you mean 'adafruit-oled-bonnet'?")
        #expect(try await check(face: "board: boards/mine.yaml\n") == "glance.yaml:1:8: boards/mine.yaml: board file does not exist")
        // --board is still reported as --board.
        #expect(try await check(face: "board: simulator\n", board: "simulater")
                == "--board: no board named 'simulater' (built in: \(Self.boards); or give a path to a .yaml file); did you mean 'simulator'?")
    }

    /// Every problem is printed on a line of its own that starts with `glance: `, and the
    /// status is 2, by `config check` and by `run`, before anything runs.
    @Test func commandsPrintEveryProblem() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("glance.yaml")
        try Data("board: simulater\nalways-on:\n  idle: soon\nlocale: 12\n".utf8).write(to: file)
        var environment = ProcessInfo.processInfo.environment
        environment["GLANCE_STATE_DIR"] = folder.appendingPathComponent("state").path
        let expected = """
            glance: glance.yaml:1:8: no board named 'simulater' (built in: \(Self.boards); or give a path to a .yaml file); did you mean 'simulator'?
            glance: glance.yaml:3:9: always-on.idle should be a duration such as 600ms, 30s, 10m or 1h, or never, found 'soon'
            glance: glance.yaml:4:9: locale '12' does not start with a known language code (e.g. en, de_DE, pt_BR)

            """
        for arguments in [["config", "check", "glance.yaml"], ["run", "--headless", "--config", "glance.yaml", "--clock", "fast", "--duration", "1s"]] {
            let result = try await runToEnd(ProcessTests.glance, arguments, environment: environment, in: folder, separateErrors: true)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors == expected, "\(arguments)")
        }
    }
}

/// Issue 35, item 8: every command a generated or example file names works (the generated face
/// file named `glance boards NAME`, which took no name).
@Suite struct NamedCommandTests {
    /// The arguments of every `swift run PROGRAM …` in `text` (up to a comment or a closing backtick).
    static func commands(in text: String, program: String) -> [[String]] {
        var found = [[String]]()
        var rest = Substring(text)
        let marker = "swift run \(program) "
        while let range = rest.range(of: marker) {
            let line = rest[range.upperBound...].prefix { $0 != "\n" && $0 != "`" && $0 != "#" }
            found.append(line.split(separator: " ").map(String.init))
            rest = rest[range.upperBound...]
        }
        return found
    }

    @Test func everyCommandOfAGeneratedPackageParses() throws {
        // The package's program has the browser simulator while developing, as `glance` has.
        WebServer.install()
        for board in ["adafruit-pioled", "adafruit-oled-bonnet"] {
            let template = ProjectTemplate(name: "desk", board: try BoardCatalog.board(board), boardArgument: board,
                                           glance: .path("/src/glance"), appleNames: true)
            let commands = [template.faceFile, template.readme, template.widgetFile, template.manifest].flatMap { Self.commands(in: $0, program: "desk") }
            #expect(commands.count >= 4)
            for arguments in commands {
                #expect(throws: Never.self, "swift run desk \(arguments.joined(separator: " "))") { _ = try GlanceCommand.parseAsRoot(arguments) }
            }
        }
    }

    /// The face file of a board without buttons names `boards NAME`: it shows that board.
    @Test func theCommandsAGeneratedFaceFileNamesRun() async throws {
        let template = ProjectTemplate(name: "desk", board: try BoardCatalog.board("adafruit-pioled"), boardArgument: "adafruit-pioled",
                                       glance: .path("/src/glance"), appleNames: true)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-named-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(template.faceFile.utf8).write(to: folder.appendingPathComponent("glance.yaml"))
        let commands = Self.commands(in: template.faceFile, program: "desk")
        #expect(commands == [["config", "check", "glance.yaml"], ["boards", "adafruit-pioled"]])
        var environment = ProcessInfo.processInfo.environment
        environment["GLANCE_STATE_DIR"] = folder.appendingPathComponent("state").path
        let boards = try await runToEnd(ProcessTests.glance, ["boards", "adafruit-pioled"], environment: environment, in: folder)
        #expect(boards.status == 0 && boards.output.hasPrefix("adafruit-pioled\n"), "\(boards.output)")
        // The face file's widget is the generated package's, which `glance` lacks: its board and keys are checked here.
        let check = try await runToEnd(ProcessTests.glance, ["config", "check", "glance.yaml"], environment: environment, in: folder)
        #expect(check.output.contains("no widget of kind 'hello'"), "\(check.output)")
    }

    @Test func theExamplesCommandsRun() async throws {
        let examples = NewPackageTests.checkout.appendingPathComponent("Examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".yaml") }.sorted()
        var checked = 0
        for file in files {
            let text = try String(contentsOf: examples.appendingPathComponent(file), encoding: .utf8)
            for arguments in Self.commands(in: text, program: "glance") {
                #expect(throws: Never.self, "\(file): swift run glance \(arguments.joined(separator: " "))") { _ = try GlanceCommand.parseAsRoot(arguments) }
                guard arguments.prefix(2) == ["config", "check"] else { continue }
                let result = try await runToEnd(ProcessTests.glance, arguments, in: NewPackageTests.checkout)
                #expect(result.status == 0, "\(file): glance \(arguments.joined(separator: " ")): \(result.output)")
                checked += 1
            }
        }
        #expect(checked >= 2)
    }
}
