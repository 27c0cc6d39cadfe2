import Foundation
import Testing
import GlanceFace
@testable import GlanceHost
import GlanceGraphics
import GlancePanels
import Glance

/// Issue 35: presets for the plain 4-pin I2C modules, and board files that take a preset and
/// change what differs (the address, the buttons) without copying it.
@Suite struct PresetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theFourPinModulesHavePresets() throws {
        let large = try BoardCatalog.board("ssd1306-128x64-i2c")
        #expect(large.panel.controller == .ssd1306 && large.panel.size == Size(width: 128, height: 64))
        #expect(large.panel.connection == .i2c(bus: 1, address: 0x3C))
        #expect(large.buttons.list.isEmpty)
        let small = try BoardCatalog.board("ssd1306-128x32-i2c")
        #expect(small.panel.controller == .ssd1306 && small.panel.size == Size(width: 128, height: 32))
        #expect(small.panel.connection == .i2c(bus: 1, address: 0x3C))
        let model = try PanelAssembly.ssd1306Model(small)
        #expect(model.comPins == 0x02, "sequential COM pins on the 32-row glass")
        #expect(model.initialization.contains(.multiplexRatio(0x1F)) && model.initialization.contains(.comPins(0x02)))
        #expect(try PanelAssembly.ssd1306Model(large).initialization.contains(.multiplexRatio(0x3F)))
        let sh1106 = try BoardCatalog.board("sh1106-1.3in")
        #expect(sh1106.panel.connection == .i2c(bus: 1, address: 0x3C) && sh1106.panel.columnOffset == 2)
    }

    /// Each preset's controller, run against the emulator of its chip, puts `glance panel test`'s
    /// pattern on the glass where it was drawn: the 128×32's multiplex and COM pins and the
    /// SH1106's column offset are decoded as the glass wires them.
    @Test(arguments: ["ssd1306-128x64-i2c", "ssd1306-128x32-i2c", "sh1106-1.3in"])
    func eachPresetDrivesItsEmulator(preset: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-preset-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let boardFile = folder.appendingPathComponent("emulated.yaml")
        try "preset: \(preset)\npanel: {bus: emulated}\n".write(to: boardFile, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("glass.png")
        try await PanelCommand.Test.parse(["--board", boardFile.path, "--out", out.path, "--scale", "1"]).run(clock: ManualClock())
        let glass = try PNG.decode(Array(try Data(contentsOf: out)))
        let board = try BoardCatalog.board(boardFile.path)
        #expect(board.name == preset, "a board file without a name keeps the preset's")
        let pipeline = try PanelAssembly.open(board: board, clock: ManualClock(), capture: nil, stateDirectory: folder, shiftsAgainstBurnIn: false).pipeline
        let expected = pipeline.expectedGlass(for: PanelCommand.Test.pattern(size: pipeline.pictureSize, title: board.name))
        #expect(glass.size == board.panel.size)
        #expect(glass.size == expected.size && zip(glass.pixels, expected.pixels).allSatisfy { ($0 >= 128) == ($1 > 0) })
    }

    @Test func aBoardFileChangesTheAddressAndAddsButtons() throws {
        let board = try BoardConfiguration(yaml: """
            preset: ssd1306-128x64-i2c
            name: desk
            panel:
              address: 0x3d
            buttons:
              chip: gpio-sim
              lines:
                next: {line: 17}
                back: {line: 27, key: b}
            """, file: "desk.yaml")
        #expect(board.name == "desk")
        #expect(board.summary == "4-pin I2C SSD1306 128×64 (0.96\") on i2c-1 at 0x3C, no buttons", "the preset's description stays unless replaced")
        #expect(board.panel.connection == .i2c(bus: 1, address: 0x3D))
        #expect(board.panel.size == Size(width: 128, height: 64) && board.panel.controller == .ssd1306)
        #expect(board.buttons.list == [BoardConfiguration.Button(name: "next", line: .offset(17), key: nil),
                                       BoardConfiguration.Button(name: "back", line: .offset(27), key: "b")])
        #expect(board.buttons.activeLow && board.buttons.bias == "pull-up")
    }

    @Test func aBoardFileChangesAndRemovesAPresetsButtons() throws {
        let board = try BoardConfiguration(yaml: """
            preset: adafruit-oled-bonnet
            name: bonnet-without-joystick
            buttons:
              debounce: 30ms
              lines:
                A: {line: 12}
                up: ~
                down: ~
                left: ~
                right: ~
                centre:
            """, file: "b.yaml")
        #expect(board.buttons.list == [BoardConfiguration.Button(name: "A", line: .offset(12), key: "a"),
                                       BoardConfiguration.Button(name: "B", line: .offset(6), key: "b")])
        #expect(board.buttons.debounce == .milliseconds(30))
        #expect(board.buttons.chips == ["pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"])
    }

    @Test(arguments: [
        ("preset: ssd1306-128x64-i2d\n",
         "b.yaml:1:9: no built-in preset named 'ssd1306-128x64-i2d' (built in: \(BoardCatalog.names.joined(separator: ", "))); did you mean 'ssd1306-128x64-i2c'?"),
        ("preset: ssd1306-128x64-i2c\npanel:\n  adress: 0x3d\n",
         "b.yaml:3:3: unknown key 'adress' in panel (expected one of: \(BoardConfigurationTestsSupport.panelKeys)); did you mean 'address'?"),
        ("preset: ssd1306-128x64-i2c\npanel:\n  address: 0x80\n", "b.yaml:3:12: panel.address is 0x80, expected 8…119"),
        ("preset: ssd1306-128x64-i2c\nbuttons:\n  chip: gpio-sim\n  lines:\n    A: {line: 2}\n",
         "b.yaml:3:3: button 'A' is on GPIO2, which is I2C SDA of the panel; claiming it as an input would disconnect the panel"),
        ("preset: ssd1306-128x64-i2c\nbuttons:\n  lines:\n    A: {line: 17}\n",
         "b.yaml:3:3: buttons with GPIO lines need 'chip' (a chip label such as pinctrl-bcm2711; see glance gpio list)"),
        // A change that does not fit the rest of the preset: the error is at the preset's line, and says which file took it.
        ("name: x\npreset: ssd1306-128x32-i2c\npanel: {controller: sh1106}\n",
         "Boards/ssd1306-128x32-i2c.yaml:9:9: sh1106 panels are 128x64, not 128x32 (preset ssd1306-128x32-i2c, taken at b.yaml:2:9)"),
        ("preset: [ssd1306-128x64-i2c]\n", "b.yaml:1:9: preset should be a text value, found a list"),
    ])
    func badOverridesNameTheirPlace(text: String, message: String) {
        #expect(throws: (any Error).self) { try BoardConfiguration(yaml: text, file: "b.yaml") }
        do {
            _ = try BoardConfiguration(yaml: text, file: "b.yaml")
        } catch {
            #expect("\(error)" == message)
        }
    }

    /// The two-button example: the preset's panel, buttons on GPIO 17 and 27 with the Pi's
    /// pull-ups, and a face whose bindings name them.
    @Test func theTwoButtonExampleFits() throws {
        let path = Self.root.appendingPathComponent("Examples/two-buttons-board.yaml").path
        let board = try BoardCatalog.board(path)
        #expect(board.name == "two-buttons")
        #expect(board.panel.connection == .i2c(bus: 1, address: 0x3C) && board.panel.size == Size(width: 128, height: 64))
        #expect(board.buttons.list == [BoardConfiguration.Button(name: "A", line: .offset(17), key: "a"),
                                       BoardConfiguration.Button(name: "B", line: .offset(27), key: "b")])
        #expect(board.buttons.activeLow && board.buttons.bias == "pull-up")
        let facePath = Self.root.appendingPathComponent("Examples/two-buttons.yaml").path
        let face = try FaceConfiguration(yaml: try String(contentsOfFile: facePath, encoding: .utf8), file: facePath)
        #expect(face.board?.value == "Examples/two-buttons-board.yaml")
        let kinds = Dictionary(uniqueKeysWithValues: ["clock", "weather", "tasks", "system"].map { ($0, [WidgetFamily.accessoryRectangular]) })
        try face.validate(board: board, kinds: kinds, intents: ["CompleteNextTaskIntent", "StartKitchenTimerIntent"])
        #expect(Set(face.bindings.map(\.button.value)) == ["A", "B"])
    }
}

