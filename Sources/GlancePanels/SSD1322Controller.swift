import GlanceGraphics

/// Drives an SSD1322 256×64 gray OLED (the 3.12" modules) over 4-wire SPI: 16 gray levels,
/// column/row windows of four-pixel column addresses at the panel's offset of 28, each
/// command's parameters sent as data (D/C high).
public actor SSD1322Controller: PanelController {
    /// Pipeline-facing description.
    public nonisolated let panel: PanelDescription
    /// Drive settings per level: contrast current (`C1`), phase lengths (`B1`) and VCOMH (`BE`, 0–7).
    public nonisolated let drive: [BrightnessLevel: OLEDDrive]
    private let bus: any CommandDataBus
    private let reset: ResetLine?
    private var flipped = false
    private var display: OLEDDisplayState<SSD1322Command>

    /// The column address of glass column 0: the 256 visible pixels sit in the middle of the
    /// 480-pixel RAM, segments 112–367.
    static let firstColumn = 28

    /// The default dimming table; normal is the setting Adafruit's and u8g2's drivers send.
    public static let defaultDrive: [BrightnessLevel: OLEDDrive] = [
        .normal: OLEDDrive(contrast: 0x9F, precharge: 0xE2, vcomh: 0x07),
        .dim: OLEDDrive(contrast: 0x30, precharge: 0x32, vcomh: 0x04),
        .dimmest: OLEDDrive(contrast: 0x00, precharge: 0x11, vcomh: 0x00),
    ]

    /// The init sequence, upright, without display-on: Adafruit's CircuitPython sequence with
    /// the default linear gray table (Docs/Panels.md).
    static let initialization: [SSD1322Command] = [
        .commandLock(0x12),                 // FD 12: unlock
        .display(on: false),                // AE
        .clock(0x91),                       // B3 91: divide 2, oscillator 9
        .multiplexRatio(0x3F),              // CA 3F: 64 rows
        .displayOffset(0),                  // A2 00
        .startLine(0),                      // A1 00
        .remap(0x14, 0x11),                 // A0 14 11: COM scan reversed, left pixel in the high nibble
        .gpio(0x00),                        // B5 00
        .functionSelect(0x01),              // AB 01: internal VDD regulator
        .enhancementA(0xA0, 0xFD),          // B4 A0 FD: external VSL, enhanced low gray levels
        .contrast(0x9F),                    // C1 9F
        .masterContrast(0x0F),              // C7 0F: no master dimming
        .linearGrayTable,                   // B9
        .phaseLength(0xE2),                 // B1 E2
        .enhancementB(0xA2, 0x20),          // D1 A2 20
        .prechargeVoltage(0x1F),            // BB 1F
        .secondPrecharge(0x08),             // B6 08
        .vcomh(0x07),                       // BE 07
        .displayMode(.normal),              // A6
        .exitPartialDisplay,                // A9
    ]

    /// Creates a controller; does no I/O.
    /// - Parameters:
    ///   - bus: SPI with the D/C line.
    ///   - drive: The dimming table.
    ///   - reset: The RST line.
    public init(bus: any CommandDataBus, drive: [BrightnessLevel: OLEDDrive] = SSD1322Controller.defaultDrive, reset: ResetLine? = nil) {
        self.bus = bus
        self.drive = drive
        self.reset = reset
        self.display = OLEDDisplayState(drive: drive)
        panel = PanelDescription(
            name: "SSD1322 256×64", size: Size(width: 256, height: 64), format: .gray4,
            addressing: TransferAddressing(
                tileWidth: 4, tileHeight: 1, bytesPerTile: 2,
                // 15 a b, 75 c d, 5C.
                windowSetup: BusCost(bytes: 7, transactions: 3),
                windowsSpanBands: true, strategy: .spans),
            supportsHardwareFlip: true)
    }

    /// The init sequence for the current orientation, without display-on.
    public var initializationSequence: [SSD1322Command] {
        Self.initialization.map { command in
            if case .remap = command { return .remap(flipped ? 0x06 : 0x14, 0x11) }
            return command
        }
    }

    /// Pulses reset when there is a line, then sends the init sequence; display stays off until the first write.
    public func initialize() async throws {
        display.beginInitialization()
        await bus.resynchronize()
        try await reset?.pulse()
        try await SSD1322Command.send(initializationSequence + display.initializationDrive, on: bus)
        display.finishInitialization()
    }

    /// Writes each region as a column/row window of whole column addresses.
    public func write(_ frame: Bitmap, regions: [Rect]) async throws {
        guard frame.size == panel.size else { throw PanelError.frameSize(panel: panel.name, expected: panel.size, got: frame.size) }
        for region in regions {
            let area = region.intersection(Rect(x: 0, y: 0, width: 256, height: 64))
            guard !area.isEmpty else { continue }
            let columns = (area.minX / 4)..<((area.maxX + 3) / 4)
            try await SSD1322Command.send([
                .columnRange(start: UInt8(Self.firstColumn + columns.lowerBound), end: UInt8(Self.firstColumn + columns.upperBound - 1)),
                .rowRange(start: UInt8(area.minY), end: UInt8(area.maxY - 1)),
            ], on: bus)
            try await bus.sendCommands([0x5C], thenData: Self.pack(frame, rows: area.minY..<area.maxY, columns: columns))
        }
        try await bus.send(display.wrote(regions: regions))
    }

    /// Two bytes per column address, the left pixel in the high nibble.
    static func pack(_ frame: Bitmap, rows: Range<Int>, columns: Range<Int>) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rows.count * columns.count * 2)
        var index = 0
        frame.pixels.withUnsafeBufferPointer { pixels in
            for y in rows {
                let line = y * frame.width
                for column in columns {
                    let x = column * 4
                    out[index] = (pixels[line + x] / 17) << 4 | pixels[line + x + 1] / 17
                    out[index + 1] = (pixels[line + x + 2] / 17) << 4 | pixels[line + x + 3] / 17
                    index += 2
                }
            }
        }
        return out
    }

    /// Sets contrast current, phase lengths and VCOMH together (`.off` turns the display off, RAM kept).
    public func setBrightness(_ level: BrightnessLevel) async throws {
        try await bus.send(display.setBrightness(level))
    }

    /// Display off (`AE`), the sleep mode: RAM kept and writable.
    public func sleep() async throws {
        try await bus.send(display.sleep())
    }

    /// Display on again unless the brightness is `.off` or nothing was written yet.
    public func wake() async throws {
        try await bus.send(display.wake())
    }

    /// The light of the level's drive (`OLEDLuminance`, with phase 2 as the pre-charge and
    /// VCOMH 0–7 on the SSD1306's scale).
    public nonisolated func light(at level: BrightnessLevel) -> Double {
        guard level != .off, let drive = drive[level] else { return level == .off ? 0 : 1 }
        return Self.light(contrast: drive.contrast, phaseLength: drive.precharge, vcomh: drive.vcomh, master: 0x0F)
    }

    /// The light of a lit pixel for these registers, as a fraction of full drive.
    static func light(contrast: UInt8, phaseLength: UInt8, vcomh: UInt8, master: UInt8) -> Double {
        OLEDLuminance.light(contrast: contrast, prechargeClocks: Int(phaseLength >> 4), vcomh: UInt8(min(0x40, Int(vcomh) * 9)))
            * Double(Int(master & 0x0F) + 1) / 16
    }

    /// Column remap and COM scan direction together turn the picture a half turn.
    public func setFlipped(_ flipped: Bool) async throws {
        self.flipped = flipped
        if display.isInitialized { try await SSD1322Command.send([.remap(flipped ? 0x06 : 0x14, 0x11)], on: bus) }
    }
}

// MARK: - OLEDCommand

extension SSD1322Command: OLEDCommand {
    /// Contrast current (`C1`), phase lengths (`B1`) and VCOMH (`BE`).
    static func drive(_ drive: OLEDDrive) -> [SSD1322Command] {
        [.contrast(drive.contrast), .phaseLength(drive.precharge), .vcomh(drive.vcomh)]
    }

    /// The opcodes and parameters, concatenated (as a capture would show them).
    static func bytes(_ commands: [SSD1322Command]) -> [UInt8] {
        commands.flatMap { [$0.opcodeAndParameters.opcode] + $0.opcodeAndParameters.parameters }
    }

    /// Each opcode with D/C low, its parameters with D/C high.
    static func send(_ commands: [SSD1322Command], on bus: any CommandDataBus) async throws {
        for command in commands {
            let (opcode, parameters) = command.opcodeAndParameters
            try await bus.sendCommand(opcode, dataParameters: parameters)
        }
    }
}
