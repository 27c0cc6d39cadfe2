/// A command of the SH1106 (132×64 page-only OLED controller), as sent and as decoded.
///
/// Section numbers refer to the SH1106 datasheet V2.3, "Commands". The SH1106 has no
/// `20`/`21`/`22`/`8D`; bytes meant for an SSD1306 are decoded the way an SH1106 decodes them.
public enum SH1106Command: Hashable, Sendable {
    /// `00`–`0F`: low nibble of the column pointer (§1).
    case columnLow(UInt8)
    /// `10`–`1F`: high nibble of the column pointer (§2). `20`–`2F` also land here
    /// (bit 5 is not decoded), so an SSD1306 `20 00` is two column commands.
    case columnHigh(UInt8)
    /// `30`–`33`: charge pump output voltage, 0 = 6.4 V … 3 = 9.0 V (§3).
    case pumpVoltage(UInt8)
    /// `40`–`7F`: RAM row shown on the first COM (§4).
    case startLine(UInt8)
    /// `81 X`: contrast (§5).
    case contrast(UInt8)
    /// `A0`/`A1`: segment remap; true maps column 131 to SEG0 (§6).
    case segmentRemap(Bool)
    /// `A4`/`A5`: true lights every pixel (§7).
    case entireDisplayOn(Bool)
    /// `A6`/`A7`: inverse display (§8).
    case inverse(Bool)
    /// `A8 N`: multiplex ratio N+1 (§9).
    case multiplexRatio(UInt8)
    /// `AD X`: DC-DC control, `8B` on, `8A` off (§10).
    case dcdc(UInt8)
    /// `AE`/`AF`: display off (RAM kept) or on (§11).
    case display(on: Bool)
    /// `B0`–`B7`: page (§12).
    case page(UInt8)
    /// `C0`/`C8`: COM scan reversed (§13).
    case comScanReversed(Bool)
    /// `D3 X`: display offset (§14).
    case displayOffset(UInt8)
    /// `D5 X`: clock divide and oscillator frequency (§15).
    case clock(UInt8)
    /// `D9 X`: pre-charge period (bits 3:0) and discharge period (bits 7:4) in DCLKs (§16).
    case dischargePrecharge(UInt8)
    /// `DA X`: COM pads hardware configuration (§17).
    case comPins(UInt8)
    /// `DB X`: VCOM deselect level (§18).
    case vcomDeselect(UInt8)
    /// `E0`: read-modify-write start: the column is remembered (§19).
    case readModifyWrite
    /// `EE`: read-modify-write end: the column returns to where `E0` found it (§20).
    case end
    /// `E3`: no operation (§21).
    case nop
    /// A byte the SH1106 ignores.
    case unknown(UInt8)

    /// The command's bytes as sent on the bus.
    public var bytes: [UInt8] {
        switch self {
        case let .columnLow(nibble): [nibble & 0x0F]
        case let .columnHigh(nibble): [0x10 | (nibble & 0x0F)]
        case let .pumpVoltage(value): [0x30 | (value & 0x03)]
        case let .startLine(line): [0x40 | (line & 0x3F)]
        case let .contrast(level): [0x81, level]
        case let .segmentRemap(on): [on ? 0xA1 : 0xA0]
        case let .entireDisplayOn(on): [on ? 0xA5 : 0xA4]
        case let .inverse(on): [on ? 0xA7 : 0xA6]
        case let .multiplexRatio(n): [0xA8, n]
        case let .dcdc(value): [0xAD, value]
        case let .display(on): [on ? 0xAF : 0xAE]
        case let .page(page): [0xB0 | (page & 0x07)]
        case let .comScanReversed(on): [on ? 0xC8 : 0xC0]
        case let .displayOffset(offset): [0xD3, offset]
        case let .clock(value): [0xD5, value]
        case let .dischargePrecharge(value): [0xD9, value]
        case let .comPins(value): [0xDA, value]
        case let .vcomDeselect(level): [0xDB, level]
        case .readModifyWrite: [0xE0]
        case .end: [0xEE]
        case .nop: [0xE3]
        case let .unknown(byte): [byte]
        }
    }

    /// The bytes of a command sequence, concatenated.
    public static func bytes(_ commands: [SH1106Command]) -> [UInt8] {
        commands.flatMap(\.bytes)
    }

    /// How many parameter bytes follow `opcode`.
    public static func parameterCount(opcode: UInt8) -> Int {
        switch opcode {
        case 0x81, 0xA8, 0xAD, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB: 1
        default: 0
        }
    }

    /// Decodes a complete command.
    public static func decode(opcode: UInt8, parameters p: [UInt8]) -> SH1106Command {
        switch opcode {
        case 0x00...0x0F: .columnLow(opcode & 0x0F)
        case 0x10...0x2F: .columnHigh(opcode & 0x0F)
        case 0x30...0x33: .pumpVoltage(opcode & 0x03)
        case 0x40...0x7F: .startLine(opcode & 0x3F)
        case 0x81: .contrast(p[0])
        case 0xA0, 0xA1: .segmentRemap(opcode == 0xA1)
        case 0xA4, 0xA5: .entireDisplayOn(opcode == 0xA5)
        case 0xA6, 0xA7: .inverse(opcode == 0xA7)
        case 0xA8: .multiplexRatio(p[0] & 0x3F)
        case 0xAD: .dcdc(p[0])
        case 0xAE, 0xAF: .display(on: opcode == 0xAF)
        case 0xB0...0xB7: .page(opcode & 0x07)
        case 0xC0...0xCF: .comScanReversed(opcode & 0x08 != 0)
        case 0xD3: .displayOffset(p[0] & 0x3F)
        case 0xD5: .clock(p[0])
        case 0xD9: .dischargePrecharge(p[0])
        case 0xDA: .comPins(p[0])
        case 0xDB: .vcomDeselect(p[0])
        case 0xE0: .readModifyWrite
        case 0xEE: .end
        case 0xE3: .nop
        default: .unknown(opcode)
        }
    }
}
