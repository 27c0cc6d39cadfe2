/// A command of the SSD1322 (480×128 RAM, 4-bit gray OLED controller; the 3.12" 256×64
/// modules), as sent and as decoded. Over 4-wire SPI the opcode goes with D/C low and its
/// parameters with D/C high — unlike the SSD1306 and SSD1327, whose parameters are command
/// bytes. After `5C` any number of data bytes follow (two per column address, four pixels).
///
/// Meanings are from the SSD1322 command table as drivers document it (Docs/Panels.md lists
/// the sources; the datasheet's reset values that no driver states are marked there).
public enum SSD1322Command: Hashable, Sendable {
    /// `00`: enable the gray scale table.
    case enableGrayTable
    /// `15 A B`: column window, in column addresses of four pixels (0–119).
    case columnRange(start: UInt8, end: UInt8)
    /// `5C` + data: write RAM.
    case writeRAM(count: Int)
    /// `75 A B`: row window (0–127).
    case rowRange(start: UInt8, end: UInt8)
    /// `A0 A B`: re-map. A: bit 0 vertical increment, 1 column remap, 2 nibble remap (the left
    /// pixel in the high nibble), 4 COM scan reversed, 5 COM split; B: bit 4 dual COM.
    case remap(UInt8, UInt8)
    /// `A1 A`: display start line.
    case startLine(UInt8)
    /// `A2 A`: display offset.
    case displayOffset(UInt8)
    /// `A4`–`A7`: all off, all on (level 15), normal, inverse.
    case displayMode(SSD1327DisplayMode)
    /// `A8 A B`: partial display rows A…B.
    case partialDisplay(UInt8, UInt8)
    /// `A9`: exit partial display.
    case exitPartialDisplay
    /// `AB A`: function select (bit 0: internal VDD regulator).
    case functionSelect(UInt8)
    /// `AE`/`AF`: display off (sleep, RAM kept) or on.
    case display(on: Bool)
    /// `B1 A`: phase lengths: bits 3:0 phase 1, bits 7:4 phase 2 in DCLKs.
    case phaseLength(UInt8)
    /// `B3 A`: clock divider (bits 3:0) and oscillator frequency (7:4).
    case clock(UInt8)
    /// `B4 A B`: display enhancement A (external VSL, low-gray quality).
    case enhancementA(UInt8, UInt8)
    /// `B5 A`: GPIO.
    case gpio(UInt8)
    /// `B6 A`: second pre-charge period.
    case secondPrecharge(UInt8)
    /// `B8` + 15: gray scale table GS1…GS15.
    case grayTable([UInt8])
    /// `B9`: the default linear gray table.
    case linearGrayTable
    /// `BB A`: pre-charge voltage.
    case prechargeVoltage(UInt8)
    /// `BE A`: VCOMH (0–7).
    case vcomh(UInt8)
    /// `C1 A`: contrast current.
    case contrast(UInt8)
    /// `C7 A`: master contrast (bits 3:0, 15 = no dimming).
    case masterContrast(UInt8)
    /// `CA A`: multiplex ratio − 1.
    case multiplexRatio(UInt8)
    /// `D1 A B`: display enhancement B.
    case enhancementB(UInt8, UInt8)
    /// `FD A`: command lock (`12` unlocked, `16` locked: only `FD` is obeyed).
    case commandLock(UInt8)
    /// A byte the SSD1322 does not know, with the parameters that followed it.
    case unknown(UInt8)

