import GlanceGraphics

/// A byte-exact SSD1327 on I2C: 128 rows × 64 bytes of RAM (two 4-bit pixels per byte),
/// column/row windows with horizontal or vertical increment, the `A0` re-map bits, start line,
/// offset, multiplex, display modes, and the gray table.
///
/// Mounting model: the module shows RAM upright with the known-good `A0 53` (column and COM
/// re-map on, COM split on); other re-map values mirror, flip or interleave accordingly.
public actor SSD1327Emulator: I2CDevice {
    /// The bus number reported to drivers and captures.
    public nonisolated let bus: Int
    /// The 7-bit address.
    public nonisolated let address: UInt8
    /// The transaction limit the emulated adapter allows.
    public nonisolated let maximumTransactionLength: Int

    /// Display RAM: byte `column + row * 64`.
    public private(set) var ram: [UInt8]
    /// Every decoded command in order.
    public private(set) var commands: [SSD1327Command] = []
    /// Bytes and transactions received so far.
    public private(set) var traffic = BusCost()
    /// Column range in byte columns.
    public private(set) var columnRange: ClosedRange<Int> = 0...63
    /// Row range.
    public private(set) var rowRange: ClosedRange<Int> = 0...127
    /// The write pointer's byte column.
    public private(set) var column = 0
    /// The write pointer's row.
    public private(set) var row = 0
    /// The `A0` re-map bits.
    public private(set) var remap: SSD1327Remap = []
    /// Contrast.
    public private(set) var contrast: UInt8 = 0x7F
    /// Start line.
    public private(set) var startLine = 0
    /// Display offset.
    public private(set) var displayOffset = 0
    /// Rows driven.
    public private(set) var multiplex = 128
    /// Display mode.
    public private(set) var mode: SSD1327DisplayMode = .normal
    /// Display on.
    public private(set) var displayOn = false
    /// Phase lengths (`B1`).
    public private(set) var phaseLength: UInt8 = 0x74
    /// Pre-charge voltage (`BC`).
    public private(set) var prechargeVoltage: UInt8 = 0x05
    /// VCOMH (`BE`).
    public private(set) var vcomh: UInt8 = 0x05
    /// Pulse widths of gray levels 0–15 (level 0 is always 0); linear by default.
    public private(set) var grayTable: [Int] = SSD1327Emulator.linearTable
    /// Whether scrolling is active.
    public private(set) var scrolling = false
    private var decoder = CommandDecoder()

    /// The linear table this model uses: level L drives 2L clocks.
    public static let linearTable = (0..<16).map { 2 * $0 }

    /// Creates a powered-up SSD1327 with garbage RAM.
    public init(bus: Int = 1, address: UInt8 = 0x3C, maximumTransactionLength: Int = 8192) {
        self.bus = bus
        self.address = address
        self.maximumTransactionLength = maximumTransactionLength
        ram = PowerOnGarbage.bytes(8192, seed: 0x1327)
    }

    /// Receives one I2C transaction.
    public func write(_ bytes: [UInt8]) async throws {
        traffic = traffic + BusCost(bytes: bytes.count, transactions: 1)
        I2CControlStream.forEachByte(in: bytes, data: { writeData($0) }, command: { receiveCommandByte($0) })
    }

    /// Forgets the command log and traffic counters.
    public func clearLog() {
        commands.removeAll()
        traffic = BusCost()
    }

    private func receiveCommandByte(_ byte: UInt8) {
        if let command = decoder.receive(byte, parameterCount: SSD1327Command.parameterCount) {
            apply(SSD1327Command.decode(opcode: command.opcode, parameters: command.parameters))
        }
    }

    private func apply(_ command: SSD1327Command) {
        commands.append(command)
        switch command {
        case let .columnRange(start, end):
            columnRange = Int(start)...max(Int(start), Int(end))
            column = Int(start)
        case let .rowRange(start, end):
            rowRange = Int(start)...max(Int(start), Int(end))
            row = Int(start)
        case let .contrast(level): contrast = level
        case let .remap(value): remap = value
        case let .startLine(line): startLine = Int(line)
        case let .displayOffset(offset): displayOffset = Int(offset)
        case let .displayMode(value): mode = value
        case let .multiplexRatio(n): if n >= 15 { multiplex = Int(n) + 1 }
        case let .display(on): displayOn = on
        case let .phaseLength(value): phaseLength = value
        case let .grayTable(table): grayTable = [0] + table.map { Int($0 & 0x7F) }
        case .linearGrayTable: grayTable = Self.linearTable
        case let .prechargeVoltage(value): prechargeVoltage = value
        case let .vcomh(value): vcomh = value
        case let .scrolling(on): scrolling = on
        case .functionSelectA, .clock, .secondPrecharge, .functionSelectB, .commandLock, .horizontalScroll, .nop, .unknown:
            break
        }
    }

    private func writeData(_ byte: UInt8) {
        ram[row * 64 + column] = byte
        if remap.contains(.verticalIncrement) {
            row += 1
            if row > rowRange.upperBound {
                row = rowRange.lowerBound
                column = column >= columnRange.upperBound ? columnRange.lowerBound : column + 1
            }
        } else {
            column += 1
            if column > columnRange.upperBound {
                column = columnRange.lowerBound
                row = row >= rowRange.upperBound ? rowRange.lowerBound : row + 1
            }
        }
    }

    // MARK: - Glass

    /// The RAM row shown at glass row `y`, or nil when no COM drives it.
    private func ramRow(glassY y: Int) -> Int? {
        // The panel is wired for COM split; without it, rows interleave.
        var com = y
        if !remap.contains(.comSplit) {
            let pin = y < 64 ? 2 * y : 2 * (y - 64) + 1
            com = pin
        }
        guard com < multiplex else { return nil }
        let logical = remap.contains(.comRemap) ? com : multiplex - 1 - com
        return (logical + startLine + displayOffset) & 127
    }

    /// Gray levels 0–15 on the glass, as 0–255 (level × 17): re-map, start line, offset,
    /// multiplex, display mode and on/off applied; gray table and contrast not.
    public var shownImage: Bitmap {
        var image = Bitmap(width: 128, height: 128)
        guard displayOn else { return image }
        let lowLeft = remap.contains(.nibbleRemap), mirrored = !remap.contains(.columnRemap)
        image.pixels.withUnsafeMutableBufferPointer { out in
            ram.withUnsafeBufferPointer { ram in
                for y in 0..<128 {
                    guard let row = ramRow(glassY: y) else { continue }
                    for x in 0..<128 {
                        let p = mirrored ? 127 - x : x
                        let byte = ram[row * 64 + p / 2]
                        var level = (p % 2 == 0) == lowLeft ? byte & 0x0F : byte >> 4
                        switch mode {
                        case .normal: break
                        case .allOn: level = 15
                        case .allOff: level = 0
                        case .inverse: level = 15 - level
                        }
                        out[y * 128 + x] = level * 17
                    }
                }
            }
        }
        return image
    }

    /// What the glass shows: each level through the gray table (linear level 15 is full scale)
    /// and the luminance of contrast, phase 2 length and VCOMH (see `OLEDLuminance`).
    public var glass: Bitmap {
        let scale = Double(OLEDLuminance.level(contrast: contrast, prechargeClocks: Int(phaseLength >> 4),
                                               vcomh: UInt8(min(0x40, Int(vcomh) * 9)))) / 255
        let full = Double(Self.linearTable[15])
        let levels = (0..<16).map { UInt8(min(255, (255 * scale * min(1, Double(grayTable[$0]) / full)).rounded())) }
        var image = shownImage
        for index in image.pixels.indices { image.pixels[index] = levels[Int(image.pixels[index]) / 17] }
        return image
    }
}
