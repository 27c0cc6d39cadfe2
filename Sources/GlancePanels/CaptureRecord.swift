/// One bus transfer in the capture format (Docs/Panels.md, "Capture files"), one per line:
///
/// ```
/// i2c 1 3c w 00 ae d5 80     # bus 1, 7-bit address 0x3c, write, bytes in hex
/// spi 0.0 c 12               # SPI bus 0 chip-select 0, D/C low: command bytes
/// spi 0.0 d ff ff 00         # D/C high: data bytes
/// gpio rst 0                 # an output line driven low
/// ```
/// `#` starts a comment; blank lines are ignored.
public enum CaptureRecord: Hashable, Sendable, CustomStringConvertible {
    /// An I2C write transaction to `address` on `/dev/i2c-bus`.
    case i2c(bus: Int, address: UInt8, bytes: [UInt8])
    /// An SPI transfer on `/dev/spidevB.C` with D/C high (`data`) or low (commands).
    case spi(bus: Int, chipSelect: Int, data: Bool, bytes: [UInt8])
    /// A GPIO output line driven to its active (`1`) or inactive (`0`) level.
    case gpio(line: String, active: Bool)

    /// The record as one capture line, without a newline.
    public var description: String {
        switch self {
        case let .i2c(bus, address, bytes):
            "i2c \(bus) \(Self.hex(address)) w \(bytes.map(Self.hex).joined(separator: " "))"
        case let .spi(bus, chipSelect, data, bytes):
            "spi \(bus).\(chipSelect) \(data ? "d" : "c") \(bytes.map(Self.hex).joined(separator: " "))"
        case let .gpio(line, active):
            "gpio \(line) \(active ? 1 : 0)"
        }
    }

    /// Parses a whole capture.
    /// - Returns: The records with the 1-based line each came from.
    /// - Throws: `CaptureParseError` naming the first bad line and what was expected there.
    public static func parse(_ text: String) throws(CaptureParseError) -> [CaptureLine] {
        var result = [CaptureLine]()
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let kind = fields.first else { continue }
            result.append(CaptureLine(number: number, record: try parseFields(fields, kind: kind, line: number)))
        }
        return result
    }

    // MARK: - Parsing

    private static func parseFields(_ fields: [Substring], kind: Substring, line: Int) throws(CaptureParseError) -> CaptureRecord {
        switch kind {
        case "i2c":
            guard fields.count >= 4 else { throw CaptureParseError(line: line, message: "expected `i2c BUS ADDRESS w BYTES…`") }
            guard let bus = Int(fields[1]), bus >= 0 else { throw CaptureParseError(line: line, message: "bad I2C bus number `\(fields[1])`") }
            guard let address = UInt8(fields[2], radix: 16), address < 0x80 else {
                throw CaptureParseError(line: line, message: "bad 7-bit I2C address `\(fields[2])` (hex, 00–7f)")
            }
            guard fields[3] == "w" else {
                throw CaptureParseError(line: line, message: "unsupported I2C direction `\(fields[3])`; captures record writes (`w`) only")
            }
            return .i2c(bus: bus, address: address, bytes: try hexBytes(fields.dropFirst(4), line: line))
        case "spi":
            guard fields.count >= 3 else { throw CaptureParseError(line: line, message: "expected `spi BUS.CS c|d BYTES…`") }
            let device = fields[1].split(separator: ".")
            guard device.count == 2, let bus = Int(device[0]), let chipSelect = Int(device[1]), bus >= 0, chipSelect >= 0 else {
                throw CaptureParseError(line: line, message: "bad SPI device `\(fields[1])`; expected BUS.CS such as 0.0")
            }
            guard fields[2] == "c" || fields[2] == "d" else {
                throw CaptureParseError(line: line, message: "bad D/C marker `\(fields[2])`; expected c (command) or d (data)")
            }
            return .spi(bus: bus, chipSelect: chipSelect, data: fields[2] == "d", bytes: try hexBytes(fields.dropFirst(3), line: line))
        case "gpio":
            guard fields.count == 3 else { throw CaptureParseError(line: line, message: "expected `gpio NAME 0|1`") }
            guard fields[2] == "0" || fields[2] == "1" else {
                throw CaptureParseError(line: line, message: "bad GPIO level `\(fields[2])`; expected 0 or 1")
            }
            return .gpio(line: String(fields[1]), active: fields[2] == "1")
        default:
            throw CaptureParseError(line: line, message: "unknown transfer kind `\(kind)`; expected i2c, spi or gpio")
        }
    }

    private static func hexBytes(_ fields: ArraySlice<Substring>, line: Int) throws(CaptureParseError) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(fields.count)
        for field in fields {
            guard field.count <= 2, let byte = UInt8(field, radix: 16) else {
                throw CaptureParseError(line: line, message: "bad byte `\(field)`; expected two hex digits")
            }
            bytes.append(byte)
        }
        guard !bytes.isEmpty else { throw CaptureParseError(line: line, message: "a transfer needs at least one byte") }
        return bytes
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}

/// A parsed capture record and the 1-based line it came from.
public struct CaptureLine: Hashable, Sendable {
    /// The line number in the capture text, starting at 1.
    public var number: Int
    /// What the line records.
    public var record: CaptureRecord

    /// Creates a numbered record.
    public init(number: Int, record: CaptureRecord) {
        self.number = number
        self.record = record
    }
}

/// A capture line that could not be parsed.
public struct CaptureParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// What was wrong and what was expected.
    public var message: String

    /// Creates an error for `line`.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// A one-line human-readable summary.

    public var description: String { "capture line \(line): \(message)" }
}
