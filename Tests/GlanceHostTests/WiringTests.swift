import Foundation
import GlanceGraphics
import Testing
@testable import GlanceHost

/// `glance wiring`: the wires worked out from board files, and the drawings in Docs/Wiring.md.
@Suite struct WiringTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func pins(_ plan: WiringPlan) -> [String: Int] {
        Dictionary(plan.wires.map { ($0.name, $0.pin) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func theFourPinI2CModuleTakes3V3GroundSDAAndSCL() throws {
        let plan = try WiringPlan(board: BoardCatalog.board("ssd1306-128x64-i2c"))
        #expect(Self.pins(plan) == ["Panel VCC": 1, "Panel GND": 6, "Panel SDA": 3, "Panel SCL": 5])
        #expect(plan.panel == "ssd1306 128×64 on /dev/i2c-1 at 0x3C")
        #expect(plan.notes.contains { $0.contains("raspi-config nonint do_i2c 0") })
    }

    @Test func eachButtonGoesToItsGPIOPinAndTheNearestFreeGround() throws {
        let plan = try WiringPlan(board: BoardCatalog.board(Self.checkout.appendingPathComponent("Examples/two-buttons-board.yaml").path))
        let pins = Self.pins(plan)
        // As Docs/Wiring.md and the board file's comment say.
        #expect(pins["Button A leg 1"] == 11 && pins["Button A leg 2"] == 9)
        #expect(pins["Button B leg 1"] == 13 && pins["Button B leg 2"] == 14)
        #expect(pins["Panel GND"] == 6)
    }

    @Test func anSPIPanelTakesBusZerosPinsAndItsControlLines() throws {
        let plan = try WiringPlan(board: BoardCatalog.board("waveshare-epaper-2.13in-v4"))
        let pins = Self.pins(plan)
        #expect(pins["Panel DIN (MOSI)"] == 19 && pins["Panel CLK (SCLK)"] == 23 && pins["Panel CS"] == 24)
        #expect(pins["Panel DC"] == 22 && pins["Panel RST"] == 11 && pins["Panel BUSY"] == 18)
        #expect(plan.notes.contains { $0.contains("do_spi 0") })
    }

    @Test func aBoardWithNothingToWireSaysSo() throws {
        #expect(throws: WiringPlan.NothingToWire.self) { try WiringPlan(board: BoardCatalog.board("simulator-ssd1327")) }
    }

    @Test func everyHeaderPinIsDescribedOnce() {
        #expect(PiHeader.pins.count == 40)
        #expect(PiHeader.pin(ofGPIO: 17) == 11 && PiHeader.pin(ofGPIO: 2) == 3 && PiHeader.pin(ofGPIO: 21) == 40)
        #expect(PiHeader.pin(ofGPIO: 28) == nil)
        #expect(PiHeader.nearestGround(to: 40, avoiding: []) == 39)
    }

    /// The SVG holds the same shapes as the PNG: one circle or square per pin and every wire in
    /// the legend.
    @Test func theSVGHasEveryPinAndWire() throws {
        let plan = try WiringPlan(board: BoardCatalog.board("ssd1306-128x64-i2c"))
        let svg = WiringDrawing(plan).svg()
        #expect(svg.components(separatedBy: "<circle").count - 1 == 39)
        #expect(svg.contains("Panel SDA → pin 3 (GPIO 2 (SDA))"))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    }

    /// Every text of the SVG is as wide as the layout made room for: in a browser's monospace
    /// font (wider than Glance's) the I2C note ran past the drawing's right edge and was cut.
    @Test func theSVGsTextsStayInsideTheDrawing() throws {
        let drawing = WiringDrawing(try WiringPlan(board: BoardCatalog.board("ssd1306-128x64-i2c")))
        let texts = drawing.svg().components(separatedBy: "\n").filter { $0.hasPrefix("<text ") }
        #expect(texts.count > 80)
        func number(_ name: String, in line: String) -> Int? {
            guard let start = line.range(of: " \(name)=\"") else { return nil }
            return Int(line[start.upperBound...].prefix { $0 != "\"" })
        }
        for line in texts {
            let x = try #require(number("x", in: line)), length = number("textLength", in: line)
            #expect(length != nil, "\(line)")
            let (left, right) = line.contains("text-anchor=\"end\"") ? (x - (length ?? 0), x) : (x, x + (length ?? 0))
            #expect(left >= 0 && right <= drawing.width, "\(line)")
        }
    }

    /// Docs/Wiring.md's drawings are what `glance wiring` draws now
    /// (`GLANCE_RECORD_GOLDEN=1` writes them again).
    @Test(arguments: ["ssd1306-128x64-i2c", "ssd1306-128x32-i2c", "sh1106-1.3in", "two-buttons-board", "waveshare-epaper-2.13in-v4"])
    func theDocsDrawingsAreCurrent(board name: String) throws {
        let board = name == "two-buttons-board"
            ? try BoardCatalog.board(Self.checkout.appendingPathComponent("Examples/two-buttons-board.yaml").path)
            : try BoardCatalog.board(name)
        let png = Data(try PNG.encode(WiringDrawing(WiringPlan(board: board)).image(scale: 1)))
        let url = Self.checkout.appendingPathComponent("Docs").appendingPathComponent("Images").appendingPathComponent("wiring-\(name).png")
        if ProcessInfo.processInfo.environment["GLANCE_RECORD_GOLDEN"] == "1" {
            try png.write(to: url, options: .atomic)
        }
        #expect(try Data(contentsOf: url) == png, "\(url.path) is not what glance wiring draws; run the tests with GLANCE_RECORD_GOLDEN=1")
    }
}
