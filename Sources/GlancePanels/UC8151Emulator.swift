import GlanceGraphics

/// A byte-exact UC8151 e-paper controller (IL0373-compatible) in black/white mode with its
/// 128 × 296 panel, behind a `FourWireSPIFront` (SPI, D/C, RST) with a BUSY line that reads
/// active while the chip works (on the wire BUSY is low then; the driver's line is active-low).
///
/// It keeps both image RAMs (`10` old, `13` new), the panel setting, data polarity, the
/// partial window and partial mode. `12` refreshes: outside partial mode the whole glass goes
/// through the full waveform to the new image (a flash); in partial mode only the window, and
/// only pixels whose old and new bits differ are driven (to the new value) — the chip trusts
/// the old-image RAM to be what the glass shows and does not copy new into old, so a driver
/// that leaves it stale gets wrong pixels, counted in `partialRefreshesWithStaleOldImage`. A
/// refresh without the supplies on (`04`) does nothing and is counted. Deep sleep (`07 A5`)
/// ignores everything until a hardware reset.
public actor UC8151Emulator: FourWireSPIReceiver {
    /// Durations of the chip's busy periods.
    public struct Timing: Hashable, Sendable {
        /// A full refresh (GxEPD2 measures about 2.1 s on the GDEW029T5).
        public var fullRefresh: Duration
        /// A partial refresh (about 0.35 s).
        public var partialRefresh: Duration
        /// Power on (about 40 ms).
        public var powerOn: Duration
        /// Power off (about 20 ms).
        public var powerOff: Duration
        /// Leaving a hardware reset.
        public var reset: Duration

        /// Creates timings; the defaults are the measured ones above.
        public init(fullRefresh: Duration = .milliseconds(2100), partialRefresh: Duration = .milliseconds(350),
                    powerOn: Duration = .milliseconds(40), powerOff: Duration = .milliseconds(20), reset: Duration = .milliseconds(2)) {
            self.fullRefresh = fullRefresh
            self.partialRefresh = partialRefresh
            self.powerOn = powerOn
            self.powerOff = powerOff
            self.reset = reset
        }
    }

    /// Panel width (sources) in pixels.
    public nonisolated let width = 128
    /// Panel height (gates) in pixels.
    public nonisolated let height = 296
    /// Bytes per gate line.
    public nonisolated let bytesPerRow = 16
    /// Busy periods.
    public nonisolated let timing: Timing
    private let clock: any HostClock

    /// The old-image RAM (`10`): byte `x / 8 + y * 16`, MSB leftmost.
    public private(set) var oldRAM: [UInt8]
    /// The new-image RAM (`13`).
    public private(set) var newRAM: [UInt8]
    /// Every decoded command in order (data transfers with their byte counts).
    public private(set) var commands: [UC8151Command] = []
    /// What the glass shows: 255 white, 0 black (kept without power).
    public private(set) var glass: Bitmap
    /// Full refreshes run.
    public private(set) var fullRefreshes = 0
    /// Partial refreshes run.
    public private(set) var partialRefreshes = 0
    /// Partial refreshes since the last full one: the ghosting counter.
    public private(set) var partialRefreshesSinceFull = 0
    /// The highest ghosting counter reached.
    public private(set) var worstGhosting = 0
    /// Partial refreshes that began with the old-image RAM not holding what the glass showed.
    public private(set) var partialRefreshesWithStaleOldImage = 0
    /// Refreshes asked for with the supplies off (nothing happens on the glass).
    public private(set) var refreshesWithoutPower = 0
    /// Bytes that arrived while BUSY was active (a correct driver sends none).
    public private(set) var bytesWhileBusy = 0
    /// Whether the supplies are on (`04` … `02`).
    public private(set) var poweredOn = false
    /// Whether the chip is in deep sleep.
    public private(set) var inDeepSleep = false
    /// Whether partial mode is on (`91` … `92`).
    public private(set) var partialMode = false
    /// The panel setting register (reset 0F: 96×230, OTP LUT, gate scan up, shift right).
    public private(set) var panelSetting: UInt8 = 0x0F
    /// VCOM and data interval (reset D7: a 1 bit is white).
    public private(set) var vcomDataInterval: UInt8 = 0xD7
    /// The partial window in sources and gates.
    public private(set) var window: (sources: ClosedRange<Int>, gates: ClosedRange<Int>) = (0...127, 0...295)
    private var busyUntil: Duration = .zero
    private var current: UInt8?
    private var parameters: [UInt8] = []
    private var dataCount = 0
    private var pointer = (x: 0, y: 0)

    /// Creates a powered-up chip: garbage RAM, a white glass.
    public init(clock: any HostClock, timing: Timing = Timing()) {
        self.clock = clock
        self.timing = timing
        oldRAM = PowerOnGarbage.bytes(16 * 296, seed: 0x8151)
        newRAM = PowerOnGarbage.bytes(16 * 296, seed: 0x8152)
        glass = Bitmap(width: 128, height: 296, value: 255)
    }

    /// The BUSY output, read by the driver (active while the chip works).
    public nonisolated var busyLine: Busy { Busy(emulator: self) }

    /// The emulator's BUSY output.
    public struct Busy: InputLine {
        let emulator: UC8151Emulator
        /// `busy`.
        public var name: String { "busy" }
        /// True while a reset, power change or refresh runs, or in deep sleep.
        public func read() async throws -> Bool { await emulator.isBusy }
    }

    /// Forgets the command log (state and RAM are kept).
    public func clearCommands() {
        commands.removeAll()
    }

    /// Whether BUSY is active now.
    public var isBusy: Bool {
        inDeepSleep || clock.uptime < busyUntil
    }

    // MARK: - FourWireSPIReceiver

    /// Command bytes: each one ends the command before it and starts a new one.
    public func receiveCommands(_ bytes: [UInt8]) {
        count(bytes)
        guard !inDeepSleep else { return }
        for byte in bytes {
            finishCommand()
            start(byte)
        }
    }

    /// Parameter bytes, or pixel data after `10`/`13`.
    public func receiveData(_ bytes: [UInt8]) {
        count(bytes)
        guard !inDeepSleep, let opcode = current else { return }
        switch opcode {
        case 0x10, 0x13:
            for byte in bytes { writeImage(old: opcode == 0x10, byte) }
        case 0x20...0x24:
            dataCount += bytes.count
        default:
            for byte in bytes {
                parameters.append(byte)
                if parameters.count == UC8151Command.parameterCount(opcode: opcode) { finishCommand() }
            }
        }
    }

    /// RST released: registers to their reset values, deep sleep left, supplies off, RAM kept.
    public func hardwareReset() {
        current = nil
        resetRegisters()
        inDeepSleep = false
        busyUntil = clock.uptime + timing.reset
    }

    // MARK: - Decoding

    private func count(_ bytes: [UInt8]) {
        if clock.uptime < busyUntil { bytesWhileBusy += bytes.count }
    }

    private func start(_ opcode: UInt8) {
        current = opcode
        parameters = []
        dataCount = 0
        if opcode == 0x10 || opcode == 0x13 {
            // A data transfer starts at the window's corner in partial mode, else at the origin.
            pointer = partialMode ? (window.sources.lowerBound / 8, window.gates.lowerBound) : (0, 0)
        } else if UC8151Command.parameterCount(opcode: opcode) == 0 {
            finishCommand()
        }
    }

    /// Applies the command being received (a data transfer is logged with its byte count).
    private func finishCommand() {
        guard let opcode = current else { return }
        current = nil
        let command = UC8151Command.decode(opcode: opcode, parameters: parameters, dataCount: dataCount)
        commands.append(command)
        let now = clock.uptime
        switch command {
        case let .panelSetting(p):
            panelSetting = p[0]
            if p[0] & 0x01 == 0 { resetRegisters() }   // RST_N low: soft reset
        case .powerOn:
            poweredOn = true
            busyUntil = now + timing.powerOn
        case .powerOff:
            poweredOn = false
            busyUntil = now + timing.powerOff
        case let .deepSleep(code):
            if code == 0xA5 { inDeepSleep = true }
        case let .vcomDataInterval(value): vcomDataInterval = value
        case let .partialWindow(sources, gates, _):
            window = (max(0, sources.lowerBound)...min(width - 1, sources.upperBound), max(0, gates.lowerBound)...min(height - 1, gates.upperBound))
        case .partialIn: partialMode = true
        case .partialOut: partialMode = false
        case .refresh: refresh(now: now)
        default: break
        }
    }

    private func resetRegisters() {
        panelSetting = 0x0F
        vcomDataInterval = 0xD7
        partialMode = false
        poweredOn = false
        window = (0...127, 0...295)
    }

    private func writeImage(old: Bool, _ byte: UInt8) {
        dataCount += 1
        let columns = partialMode ? (window.sources.lowerBound / 8)...(window.sources.upperBound / 8) : 0...(bytesPerRow - 1)
        let rows = partialMode ? window.gates : 0...(height - 1)
        guard rows.contains(pointer.y) else { return }
        if old { oldRAM[pointer.y * bytesPerRow + pointer.x] = byte } else { newRAM[pointer.y * bytesPerRow + pointer.x] = byte }
        pointer.x += 1
        if pointer.x > columns.upperBound {
            pointer.x = columns.lowerBound
            pointer.y += 1
        }
    }

    // MARK: - Refresh

    /// Whether a set RAM bit is white under the data polarity (CDI bits 5:4; 01 and 11 white).
    private var oneIsWhite: Bool { vcomDataInterval & 0x10 != 0 }

    private func refresh(now: Duration) {
        guard poweredOn else {
            refreshesWithoutPower += 1
            return
        }
        let partial = partialMode
        let sources = partial ? window.sources : 0...(width - 1), gates = partial ? window.gates : 0...(height - 1)
        // Gate scan up (UD, bit 3) and shift right (SHL, bit 2) show RAM upright; either off mirrors.
        let up = panelSetting & 0x08 != 0, right = panelSetting & 0x04 != 0
        var stale = false
        for ramY in gates {
            let row = ramY * bytesPerRow, y = up ? ramY : height - 1 - ramY
            for ramX in sources {
                let x = right ? ramX : width - 1 - ramX
                let bit = UInt8(0x80) >> UInt8(ramX & 7)
                let newWhite = (newRAM[row + ramX / 8] & bit != 0) == oneIsWhite
                if partial {
                    let oldWhite = (oldRAM[row + ramX / 8] & bit != 0) == oneIsWhite
                    if oldWhite != (glass[x, y] >= 128) { stale = true }
                    if oldWhite == newWhite { continue }
                }
                glass[x, y] = newWhite ? 255 : 0
            }
        }
        if partial {
            partialRefreshes += 1
            partialRefreshesSinceFull += 1
            worstGhosting = max(worstGhosting, partialRefreshesSinceFull)
            if stale { partialRefreshesWithStaleOldImage += 1 }
        } else {
            fullRefreshes += 1
            partialRefreshesSinceFull = 0
        }
        busyUntil = now + (partial ? timing.partialRefresh : timing.fullRefresh)
    }
}