enum BoardConfigurationTestsSupport {
    static let panelKeys = (["controller", "size", "bus", "address", "dc", "reset", "busy", "device", "backlight",
                             "rotation", "mono", "look", "column-offset", "on-exit", "drive"] + BoardConfiguration.burnInKeys + BoardConfiguration.ePaperKeys)
        .joined(separator: ", ")
}

/// Issue 35: a face tried on another board than its own (`--board`) runs with the buttons that
/// board has; a button no board has stays an error.
@Suite struct OtherBoardTests {
    private let kinds = ["clock": [WidgetFamily.accessoryRectangular]]
    private let face = """
        board: simulator
        slots:
          - family: accessoryRectangular
            widgets: clock
        bindings:
          up: stack.previous
          down: {click: stack.next, repeat: stack.next}
          A: stack.next
        """

    @Test func bindingsOfMissingButtonsAreLeftOutAndNamed() throws {
        let face = try FaceConfiguration(yaml: face, file: "glance.yaml")
        let epaper = try BoardCatalog.board("simulator-epaper")
        let (adapted, leftOut) = face.adapted(to: epaper)
        #expect(adapted.bindings.map(\.button.value) == ["A"])
        #expect(leftOut.map(\.button.value) == ["up", "down", "down"])
        try adapted.validate(board: epaper, kinds: kinds, intents: [])
        #expect(FaceConfiguration.leftOutNotice(leftOut, board: epaper)
                == "board 'simulator-epaper' has no button 'up', 'down': the face's bindings of them are left out")
        #expect(FaceConfiguration.leftOutNotice([], board: epaper) == nil)
    }

    @Test func onItsOwnBoardAndForTyposNothingIsLeftOut() throws {
        let own = try FaceConfiguration(yaml: face + "\n  X: wake\n", file: "glance.yaml")
        let simulator = try BoardCatalog.board("simulator")
        #expect(own.adapted(to: simulator).leftOut.isEmpty)
        // X is on neither board: still refused, at its place.
        let (adapted, _) = own.adapted(to: try BoardCatalog.board("simulator-epaper"))
        #expect(throws: ConfigurationError.self) { try adapted.validate(board: try BoardCatalog.board("simulator-epaper"), kinds: kinds, intents: []) }
        #expect(adapted.bindings.map(\.button.value) == ["A", "X"])
    }

    @Test func configCheckSaysWhatIsLeftOut() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-other-board-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("glance.yaml")
        try face.write(to: file, atomically: true, encoding: .utf8)
        let bundle = BundleContents(widgets: ClockProbeWidget().descriptors)
        let summary = try await ConfigCommand.check(file: file.path, board: "simulator-epaper", bundle: bundle)
        #expect(summary == "face for board 'simulator-epaper': 1 slot, 1 binding (board 'simulator-epaper' has no button 'up', 'down': the face's bindings of them are left out)")
        // A board file that takes a preset is checked as a board.
        let board = PresetTests.root.appendingPathComponent("Examples/two-buttons-board.yaml").path
        #expect(try await ConfigCommand.check(file: board, board: nil, bundle: bundle) == "board 'two-buttons': ssd1306 128x64, 2 buttons")
    }
}

private struct ClockProbeEntry: TimelineEntry {
    let date: Date
}

private struct ClockProbeProvider: TimelineProvider {
    func placeholder(in context: Context) -> ClockProbeEntry { ClockProbeEntry(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping (ClockProbeEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<ClockProbeEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

private struct ClockProbeWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "clock", provider: ClockProbeProvider()) { _ in Text("clock") }
            .supportedFamilies([.accessoryRectangular])
    }
}
