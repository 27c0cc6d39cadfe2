import Foundation
import Testing
import GlanceFace
@testable import GlanceHost
import GlancePanels
import GlanceInput
import GlanceUI
import GlanceWidgets

@Suite struct BoardConfigurationTests {
    @Test func everyPresetLoads() throws {
        #expect(BoardCatalog.builtIn.count == EmbeddedBoards.files.count)
        // Presets are found by file name without parsing the others: each is named as its file.
        #expect(BoardCatalog.names == BoardCatalog.builtIn.map(\.name).sorted())
        #expect(EmbeddedBoards.files.keys.allSatisfy { $0.hasSuffix(".yaml") && !$0.contains("/") })
        let names = Set(BoardCatalog.names)
        for required in ["simulator", "simulator-sh1106", "simulator-ssd1327", "simulator-epaper", "adafruit-oled-bonnet", "adafruit-pioled",
                         "sh1106-1.3in", "ssd1309-2.42in", "waveshare-oled-1.5in", "waveshare-epaper-2.13in-v4",
                         "ssd1306-spi-0.96in", "ssd1309-spi-2.42in", "simulator-ssd1681", "waveshare-epaper-1.54in-v2", "simulator-sh1107", "sh1107-1.12in", "simulator-uc8151", "uc8151-2.9in", "simulator-ssd1322", "ssd1322-3.12in", "simulator-sharp", "sharp-ls027b7dh01", "sharp-ls013b7dh03", "simulator-tft", "adafruit-pitft28", "adafruit-tft18"] {
            #expect(names.contains(required), "missing preset \(required)")
        }
        let bonnet = try BoardCatalog.board("adafruit-oled-bonnet")
        #expect(bonnet.panel.connection == .i2c(bus: 1, address: 0x3C))
        #expect(bonnet.buttons.list.map(\.name) == ["A", "B", "up", "down", "left", "right", "centre"])
        #expect(bonnet.buttons.list[0].line == .offset(5))
        #expect(bonnet.buttons.chips.first == "pinctrl-rp1")
        let epaper = try BoardCatalog.board("waveshare-epaper-2.13in-v4")
        #expect(epaper.panel.connection == .spi(bus: 0, chipSelect: 0, dataCommand: 25, reset: 17, busy: 24))
        #expect(epaper.panel.onExit == "keep")
        // Issue 20: the 7-pin OLED modules over SPI have D/C and RST but no BUSY line.
        let spiOLED = try BoardCatalog.board("ssd1309-spi-2.42in")
        #expect(spiOLED.panel.connection == .spi(bus: 0, chipSelect: 0, dataCommand: 24, reset: 25, busy: nil))
        #expect(spiOLED.panel.onExit == "off")
        let sharp = try BoardCatalog.board("sharp-ls027b7dh01")
        #expect(sharp.panel.connection == .spi(bus: 0, chipSelect: 0, dataCommand: nil, reset: nil, busy: nil))
        #expect(sharp.panel.onExit == "keep")
    }

