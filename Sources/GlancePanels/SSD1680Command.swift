/// A command of the SSD1680 e-paper controller (2.13" 250×122 and 2.9" panels), as sent and
/// as decoded. Over SPI the command byte goes with D/C low and its parameters with D/C high.
///
/// Section numbers refer to the SSD1680 datasheet rev 0.14, chapter 7 (command table).
public enum SSD1680Command: Hashable, Sendable {
    /// `01 A B C`: driver output control: gates − 1 (A + B·256) and scan options C (GD, SM, TB bits).
    case driverOutput(lastGate: UInt16, scan: UInt8)
    /// `03 A`: gate driving voltage.
    case gateVoltage(UInt8)
    /// `04 A B C`: source driving voltages.
    case sourceVoltage(UInt8, UInt8, UInt8)
    /// `0C A B C D`: booster soft-start.
    case boosterSoftStart([UInt8])
    /// `10 A`: deep sleep: 00 normal, 01 mode 1 (RAM kept), 11 mode 2; only a hardware reset wakes it.
    case deepSleep(UInt8)
    /// `11 A`: data entry mode: bits 1:0 X/Y increment, bit 2 Y-first.
    case dataEntryMode(UInt8)
    /// `12`: software reset: registers to defaults (RAM kept); BUSY while it runs.
    case softwareReset
    /// `18 A`: temperature sensor: 80 internal.
    case temperatureSensor(UInt8)
    /// `1A A B`: temperature register written directly.
    case writeTemperature(UInt8, UInt8)
    /// `20`: master activation: run the update sequence chosen by `22`; BUSY while it runs.
    case masterActivation
    /// `21 A B`: display update control 1: RAM options (A) and source output mode (B).
    case displayUpdateControl1(UInt8, UInt8)
    /// `22 A`: display update control 2: the sequence `20` runs (F7 full, FF partial).
    case displayUpdateControl2(UInt8)
    /// `24` + data: write the black/white RAM (new image), 1 = white, MSB leftmost.
    case writeBlackWhiteRAM(count: Int)
    /// `26` + data: write the red RAM, which partial refresh treats as the old image.
    case writeRedRAM(count: Int)
    /// `2C A`: VCOM register.
    case vcom(UInt8)
    /// `32` + 153 bytes: waveform LUT.
    case lut([UInt8])
    /// `3C A`: border waveform.
    case borderWaveform(UInt8)
    /// `3F A`: option for LUT end.
    case lutEnd(UInt8)
    /// `44 A B`: RAM X window in bytes (8 pixels each).
    case ramXRange(start: UInt8, end: UInt8)
    /// `45 A B C D`: RAM Y window in gates.
    case ramYRange(start: UInt16, end: UInt16)
    /// `4E A`: RAM X address counter (bytes).
    case ramXCounter(UInt8)
    /// `4F A B`: RAM Y address counter (gates).
    case ramYCounter(UInt16)
    /// `7F`: no operation (terminates a RAM write).
    case nop
    /// A byte the controller does not know.
    case unknown(UInt8)

    /// The opcode and the parameter bytes (RAM writes carry no parameters here; their data follows).
    public var opcodeAndParameters: (opcode: UInt8, parameters: [UInt8]) {
        switch self {
        case let .driverOutput(lastGate, scan): (0x01, [UInt8(lastGate & 0xFF), UInt8(lastGate >> 8), scan])
        case let .gateVoltage(a): (0x03, [a])
        case let .sourceVoltage(a, b, c): (0x04, [a, b, c])
        case let .boosterSoftStart(values): (0x0C, values)
        case let .deepSleep(mode): (0x10, [mode])
        case let .dataEntryMode(mode): (0x11, [mode])
        case .softwareReset: (0x12, [])
        case let .temperatureSensor(value): (0x18, [value])
        case let .writeTemperature(a, b): (0x1A, [a, b])
        case .masterActivation: (0x20, [])
        case let .displayUpdateControl1(a, b): (0x21, [a, b])
        case let .displayUpdateControl2(value): (0x22, [value])
        case .writeBlackWhiteRAM: (0x24, [])
        case .writeRedRAM: (0x26, [])
        case let .vcom(value): (0x2C, [value])
        case let .lut(values): (0x32, values)
        case let .borderWaveform(value): (0x3C, [value])
        case let .lutEnd(value): (0x3F, [value])
        case let .ramXRange(start, end): (0x44, [start, end])
        case let .ramYRange(start, end): (0x45, [UInt8(start & 0xFF), UInt8(start >> 8), UInt8(end & 0xFF), UInt8(end >> 8)])
        case let .ramXCounter(x): (0x4E, [x])
        case let .ramYCounter(y): (0x4F, [UInt8(y & 0xFF), UInt8(y >> 8)])
        case .nop: (0x7F, [])
        case let .unknown(byte): (byte, [])
        }
    }

    /// How many parameter bytes `opcode` takes; nil for RAM writes, which take any amount of data.
    public static func parameterCount(opcode: UInt8) -> Int? {
        switch opcode {
        case 0x01, 0x04: 3
        case 0x03, 0x10, 0x11, 0x18, 0x22, 0x2C, 0x3C, 0x3F, 0x4E: 1
        case 0x0C, 0x45: 4
        case 0x1A, 0x21, 0x44, 0x4F: 2
        case 0x32: 153
        case 0x24, 0x26: nil
        default: 0
        }
    }

    /// Decodes a command from its opcode and complete parameters (RAM writes with their byte count).
    public static func decode(opcode: UInt8, parameters p: [UInt8], dataCount: Int = 0) -> SSD1680Command {
        switch opcode {
        case 0x01: .driverOutput(lastGate: UInt16(p[0]) | UInt16(p[1] & 0x01) << 8, scan: p[2])
        case 0x03: .gateVoltage(p[0])
        case 0x04: .sourceVoltage(p[0], p[1], p[2])
        case 0x0C: .boosterSoftStart(p)
        case 0x10: .deepSleep(p[0] & 0x03)
        case 0x11: .dataEntryMode(p[0] & 0x07)
        case 0x12: .softwareReset
        case 0x18: .temperatureSensor(p[0])
        case 0x1A: .writeTemperature(p[0], p[1])
        case 0x20: .masterActivation
        case 0x21: .displayUpdateControl1(p[0], p[1])
        case 0x22: .displayUpdateControl2(p[0])
        case 0x24: .writeBlackWhiteRAM(count: dataCount)
        case 0x26: .writeRedRAM(count: dataCount)
        case 0x2C: .vcom(p[0])
        case 0x32: .lut(p)
        case 0x3C: .borderWaveform(p[0])
        case 0x3F: .lutEnd(p[0])
        case 0x44: .ramXRange(start: p[0] & 0x3F, end: p[1] & 0x3F)
        case 0x45: .ramYRange(start: UInt16(p[0]) | UInt16(p[1] & 0x01) << 8, end: UInt16(p[2]) | UInt16(p[3] & 0x01) << 8)
        case 0x4E: .ramXCounter(p[0] & 0x3F)
        case 0x4F: .ramYCounter(UInt16(p[0]) | UInt16(p[1] & 0x01) << 8)
        case 0x7F: .nop
        default: .unknown(opcode)
        }
    }
}
