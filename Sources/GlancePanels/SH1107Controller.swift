import GlanceGraphics

/// Drives an SH1107 128×128 OLED (Adafruit's and Pimoroni's 1.12" modules) over I2C: page
/// addressing, one page per data transfer, the picture upright with `A0 C0` (see
/// `SH1107Emulator` for how RAM reaches the glass).
public actor SH1107Controller: PanelController {
    /// Pipeline-facing description.
    public nonisolated let panel: PanelDescription
    /// Drive settings for each brightness level except `.off`.
    public nonisolated let drive: [BrightnessLevel: OLEDDrive]
    private let bus: any CommandDataBus
    private let reset: ResetLine?
    private var flipped = false
    private var display: OLEDDisplayState<SH1107Command>

    /// The default dimming table: contrast with pre-charge (`D9` bits 3:0) and VCOM deselect.
    /// Normal is Adafruit's driver setting (`81 4F`, `D9 22`, `DB 35`).
    public static let defaultDrive: [BrightnessLevel: OLEDDrive] = [
        .normal: OLEDDrive(contrast: 0x4F, precharge: 0x22, vcomh: 0x35),
        .dim: OLEDDrive(contrast: 0x18, precharge: 0x22, vcomh: 0x20),
        .dimmest: OLEDDrive(contrast: 0x00, precharge: 0x11, vcomh: 0x00),
    ]

    /// The init sequence in the upright orientation, without display-on: Adafruit's 128×128
    /// sequence (Adafruit_SH110x; Docs/Panels.md, "SH1107") without its `AD 8A`, so the
    /// DC-DC keeps its reset setting (on; drivers disagree, see Docs/Panels.md).
    static let initialization: [SH1107Command] = [
        .display(on: false),            // AE off while configuring
        .clock(0x51),                   // D5 51: divide 2, oscillator as Adafruit and u8g2 send it
        .verticalAddressing(false),     // 20: page addressing
        .contrast(0x4F),                // 81 4F: the normal level of the drive table
        .segmentRemap(false),           // A0: module mounting (upright)
        .comScanReversed(false),        // C0: module mounting (upright)
        .startLine(0),                  // DC 00
        .displayOffset(0),              // D3 00 (the 128×64 FeatherWing needs 60)
        .dischargePrecharge(0x22),      // D9 22: pre-charge 2, discharge 2
        .vcomDeselect(0x35),            // DB 35
        .multiplexRatio(0x7F),          // A8 7F: 128 COMs
        .entireDisplayOn(false),        // A4
        .inverse(false),                // A6
    ]

    /// Creates a controller; does no I/O.
    /// - Parameters:
    ///   - bus: The command/data bus.
    ///   - drive: The dimming table.
    ///   - reset: The RST line when the module brings it out.
    public init(bus: any CommandDataBus, drive: [BrightnessLevel: OLEDDrive] = SH1107Controller.defaultDrive, reset: ResetLine? = nil) {
        self.bus = bus
        self.drive = drive
        self.display = OLEDDisplayState(drive: drive)
        self.reset = reset
        self.panel = PanelDescription(
            name: "SH1107 128×128", size: Size(width: 128, height: 128), format: .mono1,
            addressing: TransferAddressing(
                tileWidth: 1, tileHeight: 8, bytesPerTile: 1,
                // 00 Bp 1h 0l, then the 40 control byte of the data transaction.
                windowSetup: BusCost(bytes: 5, transactions: 2),
                windowsSpanBands: false, strategy: .spans),
            supportsHardwareFlip: true)
    }

    /// The init sequence for the current orientation, without display-on.
    public var initializationSequence: [SH1107Command] {
        Self.initialization.map { command in
            switch command {
            case .segmentRemap: .segmentRemap(flipped)
            case .comScanReversed: .comScanReversed(flipped)
            default: command
            }
        }
    }

    /// Pulses reset when there is a line, then sends the init sequence; display stays off until the first write.
    public func initialize() async throws {
        display.beginInitialization()
        await bus.resynchronize()
        try await reset?.pulse()
        try await bus.sendCommands(SH1107Command.bytes(initializationSequence + display.initializationDrive))
        display.finishInitialization()
    }

    /// Writes each region page by page: page, column address, then the page's bytes.
    public func write(_ frame: Bitmap, regions: [Rect]) async throws {
        guard frame.size == panel.size else { throw PanelError.frameSize(panel: panel.name, expected: panel.size, got: frame.size) }
        for region in regions {
            let area = region.intersection(Rect(x: 0, y: 0, width: 128, height: 128))
            guard !area.isEmpty else { continue }
            for page in (area.minY / 8)..<((area.maxY + 7) / 8) {
                let address = SH1107Command.bytes([.page(UInt8(page)), .columnHigh(UInt8(area.minX >> 4)), .columnLow(UInt8(area.minX & 0x0F))])
                try await bus.sendCommands(address, thenData: PageLayout.bytes(of: frame, pages: page..<(page + 1), columns: area.minX..<area.maxX))
            }
        }
        try await bus.send(display.wrote(regions: regions))
    }

    /// Sets contrast, pre-charge and VCOM deselect together (`.off` turns the display off, RAM kept).
    public func setBrightness(_ level: BrightnessLevel) async throws {
        try await bus.send(display.setBrightness(level))
    }

    /// Display off (`AE`), the SH1107's sleep: oscillator and DC-DC stop, RAM kept and writable.
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

    /// Segment remap and COM scan together turn the picture a half turn (the 128 COMs are all driven).
    public func setFlipped(_ flipped: Bool) async throws {
        self.flipped = flipped
        if display.isInitialized { try await bus.sendCommands(SH1107Command.bytes([.segmentRemap(flipped), .comScanReversed(flipped)])) }
    }
}

// MARK: - OLEDCommand

extension SH1107Command: OLEDCommand {
    /// Contrast (`81`), discharge/pre-charge (`D9`) and VCOM deselect (`DB`).
    static func drive(_ drive: OLEDDrive) -> [SH1107Command] {
        [.contrast(drive.contrast), .dischargePrecharge(drive.precharge), .vcomDeselect(drive.vcomh)]
    }
}
