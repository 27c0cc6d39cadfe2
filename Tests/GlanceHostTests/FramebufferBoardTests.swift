import Foundation
import GlanceCore
import GlanceFace
import GlanceLinux
import GlancePanels
import GlanceUI
@testable import GlanceHost
import Testing

/// Issue 20: framebuffer boards in `glance run`: the backlight a board names, and a simulated
/// TFT whose dimming is its backlight.
@Suite struct FramebufferBoardTests {
    private func backlights(_ names: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("glance-backlight-\(UUID().uuidString.prefix(8))")
        for name in names {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "15\n".write(to: folder.appendingPathComponent("max_brightness"), atomically: false, encoding: .utf8)
        }
        return root
    }

    private func board(backlight: String?) throws -> BoardConfiguration {
        try BoardConfiguration(yaml: "name: tft\npanel:\n  controller: framebuffer\n  size: 320x240\n  bus: framebuffer\n  device: /dev/fb1\n"
                               + (backlight.map { "  backlight: \($0)\n" } ?? ""), file: "b.yaml")
    }

    @Test func theBacklightIsTheOnlyOneTheNamedOneOrNone() throws {
        let one = try backlights(["soc:backlight"]), two = try backlights(["a", "b"])
        defer { try? FileManager.default.removeItem(at: one); try? FileManager.default.removeItem(at: two) }
        var notes = [String]()
        #expect(try PanelAssembly.backlight(board: board(backlight: nil), note: { notes.append($0) }, root: one)?.name == "soc:backlight")
        #expect(try PanelAssembly.backlight(board: board(backlight: "none"), note: { notes.append($0) }, root: one) == nil)
        #expect(try PanelAssembly.backlight(board: board(backlight: nil), note: { notes.append($0) }, root: two) == nil)
        #expect(notes == ["several backlights (a, b): dimming is off; name one with backlight: in the board file"])
        #expect(try PanelAssembly.backlight(board: board(backlight: "b"), note: { _ in }, root: two)?.name == "b")
        let error = #expect(throws: PanelAssemblyError.self) { try PanelAssembly.backlight(board: board(backlight: "c"), note: { _ in }, root: two) }
        #expect(error?.description == "board 'tft': no backlight 'c' in \(two.path) (there: a, b)")
    }

    @Test func aBacklightThatCannotBeWrittenIsReportedOnceAndTheScreenCarriesOn() async throws {
        struct ReadOnly: Backlight {
            let name = "soc:backlight"
            func set(fraction: Double) async throws { throw BacklightError(message: "permission denied writing /sys/class/backlight/soc:backlight/brightness") }
        }
        let notes = Locked([String]())
        let light = ForgivingBacklight(ReadOnly(), note: { line in notes.withLock { $0.append(line) } })
        let screen = MemoryFramebuffer(info: FramebufferScreenInfo(width: 32, height: 16, layout: .rgb565))
        let pipeline = PanelPipeline(controller: FramebufferController(device: screen, info: screen.info, backlight: light), clock: ManualClock())
        _ = await pipeline.show(Bitmap(width: 32, height: 16, value: 255))
        await pipeline.setBrightness(.dim)
        await pipeline.setBrightness(.dimmest)
        #expect(await pipeline.isHealthy, "a backlight error is no panel failure")
        #expect(notes.withLock { $0 } == ["backlight soc:backlight: permission denied writing /sys/class/backlight/soc:backlight/brightness; the screen is not dimmed"])
    }

    @Test func backlightIsAFramebufferKey() {
        let error = #expect(throws: ConfigurationError.self) {
            try BoardConfiguration(yaml: "name: x\npanel:\n  controller: ssd1306\n  size: 128x64\n  bus: emulated\n  backlight: auto\n", file: "b.yaml")
        }
        #expect(error?.description == "b.yaml:6:14: backlight applies only to framebuffer panels (ssd1306 has its own light)")
    }

    @Test func aSimulatedTFTDimsItsBacklight() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("glance-tft-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: state) }
        let assembly = try PanelAssembly.open(board: try BoardCatalog.board("simulator-tft"), clock: ManualClock(), capture: nil, stateDirectory: state)
        var picture = Bitmap(width: 320, height: 240)
        picture.fill(Rect(x: 10, y: 10, width: 100, height: 50), value: 255)
        picture.fill(Rect(x: 200, y: 100, width: 50, height: 50), value: 128)
        await assembly.display.show(picture, state: .active)
        let active = try #require(await assembly.glass?())
        #expect(active[20, 20] == 255 && active[210, 110] >= 124 && active[210, 110] <= 132 && active[0, 0] == 0, "gray as drawn")
        await assembly.display.show(picture, state: .alwaysOn)
        let dimmed = try #require(await assembly.glass?())
        #expect(dimmed[20, 20] == 102, "the backlight at 40 %")
        #expect(assembly.display.panel.technology == .framebuffer)
        await assembly.display.show(picture, state: .off)
        #expect(try #require(await assembly.glass?()).pixels.allSatisfy { $0 == 0 })
    }
}
