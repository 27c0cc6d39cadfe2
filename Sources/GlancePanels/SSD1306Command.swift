/// A command of the SSD1306 family (SSD1306, SSD1309, SSD1315): what controllers send and what
/// the emulator decodes. Raw bytes live only in `bytes` and `SSD1306Command.decode`.
///
/// Section numbers refer to the SSD1306 datasheet rev 1.1, chapter 10 (command descriptions).
public enum SSD1306Command: Hashable, Sendable {
    /// `20 A`: memory addressing mode (§10.1.3).
    case addressingMode(SSD1306AddressingMode)
    /// `21 A B`: column range for horizontal/vertical mode; the pointer jumps to `start` (§10.1.4).
    case columnRange(start: UInt8, end: UInt8)
    /// `22 A B`: page range for horizontal/vertical mode; the pointer jumps to `start` (§10.1.5).
    case pageRange(start: UInt8, end: UInt8)
    /// `B0`–`B7`: page pointer (§10.1.13).
    case page(UInt8)
    /// `00`–`0F`: low nibble of the column pointer in page mode (§10.1.1).
    case columnLow(UInt8)
    /// `10`–`1F`: high nibble of the column pointer in page mode (§10.1.2).
    case columnHigh(UInt8)
    /// `40`–`7F`: RAM row shown on the first COM (§10.1.6).
    case startLine(UInt8)
    /// `81 X`: contrast, segment current 0–255 (§10.1.7).
    case contrast(UInt8)
    /// `A0`/`A1`: segment remap; true maps the last column to SEG0 (§10.1.8).
    case segmentRemap(Bool)
    /// `A4`/`A5`: true lights every pixel regardless of RAM (§10.1.9).
    case entireDisplayOn(Bool)
    /// `A6`/`A7`: true shows RAM inverted (§10.1.10).
    case inverse(Bool)
    /// `A8 N`: multiplex ratio N+1 rows, N 15–63 (§10.1.11).
    case multiplexRatio(UInt8)
    /// `AE`/`AF`: display off (RAM kept, still writable) or on (§10.1.12).
    case display(on: Bool)
    /// `C0`/`C8`: COM scan direction; true scans from COM[N-1] to COM0 (§10.1.14).
    case comScanReversed(Bool)
    /// `D3 X`: vertical shift of the COMs, 0–63 (§10.1.15).
    case displayOffset(UInt8)
    /// `D5 X`: clock divide ratio (bits 3:0, plus one) and oscillator frequency (bits 7:4) (§10.1.16).
    case clock(divide: UInt8, frequency: UInt8)
    /// `D9 X`: pre-charge period, phase 1 (bits 3:0) and phase 2 (bits 7:4) in DCLKs (§10.1.17).
    case precharge(phase1: UInt8, phase2: UInt8)
    /// `DA X`: COM pins hardware configuration (§10.1.18).
    case comPins(UInt8)
    /// `DB X`: VCOMH deselect level (§10.1.19).
    case vcomhDeselect(UInt8)
    /// `8D X`: charge pump setting (application note; 14 on, 10 off; SSD1315 adds 94 and 95).
    case chargePump(UInt8)
    /// `AD X`: internal IREF selection (SSD1315 only).
    case internalReference(UInt8)
    /// `FD X`: command lock, 16 locks and 12 unlocks (SSD1309 only).
    case commandLock(UInt8)
    /// `26`/`27` + 6 bytes: continuous horizontal scroll setup, right or left (§10.2.1).
    case horizontalScroll(left: Bool, parameters: [UInt8])
    /// `29`/`2A` + 5 bytes: continuous vertical and horizontal scroll setup (§10.2.2).
    case verticalHorizontalScroll(left: Bool, parameters: [UInt8])
    /// `A3 A B`: vertical scroll area, fixed top rows and scrolling rows (§10.2.5).
    case verticalScrollArea(fixedRows: UInt8, scrollRows: UInt8)
    /// `2E`/`2F`: deactivate or activate scrolling (§10.2.3, §10.2.4).
    case scrolling(Bool)
    /// `E3`: no operation (§10.1.20).
    case nop
    /// A byte the controller does not decode; it is ignored, so a following parameter byte is
    /// taken as a command of its own.
    case unknown(UInt8)

    /// The command's bytes as sent on the bus.
    public var bytes: [UInt8] {
        switch self {
        case let .addressingMode(mode): [0x20, mode.rawValue]
        case let .columnRange(start, end): [0x21, start, end]
        case let .pageRange(start, end): [0x22, start, end]
        case let .page(page): [0xB0 | (page & 0x07)]
        case let .columnLow(nibble): [0x00 | (nibble & 0x0F)]
        case let .columnHigh(nibble): [0x10 | (nibble & 0x0F)]
        case let .startLine(line): [0x40 | (line & 0x3F)]
        case let .contrast(level): [0x81, level]
        case let .segmentRemap(on): [on ? 0xA1 : 0xA0]
        case let .entireDisplayOn(on): [on ? 0xA5 : 0xA4]
        case let .inverse(on): [on ? 0xA7 : 0xA6]
        case let .multiplexRatio(n): [0xA8, n]
        case let .display(on): [on ? 0xAF : 0xAE]
        case let .comScanReversed(on): [on ? 0xC8 : 0xC0]
        case let .displayOffset(offset): [0xD3, offset]
        case let .clock(divide, frequency): [0xD5, (frequency << 4) | (divide & 0x0F)]
        case let .precharge(phase1, phase2): [0xD9, (phase2 << 4) | (phase1 & 0x0F)]
        case let .comPins(value): [0xDA, value]
        case let .vcomhDeselect(level): [0xDB, level]
        case let .chargePump(value): [0x8D, value]
        case let .internalReference(value): [0xAD, value]
        case let .commandLock(value): [0xFD, value]
        case let .horizontalScroll(left, parameters): [left ? 0x27 : 0x26] + parameters
        case let .verticalHorizontalScroll(left, parameters): [left ? 0x2A : 0x29] + parameters
        case let .verticalScrollArea(fixed, rows): [0xA3, fixed, rows]
        case let .scrolling(on): [on ? 0x2F : 0x2E]
        case .nop: [0xE3]
        case let .unknown(byte): [byte]
        }
    }