    @Test func unknownBoardSuggestsTheClosest() {
        #expect(throws: ConfigurationError(file: "--board",
                                           message: "no board named 'simulater' (built in: \(BoardCatalog.names.joined(separator: ", ")); or give a path to a .yaml file)",
                                           suggestion: "simulator")) {
            try BoardCatalog.board("simulater")
        }
        #expect(throws: ConfigurationError(file: "/nonexistent/board.yaml", message: "board file does not exist")) {
            try BoardCatalog.board("/nonexistent/board.yaml")
        }
    }

    private static let valid = """
        name: test
        panel:
          controller: ssd1306
          size: 128x64
          bus: i2c-1
          address: 0x3c
        buttons:
          chip: gpio-sim
          lines:
            A: {line: 5, key: a}
        """

    @Test(arguments: [
        ("name: x\n", "b.yaml:1:1: missing 'panel' (controller, size and bus of the display)"),
        ("", "b.yaml:1:1: the file is empty; expected a mapping of settings"),
        ("name: [x\n", "b.yaml:2:1: YAML syntax error: did not find expected ',' or ']'"),
        ("- 1\n", "b.yaml:1:1: the file should be a mapping of settings (name, description, panel, buttons), found a list"),
        ("name: x\npanle: {}\n", "b.yaml:2:1: unknown key 'panle' in the file (expected one of: name, description, panel, buttons); did you mean 'panel'?"),
        ("name: x\npanel:\n  controller: ssd1307\n", "b.yaml:3:15: panel.controller is 'ssd1307', expected one of: ssd1306, ssd1309, ssd1315, sh1106, sh1107, ssd1322, ssd1327, ssd1680, ssd1681, uc8151, ls013b7dh03, ls027b7dh01, framebuffer; did you mean 'ssd1306'?"),
        ("name: x\npanel:\n  controller: ssd1306\n  size: 100x64\n  bus: emulated\n", "b.yaml:4:9: ssd1306 panels are 128x64, 128x32, 72x40, 64x48, not 100x64"),
        // Issue 35, item 8: both problems, in file order (the missing key is the panel's, where the panel starts).
        ("name: x\npanel:\n  controller: ssd1306\n  size: big\n",
         "b.yaml:3:3: missing 'bus' (emulated, i2c-N, spi-B.C or framebuffer)\nb.yaml:4:9: size is 'big', expected WIDTHxHEIGHT such as 128x64"),
        ("name: x\npanel:\n  controller: ssd1306\n  size: 128x64\n  bus: i2c-1\n", "b.yaml:3:3: missing 'address' (0x3c or 0x3d for these panels)"),
        ("name: x\npanel:\n  controller: ssd1306\n  size: 128x64\n  bus: i2c-1\n  address: 0x99\n", "b.yaml:6:12: panel.address is 0x99, expected 8…119"),
        ("name: x\npanel:\n  controller: ssd1306\n  size: 128x64\n  bus: usb\n", "b.yaml:5:8: bus is 'usb', expected emulated, i2c-N (e.g. i2c-1), spi-B.C (e.g. spi-0.0) or framebuffer"),
        ("name: x\npanel:\n  controller: ssd1680\n  size: 250x122\n  bus: spi-0.0\n  dc: 25\n", "b.yaml:3:3: missing 'reset' (the BCM number of the panel's reset line)"),
        ("name: x\npanel:\n  controller: ssd1306\n  size: 128x64\n  bus: emulated\n  rotation: 45\n", "b.yaml:6:13: rotation is 45, expected 0, 90, 180 or 270"),
        ("name: x\npanel:\n  controller: ssd1306\n  size: 128x64\n  bus: emulated\n  column-offset: 2\n", "b.yaml:6:18: column-offset applies only to sh1106 panels"),
        ("name: x\npanel: {controller: ssd1306, size: 128x64, bus: emulated, shift: spiral}\n",
         "b.yaml:2:66: panel.shift is 'spiral', expected one of: off, orbit, wear-guided"),
        ("name: x\npanel: {controller: ssd1306, size: 128x64, bus: emulated, max-shift: 9}\n", "b.yaml:2:70: panel.max-shift is 9, expected 1…4"),
        ("name: x\npanel: {controller: sh1106, size: 128x64, bus: emulated, shift-period: 1s}\n", "b.yaml:2:72: panel.shift-period is 1s, expected 10s…24h"),
        ("name: x\npanel:\n  controller: ssd1680\n  size: 250x122\n  bus: emulated\n  shift: orbit\n",
         "b.yaml:6:10: shift applies only to OLED panels (ssd1680 does not burn in)"),
        ("name: x\npanel:\n  controller: ssd1306\n  size: 128x64\n  bus: emulated\n  drive:\n    dark: {contrast: 0}\n",
         "b.yaml:7:5: unknown key 'dark' in panel.drive (expected one of: normal, dim, dimmest)"),
        ("name: x\npanel:\n  controller: ssd1306\n  size: 128x64\n  bus: emulated\n  drive:\n    dim: {contrast: 0x130, precharge: 0x22, vcomh: 0}\n",
         "b.yaml:7:21: panel.drive.dim.contrast is 0x130, expected 0…255"),
        ("name: x\npanel:\n  controller: ssd1306\n  size: 128x64\n  bus: emulated\n  drive:\n    dim: {contrast: 0x20, vcomh: 0}\n",
         "b.yaml:7:10: missing 'precharge' (0…255, e.g. 0x30)"),
        ("name: x\npanel:\n  controller: ssd1680\n  size: 250x122\n  bus: emulated\n  drive: {dim: {contrast: 1, precharge: 1, vcomh: 1}}\n",
         "b.yaml:6:10: drive applies only to OLED panels (ssd1680 has no contrast, pre-charge or VCOMH)"),
        ("name: x\npanel: {controller: ssd1306, size: 128x64, bus: i2c-1, address: 0x3c}\nbuttons:\n  chip: c\n  lines:\n    up: {line: 3}\n",
         "b.yaml:4:3: button 'up' is on GPIO3, which is I2C SCL of the panel; claiming it as an input would disconnect the panel"),
        ("name: x\npanel: {controller: ssd1306, size: 128x64, bus: emulated}\nbuttons:\n  lines:\n    up: {line: 17}\n",
         "b.yaml:4:3: buttons with GPIO lines need 'chip' (a chip label such as pinctrl-bcm2711; see glance gpio list)"),
        ("name: x\npanel: {controller: ssd1306, size: 128x64, bus: emulated}\nbuttons:\n  lines:\n    up: {key: upp}\n",
         "b.yaml:5:15: buttons.lines.up.key is 'upp', expected one of: up, down, left, right, enter, space, tab, escape, backspace, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, r, s, t, u, v, w, x, y, z, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9; did you mean 'up'?"),
        ("name: x\npanel: {controller: ssd1306, size: 128x64, bus: emulated}\nbuttons:\n  debounce: fast\n",
         "b.yaml:4:13: buttons.debounce should be a duration such as 600ms, 30s, 10m or 1h, found 'fast'"),
        // Issue 15, item 6: duplicate SPI pins trapped building a dictionary of reserved pins.
        ("name: x\npanel:\n  controller: ssd1680\n  size: 250x122\n  bus: spi-0.0\n  dc: 25\n  reset: 25\n  busy: 24\nbuttons:\n  chip: c\n  lines:\n    A: {line: 5}\n",
         "b.yaml:7:10: reset is GPIO25, which is already the panel's dc line; each panel line needs a pin of its own"),
        ("name: x\npanel:\n  controller: ssd1680\n  size: 250x122\n  bus: spi-0.0\n  dc: 10\n  reset: 17\n  busy: 24\n",
         "b.yaml:6:7: dc is GPIO10, which is already SPI MOSI; each panel line needs a pin of its own"),
        ("name: x\npanel:\n  controller: ssd1680\n  size: 250x122\n  bus: spi-0.7\n  dc: 25\n  reset: 17\n  busy: 24\n",
         "b.yaml:5:8: bus is 'spi-0.7': SPI0 has chip selects 0 and 1"),
        // Issue 20: OLEDs over SPI.
        ("name: x\npanel:\n  controller: ssd1306\n  size: 128x64\n  bus: spi-0.0\n  dc: 24\n  reset: 25\n  busy: 23\n",
         "b.yaml:8:9: busy applies only to e-paper panels (ssd1306 has no BUSY line)"),
        ("name: x\npanel:\n  controller: ls013b7dh03\n  size: 128x128\n  bus: spi-0.0\n  dc: 24\n",
         "b.yaml:6:7: dc does not apply to Sharp memory LCDs (their SPI has no D/C or RST line)"),
        ("name: x\npanel:\n  controller: sh1106\n  size: 128x64\n  bus: spi-0.0\n  dc: 24\n  reset: 25\n",
         "b.yaml:5:8: sh1106 panels are wired over I2C; use i2c-N"),
        ("name: x\npanel:\n  controller: ssd1680\n  size: 250x122\n  bus: i2c-1\n",
         "b.yaml:5:8: ssd1680 panels are not wired over I2C; use spi-B.C"),
        // Issue 15, item 6: 1e16s trapped converting to milliseconds.
        ("name: x\npanel: {controller: ssd1306, size: 128x64, bus: emulated}\nbuttons:\n  debounce: 1e16s\n",
         "b.yaml:4:13: buttons.debounce is 1e16s, expected 0ms…1s"),
    ])
    func brokenBoardFiles(text: String, message: String) {
        let error = #expect(throws: ConfigurationError.self) { try BoardConfiguration(yaml: text, file: "b.yaml") }
        #expect(error?.description == message)
    }

    @Test func validBoardParses() throws {
        let board = try BoardConfiguration(yaml: Self.valid, file: "b.yaml")
        #expect(board.buttons.debounce == .milliseconds(15))
        #expect(board.panel.mono == .orderedDither)
        #expect(board.panel.burnIn == BoardConfiguration.BurnIn(strategy: .wearGuided, maximum: 2, period: .seconds(300)))
        let orbit = try BoardConfiguration(yaml: "name: x\npanel: {controller: ssd1306, size: 128x64, bus: emulated, shift: orbit, max-shift: 3, shift-period: 10m}\n",
                                           file: "b.yaml")
        #expect(orbit.panel.burnIn == BoardConfiguration.BurnIn(strategy: .orbit, maximum: 3, period: .seconds(600)))
        let off = try BoardConfiguration(yaml: "name: x\npanel: {controller: ssd1306, size: 128x64, bus: emulated, shift: off}\n", file: "b.yaml")
        #expect(off.panel.burnIn.strategy == nil)
        #expect(board.panel.drive.isEmpty)
    }

    /// Issue 18: a module whose best dimming differs from the controller's table says so in
    /// its board file; the assembled controller drives those levels, the rest stay the table's.
    @Test func aBoardsOwnDriveLevelsReachTheController() throws {
        let text = "name: dim-module\npanel:\n  controller: ssd1315\n  size: 128x64\n  bus: emulated\n  drive:\n    dim: {contrast: 0x10, precharge: 0x21, vcomh: 0x00}\n"
        let board = try BoardConfiguration(yaml: text, file: "b.yaml")
        #expect(board.panel.drive == [.dim: OLEDDrive(contrast: 0x10, precharge: 0x21, vcomh: 0x00)])
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("glance-drive-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: state) }
        let assembly = try PanelAssembly.open(board: board, clock: ManualClock(), capture: nil, stateDirectory: state)
        let controller = assembly.pipeline.controller
        #expect(controller.light(at: .dim) == OLEDLuminance.light(contrast: 0x10, prechargeClocks: 2, vcomh: 0x00))
        let model = try PanelAssembly.ssd1306Model(board)
        #expect(model.drive[.dim] == OLEDDrive(contrast: 0x10, precharge: 0x21, vcomh: 0x00, internalReference: 0x30), "the SSD1315 keeps its reference step")
        #expect(model.drive[.normal] == SSD1306Controller.Model.ssd1315_128x64.drive[.normal])
    }
}

