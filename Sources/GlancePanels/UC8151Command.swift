/// A command of the UC8151 e-paper controller (UltraChip UC8151/UC8151D, IL0373-compatible;
/// 2.9" 128×296 panels), as sent and as decoded. Over SPI the command byte goes with D/C low
/// and its parameters with D/C high; `10` and `13` take any amount of pixel data.
///
/// Register names follow the UC8151D datasheet's command table (PSR, PWR, …); the bit
/// meanings Glance relies on are in Docs/Panels.md with their sources.
public enum UC8151Command: Hashable, Sendable {
    /// `00 A [B]`: panel setting (PSR): bits 7:6 resolution (10: 128×296), 5 LUT from registers,
    /// 4 black/white mode, 3 gate scan up (UD), 2 source shift right (SHL), 1 booster on, 0 not reset.
    case panelSetting([UInt8])
    /// `01 A B C D E`: power setting (PWR).
    case powerSetting([UInt8])
    /// `02`: power off (POF); BUSY while the supplies go down.
    case powerOff
    /// `03 A`: power-off sequence (PFS).
    case powerOffSequence(UInt8)
    /// `04`: power on (PON); BUSY until the supplies are up.
    case powerOn
    /// `06 A B C`: booster soft start (BTST).
    case boosterSoftStart([UInt8])
    /// `07 A5`: deep sleep (DSLP) with its check code; only a hardware reset wakes the chip.
    case deepSleep(UInt8)
    /// `10` + data: data transmission 1 (DTM1): in black/white mode the old image.
    case oldImage(count: Int)
    /// `11`: data stop (DSP).
    case dataStop
    /// `12`: display refresh (DRF); BUSY while the waveform runs.
    case refresh
    /// `13` + data: data transmission 2 (DTM2): the new image.
    case newImage(count: Int)
    /// `20`–`24` + data: a waveform LUT (VCOM, WW, BW, WB, BB).
    case lut(UInt8, count: Int)
    /// `30 A`: PLL (frame rate).
    case pll(UInt8)
    /// `50 A`: VCOM and data interval (CDI): bits 5:4 data polarity (01: a 1 bit is white).
    case vcomDataInterval(UInt8)
    /// `60 A`: TCON setting.
    case tcon(UInt8)
    /// `61 A B C`: resolution (TRES): sources, then gates as 9 bits.
    case resolution(sources: Int, gates: Int)
    /// `82 A`: VCOM DC (VDCS).
    case vcomDC(UInt8)
    /// `90 A B C D E F G`: partial window (PTL): sources A…B (bank-aligned: A ends in 000, B in
    /// 111), gates C:D…E:F, G bit 0 scan inside the window only.
    case partialWindow(sources: ClosedRange<Int>, gates: ClosedRange<Int>, scanInside: Bool)
    /// `91`: partial in (PTIN): data and refresh limited to the window.
    case partialIn
    /// `92`: partial out (PTOUT).
    case partialOut
    /// A byte the emulator does not model, with the parameters that followed it.
    case other(UInt8, [UInt8])

    /// The opcode and the parameter bytes (data transfers and LUTs carry no parameters here).
    public var opcodeAndParameters: (opcode: UInt8, parameters: [UInt8]) {
        switch self {
        case let .panelSetting(p): (0x00, p)
        case let .powerSetting(p): (0x01, p)
        case .powerOff: (0x02, [])
        case let .powerOffSequence(a): (0x03, [a])
        case .powerOn: (0x04, [])
        case let .boosterSoftStart(p): (0x06, p)
        case let .deepSleep(code): (0x07, [code])
        case .oldImage: (0x10, [])
        case .dataStop: (0x11, [])
        case .refresh: (0x12, [])
        case .newImage: (0x13, [])
        case let .lut(opcode, _): (opcode, [])
        case let .pll(a): (0x30, [a])
        case let .vcomDataInterval(a): (0x50, [a])
        case let .tcon(a): (0x60, [a])
        case let .resolution(sources, gates): (0x61, [UInt8(sources & 0xF8), UInt8((gates >> 8) & 0x01), UInt8(gates & 0xFF)])
        case let .vcomDC(a): (0x82, [a])
        case let .partialWindow(sources, gates, scanInside):
            (0x90, [UInt8(sources.lowerBound & 0xF8), UInt8((sources.upperBound & 0xF8) | 0x07),
                    UInt8((gates.lowerBound >> 8) & 0x01), UInt8(gates.lowerBound & 0xFF),
                    UInt8((gates.upperBound >> 8) & 0x01), UInt8(gates.upperBound & 0xFF), scanInside ? 1 : 0])
        case .partialIn: (0x91, [])
        case .partialOut: (0x92, [])
        case let .other(opcode, p): (opcode, p)
        }
    }

    /// How many parameter bytes `opcode` takes at most; nil for data transfers and LUTs, which
    /// take any amount. A command ends early when the next command byte arrives (PSR takes one
    /// or two).
    public static func parameterCount(opcode: UInt8) -> Int? {
        switch opcode {
        case 0x00: 2
        case 0x01: 5
        case 0x06, 0x61: 3
        case 0x03, 0x07, 0x30, 0x41, 0x50, 0x60, 0x82: 1
        case 0x90: 7
        case 0x10, 0x13, 0x20...0x24: nil
        default: 0
        }
    }

    /// Decodes a command from its opcode and the parameters received (data transfers with their byte count).
    public static func decode(opcode: UInt8, parameters p: [UInt8], dataCount: Int = 0) -> UC8151Command {
        switch (opcode, p.count) {
        case (0x00, 1...): .panelSetting(p)
        case (0x01, _): .powerSetting(p)
        case (0x02, _): .powerOff
        case (0x03, 1): .powerOffSequence(p[0])
        case (0x04, _): .powerOn
        case (0x06, _): .boosterSoftStart(p)
        case (0x07, 1): .deepSleep(p[0])
        case (0x10, _): .oldImage(count: dataCount)
        case (0x11, _): .dataStop
        case (0x12, _): .refresh
        case (0x13, _): .newImage(count: dataCount)
        case (0x20...0x24, _): .lut(opcode, count: dataCount)
        case (0x30, 1): .pll(p[0])
        case (0x50, 1): .vcomDataInterval(p[0])
        case (0x60, 1): .tcon(p[0])
        case (0x61, 3): .resolution(sources: Int(p[0] & 0xF8), gates: Int(p[1] & 0x01) << 8 | Int(p[2]))
        case (0x82, 1): .vcomDC(p[0])
        case (0x90, 7):
            .partialWindow(sources: Int(p[0] & 0xF8)...max(Int(p[0] & 0xF8), Int(p[1] | 0x07)),
                           gates: (Int(p[2] & 0x01) << 8 | Int(p[3]))...max(Int(p[2] & 0x01) << 8 | Int(p[3]), Int(p[4] & 0x01) << 8 | Int(p[5])),
                           scanInside: p[6] & 0x01 != 0)
        case (0x91, _): .partialIn
        case (0x92, _): .partialOut
        default: .other(opcode, p)
        }
    }
}
