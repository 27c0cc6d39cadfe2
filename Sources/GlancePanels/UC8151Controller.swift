import GlanceGraphics

/// Drives a UC8151 (IL0373-compatible) 2.9" 128×296 e-paper panel in black/white mode over SPI
/// with D/C, RST and an active-low BUSY (the `busy` line given here reads true while busy).
///
/// Like `SSD1680Controller` it refreshes as told — the policy is the display's: a full refresh
/// writes the old image (`10`) and the new one (`13`) and runs the OTP waveform over the whole
/// glass; a partial refresh enters partial mode (`91`), sets the 8-pixel-aligned window (`90`),
/// writes the window's new image, refreshes, and writes the same bytes as the old image, since
/// the chip does not copy and the next partial refresh drives only what differs. The supplies
/// go on (`04`) before each refresh and off (`02`) after it: the picture needs no power.
public actor UC8151Controller: EPaperController {
    /// Refresh timing (the SSD1680's fields; UC8151 defaults: full 2.1 s, partial 0.35 s).
    public typealias Settings = SSD1680Controller.Settings

    /// Pipeline-facing description.
    public nonisolated let panel: PanelDescription
    /// Refresh timing.
    public nonisolated let settings: Settings
    private let bus: any CommandDataBus
    private let reset: ResetLine
    private let busy: any InputLine
    private let clock: any HostClock
    private var initialized = false
    private var asleep = false
    /// What the glass shows when known (packed rows of 16 bytes, 1 = white).
    private var image: [UInt8]?

    private static let width = 128, height = 296, bytesPerRow = 16

    /// The UC8151 defaults: GxEPD2's measurements on the GDEW029T5 with margins.
    public static let defaultSettings = Settings(expectedFullRefresh: .milliseconds(2100), expectedPartialRefresh: .milliseconds(350),
                                                 fullRefreshTimeout: .seconds(10), partialRefreshTimeout: .seconds(3),
                                                 resetTimeout: .seconds(1), pollInterval: .milliseconds(10))

    /// Creates a controller; does no I/O.
    /// - Parameters:
    ///   - bus: SPI with the D/C line.
    ///   - reset: The RST line and pulse timing.
    ///   - busy: The BUSY line, reading true while the chip is busy (open it active-low).
    ///   - clock: Time for BUSY waits.
    ///   - settings: Refresh timing.
    public init(bus: any CommandDataBus, reset: ResetLine, busy: any InputLine, clock: any HostClock, settings: Settings = UC8151Controller.defaultSettings) {
        self.bus = bus
        self.reset = reset
        self.busy = busy
        self.clock = clock
        self.settings = settings
        panel = PanelDescription(
            name: "UC8151 128×296", size: Size(width: Self.width, height: Self.height), format: .mono1,
            addressing: TransferAddressing(
                tileWidth: 8, tileHeight: 1, bytesPerTile: 1,
                // 04, 91, 90 + 7, 13, 12, 10, 92, 02 and the old-image copy of the window.
                windowSetup: BusCost(bytes: 16, transactions: 0),
                windowsSpanBands: true, strategy: .boundingBox),
            supportsHardwareFlip: false, technology: .ePaper)
    }

    /// The configuration after a reset: GxEPD2's and Pimoroni's common settings (Docs/Panels.md).
    static let configuration: [UC8151Command] = [
        .powerSetting([0x03, 0x00, 0x2B, 0x2B, 0x03]),   // 01: VDS/VDG on, ±16 V gates, ±11 V sources
        .boosterSoftStart([0x17, 0x17, 0x17]),          // 06 17 17 17
        .panelSetting([0x9F]),                          // 00 9F: 128×296, OTP LUT, black/white, scan up, shift right, booster on
        .pll(0x3A),                                     // 30 3A: 100 Hz
        .resolution(sources: 128, gates: 296),          // 61 80 01 28
        .vcomDC(0x08),                                  // 82 08
        .vcomDataInterval(0x97),                        // 50 97: white border, a 1 bit is white
        .tcon(0x22),                                    // 60 22
    ]

    /// Tells the controller what the glass shows (16-byte rows, MSB leftmost, 1 = white) as
    /// saved by a previous run; the next `initialize()` loads both image RAMs with it so the
    /// next refresh may be partial. A wrong size is ignored.
    public func restore(image: [UInt8]) {
        guard image.count == Self.bytesPerRow * Self.height else { return }
        self.image = image
        initialized = false
    }

    /// Resets the panel, waits for BUSY and sends the configuration (and the known image, see `restore(image:)`).
    public func initialize() async throws {
        try await start()
    }

    private func start() async throws {
        initialized = false
        asleep = false
        await bus.resynchronize()
        try await reset.pulse()
        try await waitWhileBusy(expected: .zero, timeout: settings.resetTimeout, operation: "reset")
        for command in Self.configuration { try await send(command) }
        if let image {
            // Both image RAMs hold what the glass shows, so the next refresh may be partial.
            try await bus.sendCommands([0x10], thenData: image)
            try await bus.sendCommands([0x13], thenData: image)
        }
        initialized = true
    }

    /// Refreshes the regions' bounding box partially, or the whole panel when its image is unknown.
    public func write(_ frame: Bitmap, regions: [Rect]) async throws {
        try await write(frame, regions: regions, refresh: .partial)
    }

    /// Refreshes as asked (`.partial` becomes full while the glass's image is unknown).
    public func write(_ frame: Bitmap, regions: [Rect], refresh: RefreshKind) async throws {
        guard frame.size == panel.size else { throw PanelError.frameSize(panel: panel.name, expected: panel.size, got: frame.size) }
        if asleep || !initialized { try await start() }
        let packed = EInkState.pack(frame)
        try await send(.powerOn)
        try await waitWhileBusy(expected: .zero, timeout: settings.resetTimeout, operation: "power on (04)")
        if refresh == .full || image == nil {
            try await send(.partialOut)
            try await bus.sendCommands([0x10], thenData: image ?? packed)
            try await bus.sendCommands([0x13], thenData: packed)
            try await send(.refresh)
            try await waitWhileBusy(expected: settings.expectedFullRefresh, timeout: settings.fullRefreshTimeout, operation: "full refresh")
            try await bus.sendCommands([0x10], thenData: packed)
        } else {
            let box = regions.reduce(Rect.zero) { $0.union($1) }.intersection(Rect(origin: .zero, size: panel.size))
            guard !box.isEmpty else { return }
            let columns = (box.minX / 8)..<((box.maxX + 7) / 8), rows = box.minY..<box.maxY
            var window = [UInt8]()
            window.reserveCapacity(columns.count * rows.count)
            for y in rows { window += packed[(y * Self.bytesPerRow + columns.lowerBound)..<(y * Self.bytesPerRow + columns.upperBound)] }
            try await send(.partialIn)
            try await send(.partialWindow(sources: (columns.lowerBound * 8)...(columns.upperBound * 8 - 1), gates: rows.lowerBound...(rows.upperBound - 1), scanInside: true))
            try await bus.sendCommands([0x13], thenData: window)
            try await send(.refresh)
            try await waitWhileBusy(expected: settings.expectedPartialRefresh, timeout: settings.partialRefreshTimeout, operation: "partial refresh")
            try await bus.sendCommands([0x10], thenData: window)
            try await send(.partialOut)
        }
        try await send(.powerOff)
        try await waitWhileBusy(expected: .zero, timeout: settings.resetTimeout, operation: "power off (02)")
        image = packed
    }

    /// E-paper has no light to dim; levels change nothing.
    public func setBrightness(_ level: BrightnessLevel) async throws {}

    /// Deep sleep (`07 A5`, the check code); the next write resets and wakes the panel.
    public func sleep() async throws {
        guard initialized, !asleep else { return }
        try await send(.deepSleep(0xA5))
        asleep = true
    }

    /// Leaves deep sleep with a hardware reset and the configuration.
    public func wake() async throws {
        if asleep { try await start() }
    }

    private func send(_ command: UC8151Command) async throws {
        let (opcode, parameters) = command.opcodeAndParameters
        try await bus.sendCommand(opcode, dataParameters: parameters)
    }

    private func waitWhileBusy(expected: Duration, timeout: Duration, operation: String) async throws {
        guard let waited = try await busy.waitWhileActive(clock: clock, expected: expected, timeout: timeout, pollInterval: settings.pollInterval) else { return }
        initialized = false
        image = nil
        try await reset.pulse()
        throw PanelError.busyTimeout(panel: panel.name, operation: operation, waited: waited)
    }
}
