import GlanceGraphics

/// Drives an SSD1327 128×128 16-level gray OLED (Waveshare 1.5" and similar) over a
/// `CommandDataBus`, sending changed rectangles as column/row windows.
public actor SSD1327Controller: PanelController {
    /// Which pixel of a RAM byte is on the left.
    public enum NibbleOrder: String, Hashable, Sendable, CaseIterable {
        /// `A0 53`: the left pixel is the low nibble (the known-good init).
        case lowNibbleLeft
        /// `A0 51`: the left pixel is the high nibble.
        case highNibbleLeft
    }

    /// Pipeline-facing description.
    public nonisolated let panel: PanelDescription
    /// Which pixel of a byte is on the left.
    public nonisolated let nibbleOrder: NibbleOrder
    /// Drive settings per level: contrast, phase lengths (`B1`) and VCOMH (`BE`).
    public nonisolated let drive: [BrightnessLevel: OLEDDrive]
    private let bus: any CommandDataBus
    private let reset: ResetLine?
    private var flipped = false
    private var display: OLEDDisplayState<SSD1327Command>

    /// The default dimming table.
    public static let defaultDrive: [BrightnessLevel: OLEDDrive] = [
        .normal: OLEDDrive(contrast: 0x80, precharge: 0x55, vcomh: 0x07),
        .dim: OLEDDrive(contrast: 0x28, precharge: 0x32, vcomh: 0x04),
        .dimmest: OLEDDrive(contrast: 0x00, precharge: 0x11, vcomh: 0x00),
    ]

    /// Creates a controller; does no I/O.
    /// - Parameters:
    ///   - bus: The command/data bus.
    ///   - nibbleOrder: Which pixel of a RAM byte is on the left.
    ///   - drive: The dimming table.
    ///   - reset: The RST line when the module brings it out.
    public init(bus: any CommandDataBus, nibbleOrder: NibbleOrder = .lowNibbleLeft,
                drive: [BrightnessLevel: OLEDDrive] = SSD1327Controller.defaultDrive, reset: ResetLine? = nil) {
        self.bus = bus
        self.nibbleOrder = nibbleOrder
        self.drive = drive
        self.display = OLEDDisplayState(drive: drive)
        self.reset = reset
        panel = PanelDescription(
            name: "SSD1327 128×128", size: Size(width: 128, height: 128), format: .gray4,
            addressing: TransferAddressing(
                tileWidth: 2, tileHeight: 1, bytesPerTile: 1,
                // 00 15 a b 75 c d, then the 40 control byte of the data transaction.
                windowSetup: BusCost(bytes: 8, transactions: 2),
                windowsSpanBands: true, strategy: .spans),
            supportsHardwareFlip: true)
    }

    /// The `A0` value for the current orientation and nibble order.
    var remap: SSD1327Remap {
        var remap: SSD1327Remap = [.comSplit]
        if !flipped { remap.formUnion([.columnRemap, .comRemap]) }
        if nibbleOrder == .lowNibbleLeft { remap.insert(.nibbleRemap) }
        return remap
    }

    /// The init sequence: the known-good one (Docs/Panels.md, "SSD1327") behind a display-off, without the final display-on.
    public var initializationSequence: [SSD1327Command] {
        [
            .display(on: false),                // §8.1.10 off while configuring
            .contrast(0x80),                    // 81 80
            .columnRange(start: 0, end: 63),    // 15 00 3F
            .rowRange(start: 0, end: 127),      // 75 00 7F
            .remap(remap),                      // A0 53 (or 51): column/COM re-map, COM split, nibble order
            .startLine(0),                      // A1 00
            .displayOffset(0),                  // A2 00
            .displayMode(.normal),              // A4
            .multiplexRatio(127),               // A8 7F: 128 rows
            .phaseLength(0x55),                 // B1 55: phase 1 and 2, 5 DCLKs each
            .linearGrayTable,                   // B9
            .clock(0x01),                       // B3 01: divide by 2
            .functionSelectA(0x01),             // AB 01: internal VDD regulator
            .secondPrecharge(0x01),             // B6 01
            .prechargeVoltage(0x08),            // BC 08
            .vcomh(0x07),                       // BE 07: 0.86 × VCC
            .functionSelectB(0x62),             // D5 62: second pre-charge, internal VSL
        ]
    }

    /// Pulses reset when there is a line, then sends the init sequence; display stays off until the first write.
    public func initialize() async throws {
        display.beginInitialization()
        await bus.resynchronize()
        try await reset?.pulse()
        try await bus.sendCommands(SSD1327Command.bytes(initializationSequence + display.initializationDrive))
        display.finishInitialization()
    }

    /// Writes each region as one column/row window of whole bytes.
    public func write(_ frame: Bitmap, regions: [Rect]) async throws {
        guard frame.size == panel.size else { throw PanelError.frameSize(panel: panel.name, expected: panel.size, got: frame.size) }
        for region in regions {
            let area = region.intersection(Rect(x: 0, y: 0, width: 128, height: 128))
            guard !area.isEmpty else { continue }
            let firstByte = area.minX / 2, endByte = (area.maxX + 1) / 2
            let window = SSD1327Command.bytes([
                .columnRange(start: UInt8(firstByte), end: UInt8(endByte - 1)),
                .rowRange(start: UInt8(area.minY), end: UInt8(area.maxY - 1)),
            ])
            try await bus.sendCommands(window, thenData: bytes(of: frame, rows: area.minY..<area.maxY, byteColumns: firstByte..<endByte))
        }
        try await bus.send(display.wrote(regions: regions))
    }

    /// Sets contrast, phase lengths and VCOMH together (`.off` turns the display off, RAM kept).
    public func setBrightness(_ level: BrightnessLevel) async throws {
        try await bus.send(display.setBrightness(level))
    }

    /// Display off (`AE`), the SSD1327's sleep mode; RAM kept and writable.
    public func sleep() async throws {
        try await bus.send(display.sleep())
    }

    /// Display on again unless the brightness is `.off` or nothing was written yet.
    public func wake() async throws {
        try await bus.send(display.wake())
    }

    /// Contrast, phase 2 (`B1` bits 7:4) and VCOMH (`BE`, 0–7 scaled as the emulator does) of the level's drive.
    public nonisolated func light(at level: BrightnessLevel) -> Double {
        guard level != .off, let drive = drive[level] else { return level == .off ? 0 : 1 }
        return OLEDLuminance.light(contrast: drive.contrast, prechargeClocks: Int(drive.precharge >> 4), vcomh: UInt8(min(0x40, Int(drive.vcomh) * 9)))
    }

    /// Switches the column and COM re-map bits; RAM is then shown rotated 180°.
    public func setFlipped(_ flipped: Bool) async throws {
        self.flipped = flipped
        if display.isInitialized { try await bus.sendCommands(SSD1327Command.remap(remap).bytes) }
    }

    // MARK: - Packing

    private func bytes(of frame: Bitmap, rows: Range<Int>, byteColumns: Range<Int>) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rows.count * byteColumns.count)
        let lowLeft = nibbleOrder == .lowNibbleLeft
        frame.pixels.withUnsafeBufferPointer { pixels in
            var index = 0
            for y in rows {
                for column in byteColumns {
                    let left = (Int(pixels[y * 128 + 2 * column]) + 8) / 17, right = (Int(pixels[y * 128 + 2 * column + 1]) + 8) / 17
                    out[index] = UInt8(lowLeft ? (right << 4) | left : (left << 4) | right)
                    index += 1
                }
            }
        }
        return out
    }
}

// MARK: - OLEDCommand

extension SSD1327Command: OLEDCommand {
    /// Contrast (`81`), phase lengths (`B1`) and VCOMH (`BE`).
    static func drive(_ drive: OLEDDrive) -> [SSD1327Command] {
        [.contrast(drive.contrast), .phaseLength(drive.precharge), .vcomh(drive.vcomh)]
    }
}
