import GlanceGraphics

/// A byte-exact SSD1306-family controller (SSD1306, SSD1309, SSD1315) on I2C: it decodes every
/// byte it receives into controller state and 128×64 RAM, and shows what the glass would.
///
/// It is an `I2CDevice`, so real controller code drives it through `I2CCommandDataBus`; behind a
/// `FourWireSPIFront` it is the SPI module (7-pin boards), driven through `SPICommandDataBus`.
/// Parameter collection survives transaction boundaries, as on the chip. Scrolling commands
/// are decoded and recorded; the glass shows RAM unscrolled.
public actor SSD1306Emulator: I2CDevice {
    /// Which chip and panel are emulated.
    public struct Configuration: Hashable, Sendable {
        /// The chip.
        public var variant: SSD1306Variant
        /// Visible glass width in pixels (at most 128).
        public var width: Int
        /// Visible glass height in pixels (at most 64).
        public var height: Int
        /// The RAM column shown at glass column 0 with segment remap on (28 on 72×40 modules).
        public var columnOffset: Int
        /// The COM pin configuration (`DA`) the panel is wired for.
        public var wiredComPins: UInt8
        /// Whether the glass lights only with the internal charge pump on (false with external VCC).
        public var needsChargePump: Bool

        /// Creates a configuration.
        public init(variant: SSD1306Variant = .ssd1306, width: Int = 128, height: Int = 64, columnOffset: Int = 0,
                    wiredComPins: UInt8 = 0x12, needsChargePump: Bool = true) {
            self.variant = variant
            self.width = width
            self.height = height
            self.columnOffset = columnOffset
            self.wiredComPins = wiredComPins
            self.needsChargePump = needsChargePump
        }

        /// The emulated module matching a controller model.
        public init(model: SSD1306Controller.Model) {
            self.init(variant: model.variant, width: model.size.width, height: model.size.height,
                      columnOffset: model.columnOffset, wiredComPins: model.comPins,
                      needsChargePump: model.variant != .ssd1309)
        }
    }

    /// The bus number reported to drivers and captures.
    public nonisolated let bus: Int
    /// The 7-bit address.
    public nonisolated let address: UInt8
    /// The transaction limit the emulated adapter allows.
    public nonisolated let maximumTransactionLength: Int
    /// The emulated chip and module.
    public nonisolated let configuration: Configuration

    /// Display RAM, 8 pages of 128 columns: byte `column + page * 128`, bit 0 at the top.
    public private(set) var ram: [UInt8]
    /// Every decoded command in order.
    public private(set) var commands: [SSD1306Command] = []
    /// Bytes and transactions received so far.
    public private(set) var traffic = BusCost()

    // MARK: Registers (reset values from the datasheet)

    /// The addressing mode.
    public private(set) var addressingMode: SSD1306AddressingMode = .page
    /// Column range for horizontal/vertical mode.
    public private(set) var columnRange: ClosedRange<Int> = 0...127
    /// Page range for horizontal/vertical mode.
    public private(set) var pageRange: ClosedRange<Int> = 0...7
    /// The RAM write pointer column.
    public private(set) var column = 0
    /// The RAM write pointer page.
    public private(set) var page = 0
    /// Contrast 0–255.
    public private(set) var contrast: UInt8 = 0x7F
    /// Display on (`AF`).
    public private(set) var displayOn = false
    /// Inverse display (`A7`).
    public private(set) var inverse = false
    /// Entire display on (`A5`).
    public private(set) var entireDisplayOn = false
    /// Pre-charge register (`D9`).
    public private(set) var precharge: UInt8 = 0x22
    /// VCOMH deselect register (`DB`).
    public private(set) var vcomh: UInt8 = 0x20
    /// SSD1315 internal reference register (`AD`; 00 after reset: the external resistor).
    public private(set) var internalReference: UInt8 = 0x00
    /// Charge pump register (`8D`).
    public private(set) var chargePump: UInt8 = 0x10
    /// Clock register (`D5`).
    public private(set) var clock: UInt8 = 0x80
    /// Whether scrolling is active (`2F`).
    public private(set) var scrolling = false
    private var scan: OLEDScanGeometry
    private var decoder = CommandDecoder()

    /// Creates a powered-up controller: reset registers, garbage RAM.
    public init(configuration: Configuration = Configuration(), bus: Int = 1, address: UInt8 = 0x3C, maximumTransactionLength: Int = 8192) {
        self.configuration = configuration
        self.bus = bus
        self.address = address
        self.maximumTransactionLength = maximumTransactionLength
        self.ram = PowerOnGarbage.bytes(1024, seed: 0x1306)
        self.scan = OLEDScanGeometry(panelWidth: configuration.width, panelHeight: configuration.height, ramColumns: 128,
                                     columnOffset: configuration.columnOffset, wiredComPins: configuration.wiredComPins)
    }

    /// Segment remap (`A1`).
    public var segmentRemap: Bool { scan.segmentRemap }
    /// COM scan reversed (`C8`).
    public var comScanReversed: Bool { scan.comScanReversed }
    /// Multiplex ratio: rows driven.
    public var multiplex: Int { scan.multiplex }
    /// Display offset (`D3`).
    public var displayOffset: Int { scan.displayOffset }
    /// Display start line (`40`–`7F`).
    public var startLine: Int { scan.startLine }
    /// COM pins configuration (`DA`).
    public var comPins: UInt8 { scan.comPins }

    // MARK: - I2CDevice

    /// Receives one I2C transaction: control bytes, commands and data.
    public func write(_ bytes: [UInt8]) async throws {
        receive(bytes)
    }

    /// Receives one I2C transaction synchronously (for callers already on the actor).
    public func receive(_ bytes: [UInt8]) {
        traffic = traffic + BusCost(bytes: bytes.count, transactions: 1)
        I2CControlStream.forEachByte(in: bytes, data: { writeData($0) }, command: { receiveCommandByte($0) })
    }

    /// Forgets the command log and traffic counters (state and RAM are kept).
    public func clearLog() {
        commands.removeAll()
        traffic = BusCost()
    }

    // MARK: - Commands

    /// Resets every register to its datasheet value and drops a half-received command; RAM is kept.
    private func resetRegisters() {
        addressingMode = .page
        columnRange = 0...127
        pageRange = 0...7
        column = 0
        page = 0
        contrast = 0x7F
        displayOn = false
        inverse = false
        entireDisplayOn = false
        precharge = 0x22
        vcomh = 0x20
        internalReference = 0x00
        chargePump = 0x10
        clock = 0x80
        scrolling = false
        scan = OLEDScanGeometry(panelWidth: configuration.width, panelHeight: configuration.height, ramColumns: 128,
                                columnOffset: configuration.columnOffset, wiredComPins: configuration.wiredComPins)
        decoder = CommandDecoder()
    }

    private func receiveCommandByte(_ byte: UInt8) {
        let variant = configuration.variant
        if let command = decoder.receive(byte, parameterCount: { SSD1306Command.parameterCount(opcode: $0, variant: variant) }) {
            apply(SSD1306Command.decode(opcode: command.opcode, parameters: command.parameters, variant: variant))
        }
    }

    private func apply(_ command: SSD1306Command) {
        commands.append(command)
        switch command {
        case let .addressingMode(mode):
            if mode != .invalid { addressingMode = mode }
        case let .columnRange(start, end):
            columnRange = Int(start)...max(Int(start), Int(end))
            column = Int(start)
        case let .pageRange(start, end):
            pageRange = Int(start)...max(Int(start), Int(end))
            page = Int(start)
        case let .page(value):
            page = Int(value)
        case let .columnLow(nibble):
            if addressingMode == .page { column = (column & 0xF0) | Int(nibble) }
        case let .columnHigh(nibble):
            if addressingMode == .page { column = ((Int(nibble) << 4) | (column & 0x0F)) & 0x7F }
        case let .startLine(line): scan.startLine = Int(line)
        case let .contrast(level): contrast = level
        case let .segmentRemap(on): scan.segmentRemap = on
        case let .entireDisplayOn(on): entireDisplayOn = on
        case let .inverse(on): inverse = on
        case let .multiplexRatio(n): if n >= 15 { scan.multiplex = Int(n) + 1 }
        case let .display(on): displayOn = on
        case let .comScanReversed(on): scan.comScanReversed = on
        case let .displayOffset(offset): scan.displayOffset = Int(offset)
        case let .clock(divide, frequency): clock = (frequency << 4) | divide
        case let .precharge(phase1, phase2): precharge = (phase2 << 4) | phase1
        case let .comPins(value): scan.comPins = value
        case let .vcomhDeselect(level): vcomh = level
        case let .chargePump(value): chargePump = value
        case let .scrolling(on): scrolling = on
        case let .internalReference(value): internalReference = value
        case .commandLock, .horizontalScroll, .verticalHorizontalScroll, .verticalScrollArea, .nop, .unknown:
            break
        }
    }

    // MARK: - Data

    private func writeData(_ byte: UInt8) {
        ram[page * 128 + column] = byte
        switch addressingMode {
        case .horizontal:
            column += 1
            if column > columnRange.upperBound {
                column = columnRange.lowerBound
                page = page >= pageRange.upperBound ? pageRange.lowerBound : page + 1
            }
        case .vertical:
            page += 1
            if page > pageRange.upperBound {
                page = pageRange.lowerBound
                column = column >= columnRange.upperBound ? columnRange.lowerBound : column + 1
            }
        case .page, .invalid:
            // Page mode wraps the column at the end of RAM and keeps the page.
            column = (column + 1) & 0x7F
        }
    }

    // MARK: - Glass

    /// Whether the panel emits light at all: display on and, on charge-pump modules, the pump enabled.
    public var isLit: Bool {
        displayOn && (!configuration.needsChargePump || chargePump & 0x04 != 0)
    }

    /// RAM as a 128×64 bitmap (255 where a bit is set), unaffected by display settings.
    public var ramImage: Bitmap {
        PageLayout.image(ofRAM: ram, columns: 128)
    }

    /// Which glass pixels are lit (255) or dark (0): remap, COM scan, COM pins, multiplex,
    /// offset, start line, inverse, entire-on, display on/off and charge pump applied; contrast not.
    public var shownImage: Bitmap {
        var image = Bitmap(width: configuration.width, height: configuration.height)
        guard isLit else { return image }
        image.pixels = scan.shownPixels(ram: ram, inverse: inverse, entireDisplayOn: entireDisplayOn)
        return image
    }

    /// What the glass shows: `shownImage` with lit pixels at the luminance the contrast,
    /// pre-charge, VCOMH and (SSD1315) internal reference settings give (see `OLEDLuminance`).
    public var glass: Bitmap {
        let light = OLEDLuminance.light(contrast: contrast, prechargeClocks: Int(precharge >> 4), vcomh: vcomh)
            * OLEDLuminance.referenceScale(internalReference)
        return OLEDLuminance.lit(shownImage, at: UInt8(max(1, min(255, (255 * light).rounded()))))
    }
}

// MARK: - 4-wire SPI

extension SSD1306Emulator: FourWireSPIReceiver {
    /// Command bytes with D/C low: opcodes and their parameters, as over I2C after a `00` control byte.
    public func receiveCommands(_ bytes: [UInt8]) {
        for byte in bytes { receiveCommandByte(byte) }
    }

    /// Display data with D/C high, at the RAM pointer.
    public func receiveData(_ bytes: [UInt8]) {
        for byte in bytes { writeData(byte) }
    }

    /// RES# released after a pulse: registers to their reset values (display off), RAM kept.
    public func hardwareReset() {
        resetRegisters()
    }
}