@Suite struct FaceConfigurationTests {
    private let kinds: [String: [WidgetFamily]] = ["Clock": [.accessoryRectangular, .accessoryInline], "Weather": [.accessoryCircular, .accessoryRectangular]]
    private let intents = ["ToggleTaskIntent", "Complete next task"]

    private func face(_ text: String) throws -> FaceConfiguration {
        let face = try FaceConfiguration(yaml: text, file: "glance.yaml")
        try face.validate(board: try BoardCatalog.board("simulator"), kinds: kinds, intents: intents)
        return face
    }

    @Test func fullFaceParses() throws {
        let face = try face("""
            board: simulator
            slots:
              - family: accessoryRectangular
                widgets: [Clock, Weather]
            bindings:
              A: stack.next
              B: {click: ToggleTaskIntent, long-press: wake}
            always-on:
              idle: 45s
              off: 10m
              night: 23:30-07:00
              hide-sensitive: yes
            app-group: desk
            url-handler: {command: [xdg-open]}
            reload-budget: unlimited
            """)
        #expect(face.slots.first?.widgets.map(\.kind.value) == ["Clock", "Weather"])
        #expect(face.bindings.map(\.gesture) == [.click, .click, .longPress])
        #expect(face.alwaysOn.idle == .seconds(45) && face.alwaysOn.off == .seconds(600))
        #expect(face.slots.first?.rotate == nil, "a stack rotates only when asked")
        #expect(face.alwaysOn.night == FaceConfiguration.Night(start: 1410, end: 420))
        #expect(face.reloadBudget == nil)
        #expect(face.urlHandler == .command(["xdg-open"]))
    }

