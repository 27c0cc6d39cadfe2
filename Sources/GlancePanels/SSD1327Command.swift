/// A command of the SSD1327 (128×128, 4-bit gray OLED controller), as sent and as decoded.
///
/// Section numbers refer to the SSD1327 datasheet rev 1.1, chapter 8 (command descriptions).
public enum SSD1327Command: Hashable, Sendable {
    /// `15 A B`: column range in byte columns (two pixels each), 0–63; the pointer jumps to A (§8.1.1).
    case columnRange(start: UInt8, end: UInt8)
    /// `75 A B`: row range 0–127; the pointer jumps to A (§8.1.2).
    case rowRange(start: UInt8, end: UInt8)
    /// `81 X`: contrast (§8.1.3).
    case contrast(UInt8)
    /// `A0 X`: re-map and addressing options (§8.1.4).
    case remap(SSD1327Remap)
    /// `A1 X`: display start line 0–127 (§8.1.5).
    case startLine(UInt8)
    /// `A2 X`: display offset 0–127 (§8.1.6).
    case displayOffset(UInt8)
    /// `A4`–`A7`: normal, all on, all off, inverse (§8.1.7).
    case displayMode(SSD1327DisplayMode)
    /// `A8 N`: multiplex ratio N+1, 16–128 rows (§8.1.8).
    case multiplexRatio(UInt8)
    /// `AB X`: function selection A, bit 0 enables the internal VDD regulator (§8.1.9).
    case functionSelectA(UInt8)
    /// `AE`/`AF`: display off (RAM kept) or on (§8.1.10).
    case display(on: Bool)
    /// `B1 X`: phase 1 (bits 3:0) and phase 2 (bits 7:4) lengths (§8.1.11).
    case phaseLength(UInt8)
    /// `B3 X`: front clock divider (bits 3:0) and oscillator frequency (bits 7:4) (§8.1.13).
    case clock(UInt8)
    /// `B6 X`: second pre-charge period (§8.1.15).
    case secondPrecharge(UInt8)
    /// `B8` + 15 bytes: gray scale table GS1–GS15 (§8.1.16).
    case grayTable([UInt8])
    /// `B9`: select the default linear gray scale table (§8.1.17).
    case linearGrayTable
    /// `BC X`: pre-charge voltage (§8.1.18).
    case prechargeVoltage(UInt8)
    /// `BE X`: VCOMH voltage (§8.1.19).
    case vcomh(UInt8)
    /// `D5 X`: function selection B, second pre-charge and internal VSL (§8.1.20).
    case functionSelectB(UInt8)
    /// `FD X`: command lock, 16 locks and 12 unlocks (§8.1.21).
    case commandLock(UInt8)
    /// `26`/`27` + 7 bytes: horizontal scroll setup, right or left (§8.2.1; dummy, start row,
    /// interval, end row, start column, end column, dummy).
    case horizontalScroll(left: Bool, parameters: [UInt8])
    /// `2E`/`2F`: deactivate or activate scrolling (§8.2.2, §8.2.3).
    case scrolling(Bool)
    /// `E3`: no operation (§8.1.22).
    case nop
    /// A byte the SSD1327 ignores.
    case unknown(UInt8)

    /// The command's bytes as sent on the bus.
    public var bytes: [UInt8] {
        switch self {
        case let .columnRange(start, end): [0x15, start, end]
        case let .rowRange(start, end): [0x75, start, end]
        case let .contrast(level): [0x81, level]
        case let .remap(remap): [0xA0, remap.rawValue]
        case let .startLine(line): [0xA1, line]
        case let .displayOffset(offset): [0xA2, offset]
        case let .displayMode(mode): [mode.rawValue]
        case let .multiplexRatio(n): [0xA8, n]
        case let .functionSelectA(value): [0xAB, value]
        case let .display(on): [on ? 0xAF : 0xAE]
        case let .phaseLength(value): [0xB1, value]
        case let .clock(value): [0xB3, value]
        case let .secondPrecharge(value): [0xB6, value]
        case let .grayTable(table): [0xB8] + table
        case .linearGrayTable: [0xB9]
        case let .prechargeVoltage(value): [0xBC, value]
        case let .vcomh(value): [0xBE, value]
        case let .functionSelectB(value): [0xD5, value]
        case let .commandLock(value): [0xFD, value]
        case let .horizontalScroll(left, parameters): [left ? 0x27 : 0x26] + parameters
        case let .scrolling(on): [on ? 0x2F : 0x2E]
        case .nop: [0xE3]
        case let .unknown(byte): [byte]
        }
    }

