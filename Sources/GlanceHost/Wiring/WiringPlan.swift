import Foundation
import GlanceGraphics

/// The wires a board file asks for on a Raspberry Pi's 40-pin header: the panel's power, bus
/// and control lines and each button's line and ground, worked out from the board file alone
/// (`glance wiring`, Docs/Wiring.md).
struct WiringPlan: Equatable, Sendable {
    /// One wire: from a part's pin to a header pin.
    struct Wire: Equatable, Sendable {
        /// "Panel" or "Button A".
        var part: String
        /// The part's pin: "VCC", "SDA", "DC", "leg 1"…
        var signal: String
        /// The header pin, 1…40.
        var pin: Int
        /// The colour it is drawn in.
        var color: RGB

        /// "Panel SDA".
        var name: String { "\(part) \(signal)" }
    }

    /// The board's name.
    var board: String
    /// What the panel is and how it is reached, for the title.
    var panel: String
    /// The wires, panel first, then the buttons in file order.
    var wires: [Wire]
    /// What the maker should know beyond the wires (buses to enable, parts not on the header).
    var notes: [String]

    /// Why a board has nothing to draw.
    struct NothingToWire: Error, CustomStringConvertible {
        var description: String
    }

    static let red = RGB(hex: 0xD32F2F), black = RGB(hex: 0x212121), blue = RGB(hex: 0x1565C0), yellow = RGB(hex: 0xC99700)
    static let purple = RGB(hex: 0x6A1B9A), teal = RGB(hex: 0x00838F)
    static let brown = RGB(hex: 0x6D4C41), pink = RGB(hex: 0xC2185B)
    /// The buttons' colours, in file order (then again).
    static let buttonColors = [RGB(hex: 0x2E7D32), RGB(hex: 0x0277BD), RGB(hex: 0x8E24AA), RGB(hex: 0xF57C00), RGB(hex: 0x00897B),
                               RGB(hex: 0x5D4037), RGB(hex: 0xC0CA33), RGB(hex: 0xD81B60)]

    /// The plan for `board`.
    /// - Throws: `NothingToWire` for a board whose panel is emulated and that has no GPIO buttons.
    init(board: BoardConfiguration) throws {
        self.board = board.name
        let panel = board.panel
        let size = "\(panel.size.width)×\(panel.size.height)"
        var wires: [Wire] = []
        var notes: [String] = []
        func panelWire(_ signal: String, _ pin: Int, _ color: RGB) { wires.append(Wire(part: "Panel", signal: signal, pin: pin, color: color)) }
        switch panel.connection {
        case .emulated:
            self.panel = "\(panel.controller.rawValue) \(size), emulated (nothing to wire)"
        case .i2c(let bus, let address):
            self.panel = "\(panel.controller.rawValue) \(size) on /dev/i2c-\(bus) at 0x\(String(address, radix: 16, uppercase: true))"
            panelWire("VCC", 1, Self.red)
            panelWire("GND", 6, Self.black)
            if bus == 1 {
                panelWire("SDA", 3, Self.blue)
                panelWire("SCL", 5, Self.yellow)
                notes.append("Enable I2C once: sudo raspi-config nonint do_i2c 0 (or dtparam=i2c_arm=on in /boot/firmware/config.txt), then reboot.")
            } else {
                notes.append("/dev/i2c-\(bus) is not the header's I2C bus (pins 3 and 5 are /dev/i2c-1): its SDA and SCL are wherever the overlay that made it put them.")
            }
        case .spi(let bus, let chipSelect, let dataCommand, let reset, let busy):
            self.panel = "\(panel.controller.rawValue) \(size) on /dev/spidev\(bus).\(chipSelect)"
            panelWire("VCC", 1, Self.red)
            panelWire("GND", 6, Self.black)
            if let spi = PiHeader.spiPins(bus: bus), spi.chipSelects.indices.contains(chipSelect) {
                panelWire("DIN (MOSI)", spi.mosi, Self.blue)
                panelWire("CLK (SCLK)", spi.sclk, Self.yellow)
                panelWire("CS", spi.chipSelects[chipSelect], Self.purple)
                notes.append("Enable SPI once: sudo raspi-config nonint do_spi 0 (or dtparam=spi=on in /boot/firmware/config.txt), then reboot.")
            } else {
                notes.append("/dev/spidev\(bus).\(chipSelect) is not on the header's SPI pins: its lines are wherever the overlay that made it put them.")
            }
            for (signal, line, color) in [("DC", dataCommand, Self.teal), ("RST", reset, Self.brown), ("BUSY", busy, Self.pink)] {
                guard let line else { continue }
                if let pin = PiHeader.pin(ofGPIO: line) {
                    panelWire(signal, pin, color)
                } else {
                    notes.append("The panel's \(signal) is GPIO \(line), which the 40-pin header does not carry.")
                }
            }
        case .framebuffer(let path):
            self.panel = "\(panel.controller.rawValue) \(size) through \(path)"
            notes.append("The panel is driven by a kernel driver (\(path)): a display HAT plugs onto the header, or follow its maker's wiring; only the buttons are drawn.")
        }
        for (index, button) in board.buttons.list.enumerated() {
            guard let line = button.line else { continue }
            let color = Self.buttonColors[index % Self.buttonColors.count]
            let part = "Button \(button.name)"
            let number: Int? = switch line {
            case .offset(let offset): offset
            case .name(let name): Self.gpioNumber(named: name)
            }
            guard let number, let pin = PiHeader.pin(ofGPIO: number) else {
                notes.append("\(part) is line \(line), which is not a pin of the 40-pin header.")
                continue
            }
            wires.append(Wire(part: part, signal: "leg 1", pin: pin, color: color))
            let taken = Set(wires.map(\.pin))
            wires.append(Wire(part: part, signal: "leg 2", pin: PiHeader.nearestGround(to: pin, avoiding: taken), color: color))
        }
        if !board.buttons.list.contains(where: { $0.line != nil }), case .emulated = panel.connection {
            throw NothingToWire(description: "board '\(board.name)' has an emulated panel and no GPIO buttons: there is nothing to wire (glance boards lists boards with real panels)")
        }
        if wires.contains(where: { $0.part.hasPrefix("Button") }) {
            let pull = board.buttons.bias == "pull-up" ? "the Pi's internal pull-up holds the line high and a press pulls it to GND" : "the board file's bias is \(board.buttons.bias)"
            notes.append("Each button joins its GPIO pin to a GND pin (\(pull)); on a four-leg switch use two diagonally opposite legs.")
        }
        self.wires = wires
        self.notes = notes
    }

    /// The BCM number of a line named `GPIO17` / `GPIO 17`, or nil.
    static func gpioNumber(named name: String) -> Int? {
        let upper = name.uppercased()
        guard upper.hasPrefix("GPIO") else { return nil }
        return Int(upper.dropFirst(4).trimmingCharacters(in: .whitespaces))
    }
}