    @Test(arguments: [
        ("slots:\n  - family: accessoryRectangular\n    widgets: [Clok]\n",
         "glance.yaml:3:15: no widget of kind 'Clok' in this bundle (kinds: Clock, Weather); did you mean 'Clock'?"),
        ("slots:\n  - family: accessoryCircular\n    widgets: Clock\n",
         "glance.yaml:3:14: widget 'Clock' does not support accessoryCircular (it supports accessoryRectangular, accessoryInline)"),
        ("slots:\n  - family: accessoryRound\n    widgets: Clock\n",
         "glance.yaml:2:13: slots[1].family is 'accessoryRound', expected one of: accessoryRectangular, accessoryCircular, accessoryInline, accessoryCorner, systemSmall, systemMedium, systemLarge, systemExtraLarge"),
        ("slots:\n  - family: accessoryInline\n    widgts: Clock\n",
         "glance.yaml:3:5: unknown key 'widgts' in slots[1] (expected one of: family, frame, height, width, widgets, pinned, rotate); did you mean 'widgets'?"),
        ("bindings:\n  X: stack.next\n", "glance.yaml:2:3: board 'simulator' has no button 'X' (buttons: A, B, up, down, left, right, centre)"),
        ("bindings:\n  a: stack.next\n", "glance.yaml:2:3: board 'simulator' has no button 'a' (buttons: A, B, up, down, left, right, centre); did you mean 'A'?"),
        ("bindings:\n  A: stack.nxt\n", "glance.yaml:2:6: 'stack.nxt' is neither a built-in action (stack.next, stack.previous, focus.next, focus.activate, wake) nor an intent of this bundle; did you mean 'stack.next'?"),
        ("bindings:\n  A: {hold: wake}\n", "glance.yaml:2:7: unknown gesture 'hold' (expected one of: click, double-click, long-press, press, release, repeat)"),
        ("always-on:\n  idle: soon\n", "glance.yaml:2:9: always-on.idle should be a duration such as 600ms, 30s, 10m or 1h, or never, found 'soon'"),
        ("always-on:\n  idle: 1e16s\n", "glance.yaml:2:9: always-on.idle is 1e16s, expected 1s…24h"),
        ("always-on:\n  off: 1e308h\n", "glance.yaml:2:8: always-on.off should be a duration such as 600ms, 30s, 10m or 1h, or never, found '1e308h'"),
        ("slots:\n  - family: accessoryRectangular\n    widgets: [Clock, Weather]\n    rotate: often\n",
         "glance.yaml:4:13: slots[1].rotate should be a duration such as 600ms, 30s, 10m or 1h, found 'often'"),
        ("slots:\n  - family: accessoryRectangular\n    widgets: [Clock, Weather]\n    rotate: 0.5s\n",
         "glance.yaml:4:13: slots[1].rotate is 0.5s, expected 1s…24h"),
        ("slots:\n  - family: accessoryRectangular\n    widgets: Clock\n    rotate: 30s\n",
         "glance.yaml:4:13: rotate needs a stack, and this slot holds one widget: list two or more under 'widgets'"),
        ("always-on:\n  off: 0.5s\n", "glance.yaml:2:8: always-on.off is 0.5s, expected 1s…720h"),
        ("always-on:\n  night: 25:00-07:00\n", "glance.yaml:2:10: always-on.night has '25:00', expected a time of day such as 22:30"),
        ("reload-budget: -3\n", "glance.yaml:1:16: reload-budget is -3, expected 1…10000"),
        ("url-handler: {http: ftp://x}\n", "glance.yaml:1:21: http is 'ftp://x': expected an http:// address with a host"),
        ("url-handler: {http: 'http://pi:99999/hook'}\n", "glance.yaml:1:21: http is 'http://pi:99999/hook': the port must be 1–65535"),
        ("url-handler: {http: 'https://ha.example/hook'}\n",
         "glance.yaml:1:21: http is 'https://ha.example/hook': the built-in handler speaks plain http:// only; for https use command: [curl, -s, https://ha.example/hook, --data-binary] (the URL is appended)"),
        ("app-group: ../etc\n", "glance.yaml:1:12: app-group '../etc' must be a simple name (no slashes), e.g. desk"),
        ("bord: simulator\n", "glance.yaml:1:1: unknown key 'bord' in the file (expected one of: board, layout, slots, bindings, always-on, app-group, url-handler, reload-budget, mqtt, locale); did you mean 'board'?"),
    ])
    func brokenFaceFiles(text: String, message: String) {
        let error = #expect(throws: ConfigurationError.self) { try face(text) }
        #expect(error?.description == message)
    }

