import GlanceGraphics

/// A byte-exact SSD1322 behind a `FourWireSPIFront`: 480×128 pixels of 4-bit gray RAM (120
/// column addresses of two bytes, four pixels each) and a 256×64 panel wired to segments
/// 112–367, i.e. column addresses 28–91 (`0x1C`–`0x5B`), as on the 3.12" modules.
///
/// Mounting model: with re-map `A0 14 11` (COM scan reversed, nibble remap, no column remap —
/// the setting Adafruit's and luma's drivers send) the glass shows RAM upright: glass pixel
/// (x, y) is segment 112 + x of RAM row y (after start line and offset), the left pixel of a
/// column address in the high nibble of its first byte. Column remap mirrors the segments,
/// nibble remap off reverses the four pixels of a column address, COM scan normal mirrors the
/// rows. While the command lock is on (`FD 16`) only `FD` is obeyed.
public actor SSD1322Emulator: FourWireSPIReceiver {
    /// Visible width in pixels.
    public nonisolated let width = 256
    /// Visible height in pixels.
    public nonisolated let height = 64
    /// The segment of glass column 0.
    public nonisolated let firstSegment = 112

    /// Display RAM: row `r` is bytes `r * 240 ..< (r + 1) * 240`, two per column address.
    public private(set) var ram: [UInt8]
    /// Every decoded command in order (RAM writes with their byte counts).
    public private(set) var commands: [SSD1322Command] = []
    /// The column window in column addresses.
    public private(set) var columnRange: ClosedRange<Int> = 0...119
    /// The row window.
    public private(set) var rowRange: ClosedRange<Int> = 0...127
    /// The column pointer (column address).
    public private(set) var column = 0
    /// The row pointer.
    public private(set) var row = 0
    /// Re-map byte A.
    public private(set) var remapA: UInt8 = 0x00
    /// Display start line.
    public private(set) var startLine = 0
    /// Display offset.
    public private(set) var displayOffset = 0
    /// Rows driven (multiplex ratio + 1).
    public private(set) var multiplex = 128
    /// Display on (`AF`).
    public private(set) var displayOn = false
    /// All off, all on, normal or inverse.
    public private(set) var mode: SSD1327DisplayMode = .normal
    /// Contrast current (`C1`).
    public private(set) var contrast: UInt8 = 0x7F
    /// Master contrast (`C7`, 0–15).
    public private(set) var masterContrast: UInt8 = 0x0F
    /// Phase lengths (`B1`).
    public private(set) var phaseLength: UInt8 = 0x74
    /// VCOMH (`BE`, 0–7).
    public private(set) var vcomh: UInt8 = 0x04
    /// Whether the command lock is on.
    public private(set) var locked = false
    /// The gray table: pulse widths of levels 0–15 (level 0 is always 0).
    public private(set) var grayTable: [Int] = SSD1322Emulator.linearTable
    private var current: UInt8?
    private var parameters: [UInt8] = []
    private var dataCount = 0
    private var secondByte = false

    /// The linear table `B9` selects, as pulse widths (GS15 = 180 DCLKs at most; linear in level).
    static let linearTable = (0..<16).map { $0 * 12 }

    /// Creates a powered-up SSD1322 with garbage RAM.
    public init() {
        ram = PowerOnGarbage.bytes(240 * 128, seed: 0x1322)
    }

    // MARK: - FourWireSPIReceiver

    /// Opcodes: each ends the command before it.
    public func receiveCommands(_ bytes: [UInt8]) {
        for byte in bytes {
            finishCommand()
            current = byte
            parameters = []
            dataCount = 0
            secondByte = false
            if SSD1322Command.parameterCount(opcode: byte) == 0 { finishCommand() }
        }
    }

    /// Parameters, or pixel data after `5C`.
    public func receiveData(_ bytes: [UInt8]) {
        guard let opcode = current else { return }
        if opcode == 0x5C {
            guard !locked else { return }
            for byte in bytes { writeData(byte) }
            return
        }
        for byte in bytes {
            parameters.append(byte)
            if parameters.count == SSD1322Command.parameterCount(opcode: opcode) {
                finishCommand()
                return
            }
        }
    }

    /// RES# released: registers to their reset values, RAM kept.
    public func hardwareReset() {
        current = nil
        columnRange = 0...119
        rowRange = 0...127
        column = 0
        row = 0
        remapA = 0
        startLine = 0
        displayOffset = 0
        multiplex = 128
        displayOn = false
        mode = .normal
        contrast = 0x7F
        masterContrast = 0x0F
        phaseLength = 0x74
        vcomh = 0x04
        locked = false
        grayTable = Self.linearTable
    }

    /// Forgets the command log.
    public func clearCommands() {
        commands.removeAll()
    }

    private func finishCommand() {
        guard let opcode = current else { return }
        current = nil
        let expected = SSD1322Command.parameterCount(opcode: opcode)
        // A command cut short by the next opcode is dropped, as the chip drops it.
        guard expected == nil || parameters.count == expected else { return }
        let command = SSD1322Command.decode(opcode: opcode, parameters: parameters, dataCount: dataCount)
        if locked, opcode != 0xFD { return }
        commands.append(command)
        switch command {
        case let .columnRange(start, end):
            columnRange = Int(min(start, 119))...max(Int(min(start, 119)), Int(min(end, 119)))
            column = columnRange.lowerBound
            secondByte = false
        case let .rowRange(start, end):
            rowRange = Int(start)...max(Int(start), Int(end))
            row = rowRange.lowerBound
        case .writeRAM:
            break
        case let .remap(a, _): remapA = a
        case let .startLine(line): startLine = Int(line)
        case let .displayOffset(offset): displayOffset = Int(offset)
        case let .displayMode(value): mode = value
        case let .display(on): displayOn = on
        case let .phaseLength(value): phaseLength = value
        case let .grayTable(levels): grayTable = [0] + levels.map { Int(min($0, 180)) }
        case .linearGrayTable: grayTable = Self.linearTable
        case let .vcomh(value): vcomh = value
        case let .contrast(value): contrast = value
        case let .masterContrast(value): masterContrast = value
        case let .multiplexRatio(value): multiplex = max(16, Int(value) + 1)
        case let .commandLock(value): locked = value & 0x04 != 0
        default: break
        }
    }

    private func writeData(_ byte: UInt8) {
        dataCount += 1
        ram[row * 240 + column * 2 + (secondByte ? 1 : 0)] = byte
        guard secondByte else {
            secondByte = true
            return
        }
        secondByte = false
        if remapA & 0x01 == 0 {
            column += 1
            if column > columnRange.upperBound {
                column = columnRange.lowerBound
                row = row >= rowRange.upperBound ? rowRange.lowerBound : row + 1
            }
        } else {
            row += 1
            if row > rowRange.upperBound {
                row = rowRange.lowerBound
                column = column >= columnRange.upperBound ? columnRange.lowerBound : column + 1
            }
        }
    }

    // MARK: - Glass

    /// The gray level (0–15) of RAM pixel `pixel` (0–479) in `row`.
    private func level(row: Int, pixel: Int) -> UInt8 {
        let address = pixel / 4, index = remapA & 0x04 != 0 ? pixel % 4 : 3 - pixel % 4
        let byte = ram[row * 240 + address * 2 + index / 2]
        return index % 2 == 0 ? byte >> 4 : byte & 0x0F
    }

    /// Gray levels 0–15 on the glass as 0–255 (level × 17): re-map, start line, offset,
    /// multiplex, display mode and on/off applied; gray table and contrast not.
    public var shownImage: Bitmap {
        var image = Bitmap(width: width, height: height)
        guard displayOn else { return image }
        for y in 0..<height {
            guard y < multiplex else { continue }
            let logical = remapA & 0x10 != 0 ? y : multiplex - 1 - y
            let ramRow = (logical + startLine + displayOffset) & 127
            for x in 0..<width {
                let segment = firstSegment + x
                var value = level(row: ramRow, pixel: remapA & 0x02 != 0 ? 479 - segment : segment)
                switch mode {
                case .normal: break
                case .allOn: value = 15
                case .allOff: value = 0
                case .inverse: value = 15 - value
                }
                image[x, y] = value * 17
            }
        }
        return image
    }

    /// What the glass shows: each level through the gray table (relative to the linear
    /// table's level 15) and the luminance of contrast current, phase 2 and VCOMH
    /// (`OLEDLuminance`), scaled by the master contrast.
    public var glass: Bitmap {
        let scale = SSD1322Controller.light(contrast: contrast, phaseLength: phaseLength, vcomh: vcomh, master: masterContrast)
        let full = Double(Self.linearTable[15])
        // A lit level never rounds to dark (OLEDLuminance.level's floor of 1).
        let levels = (0..<16).map { $0 == 0 || grayTable[$0] == 0 ? 0 : UInt8(max(1, min(255, (255 * scale * min(1, Double(grayTable[$0]) / full)).rounded()))) }
        var image = shownImage
        for index in image.pixels.indices { image.pixels[index] = levels[Int(image.pixels[index]) / 17] }
        return image
    }
}
