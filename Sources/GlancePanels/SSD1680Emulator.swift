import GlanceGraphics

/// A byte-exact SSD1680-family e-paper controller on SPI with D/C, RST and BUSY lines, driving
/// the panel of an `SSD16xxPanel` (the SSD1680's 2.13" 122 sources × 250 gates, the SSD1681's
/// 1.54" 200×200).
///
/// It keeps both RAMs (`24` black/white = new, `26` red = old), the X/Y windows and counters
/// with the data entry mode, the update controls, and what the glass shows. `20` runs the
/// sequence chosen by `22`: with display mode 2 (bit 3) it is a partial refresh that drives
/// only pixels whose two RAM bits differ, to the new value; otherwise a full refresh that
/// drives every pixel. RAM is not copied by the chip: a controller that leaves `26` stale gets
/// wrong pixels, as on the glass, and is counted (`partialRefreshesWithStaleOldImage`). BUSY
/// is timed on the injected clock. Deep sleep ignores everything until a hardware reset; BUSY
/// reads active meanwhile.
public actor SSD1680Emulator {
    /// Refresh and reset durations.
    public struct Timing: Hashable, Sendable {
        /// A full refresh.
        public var fullRefresh: Duration = .seconds(3)
        /// A partial refresh.
        public var partialRefresh: Duration = .milliseconds(600)
        /// Hardware or software reset.
        public var reset: Duration = .milliseconds(2)
        /// Creates timings.
        public init(fullRefresh: Duration = .seconds(3), partialRefresh: Duration = .milliseconds(600), reset: Duration = .milliseconds(2)) {
            self.fullRefresh = fullRefresh
            self.partialRefresh = partialRefresh
            self.reset = reset
        }
    }

    /// The panel and the chip's RAM.
    public nonisolated let model: SSD16xxPanel
    /// Panel width (sources) in pixels.
    public nonisolated var width: Int { model.width }
    /// Panel height (gates) in pixels.
    public nonisolated var height: Int { model.height }
    /// RAM width in bytes (SSD1680: 22, 176 sources).
    public nonisolated var ramBytesPerRow: Int { model.ramBytesPerRow }
    /// RAM height in gates (SSD1680: 296).
    public nonisolated var ramRows: Int { model.ramRows }
    /// Refresh timing.
    public nonisolated let timing: Timing
    private let clock: any HostClock

    /// The black/white RAM (`24`): byte `x + y * ramBytesPerRow`, MSB leftmost, 1 = white.
    public private(set) var blackWhiteRAM: [UInt8]
    /// The red RAM (`26`), the "old image" of partial refresh.
    public private(set) var redRAM: [UInt8]
    /// Every decoded command in order (RAM writes with their byte counts).
    public private(set) var commands: [SSD1680Command] = []
    /// What the glass shows: 255 white, 0 black (e-paper keeps it without power).
    public private(set) var glass: Bitmap
    /// Bytes clocked in over SPI so far (commands, parameters and data).
    public private(set) var bytesReceived = 0
    /// Full refreshes run.
    public private(set) var fullRefreshes = 0
    /// Partial refreshes run.
    public private(set) var partialRefreshes = 0
    /// Partial refreshes since the last full one: the ghosting counter.
    public private(set) var partialRefreshesSinceFull = 0
    /// The highest ghosting counter reached.
    public private(set) var worstGhosting = 0
    /// Bytes that arrived while BUSY was active (a correct driver sends none).
    public private(set) var bytesWhileBusy = 0
    /// Partial refreshes that began with RAM `26` not holding what the glass showed (a correct
    /// driver has none: the waveform of each pixel is chosen from its old value there).
    public private(set) var partialRefreshesWithStaleOldImage = 0
    /// Pixels whose RAM `26` bit disagreed with the glass when a partial refresh began, summed
    /// over all partial refreshes.
    public private(set) var staleOldImagePixels = 0
    /// Whether the chip is in deep sleep.
    public private(set) var inDeepSleep = false
    /// Whether RST is held active.
    public private(set) var inReset = false
    /// The data entry mode (`11`), reset 03.
    public private(set) var dataEntryMode: UInt8 = 0x03
    /// The display update control 2 value (`22`).
    public private(set) var updateControl: UInt8 = 0xFF
    /// The RAM X window in bytes.
    public private(set) var xRange: ClosedRange<Int>
    /// The RAM Y window in gates.
    public private(set) var yRange: ClosedRange<Int>
    /// The X counter in bytes.
    public private(set) var xCounter = 0
    /// The Y counter in gates.
    public private(set) var yCounter = 0
    /// Driver output scan options (`01` third byte); bit 0 (TB) reverses the gate order.
    public private(set) var scan: UInt8 = 0
    private var busyUntil: Duration = .zero
    private var dataCommand = false
    private var current: UInt8?
    private var parameters: [UInt8] = []
    private var ramDataCount = 0

    /// Creates a powered-up controller: garbage RAM, a white glass.
    public init(clock: any HostClock, timing: Timing = Timing(), model: SSD16xxPanel = .ssd1680_122x250) {
        self.clock = clock
        self.timing = timing
        self.model = model
        let ramSize = model.ramBytesPerRow * model.ramRows
        blackWhiteRAM = PowerOnGarbage.bytes(ramSize, seed: model.garbageSeed)
        redRAM = PowerOnGarbage.bytes(ramSize, seed: model.garbageSeed + 1)
        glass = Bitmap(width: model.width, height: model.height, value: 255)
        xRange = 0...(model.ramBytesPerRow - 1)
        yRange = 0...(model.ramRows - 1)
    }

    /// Simulates removing and restoring power: RAM becomes garbage and registers reset; the glass keeps its picture.
    public func powerCycle() {
        blackWhiteRAM = PowerOnGarbage.bytes(model.ramBytesPerRow * model.ramRows, seed: model.garbageSeed + 0x1000)
        redRAM = PowerOnGarbage.bytes(model.ramBytesPerRow * model.ramRows, seed: model.garbageSeed + 0x1001)
        resetRegisters()
        inDeepSleep = false
        busyUntil = .zero
    }

    // MARK: - Lines and bus

    /// The SPI side: clocks bytes in as commands or data according to D/C.
    public nonisolated var spi: Port { Port(emulator: self) }
    /// The D/C line (active = data).
    public nonisolated var dataCommandLine: Line { Line(emulator: self, name: "dc") }
    /// The RST line (active = held in reset).
    public nonisolated var resetLine: Line { Line(emulator: self, name: "rst") }
    /// The BUSY line (active = busy).
    public nonisolated var busyLine: Busy { Busy(emulator: self) }

    /// The emulator's SPI device.
    public struct Port: SPIDevice {
        let emulator: SSD1680Emulator
        /// Bus 0.
        public var bus: Int { 0 }
        /// Chip select 0.
        public var chipSelect: Int { 0 }
        /// The kernel's default `bufsiz`.
        public var maximumTransferLength: Int { 4096 }
        /// Clocks `bytes` in.
        public func write(_ bytes: [UInt8]) async throws { await emulator.receive(bytes) }
    }

    /// One of the emulator's output lines.
    public struct Line: OutputLine {
        let emulator: SSD1680Emulator
        /// `dc` or `rst`.
        public let name: String
        /// Drives the line.
        public func set(_ active: Bool) async throws { await emulator.setLine(name, active) }
    }

    /// The emulator's BUSY output, read by the driver.
    public struct Busy: InputLine {
        let emulator: SSD1680Emulator
        /// `busy`.
        public var name: String { "busy" }
        /// True while a reset or refresh runs, or in deep sleep.
        public func read() async throws -> Bool { await emulator.isBusy() }
    }

    /// Whether BUSY is active now.
    public func isBusy() async -> Bool {
        if inDeepSleep || inReset { return true }
        return clock.uptime < busyUntil
    }

    func setLine(_ name: String, _ active: Bool) async {
        switch name {
        case "dc":
            dataCommand = active
        case "rst":
            if inReset, !active {
                // Leaving reset: registers to defaults, deep sleep left, RAM kept.
                finishCommand()
                resetRegisters()
                inDeepSleep = false
                busyUntil = clock.uptime + timing.reset
            }
            inReset = active
        default:
            break
        }
    }

    func receive(_ bytes: [UInt8]) async {
        bytesReceived += bytes.count
        guard !inReset, !inDeepSleep else { return }
        if clock.uptime < busyUntil { bytesWhileBusy += bytes.count }
        for byte in bytes {
            if dataCommand {
                receiveData(byte)
            } else {
                finishCommand()
                await startCommand(byte)
            }
        }
    }

    // MARK: - Decoding

    private func startCommand(_ opcode: UInt8) async {
        current = opcode
        parameters = []
        ramDataCount = 0
        switch opcode {
        case 0x24, 0x26:
            break
        default:
            if SSD1680Command.parameterCount(opcode: opcode) == 0 {
                current = nil
                await apply(SSD1680Command.decode(opcode: opcode, parameters: []))
            }
        }
    }

    private func receiveData(_ byte: UInt8) {
        guard let opcode = current else { return }
        if opcode == 0x24 || opcode == 0x26 {
            writeRAM(opcode == 0x24, byte)
            ramDataCount += 1
            return
        }
        parameters.append(byte)
        if parameters.count == SSD1680Command.parameterCount(opcode: opcode) {
            current = nil
            applyImmediate(SSD1680Command.decode(opcode: opcode, parameters: parameters))
        }
    }

    /// Ends a RAM write when the next command arrives (a command cut short by one is dropped).
    private func finishCommand() {
        if let opcode = current, opcode == 0x24 || opcode == 0x26 {
            commands.append(SSD1680Command.decode(opcode: opcode, parameters: [], dataCount: ramDataCount))
        }
        current = nil
    }

    private func apply(_ command: SSD1680Command) async {
        if command == .masterActivation {
            commands.append(command)
            await activate()
        } else if command == .softwareReset {
            commands.append(command)
            resetRegisters()
            busyUntil = clock.uptime + timing.reset
        } else {
            applyImmediate(command)
        }
    }

    private func applyImmediate(_ command: SSD1680Command) {
        commands.append(command)
        switch command {
        case let .driverOutput(_, scan): self.scan = scan
        case let .deepSleep(mode): if mode != 0 { inDeepSleep = true }
        case let .dataEntryMode(mode): dataEntryMode = mode
        case let .displayUpdateControl2(value): updateControl = value
        case let .ramXRange(start, end): xRange = Int(start)...max(Int(start), Int(end))
        case let .ramYRange(start, end): yRange = Int(min(start, end))...Int(max(start, end))
        case let .ramXCounter(x): xCounter = Int(x)
        case let .ramYCounter(y): yCounter = Int(y)
        default: break
        }
    }

    private func resetRegisters() {
        dataEntryMode = 0x03
        updateControl = 0xFF
        xRange = 0...(model.ramBytesPerRow - 1)
        yRange = 0...(model.ramRows - 1)
        xCounter = 0
        yCounter = 0
        scan = 0
    }

    private func writeRAM(_ blackWhite: Bool, _ byte: UInt8) {
        if xCounter < ramBytesPerRow, yCounter < ramRows {
            if blackWhite { blackWhiteRAM[yCounter * ramBytesPerRow + xCounter] = byte } else { redRAM[yCounter * ramBytesPerRow + xCounter] = byte }
        }
        let xStep = dataEntryMode & 0x01 != 0 ? 1 : -1, yStep = dataEntryMode & 0x02 != 0 ? 1 : -1
        func stepX() -> Bool {
            xCounter += xStep
            if xCounter > xRange.upperBound || xCounter < xRange.lowerBound {
                xCounter = xStep > 0 ? xRange.lowerBound : xRange.upperBound
                return true
            }
            return false
        }
        func stepY() -> Bool {
            yCounter += yStep
            if yCounter > yRange.upperBound || yCounter < yRange.lowerBound {
                yCounter = yStep > 0 ? yRange.lowerBound : yRange.upperBound
                return true
            }
            return false
        }
        if dataEntryMode & 0x04 == 0 {
            if stepX() { _ = stepY() }
        } else {
            if stepY() { _ = stepX() }
        }
    }

    private func activate() async {
        let now = clock.uptime
        guard updateControl & 0x04 != 0 else {
            busyUntil = now + timing.reset
            return
        }
        let partial = updateControl & 0x08 != 0
        var stale = 0
        for y in 0..<height {
            let row = (scan & 0x01 != 0 ? height - 1 - y : y) * ramBytesPerRow
            for x in 0..<width {
                let bit = UInt8(0x80) >> UInt8(x & 7)
                let new = blackWhiteRAM[row + x / 8] & bit != 0
                if partial {
                    // The chip trusts `26` to be the glass; where it is not, the pixel is driven wrongly or not at all.
                    let old = redRAM[row + x / 8] & bit != 0
                    if old != (glass[x, y] >= 128) { stale += 1 }
                    if old == new { continue }
                }
                glass[x, y] = new ? 255 : 0
            }
        }
        if stale > 0 {
            partialRefreshesWithStaleOldImage += 1
            staleOldImagePixels += stale
        }
        if partial {
            partialRefreshes += 1
            partialRefreshesSinceFull += 1
            worstGhosting = max(worstGhosting, partialRefreshesSinceFull)
        } else {
            fullRefreshes += 1
            partialRefreshesSinceFull = 0
        }
        busyUntil = now + (partial ? timing.partialRefresh : timing.fullRefresh)
    }
}