    /// Issue 35, item 5: a face without buttons can stay lit and turn its stack by itself.
    @Test func aFaceWithoutButtonsNeverDimsAndRotates() throws {
        let face = try face("""
            slots:
              - family: accessoryRectangular
                widgets: [Clock, Weather]
                rotate: 30s
            always-on:
              idle: never
              off: never
            """)
        #expect(face.alwaysOn.idle == nil && face.alwaysOn.off == nil)
        #expect(face.slots.first?.rotate == .seconds(30))
    }

    @Test func suggestionsNeedToBeClose() {
        #expect(Suggestions.closest(to: "simulatr", in: ["simulator", "adafruit-pioled"]) == "simulator")
        #expect(Suggestions.closest(to: "zzz", in: ["simulator"]) == nil)
        #expect(Suggestions.editDistance(Array("ab"), Array("ba")) == 1)
    }
}

/// Issue 35, item 5: a board without buttons cannot page or wake its face.
@Suite struct ButtonlessBoardTests {
    private let size = Size(width: 128, height: 64)

    @Test func withoutAFaceFileTheDefaultFaceStaysLitAndTurnsItsStack() async throws {
        let board = try BoardCatalog.board("ssd1306-128x64-i2c")
        #expect(board.buttons.list.isEmpty)
        let plan = try await FacePlan.make(board: board, configuration: nil, bundle: FaceParameterTests.bundle, pictureSize: size)
        #expect(plan.settings.alwaysOn.idleTimeout == nil)
        #expect(plan.face.slots.map(\.rotation) == [.seconds(30)])
        #expect(FacePlan.dimmingNotice(board: board, settings: plan.settings) == nil)
        // A board with buttons keeps the usual default face: dims after 30 s, pages on buttons.
        let simulator = try await FacePlan.make(board: try BoardCatalog.board("simulator"), configuration: nil,
                                                bundle: FaceParameterTests.bundle, pictureSize: size)
        #expect(simulator.settings.alwaysOn.idleTimeout == .seconds(30))
        #expect(simulator.face.slots.map(\.rotation) == [nil])
    }