    /// The opcode and the parameter bytes (a RAM write carries none here; its data follows).
    public var opcodeAndParameters: (opcode: UInt8, parameters: [UInt8]) {
        switch self {
        case .enableGrayTable: (0x00, [])
        case let .columnRange(start, end): (0x15, [start, end])
        case .writeRAM: (0x5C, [])
        case let .rowRange(start, end): (0x75, [start, end])
        case let .remap(a, b): (0xA0, [a, b])
        case let .startLine(line): (0xA1, [line])
        case let .displayOffset(offset): (0xA2, [offset])
        case let .displayMode(mode):
            switch mode {
            case .allOff: (0xA4, [])
            case .allOn: (0xA5, [])
            case .normal: (0xA6, [])
            case .inverse: (0xA7, [])
            }
        case let .partialDisplay(a, b): (0xA8, [a, b])
        case .exitPartialDisplay: (0xA9, [])
        case let .functionSelect(a): (0xAB, [a])
        case let .display(on): (on ? 0xAF : 0xAE, [])
        case let .phaseLength(a): (0xB1, [a])
        case let .clock(a): (0xB3, [a])
        case let .enhancementA(a, b): (0xB4, [a, b])
        case let .gpio(a): (0xB5, [a])
        case let .secondPrecharge(a): (0xB6, [a])
        case let .grayTable(levels): (0xB8, levels)
        case .linearGrayTable: (0xB9, [])
        case let .prechargeVoltage(a): (0xBB, [a])
        case let .vcomh(a): (0xBE, [a])
        case let .contrast(a): (0xC1, [a])
        case let .masterContrast(a): (0xC7, [a])
        case let .multiplexRatio(a): (0xCA, [a])
        case let .enhancementB(a, b): (0xD1, [a, b])
        case let .commandLock(a): (0xFD, [a])
        case let .unknown(byte): (byte, [])
        }
    }

    /// How many parameter bytes `opcode` takes; nil for `5C`, which takes any amount of data.
    public static func parameterCount(opcode: UInt8) -> Int? {
        switch opcode {
        case 0x5C: nil
        case 0x15, 0x75, 0xA0, 0xA8, 0xB4, 0xD1: 2
        case 0xA1, 0xA2, 0xAB, 0xB1, 0xB3, 0xB5, 0xB6, 0xBB, 0xBE, 0xC1, 0xC7, 0xCA, 0xFD: 1
        case 0xB8: 15
        default: 0
        }
    }

    /// Decodes a command from its opcode and complete parameters (a RAM write with its byte count).
    public static func decode(opcode: UInt8, parameters p: [UInt8], dataCount: Int = 0) -> SSD1322Command {
        switch opcode {
        case 0x00: .enableGrayTable
        case 0x15: .columnRange(start: p[0] & 0x7F, end: p[1] & 0x7F)
        case 0x5C: .writeRAM(count: dataCount)
        case 0x75: .rowRange(start: p[0] & 0x7F, end: p[1] & 0x7F)
        case 0xA0: .remap(p[0], p[1])
        case 0xA1: .startLine(p[0] & 0x7F)
        case 0xA2: .displayOffset(p[0] & 0x7F)
        case 0xA4: .displayMode(.allOff)
        case 0xA5: .displayMode(.allOn)
        case 0xA6: .displayMode(.normal)
        case 0xA7: .displayMode(.inverse)
        case 0xA8: .partialDisplay(p[0], p[1])
        case 0xA9: .exitPartialDisplay
        case 0xAB: .functionSelect(p[0])
        case 0xAE, 0xAF: .display(on: opcode == 0xAF)
        case 0xB1: .phaseLength(p[0])
        case 0xB3: .clock(p[0])
        case 0xB4: .enhancementA(p[0], p[1])
        case 0xB5: .gpio(p[0])
        case 0xB6: .secondPrecharge(p[0] & 0x0F)
        case 0xB8: .grayTable(p)
        case 0xB9: .linearGrayTable
        case 0xBB: .prechargeVoltage(p[0] & 0x1F)
        case 0xBE: .vcomh(p[0] & 0x07)
        case 0xC1: .contrast(p[0])
        case 0xC7: .masterContrast(p[0] & 0x0F)
        case 0xCA: .multiplexRatio(p[0] & 0x7F)
        case 0xD1: .enhancementB(p[0], p[1])
        case 0xFD: .commandLock(p[0])
        default: .unknown(opcode)
        }
    }
}
