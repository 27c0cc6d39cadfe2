import GlanceGraphics

/// Drives an SSD1306-family OLED (SSD1306 128×64, 128×32, 72×40, 64×48; SSD1309; SSD1315)
/// over a `CommandDataBus`.
///
/// Writes use horizontal addressing with a column and page window per region, so one data
/// transfer covers a rectangle of whole pages. The display is switched on only after the first
/// full write, so RAM garbage never reaches the glass. A 180° rotation is done with
/// segment remap and COM scan direction.
public actor SSD1306Controller: PanelController {
    /// A supported chip and module: size, wiring, init sequence and brightness table.
    public struct Model: Hashable, Sendable {
        /// A short name for messages.
        public var name: String
        /// The chip.
        public var variant: SSD1306Variant
        /// Visible size in pixels.
        public var size: Size
        /// The RAM column shown at glass column 0 in the upright orientation (A1 C8).
        public var columnOffset: Int
        /// The COM pin configuration (`DA`) the module is wired for.
        public var comPins: UInt8
        /// The init sequence in the upright orientation, without the final display-on.
        public var initialization: [SSD1306Command]
        /// Drive settings for each brightness level except `.off`.
        public var drive: [BrightnessLevel: OLEDDrive]

        /// Creates a model.
        public init(name: String, variant: SSD1306Variant, size: Size, columnOffset: Int, comPins: UInt8,
                    initialization: [SSD1306Command], drive: [BrightnessLevel: OLEDDrive]) {
            self.name = name
            self.variant = variant
            self.size = size
            self.columnOffset = columnOffset
            self.comPins = comPins
            self.initialization = initialization
            self.drive = drive
        }

        /// The known-good SSD1306 sequence (Docs/Panels.md, "SSD1306 family") for `rows` rows, with its values.
        static func ssd1306Sequence(rows: Int, comPins: UInt8, contrast: UInt8, variant: SSD1306Variant = .ssd1306) -> [SSD1306Command] {
            var sequence: [SSD1306Command] = [
                .display(on: false),                        // §10.1.12 off while configuring
                .clock(divide: 0, frequency: 8),            // D5 80: divide 1, mid oscillator
                .multiplexRatio(UInt8(rows - 1)),           // A8: rows - 1
                .displayOffset(0),                          // D3 00
                .startLine(0),                              // 40
                .chargePump(0x14),                          // 8D 14: pump on before AF (app note)
                .addressingMode(.horizontal),               // 20 00: windows for partial updates
                .segmentRemap(true),                        // A1: column 127 → SEG0 (module mounting)
                .comScanReversed(true),                     // C8: COM[N-1] → COM0 (module mounting)
                .comPins(comPins),                          // DA 12 (64 rows) / 02 (32 rows)
                .contrast(contrast),                        // 81 CF / 8F
                .precharge(phase1: 1, phase2: 15),          // D9 F1: with the internal pump
                .vcomhDeselect(0x40),                       // DB 40: what libraries send (undocumented)
                .entireDisplayOn(false),                    // A4: follow RAM
                .inverse(false),                            // A6
                .scrolling(false),                          // 2E
            ]
            if variant == .ssd1315 {
                // SSD1315 datasheet: AD selects the internal IREF; 30 = internal, 30 µA (what u8g2 sends).
                sequence.insert(.internalReference(0x30), at: 5)
            }
            return sequence
        }

        /// Dimming for internal-pump modules: contrast with short pre-charge and low VCOMH.
        static func pumpDrive(normalContrast: UInt8) -> [BrightnessLevel: OLEDDrive] {
            [
                .normal: OLEDDrive(contrast: normalContrast, precharge: 0xF1, vcomh: 0x40),
                .dim: OLEDDrive(contrast: 0x30, precharge: 0x22, vcomh: 0x20),
                .dimmest: OLEDDrive(contrast: 0x00, precharge: 0x11, vcomh: 0x00),
            ]
        }

        /// The SSD1315's: the pump dimming, and at the dimmest level the internal reference's
        /// lower current as well (`AD 10`, 19 µA instead of 30: ISEG × 0.63); every other level
        /// sets `AD 30` again, as the init sequence does.
        static func ssd1315Drive(normalContrast: UInt8) -> [BrightnessLevel: OLEDDrive] {
            pumpDrive(normalContrast: normalContrast).mapValues { drive in
                var drive = drive
                drive.internalReference = drive.contrast == 0 ? 0x10 : 0x30
                return drive
            }
        }

        /// SSD1306 128×64 (Adafruit OLED Bonnet and most 0.96" modules).
        public static let ssd1306_128x64 = Model(
            name: "SSD1306 128×64", variant: .ssd1306, size: Size(width: 128, height: 64), columnOffset: 0, comPins: 0x12,
            initialization: ssd1306Sequence(rows: 64, comPins: 0x12, contrast: 0xCF), drive: pumpDrive(normalContrast: 0xCF))
        /// SSD1306 128×32 (Adafruit PiOLED): `A8 1F`, `DA 02`, `81 8F`.
        public static let ssd1306_128x32 = Model(
            name: "SSD1306 128×32", variant: .ssd1306, size: Size(width: 128, height: 32), columnOffset: 0, comPins: 0x02,
            initialization: ssd1306Sequence(rows: 32, comPins: 0x02, contrast: 0x8F), drive: pumpDrive(normalContrast: 0x8F))
        /// SSD1306 72×40 (0.42" modules): the glass sits at RAM columns 28–99.
        public static let ssd1306_72x40 = Model(
            name: "SSD1306 72×40", variant: .ssd1306, size: Size(width: 72, height: 40), columnOffset: 28, comPins: 0x12,
            initialization: ssd1306Sequence(rows: 40, comPins: 0x12, contrast: 0xCF), drive: pumpDrive(normalContrast: 0xCF))
        /// SSD1306 64×48 (0.66" modules): the glass sits at RAM columns 32–95.
        public static let ssd1306_64x48 = Model(
            name: "SSD1306 64×48", variant: .ssd1306, size: Size(width: 64, height: 48), columnOffset: 32, comPins: 0x12,
            initialization: ssd1306Sequence(rows: 48, comPins: 0x12, contrast: 0xCF), drive: pumpDrive(normalContrast: 0xCF))
        /// SSD1315 128×64: the SSD1306 sequence plus `AD 30`.
        public static let ssd1315_128x64 = Model(
            name: "SSD1315 128×64", variant: .ssd1315, size: Size(width: 128, height: 64), columnOffset: 0, comPins: 0x12,
            initialization: ssd1306Sequence(rows: 64, comPins: 0x12, contrast: 0xCF, variant: .ssd1315), drive: ssd1315Drive(normalContrast: 0xCF))
        /// SSD1309 128×64 (2.42" modules, external boost): the published sequence (Docs/Panels.md, "SSD1306 family"), except
        /// horizontal addressing (`20 00`) instead of page mode so windows work.
        public static let ssd1309_128x64 = Model(
            name: "SSD1309 128×64", variant: .ssd1309, size: Size(width: 128, height: 64), columnOffset: 0, comPins: 0x12,
            initialization: [
                .display(on: false),                        // AE
                .clock(divide: 0, frequency: 0xA),          // D5 A0: SSD1309 §9 oscillator
                .startLine(0),                              // 40
                .addressingMode(.horizontal),               // 20 00 (the published sequence sends 20 02; windows need horizontal)
                .segmentRemap(true),                        // A1
                .comScanReversed(true),                     // C8
                .comPins(0x12),                             // DA 12
                .contrast(0x6F),                            // 81 6F
                .precharge(phase1: 3, phase2: 13),          // D9 D3
                .vcomhDeselect(0x20),                       // DB 20
                .scrolling(false),                          // 2E
                .entireDisplayOn(false),                    // A4
                .inverse(false),                            // A6
            ],
            drive: [
                .normal: OLEDDrive(contrast: 0x6F, precharge: 0xD3, vcomh: 0x20),
                .dim: OLEDDrive(contrast: 0x20, precharge: 0x22, vcomh: 0x10),
                .dimmest: OLEDDrive(contrast: 0x00, precharge: 0x11, vcomh: 0x00),
            ])

        /// Every model Glance ships.
        public static let all: [Model] = [ssd1306_128x64, ssd1306_128x32, ssd1306_72x40, ssd1306_64x48, ssd1315_128x64, ssd1309_128x64]
    }

    /// The module driven.
    public nonisolated let model: Model
    /// Pipeline-facing description.
    public nonisolated let panel: PanelDescription
    private let bus: any CommandDataBus
    /// Whether the controller is wired over 4-wire SPI (else I2C).
    nonisolated var wiredOverSPI: Bool { bus is SPICommandDataBus }
    private let reset: ResetLine?
    private var flipped = false
    private var display: OLEDDisplayState<SSD1306Command>

    /// Creates a controller; does no I/O.
    /// - Parameters:
    ///   - bus: The command/data bus (I2C, or SPI with D/C).
    ///   - model: The chip and module.
    ///   - reset: The RST line, for modules that bring it out (SPI modules); nil on I2C modules.
    public init(bus: any CommandDataBus, model: Model = .ssd1306_128x64, reset: ResetLine? = nil) {
        self.bus = bus
        self.model = model
        self.display = OLEDDisplayState(drive: model.drive)
        self.reset = reset
        self.panel = PanelDescription(
            name: model.name, size: model.size, format: .mono1,
            addressing: TransferAddressing(
                tileWidth: 1, tileHeight: 8, bytesPerTile: 1,
                // 00 21 a b 22 p q, then the 40 control byte of the data transaction.
                windowSetup: BusCost(bytes: 8, transactions: 2),
                windowsSpanBands: true, strategy: .spans),
            supportsHardwareFlip: true)
    }

    /// The init sequence for the current orientation, without display-on.
    public var initializationSequence: [SSD1306Command] {
        model.initialization.map { command in
            switch command {
            case .segmentRemap: .segmentRemap(!flipped)
            case .comScanReversed: .comScanReversed(!flipped)
            default: command
            }
        }
    }

    /// Pulses reset when there is a line, then sends the init sequence; the display stays off
    /// until the first write so power-up garbage never shows.
    public func initialize() async throws {
        display.beginInitialization()
        await bus.resynchronize()
        try await reset?.pulse()
        try await bus.sendCommands(SSD1306Command.bytes(initializationSequence + display.initializationDrive))
        display.finishInitialization()
    }

    /// Writes each region as one column/page window, then turns the display on after the first write.
    public func write(_ frame: Bitmap, regions: [Rect]) async throws {
        guard frame.size == model.size else { throw PanelError.frameSize(panel: model.name, expected: model.size, got: frame.size) }
        let base = flipped ? 128 - model.size.width - model.columnOffset : model.columnOffset
        for region in regions {
            let area = region.intersection(Rect(x: 0, y: 0, width: model.size.width, height: model.size.height))
            guard !area.isEmpty else { continue }
            let firstPage = area.minY / 8, endPage = (area.maxY + 7) / 8
            let window = SSD1306Command.bytes([
                .columnRange(start: UInt8(base + area.minX), end: UInt8(base + area.maxX - 1)),
                .pageRange(start: UInt8(firstPage), end: UInt8(endPage - 1)),
            ])
            try await bus.sendCommands(window, thenData: PageLayout.bytes(of: frame, pages: firstPage..<endPage, columns: area.minX..<area.maxX))
        }
        try await bus.send(display.wrote(regions: regions))
    }

    /// Sets contrast, pre-charge and VCOMH together (`.off` turns the display off, RAM kept).
    public func setBrightness(_ level: BrightnessLevel) async throws {
        try await bus.send(display.setBrightness(level))
    }

    /// Display off (`AE`): the chip's sleep mode, RAM kept and writable.
    public func sleep() async throws {
        try await bus.send(display.sleep())
    }

    /// Display on again (`AF`) unless the brightness is `.off` or nothing was written yet.
    public func wake() async throws {
        try await bus.send(display.wake())
    }

    /// Contrast, phase 2 of the pre-charge (`D9` bits 7:4) and VCOMH of the level's drive (`OLEDLuminance`).
    public nonisolated func light(at level: BrightnessLevel) -> Double {
        guard level != .off, let drive = model.drive[level] else { return level == .off ? 0 : 1 }
        return OLEDLuminance.light(contrast: drive.contrast, prechargeClocks: Int(drive.precharge >> 4), vcomh: drive.vcomh)
            * OLEDLuminance.referenceScale(drive.internalReference)
    }

    /// Switches segment remap and COM scan direction; the RAM content is then shown rotated 180°.
    public func setFlipped(_ flipped: Bool) async throws {
        self.flipped = flipped
        if display.isInitialized {
            try await bus.sendCommands(SSD1306Command.bytes([.segmentRemap(!flipped), .comScanReversed(!flipped)]))
        }
    }
}

// MARK: - OLEDCommand

extension SSD1306Command: OLEDCommand {
    /// Contrast (`81`), pre-charge (`D9`, phase 1 in the low nibble), VCOMH deselect (`DB`) and,
    /// when the drive has one, the internal reference (`AD`, SSD1315).
    static func drive(_ drive: OLEDDrive) -> [SSD1306Command] {
        [.contrast(drive.contrast), .precharge(phase1: drive.precharge & 0x0F, phase2: drive.precharge >> 4), .vcomhDeselect(drive.vcomh)]
            + (drive.internalReference.map { [.internalReference($0)] } ?? [])
    }
}