    @Test func aFaceFileThatDimsOnABoardWithoutButtonsIsNoticed() async throws {
        let board = try BoardCatalog.board("ssd1306-128x64-i2c")
        let face = try FaceConfiguration(yaml: "slots:\n  - family: accessoryRectangular\n    widgets: [room, plain]\n", file: "glance.yaml")
        let plan = try await FacePlan.make(board: board, configuration: face, bundle: FaceParameterTests.bundle, pictureSize: size)
        #expect(plan.settings.alwaysOn.idleTimeout == .seconds(30), "a face file's settings are what it says")
        #expect(FacePlan.dimmingNotice(board: board, settings: plan.settings)
                == "board 'ssd1306-128x64-i2c' has no buttons: the face dims after 30s and nothing on the board wakes it; 'idle: never' under always-on keeps it lit (Docs/Configuration.md, \"Faces without buttons\")")
        let lit = try FaceConfiguration(yaml: "always-on:\n  idle: never\n", file: "glance.yaml")
        let litPlan = try await FacePlan.make(board: board, configuration: lit, bundle: FaceParameterTests.bundle, pictureSize: size)
        #expect(FacePlan.dimmingNotice(board: board, settings: litPlan.settings) == nil)
    }
}

/// Rings the test's bell; what a binding of the typed-bindings test names.
private struct RingIntent: AppIntent {
    static let title: LocalizedStringResource = "Ring Bell"
    func perform() async throws -> some IntentResult { .result() }
}

/// Issue 37, item 5: a face file's bindings are resolved once, when the plan is made: each
/// button a `ButtonID`, each intent its type, so a press looks no name up.
@Suite struct TypedBindingTests {
    @Test func thePlanHoldsButtonIDsAndBoundIntents() async throws {
        let bundle = BundleContents(widgets: FaceParameterTests.bundle.widgets, intents: IntentRegistry([RingIntent.self]))
        let face = try FaceConfiguration(yaml: "bindings:\n  A: Ring Bell\n  B: {long-press: RingIntent, click: stack.next}\n", file: "glance.yaml")
        let plan = try await FacePlan.make(board: try BoardCatalog.board("simulator"), configuration: face, bundle: bundle,
                                           pictureSize: Size(width: 128, height: 64))
        let ring = FaceAction.intent(BoundIntent(RingIntent.self))
        #expect(plan.bindings == [FacePlan.BindingKey(button: "A", gesture: .click): ring,
                                  FacePlan.BindingKey(button: "B", gesture: .longPress): ring,
                                  FacePlan.BindingKey(button: "B", gesture: .click): .stackNext])
        #expect(plan.bindings[FacePlan.BindingKey(button: "A", gesture: .click)]?.description == "Ring Bell", "status names it as the file does")
        // Without a face file the defaults are typed the same way.
        let defaults = try await FacePlan.make(board: try BoardCatalog.board("simulator"), configuration: nil, bundle: bundle,
                                               pictureSize: Size(width: 128, height: 64))
        #expect(defaults.bindings[FacePlan.BindingKey(button: "centre", gesture: .click)] == .focusActivate)
    }

    @Test func anUnknownIntentStillStopsTheFaceAtItsPlace() async throws {
        let face = try FaceConfiguration(yaml: "bindings:\n  A: Ring Bel\n", file: "glance.yaml")
        let error = await #expect(throws: ConfigurationError.self) {
            try await FacePlan.make(board: try BoardCatalog.board("simulator"), configuration: face,
                                    bundle: BundleContents(widgets: [], intents: IntentRegistry([RingIntent.self])), pictureSize: Size(width: 128, height: 64))
        }
        #expect(error?.description == "glance.yaml:2:6: 'Ring Bel' is neither a built-in action (stack.next, stack.previous, focus.next, focus.activate, wake) nor an intent of this bundle; did you mean 'Ring Bell'?")
    }
}

