import GlanceGraphics

/// Drives an SH1106 1.3" 128×64 OLED: page addressing only, one page per data transfer,
/// the panel at a module-specific column offset in the 132-column RAM.
public actor SH1106Controller: PanelController {
    /// Pipeline-facing description.
    public nonisolated let panel: PanelDescription
    /// The RAM column shown at glass column 0 in the upright orientation (0, 2 or 4; 2 on most modules).
    public nonisolated let columnOffset: Int
    /// Drive settings for each brightness level except `.off`.
    public nonisolated let drive: [BrightnessLevel: OLEDDrive]
    private let bus: any CommandDataBus
    private let reset: ResetLine?
    private var flipped = false
    private var display: OLEDDisplayState<SH1106Command>

    /// The default dimming table: contrast with pre-charge (`D9` bits 3:0) and VCOM deselect.
    public static let defaultDrive: [BrightnessLevel: OLEDDrive] = [
        .normal: OLEDDrive(contrast: 0xCF, precharge: 0x1F, vcomh: 0x40),
        .dim: OLEDDrive(contrast: 0x30, precharge: 0x22, vcomh: 0x20),
        .dimmest: OLEDDrive(contrast: 0x00, precharge: 0x11, vcomh: 0x00),
    ]

    /// The init sequence in the upright orientation, without display-on (datasheet section notes inline).
    static let initialization: [SH1106Command] = [
        .display(on: false),            // §11 off while configuring
        .clock(0x80),                   // §15 D5 80: divide 1, +15 % oscillator
        .multiplexRatio(0x3F),          // §9 A8 3F: 64 rows
        .displayOffset(0),              // §14 D3 00
        .startLine(0),                  // §4 40
        .dcdc(0x8B),                    // §10 AD 8B: DC-DC on (Docs/Panels.md, "SH1106")
        .pumpVoltage(2),                // §3 32: 8.0 V (reset value)
        .segmentRemap(true),            // §6 A1: module mounting
        .comScanReversed(true),         // §13 C8: module mounting
        .comPins(0x12),                 // §17 DA 12: alternative pads
        .contrast(0xCF),                // §5
        .dischargePrecharge(0x1F),      // §16 D9 1F: pre-charge 15, discharge 1
        .vcomDeselect(0x40),            // §18 DB 40
        .entireDisplayOn(false),        // §7 A4
        .inverse(false),                // §8 A6
    ]

    /// Creates a controller; does no I/O.
    /// - Parameters:
    ///   - bus: The command/data bus.
    ///   - columnOffset: The module's column offset: 2 on most modules, 0 or 4 on some.
    ///   - drive: The dimming table.
    ///   - reset: The RST line when the module brings it out.
    public init(bus: any CommandDataBus, columnOffset: Int = 2, drive: [BrightnessLevel: OLEDDrive] = SH1106Controller.defaultDrive, reset: ResetLine? = nil) {
        self.bus = bus
        self.columnOffset = min(4, max(0, columnOffset))
        self.drive = drive
        self.display = OLEDDisplayState(drive: drive)
        self.reset = reset
        self.panel = PanelDescription(
            name: "SH1106 128×64", size: Size(width: 128, height: 64), format: .mono1,
            addressing: TransferAddressing(
                tileWidth: 1, tileHeight: 8, bytesPerTile: 1,
                // 00 Bp 0l 1h, then the 40 control byte of the data transaction.
                windowSetup: BusCost(bytes: 5, transactions: 2),
                windowsSpanBands: false, strategy: .spans),
            supportsHardwareFlip: true)
    }

    /// The init sequence for the current orientation, without display-on.
    public var initializationSequence: [SH1106Command] {
        Self.initialization.map { command in
            switch command {
            case .segmentRemap: .segmentRemap(!flipped)
            case .comScanReversed: .comScanReversed(!flipped)
            default: command
            }
        }
    }

    /// Pulses reset when there is a line, then sends the init sequence; display stays off until the first write.
    public func initialize() async throws {
        display.beginInitialization()
        await bus.resynchronize()
        try await reset?.pulse()
        try await bus.sendCommands(SH1106Command.bytes(initializationSequence + display.initializationDrive))
        display.finishInitialization()
    }

    /// Writes each region page by page: page, column address, then the page's bytes.
    public func write(_ frame: Bitmap, regions: [Rect]) async throws {
        guard frame.size == panel.size else { throw PanelError.frameSize(panel: panel.name, expected: panel.size, got: frame.size) }
        // With segment remap off the visible columns mirror inside the 132-column RAM.
        let base = flipped ? 4 - columnOffset : columnOffset
        for region in regions {
            let area = region.intersection(Rect(x: 0, y: 0, width: 128, height: 64))
            guard !area.isEmpty else { continue }
            let column = base + area.minX
            for page in (area.minY / 8)..<((area.maxY + 7) / 8) {
                let address = SH1106Command.bytes([.page(UInt8(page)), .columnLow(UInt8(column & 0x0F)), .columnHigh(UInt8(column >> 4))])
                try await bus.sendCommands(address, thenData: PageLayout.bytes(of: frame, pages: page..<(page + 1), columns: area.minX..<area.maxX))
            }
        }
        try await bus.send(display.wrote(regions: regions))
    }

    /// Sets contrast, pre-charge and VCOM deselect together (`.off` turns the display off, RAM kept).
    public func setBrightness(_ level: BrightnessLevel) async throws {
        try await bus.send(display.setBrightness(level))
    }

    /// Display off (`AE`), the SH1106's power-saving mode; RAM kept and writable.
    public func sleep() async throws {
        try await bus.send(display.sleep())
    }

    /// Display on again unless the brightness is `.off` or nothing was written yet.
    public func wake() async throws {
        try await bus.send(display.wake())
    }

    /// Contrast, the pre-charge (`D9` bits 3:0) and VCOM deselect of the level's drive (`OLEDLuminance`).
    public nonisolated func light(at level: BrightnessLevel) -> Double {
        guard level != .off, let drive = drive[level] else { return level == .off ? 0 : 1 }
        return OLEDLuminance.light(contrast: drive.contrast, prechargeClocks: Int(drive.precharge & 0x0F), vcomh: drive.vcomh)
    }

    /// Switches segment remap and COM scan direction (and, in writes, the column base).
    public func setFlipped(_ flipped: Bool) async throws {
        self.flipped = flipped
        if display.isInitialized { try await bus.sendCommands(SH1106Command.bytes([.segmentRemap(!flipped), .comScanReversed(!flipped)])) }
    }
}

// MARK: - OLEDCommand

extension SH1106Command: OLEDCommand {
    /// Contrast (`81`), discharge/pre-charge (`D9`) and VCOM deselect (`DB`).
    static func drive(_ drive: OLEDDrive) -> [SH1106Command] {
        [.contrast(drive.contrast), .dischargePrecharge(drive.precharge), .vcomDeselect(drive.vcomh)]
    }
}
