/// A command of the SH1107 (128×128 page OLED controller), as sent and as decoded.
///
/// Page numbers refer to the Sino Wealth SH1107 datasheet V2.1, "Commands". Unlike the SH1106
/// the SH1107 has 16 pages of 128 columns, page and vertical addressing (`20`/`21`), and a
/// two-byte start line (`DC N`, 7 bits); `40`–`7F` are not commands (an SH1106 driver's start
/// line is ignored).
public enum SH1107Command: Hashable, Sendable {
    /// `00`–`0F`: low nibble of the column pointer.
    case columnLow(UInt8)
    /// `10`–`17`: high three bits of the 7-bit column pointer (p. 23).
    case columnHigh(UInt8)
    /// `20`/`21`: page addressing (the column advances) or vertical addressing (the page advances) (p. 16).
    case verticalAddressing(Bool)
    /// `81 X`: contrast (p. 28).
    case contrast(UInt8)
    /// `A0`/`A1`: segment remap (reverses the SEG order: on the glass, the rows).
    case segmentRemap(Bool)
    /// `A4`/`A5`: true lights every pixel.
    case entireDisplayOn(Bool)
    /// `A6`/`A7`: inverse display.
    case inverse(Bool)
    /// `A8 N`: multiplex ratio N+1 (7 bits: `7F` drives 128 COMs).
    case multiplexRatio(UInt8)
    /// `AD X`: DC-DC control (bit 0 on).
    case dcdc(UInt8)
    /// `AE`/`AF`: display off (sleep, RAM kept) or on.
    case display(on: Bool)
    /// `B0`–`BF`: page.
    case page(UInt8)
    /// `C0`–`CF`: COM scan reversed (bit 3).
    case comScanReversed(Bool)
    /// `D3 X`: display offset (7 bits).
    case displayOffset(UInt8)
    /// `D5 X`: clock divide and oscillator frequency.
    case clock(UInt8)
    /// `D9 X`: pre-charge period (bits 3:0) and discharge period (bits 7:4) in DCLKs.
    case dischargePrecharge(UInt8)
    /// `DB X`: VCOM deselect level.
    case vcomDeselect(UInt8)
    /// `DC X`: display start line, the RAM column shown on COM0 (7 bits) (p. 38).
    case startLine(UInt8)
    /// `E0`: read-modify-write start: the column is remembered (p. 39).
    case readModifyWrite
    /// `EE`: read-modify-write end: the column returns to where `E0` found it (p. 40).
    case end
    /// `E3`: no operation (p. 40).
    case nop
    /// A byte the SH1107 ignores.
    case unknown(UInt8)

    /// The command's bytes as sent on the bus.
    public var bytes: [UInt8] {
        switch self {
        case let .columnLow(nibble): [nibble & 0x0F]
        case let .columnHigh(bits): [0x10 | (bits & 0x07)]
        case let .verticalAddressing(on): [on ? 0x21 : 0x20]
        case let .contrast(level): [0x81, level]
        case let .segmentRemap(on): [on ? 0xA1 : 0xA0]
        case let .entireDisplayOn(on): [on ? 0xA5 : 0xA4]
        case let .inverse(on): [on ? 0xA7 : 0xA6]
        case let .multiplexRatio(n): [0xA8, n]
        case let .dcdc(value): [0xAD, value]
        case let .display(on): [on ? 0xAF : 0xAE]
        case let .page(page): [0xB0 | (page & 0x0F)]
        case let .comScanReversed(on): [on ? 0xC8 : 0xC0]
        case let .displayOffset(offset): [0xD3, offset]
        case let .clock(value): [0xD5, value]
        case let .dischargePrecharge(value): [0xD9, value]
        case let .vcomDeselect(level): [0xDB, level]
        case let .startLine(line): [0xDC, line]
        case .readModifyWrite: [0xE0]
        case .end: [0xEE]
        case .nop: [0xE3]
        case let .unknown(byte): [byte]
        }
    }

    /// The bytes of a command sequence, concatenated.
    public static func bytes(_ commands: [SH1107Command]) -> [UInt8] {
        commands.flatMap(\.bytes)
    }

    /// How many parameter bytes follow `opcode`.
    public static func parameterCount(opcode: UInt8) -> Int {
        switch opcode {
        case 0x81, 0xA8, 0xAD, 0xD3, 0xD5, 0xD9, 0xDB, 0xDC: 1
        default: 0
        }
    }

    /// Decodes a complete command.
    public static func decode(opcode: UInt8, parameters p: [UInt8]) -> SH1107Command {
        switch opcode {
        case 0x00...0x0F: .columnLow(opcode & 0x0F)
        case 0x10...0x17: .columnHigh(opcode & 0x07)
        case 0x20, 0x21: .verticalAddressing(opcode == 0x21)
        case 0x81: .contrast(p[0])
        case 0xA0, 0xA1: .segmentRemap(opcode == 0xA1)
        case 0xA4, 0xA5: .entireDisplayOn(opcode == 0xA5)
        case 0xA6, 0xA7: .inverse(opcode == 0xA7)
        case 0xA8: .multiplexRatio(p[0] & 0x7F)
        case 0xAD: .dcdc(p[0])
        case 0xAE, 0xAF: .display(on: opcode == 0xAF)
        case 0xB0...0xBF: .page(opcode & 0x0F)
        case 0xC0...0xCF: .comScanReversed(opcode & 0x08 != 0)
        case 0xD3: .displayOffset(p[0] & 0x7F)
        case 0xD5: .clock(p[0])
        case 0xD9: .dischargePrecharge(p[0])
        case 0xDB: .vcomDeselect(p[0])
        case 0xDC: .startLine(p[0] & 0x7F)
        case 0xE0: .readModifyWrite
        case 0xEE: .end
        case 0xE3: .nop
        default: .unknown(opcode)
        }
    }
}