/// Issue 15, item 6: `glance run --duration` takes at most a year (1e16s ran for ever on a fast clock).
@Suite struct RunDurationTests {
    @Test(arguments: ["1e16s", "-5s", "0s", "9000h", "nan s", "soon"])
    func anImpossibleDurationIsRefused(_ text: String) throws {
        let error = try #require(#expect(throws: (any Error).self) { try RunCommand.parse(["--headless", "--clock", "fast", "--duration=" + text]) })
        #expect(RunCommand.message(for: error).contains("is not a duration such as 30s, 2m or 1h, of at most a year (8784h)"))
    }

    @Test func aYearIsAccepted() throws {
        _ = try RunCommand.parse(["--headless", "--clock", "fast", "--duration", "8784h"])
        #expect(RunCommand.parseDuration("1.5m") == 90)
    }
}

/// Issue 15, item 6: every shipped board and example face file, mutated line by line, either
/// loads or fails with a message at a line and column — never a crash, never a message
/// without a place.
@Suite struct MutatedConfigurationTests {
    static let replacements = ["", "-1", "0", "1e16", "99999999999999999999", "x", "[]", "{}", "0x", "~", "'\u{0}'", "1e16s", "-5ms",
                               "[1, 2, 2]", "{a: 1}", "&a x", "*a", "\"\\u0000\""]

    /// Each line removed, and each line's value replaced by each of `replacements`.
    static func mutations(of text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result = [String]()
        for index in lines.indices {
            var removed = lines
            removed.remove(at: index)
            result.append(removed.joined(separator: "\n"))
            guard let colon = lines[index].firstIndex(of: ":") else { continue }
            for replacement in replacements {
                var changed = lines
                changed[index] = String(lines[index][...colon]) + " " + replacement
                result.append(changed.joined(separator: "\n"))
            }
        }
        return result
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func mutatedBoardFilesFailWithAPlace() throws {
        let folder = Self.root.appendingPathComponent("Boards")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files.count >= 8)
        var failures = 0
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for mutated in Self.mutations(of: text) {
                do {
                    _ = try BoardConfiguration(yaml: mutated, file: file)
                } catch let error as ConfigurationError {
                    failures += 1
                    for problem in error.all {
                        #expect(problem.line > 0 && problem.column > 0 && problem.description.hasPrefix("\(file):\(problem.line):\(problem.column): "),
                                "no place in: \(error.description)\n--- from ---\n\(mutated)")
                    }
                } catch {
                    Issue.record("not a ConfigurationError: \(error)")
                }
            }
        }
        #expect(failures > 100, "the mutations reach the checks")
    }

    @Test func mutatedFaceFilesFailWithAPlace() throws {
        let face = try String(contentsOf: Self.root.appendingPathComponent("Examples/glance.yaml"), encoding: .utf8)
        for mutated in Self.mutations(of: face) {
            do {
                _ = try FaceConfiguration(yaml: mutated, file: "glance.yaml")
            } catch let error as ConfigurationError {
                #expect(error.all.allSatisfy { $0.line > 0 && $0.column > 0 }, "no place in: \(error.description)\n--- from ---\n\(mutated)")
            } catch {
                Issue.record("not a ConfigurationError: \(error)")
            }
        }
    }
}
