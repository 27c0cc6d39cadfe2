import GlanceGraphics

/// Drives an e-paper panel on an SSD1680-family controller (`SSD16xxPanel`: the SSD1680 of the
/// Waveshare 2.13" V4, 122×250 in RAM orientation, which boards turn a quarter for landscape;
/// the SSD1681 of the 1.54" 200×200 boards) over SPI with D/C, RST and BUSY.
///
/// The controller does what it is told: a partial refresh of an 8-pixel-aligned window or a
/// full refresh, as `write(_:regions:refresh:)` asks — the refresh policy belongs to the
/// `PanelDisplay` that owns the glass. A partial refresh needs the old image in the chip's
/// second RAM, so after a restart `restore(image:)` hands the controller what the glass
/// showed (the display keeps it in its state file) and `initialize()` loads both RAMs with it.
/// Every BUSY wait has a timeout; a timeout resets the panel and throws `PanelError.busyTimeout`.
public actor SSD1680Controller: PanelController {
    /// Refresh timing.
    public struct Settings: Hashable, Sendable {
        /// How long a full refresh normally takes (waited before polling BUSY).
        public var expectedFullRefresh: Duration
        /// How long a partial refresh normally takes.
        public var expectedPartialRefresh: Duration
        /// The longest BUSY wait after a full refresh before the panel is reset.
        public var fullRefreshTimeout: Duration
        /// The longest BUSY wait after a partial refresh.
        public var partialRefreshTimeout: Duration
        /// The longest BUSY wait after a reset.
        public var resetTimeout: Duration
        /// How often BUSY is polled once the expected time has passed.
        public var pollInterval: Duration

        /// Creates settings; the defaults suit the 2.13" V4 (full 2–4 s, partial 0.4–0.8 s).
        public init(expectedFullRefresh: Duration = .seconds(2), expectedPartialRefresh: Duration = .milliseconds(400),
                    fullRefreshTimeout: Duration = .seconds(10), partialRefreshTimeout: Duration = .seconds(3),
                    resetTimeout: Duration = .seconds(1), pollInterval: Duration = .milliseconds(10)) {
            self.expectedFullRefresh = expectedFullRefresh
            self.expectedPartialRefresh = expectedPartialRefresh
            self.fullRefreshTimeout = fullRefreshTimeout
            self.partialRefreshTimeout = partialRefreshTimeout
            self.resetTimeout = resetTimeout
            self.pollInterval = pollInterval
        }
    }

    /// Pipeline-facing description.
    public nonisolated let panel: PanelDescription
    /// The panel and its controller's RAM.
    public nonisolated let model: SSD16xxPanel
    /// Refresh timing.
    public nonisolated let settings: Settings
    private let bus: any CommandDataBus
    private let reset: ResetLine
    private let busy: any InputLine
    private let clock: any HostClock
    private var initialized = false
    private var asleep = false
    /// What the glass shows when known (packed rows, 1 = white).
    private var image: [UInt8]?
    /// Refreshes done since creation, by kind, for reports and tests.
    public private(set) var refreshes: [RefreshKind: Int] = [:]

    /// Creates a controller; does no I/O.
    /// - Parameters:
    ///   - bus: SPI with the D/C line.
    ///   - reset: The RST line and pulse timing.
    ///   - busy: The BUSY line (active = busy).
    ///   - clock: Time for BUSY waits.
    ///   - settings: Refresh timing.
    ///   - model: The panel (`.ssd1680_122x250` or `.ssd1681_200x200`).
    public init(bus: any CommandDataBus, reset: ResetLine, busy: any InputLine, clock: any HostClock, settings: Settings = Settings(),
                model: SSD16xxPanel = .ssd1680_122x250) {
        self.bus = bus
        self.model = model
        self.reset = reset
        self.busy = busy
        self.clock = clock
        self.settings = settings
        panel = PanelDescription(
            name: model.name, size: Size(width: model.width, height: model.height), format: .mono1,
            addressing: TransferAddressing(
                tileWidth: 8, tileHeight: 1, bytesPerTile: 1,
                // 44 + 2, 45 + 4, 4E + 1, 4F + 2, 24, 22 + 1, 20, then 26 and the window again.
                windowSetup: BusCost(bytes: 32, transactions: 0),
                windowsSpanBands: true, strategy: .boundingBox),
            supportsHardwareFlip: false, technology: .ePaper)
    }

    /// Tells the controller what the glass shows (packed rows of `model.bytesPerRow` bytes, MSB
    /// leftmost, 1 = white), as saved by a previous run; the next `initialize()` loads both RAMs
    /// with it so the next refresh may be partial. An image of the wrong size is ignored.
    public func restore(image: [UInt8]) {
        guard image.count == model.bytesPerRow * model.height else { return }
        self.image = image
        initialized = false
    }

    /// The configuration after a reset (the SSD1680 application note's order; Docs/Panels.md, "SSD1680 e-paper").
    var configuration: [SSD1680Command] {
        [.driverOutput(lastGate: UInt16(model.height - 1), scan: 0x00),   // 01 F9 00 00: 250 gates (SSD1681: C7, 200)
         .dataEntryMode(0x03),                                            // 11 03: X then Y, both increasing
         .borderWaveform(0x05)]                                           // 3C 05: border follows LUT 1 (white)
            + (model.updateControl1.map { [.displayUpdateControl1($0[0], $0[1])] } ?? [])   // 21 00 80: SSD1680 sources S8–S167
            + [.temperatureSensor(0x80)]                                   // 18 80: internal sensor
    }

    /// Resets the panel, waits for BUSY, sends the software reset and configuration; when the
    /// image on the glass is known (`restore(image:)`, or kept since the last write) both RAMs
    /// get it so the next refresh may be partial.
    public func initialize() async throws {
        try await start()
    }

    /// Resets and configures the panel, reloading both RAMs with the known image.
    private func start() async throws {
        initialized = false
        asleep = false
        await bus.resynchronize()
        try await reset.pulse()
        try await waitWhileBusy(expected: .zero, timeout: settings.resetTimeout, operation: "reset")
        try await send(.softwareReset)
        try await waitWhileBusy(expected: .zero, timeout: settings.resetTimeout, operation: "software reset (12)")
        for command in configuration { try await send(command) }
        if let image {
            try await writeRAM(0x24, image, rows: 0..<model.height, byteColumns: 0..<model.bytesPerRow)
            try await writeRAM(0x26, image, rows: 0..<model.height, byteColumns: 0..<model.bytesPerRow)
        }
        initialized = true
    }

    /// Refreshes the regions' bounding box partially, or the whole panel when its image is unknown.
    public func write(_ frame: Bitmap, regions: [Rect]) async throws {
        try await write(frame, regions: regions, refresh: .partial)
    }

    /// Refreshes as asked: `.full` rewrites both RAMs and flashes the whole glass; `.partial`
    /// refreshes the regions' bounding box (a full refresh all the same while the glass's image
    /// is unknown, since a partial one needs the old image).
    public func write(_ frame: Bitmap, regions: [Rect], refresh: RefreshKind) async throws {
        guard frame.size == panel.size else { throw PanelError.frameSize(panel: panel.name, expected: panel.size, got: frame.size) }
        if asleep || !initialized { try await start() }
        let packed = Self.pack(frame)
        if refresh == .full || image == nil {
            try await writeRAM(0x24, packed, rows: 0..<model.height, byteColumns: 0..<model.bytesPerRow)
            try await writeRAM(0x26, packed, rows: 0..<model.height, byteColumns: 0..<model.bytesPerRow)
            try await self.refresh(updateControl: 0xF7, expected: settings.expectedFullRefresh, timeout: settings.fullRefreshTimeout, operation: "full refresh")
            refreshes[.full, default: 0] += 1
        } else {
            let box = regions.reduce(Rect.zero) { $0.union($1) }.intersection(Rect(origin: .zero, size: panel.size))
            guard !box.isEmpty else { return }
            let rows = box.minY..<box.maxY, columns = (box.minX / 8)..<((box.maxX + 7) / 8)
            try await writeRAM(0x24, packed, rows: rows, byteColumns: columns)
            try await self.refresh(updateControl: 0xFF, expected: settings.expectedPartialRefresh, timeout: settings.partialRefreshTimeout, operation: "partial refresh")
            // The chip does not copy: the old-image RAM must hold the new image for the next partial refresh.
            try await writeRAM(0x26, packed, rows: rows, byteColumns: columns)
            refreshes[.partial, default: 0] += 1
        }
        image = packed
    }

    /// E-paper has no light to dim and keeps its picture without power, so levels change nothing.
    public func setBrightness(_ level: BrightnessLevel) async throws {}

    /// Deep sleep mode 1 (`10 01`, RAM kept); the next write resets and wakes the panel.
    public func sleep() async throws {
        guard initialized, !asleep else { return }
        try await send(.deepSleep(0x01))
        asleep = true
    }

    /// Leaves deep sleep with a hardware reset and re-initialisation (RAM reloaded with the picture).
    public func wake() async throws {
        if asleep { try await start() }
    }

    // MARK: - Bus

    private func send(_ command: SSD1680Command) async throws {
        let (opcode, parameters) = command.opcodeAndParameters
        try await bus.sendCommand(opcode, dataParameters: parameters)
    }

    private func writeRAM(_ opcode: UInt8, _ packed: [UInt8], rows: Range<Int>, byteColumns: Range<Int>) async throws {
        try await send(.ramXRange(start: UInt8(byteColumns.lowerBound), end: UInt8(byteColumns.upperBound - 1)))
        try await send(.ramYRange(start: UInt16(rows.lowerBound), end: UInt16(rows.upperBound - 1)))
        try await send(.ramXCounter(UInt8(byteColumns.lowerBound)))
        try await send(.ramYCounter(UInt16(rows.lowerBound)))
        var data = [UInt8]()
        data.reserveCapacity(rows.count * byteColumns.count)
        for y in rows { data += packed[(y * model.bytesPerRow + byteColumns.lowerBound)..<(y * model.bytesPerRow + byteColumns.upperBound)] }
        try await bus.sendCommands([opcode], thenData: data)
    }

    private func refresh(updateControl: UInt8, expected: Duration, timeout: Duration, operation: String) async throws {
        try await send(.displayUpdateControl2(updateControl))
        try await send(.masterActivation)
        try await waitWhileBusy(expected: expected, timeout: timeout, operation: operation)
    }

    private func waitWhileBusy(expected: Duration, timeout: Duration, operation: String) async throws {
        guard let waited = try await busy.waitWhileActive(clock: clock, expected: expected, timeout: timeout, pollInterval: settings.pollInterval) else { return }
        initialized = false
        image = nil
        try await reset.pulse()
        throw PanelError.busyTimeout(panel: panel.name, operation: operation, waited: waited)
    }

    /// Packs a mono frame into rows of whole bytes, MSB leftmost, 1 = white (lit).
    static func pack(_ frame: Bitmap) -> [UInt8] {
        EInkState.pack(frame)
    }
}
