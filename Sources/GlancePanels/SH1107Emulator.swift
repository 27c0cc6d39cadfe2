import GlanceGraphics

/// A byte-exact SH1107 on I2C: 128 columns × 16 pages of RAM, page or vertical addressing, and a
/// 128×128 panel (Adafruit's and Pimoroni's 1.12" modules).
///
/// On the SH1107 a RAM column feeds one COM and a page feeds eight SEGs, so on the glass a
/// column is a line of pixels across and a page eight lines down — the way the modules are
/// mounted, glass pixel (x, y) shows column x, page y / 8, bit y % 8 with the reset settings
/// `A0 C0` (the orientation Adafruit's driver draws in). The start line (`DC`) and display
/// offset (`D3`) then move the picture sideways with wrap, COM scan (`C8`) mirrors it
/// left-right and segment remap (`A1`) top-bottom. Column and page pointers wrap at 128 and 16.
public actor SH1107Emulator: I2CDevice {
    /// The bus number reported to drivers and captures.
    public nonisolated let bus: Int
    /// The 7-bit address.
    public nonisolated let address: UInt8
    /// The transaction limit the emulated adapter allows.
    public nonisolated let maximumTransactionLength: Int

    /// Display RAM, 16 pages of 128 columns: byte `column + page * 128`, bit 0 at the top.
    public private(set) var ram: [UInt8]
    /// Every decoded command in order.
    public private(set) var commands: [SH1107Command] = []
    /// Bytes and transactions received so far.
    public private(set) var traffic = BusCost()
    /// The column pointer, 0–127.
    public private(set) var column = 0
    /// The page pointer, 0–15.
    public private(set) var page = 0
    /// Vertical addressing (`21`): data advances the page; otherwise the column.
    public private(set) var verticalAddressing = false
    /// Contrast (reset 80).
    public private(set) var contrast: UInt8 = 0x80
    /// Display on.
    public private(set) var displayOn = false
    /// Inverse display.
    public private(set) var inverse = false
    /// Entire display on.
    public private(set) var entireDisplayOn = false
    /// Segment remap (`A1`).
    public private(set) var segmentRemap = false
    /// COM scan reversed (`C8`).
    public private(set) var comScanReversed = false
    /// COMs driven (multiplex ratio + 1, reset 128).
    public private(set) var multiplex = 128
    /// Display offset (`D3`).
    public private(set) var displayOffset = 0
    /// Display start line (`DC`): the RAM column on COM0.
    public private(set) var startLine = 0
    /// Discharge/pre-charge register (reset 22).
    public private(set) var dischargePrecharge: UInt8 = 0x22
    /// VCOM deselect register (reset 35).
    public private(set) var vcomDeselect: UInt8 = 0x35
    /// DC-DC register.
    public private(set) var dcdc: UInt8 = 0x81
    private var decoder = CommandDecoder()
    private var readModifyWriteColumn: Int?

    /// Creates a powered-up SH1107 with garbage RAM.
    public init(bus: Int = 1, address: UInt8 = 0x3C, maximumTransactionLength: Int = 8192) {
        self.bus = bus
        self.address = address
        self.maximumTransactionLength = maximumTransactionLength
        self.ram = PowerOnGarbage.bytes(128 * 16, seed: 0x1107)
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
        if let command = decoder.receive(byte, parameterCount: SH1107Command.parameterCount) {
            apply(SH1107Command.decode(opcode: command.opcode, parameters: command.parameters))
        }
    }

    private func apply(_ command: SH1107Command) {
        commands.append(command)
        switch command {
        case let .columnLow(nibble): column = (column & 0x70) | Int(nibble)
        case let .columnHigh(bits): column = (Int(bits) << 4) | (column & 0x0F)
        case let .verticalAddressing(on): verticalAddressing = on
        case let .contrast(level): contrast = level
        case let .segmentRemap(on): segmentRemap = on
        case let .entireDisplayOn(on): entireDisplayOn = on
        case let .inverse(on): inverse = on
        case let .multiplexRatio(n): multiplex = Int(n) + 1
        case let .dcdc(value): dcdc = value
        case let .display(on): displayOn = on
        case let .page(value): page = Int(value)
        case let .comScanReversed(on): comScanReversed = on
        case let .displayOffset(offset): displayOffset = Int(offset)
        case let .dischargePrecharge(value): dischargePrecharge = value
        case let .vcomDeselect(level): vcomDeselect = level
        case let .startLine(line): startLine = Int(line)
        case .readModifyWrite: readModifyWriteColumn = column
        case .end:
            if let saved = readModifyWriteColumn { column = saved }
            readModifyWriteColumn = nil
        case .clock, .nop, .unknown: break
        }
    }

    private func writeData(_ byte: UInt8) {
        ram[page * 128 + column] = byte
        if verticalAddressing { page = (page + 1) & 0x0F } else { column = (column + 1) & 0x7F }
    }

    /// RAM as a 128×128 bitmap (255 where a bit is set): x the column, y the page row.
    public var ramImage: Bitmap {
        PageLayout.image(ofRAM: ram, columns: 128, pages: 16)
    }

    /// Which glass pixels are lit (255) or dark (0), all display settings applied except contrast.
    public var shownImage: Bitmap {
        var image = Bitmap(width: 128, height: 128)
        guard displayOn else { return image }
        if entireDisplayOn {
            image.pixels = [UInt8](repeating: 255, count: 128 * 128)
            return image
        }
        for x in 0..<128 {
            // Glass column x is COM x; a COM past the multiplex ratio is not driven (dark).
            let com = comScanReversed ? multiplex - 1 - x : x
            guard com >= 0, com < multiplex else { continue }
            let ramColumn = (com + displayOffset + startLine) & 0x7F
            for y in 0..<128 {
                let segment = segmentRemap ? 127 - y : y
                let lit = ram[(segment >> 3) * 128 + ramColumn] & (1 << UInt8(segment & 7)) != 0
                if lit != inverse { image[x, y] = 255 }
            }
        }
        return image
    }

    /// What the glass shows: `shownImage` at the luminance of the contrast, pre-charge and VCOM settings.
    public var glass: Bitmap {
        let level = OLEDLuminance.level(contrast: contrast, prechargeClocks: Int(dischargePrecharge & 0x0F), vcomh: vcomDeselect)
        return OLEDLuminance.lit(shownImage, at: level)
    }
}