    /// The bytes of a command sequence, concatenated.
    public static func bytes(_ commands: [SSD1327Command]) -> [UInt8] {
        commands.flatMap(\.bytes)
    }

    /// How many parameter bytes follow `opcode`.
    public static func parameterCount(opcode: UInt8) -> Int {
        switch opcode {
        case 0x15, 0x75: 2
        case 0x81, 0xA0, 0xA1, 0xA2, 0xA8, 0xAB, 0xB1, 0xB3, 0xB6, 0xBC, 0xBE, 0xD5, 0xFD: 1
        case 0xB8: 15
        case 0x26, 0x27: 7
        default: 0
        }
    }

    /// Decodes a complete command.
    public static func decode(opcode: UInt8, parameters p: [UInt8]) -> SSD1327Command {
        switch opcode {
        case 0x15: .columnRange(start: p[0] & 0x3F, end: p[1] & 0x3F)
        case 0x75: .rowRange(start: p[0] & 0x7F, end: p[1] & 0x7F)
        case 0x81: .contrast(p[0])
        case 0xA0: .remap(SSD1327Remap(rawValue: p[0]))
        case 0xA1: .startLine(p[0] & 0x7F)
        case 0xA2: .displayOffset(p[0] & 0x7F)
        case 0xA4...0xA7: .displayMode(SSD1327DisplayMode(rawValue: opcode)!)
        case 0xA8: .multiplexRatio(p[0] & 0x7F)
        case 0xAB: .functionSelectA(p[0])
        case 0xAE, 0xAF: .display(on: opcode == 0xAF)
        case 0xB1: .phaseLength(p[0])
        case 0xB3: .clock(p[0])
        case 0xB6: .secondPrecharge(p[0])
        case 0xB8: .grayTable(p)
        case 0xB9: .linearGrayTable
        case 0xBC: .prechargeVoltage(p[0])
        case 0xBE: .vcomh(p[0])
        case 0xD5: .functionSelectB(p[0])
        case 0xFD: .commandLock(p[0])
        case 0x26, 0x27: .horizontalScroll(left: opcode == 0x27, parameters: p)
        case 0x2E, 0x2F: .scrolling(opcode == 0x2F)
        case 0xE3: .nop
        default: .unknown(opcode)
        }
    }
}

/// The SSD1327 `A0` re-map bits.
public struct SSD1327Remap: OptionSet, Hashable, Sendable {
    /// The register value.
    public let rawValue: UInt8
    /// Creates the bits from the register value.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// b0: column address re-map (RAM pixel 0 at the left of the mounted panel).
    public static let columnRemap = SSD1327Remap(rawValue: 0x01)
    /// b1: nibble re-map; set, the even (left) pixel of a byte is the low nibble.
    public static let nibbleRemap = SSD1327Remap(rawValue: 0x02)
    /// b2: vertical address increment (rows advance first).
    public static let verticalIncrement = SSD1327Remap(rawValue: 0x04)
    /// b4: COM re-map (RAM row 0 at the top of the mounted panel).
    public static let comRemap = SSD1327Remap(rawValue: 0x10)
    /// b6: COM split odd/even.
    public static let comSplit = SSD1327Remap(rawValue: 0x40)
}

/// The SSD1327 display modes (`A4`–`A7`).
public enum SSD1327DisplayMode: UInt8, Hashable, Sendable {
    /// Show RAM.
    case normal = 0xA4
    /// Every pixel at gray level 15.
    case allOn = 0xA5
    /// Every pixel at gray level 0.
    case allOff = 0xA6
    /// Show RAM inverted (level 15 − L).
    case inverse = 0xA7
}