    /// The bytes of a command sequence, concatenated.
    public static func bytes(_ commands: [SSD1306Command]) -> [UInt8] {
        commands.flatMap(\.bytes)
    }

    // MARK: - Decoding

    /// How many parameter bytes follow `opcode` on `variant` (0 for single-byte and unknown commands).
    public static func parameterCount(opcode: UInt8, variant: SSD1306Variant) -> Int {
        switch opcode {
        case 0x20, 0x81, 0xA8, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB: 1
        case 0x21, 0x22, 0xA3: 2
        case 0x26, 0x27: 6
        case 0x29, 0x2A: 5
        case 0x8D: variant == .ssd1309 ? 0 : 1
        case 0xAD: variant == .ssd1315 ? 1 : 0
        case 0xFD: variant == .ssd1309 ? 1 : 0
        default: 0
        }
    }

    /// Decodes a complete command: `opcode` and exactly `parameterCount(opcode:variant:)` parameters.
    public static func decode(opcode: UInt8, parameters p: [UInt8], variant: SSD1306Variant) -> SSD1306Command {
        switch opcode {
        case 0x00...0x0F: return .columnLow(opcode & 0x0F)
        case 0x10...0x1F: return .columnHigh(opcode & 0x0F)
        case 0x20: return .addressingMode(SSD1306AddressingMode(rawValue: p[0] & 0x03)!)
        case 0x21: return .columnRange(start: p[0] & 0x7F, end: p[1] & 0x7F)
        case 0x22: return .pageRange(start: p[0] & 0x07, end: p[1] & 0x07)
        case 0x26, 0x27: return .horizontalScroll(left: opcode == 0x27, parameters: p)
        case 0x29, 0x2A: return .verticalHorizontalScroll(left: opcode == 0x2A, parameters: p)
        case 0x2E, 0x2F: return .scrolling(opcode == 0x2F)
        case 0x40...0x7F: return .startLine(opcode & 0x3F)
        case 0x81: return .contrast(p[0])
        case 0x8D where variant != .ssd1309: return .chargePump(p[0])
        case 0xA0, 0xA1: return .segmentRemap(opcode == 0xA1)
        case 0xA3: return .verticalScrollArea(fixedRows: p[0] & 0x3F, scrollRows: p[1] & 0x7F)
        case 0xA4, 0xA5: return .entireDisplayOn(opcode == 0xA5)
        case 0xA6, 0xA7: return .inverse(opcode == 0xA7)
        case 0xA8: return .multiplexRatio(p[0] & 0x3F)
        case 0xAD where variant == .ssd1315: return .internalReference(p[0])
        case 0xAE, 0xAF: return .display(on: opcode == 0xAF)
        case 0xB0...0xB7: return .page(opcode & 0x07)
        case 0xC0...0xCF: return .comScanReversed(opcode & 0x08 != 0)
        case 0xD3: return .displayOffset(p[0] & 0x3F)
        case 0xD5: return .clock(divide: p[0] & 0x0F, frequency: p[0] >> 4)
        case 0xD9: return .precharge(phase1: p[0] & 0x0F, phase2: p[0] >> 4)
        case 0xDA: return .comPins(p[0])
        case 0xDB: return .vcomhDeselect(p[0])
        case 0xE3: return .nop
        case 0xFD where variant == .ssd1309: return .commandLock(p[0])
        default: return .unknown(opcode)
        }
    }
}

/// The three SSD1306 memory addressing modes (`20 A`).
public enum SSD1306AddressingMode: UInt8, Hashable, Sendable {
    /// The column advances, then wraps to the range start and the page advances.
    case horizontal = 0
    /// The page advances, then wraps to the range start and the column advances.
    case vertical = 1
    /// The column advances and wraps; the page never changes by itself (reset default).
    case page = 2
    /// `0b11`, which the datasheet calls invalid; the emulator keeps the previous mode.
    case invalid = 3
}

/// Members of the SSD1306 family, which differ in a few commands.
public enum SSD1306Variant: String, Hashable, Sendable, CaseIterable {
    /// SSD1306: internal charge pump (`8D`).
    case ssd1306
    /// SSD1309: external boost, no `8D`; adds the `FD` command lock.
    case ssd1309
    /// SSD1315: SSD1306 plus `AD` (internal IREF) and pump values 94/95.
    case ssd1315
}
