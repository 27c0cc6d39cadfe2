import GlanceGraphics

/// A byte-exact SH1106 on I2C: 132×64 RAM, page addressing only, and a 128×64 panel wired to
/// 128 of the 132 columns.
///
/// Data writes advance the column (wrapping from 131 to 0) and never the page. Bytes meant for
/// an SSD1306 are decoded as an SH1106 decodes them (see `SH1106Command`).
public actor SH1106Emulator: I2CDevice {
    /// The bus number reported to drivers and captures.
    public nonisolated let bus: Int
    /// The 7-bit address.
    public nonisolated let address: UInt8
    /// The transaction limit the emulated adapter allows.
    public nonisolated let maximumTransactionLength: Int
    /// The RAM column shown at glass column 0 with segment remap on (0, 2 or 4; 2 on most modules).
    public nonisolated let columnOffset: Int

    /// Display RAM, 8 pages of 132 columns: byte `column + page * 132`, bit 0 at the top.
    public private(set) var ram: [UInt8]
    /// Every decoded command in order.
    public private(set) var commands: [SH1106Command] = []
    /// Bytes and transactions received so far.
    public private(set) var traffic = BusCost()
    /// The column pointer, 0–131.
    public private(set) var column = 0
    /// The page pointer.
    public private(set) var page = 0
    /// Contrast (reset 80).
    public private(set) var contrast: UInt8 = 0x80
    /// Display on.
    public private(set) var displayOn = false
    /// Inverse display.
    public private(set) var inverse = false
    /// Entire display on.
    public private(set) var entireDisplayOn = false
    /// Discharge/pre-charge register (reset 22).
    public private(set) var dischargePrecharge: UInt8 = 0x22
    /// VCOM deselect register (reset 35).
    public private(set) var vcomDeselect: UInt8 = 0x35
    /// DC-DC register (reset 8B).
    public private(set) var dcdc: UInt8 = 0x8B
    private var scan: OLEDScanGeometry
    private var decoder = CommandDecoder()
    private var readModifyWriteColumn: Int?

    /// Creates a powered-up SH1106 with garbage RAM.
    public init(columnOffset: Int = 2, bus: Int = 1, address: UInt8 = 0x3C, maximumTransactionLength: Int = 8192) {
        self.columnOffset = columnOffset
        self.bus = bus
        self.address = address
        self.maximumTransactionLength = maximumTransactionLength
        self.ram = PowerOnGarbage.bytes(132 * 8, seed: 0x1106)
        self.scan = OLEDScanGeometry(panelWidth: 128, panelHeight: 64, ramColumns: 132, columnOffset: columnOffset, wiredComPins: 0x12)
    }

    /// Segment remap (`A1`).
    public var segmentRemap: Bool { scan.segmentRemap }
    /// COM scan reversed (`C8`).
    public var comScanReversed: Bool { scan.comScanReversed }
    /// Multiplex ratio: rows driven.
    public var multiplex: Int { scan.multiplex }
    /// Display start line.
    public var startLine: Int { scan.startLine }
    /// Display offset.
    public var displayOffset: Int { scan.displayOffset }

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
        if let command = decoder.receive(byte, parameterCount: SH1106Command.parameterCount) {
            apply(SH1106Command.decode(opcode: command.opcode, parameters: command.parameters))
        }
    }

    private func apply(_ command: SH1106Command) {
        commands.append(command)
        switch command {
        case let .columnLow(nibble): column = (column & 0xF0) | Int(nibble)
        case let .columnHigh(nibble): column = (Int(nibble) << 4) | (column & 0x0F)
        case let .startLine(line): scan.startLine = Int(line)
        case let .contrast(level): contrast = level
        case let .segmentRemap(on): scan.segmentRemap = on
        case let .entireDisplayOn(on): entireDisplayOn = on
        case let .inverse(on): inverse = on
        case let .multiplexRatio(n): scan.multiplex = Int(n) + 1
        case let .dcdc(value): dcdc = value
        case let .display(on): displayOn = on
        case let .page(value): page = Int(value)
        case let .comScanReversed(on): scan.comScanReversed = on
        case let .displayOffset(offset): scan.displayOffset = Int(offset)
        case let .dischargePrecharge(value): dischargePrecharge = value
        case let .comPins(value): scan.comPins = value
        case let .vcomDeselect(level): vcomDeselect = level
        case .readModifyWrite: readModifyWriteColumn = column
        case .end:
            if let saved = readModifyWriteColumn { column = saved }
            readModifyWriteColumn = nil
        case .pumpVoltage, .clock, .nop, .unknown: break
        }
    }

    private func writeData(_ byte: UInt8) {
        if column < 132 { ram[page * 132 + column] = byte }
        column = column >= 131 ? 0 : column + 1
    }

    /// RAM as a 132×64 bitmap (255 where a bit is set).
    public var ramImage: Bitmap {
        PageLayout.image(ofRAM: ram, columns: 132)
    }

    /// Which glass pixels are lit (255) or dark (0), all display settings applied except contrast.
    public var shownImage: Bitmap {
        var image = Bitmap(width: 128, height: 64)
        guard displayOn else { return image }
        image.pixels = scan.shownPixels(ram: ram, inverse: inverse, entireDisplayOn: entireDisplayOn)
        return image
    }

    /// What the glass shows: `shownImage` at the luminance of the contrast, pre-charge and VCOM settings.
    public var glass: Bitmap {
        let level = OLEDLuminance.level(contrast: contrast, prechargeClocks: Int(dischargePrecharge & 0x0F), vcomh: vcomDeselect)
        return OLEDLuminance.lit(shownImage, at: level)
    }
}
