/// A header pin that belongs to a bus, which GPIO requests must leave alone.
public struct ReservedPin: Hashable, Sendable, CustomStringConvertible {
    /// The line offset on the header chip (the BCM GPIO number on a Raspberry Pi).
    public var offset: Int
    /// The pin's role on the bus, e.g. `SDA` or `SCLK`.
    public var function: String
    /// The bus, e.g. `i2c-1` or `spi0`.
    public var bus: String

    /// Creates a reservation.
    public init(offset: Int, function: String, bus: String) {
        self.offset = offset
        self.function = function
        self.bus = bus
    }

    /// For example `GPIO2 (SDA of i2c-1)`.
    public var description: String { "GPIO\(offset) (\(function) of \(bus))" }

    /// The Raspberry Pi header pins of `/dev/i2c-N`: GPIO2/3 for bus 1, GPIO0/1 for bus 0; none
    /// for buses whose pins depend on an overlay.
    public static func raspberryPiI2C(bus: Int) -> [ReservedPin] {
        switch bus {
        case 0: [ReservedPin(offset: 0, function: "SDA", bus: "i2c-0"), ReservedPin(offset: 1, function: "SCL", bus: "i2c-0")]
        case 1: [ReservedPin(offset: 2, function: "SDA", bus: "i2c-1"), ReservedPin(offset: 3, function: "SCL", bus: "i2c-1")]
        default: []
        }
    }

    /// The Raspberry Pi header pins of SPI bus `bus` (`/dev/spidevB.C`), all chip selects
    /// included because the kernel claims them together: SPI0 is GPIO7–11, SPI1 is GPIO16–21.
    public static func raspberryPiSPI(bus: Int) -> [ReservedPin] {
        let name = "spi\(bus)"
        switch bus {
        case 0:
            return [(7, "CE1"), (8, "CE0"), (9, "MISO"), (10, "MOSI"), (11, "SCLK")].map { ReservedPin(offset: $0.0, function: $0.1, bus: name) }
        case 1:
            return [(16, "CE2"), (17, "CE1"), (18, "CE0"), (19, "MISO"), (20, "MOSI"), (21, "SCLK")].map { ReservedPin(offset: $0.0, function: $0.1, bus: name) }
        default:
            return []
        }
    }
}
