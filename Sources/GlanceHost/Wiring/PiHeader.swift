/// The Raspberry Pi's 40-pin header (every 40-pin model: Zero, 2, 3, 4, 5): what each physical
/// pin carries. Pin 1 is 3.3 V in the corner marked with a square pad; odd pins form the row
/// nearer the board's middle. GPIO numbers are Broadcom (BCM) numbers, as board files use them.
enum PiHeader {
    /// What a pin carries.
    enum Function: Equatable, Sendable {
        case power3V3
        case power5V
        case ground
        /// A GPIO line, with the role it has in the usual configuration (I2C, SPI, UART), if any.
        case gpio(Int, role: String?)

        /// "3.3 V", "GND", "GPIO 2 (SDA)".
        var label: String {
            switch self {
            case .power3V3: "3.3 V"
            case .power5V: "5 V"
            case .ground: "GND"
            case .gpio(let line, let role): role.map { "GPIO \(line) (\($0))" } ?? "GPIO \(line)"
            }
        }
    }

    /// The header's pins, 1…40.
    static let pins: [Int: Function] = {
        let gpios: [Int: (Int, String?)] = [
            3: (2, "SDA"), 5: (3, "SCL"), 7: (4, nil), 8: (14, "TXD"), 10: (15, "RXD"), 11: (17, nil), 12: (18, nil),
            13: (27, nil), 15: (22, nil), 16: (23, nil), 18: (24, nil), 19: (10, "MOSI"), 21: (9, "MISO"), 22: (25, nil),
            23: (11, "SCLK"), 24: (8, "CE0"), 26: (7, "CE1"), 27: (0, "ID_SD"), 28: (1, "ID_SC"), 29: (5, nil), 31: (6, nil),
            32: (12, nil), 33: (13, nil), 35: (19, nil), 36: (16, nil), 37: (26, nil), 38: (20, nil), 40: (21, nil),
        ]
        var pins: [Int: Function] = [1: .power3V3, 17: .power3V3, 2: .power5V, 4: .power5V]
        for pin in groundPins { pins[pin] = .ground }
        for (pin, (line, role)) in gpios { pins[pin] = .gpio(line, role: role) }
        return pins
    }()

    /// The ground pins, in pin order.
    static let groundPins = [6, 9, 14, 20, 25, 30, 34, 39]

    /// The pin of GPIO `line`, or nil when the header does not carry it.
    static func pin(ofGPIO line: Int) -> Int? {
        pins.first { _, function in
            if case .gpio(let number, _) = function { return number == line }
            return false
        }?.key
    }

    /// The pins of SPI bus `bus` (0 on the header's usual pins, 1 with `dtoverlay=spi1-…`).
    static func spiPins(bus: Int) -> (mosi: Int, sclk: Int, chipSelects: [Int])? {
        switch bus {
        case 0: (mosi: 19, sclk: 23, chipSelects: [24, 26])
        case 1: (mosi: 38, sclk: 40, chipSelects: [12, 11, 36])
        default: nil
        }
    }

    /// The ground pin nearest to `pin` (by row) that is not in `taken`; the nearest one when
    /// all are taken.
    static func nearestGround(to pin: Int, avoiding taken: Set<Int>) -> Int {
        let row = (pin + 1) / 2
        let ranked = groundPins.sorted { abs(($0 + 1) / 2 - row) < abs(($1 + 1) / 2 - row) || (abs(($0 + 1) / 2 - row) == abs(($1 + 1) / 2 - row) && $0 < $1) }
        return ranked.first { !taken.contains($0) } ?? ranked[0]
    }
}
