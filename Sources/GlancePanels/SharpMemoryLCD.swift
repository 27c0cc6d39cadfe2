import GlanceGraphics

/// A Sharp memory LCD model: its size (the controller is on the glass; the command set is the
/// same across the family).
public struct SharpMemoryModel: Hashable, Sendable {
    /// The part number, for messages.
    public var name: String
    /// Pixels per line.
    public var width: Int
    /// Lines.
    public var height: Int

    /// Bytes of pixel data per line.
    public var bytesPerLine: Int { width / 8 }

    /// LS013B7DH03: 1.28", 128×128.
    public static let ls013b7dh03 = SharpMemoryModel(name: "LS013B7DH03 128×128", width: 128, height: 128)
    /// LS027B7DH01: 2.7", 400×240.
    public static let ls027b7dh01 = SharpMemoryModel(name: "LS027B7DH01 400×240", width: 400, height: 240)
}

/// How the Sharp memory LCD's serial protocol frames its bytes. Bits go out least significant
/// first on the wire, so over an MSB-first SPI port the mode bits and line addresses are sent
/// bit-reversed (as the Linux and CircuitPython drivers do), and pixel x of a line is bit
/// 7 − x % 8 of its byte (the first bit on the wire); 1 is white.
public enum SharpMemoryProtocol {
    /// Mode bit M0 as sent MSB-first: update the lines that follow.
    public static let write: UInt8 = 0x80
    /// Mode bit M1 as sent MSB-first: the VCOM level.
    public static let vcom: UInt8 = 0x40
    /// Mode bit M2 as sent MSB-first: clear the whole memory to white.
    public static let clear: UInt8 = 0x20

    /// `value` with its bit order reversed (a line address as an MSB-first port sends it).
    public static func reversed(_ value: UInt8) -> UInt8 {
        var input = value, output: UInt8 = 0
        for _ in 0..<8 {
            output = output << 1 | input & 1
            input >>= 1
        }
        return output
    }
}

/// Drives a Sharp memory LCD (LS013B7DH03 128×128, LS027B7DH01 400×240) over SPI with an
/// active-high chip select and no D/C line: each transfer is one frame — a mode byte, then per
/// changed line its address, its pixels and a dummy byte, then a trailing dummy byte.
///
/// Only the lines that changed are sent (a minute clock's tick sends the rows its digits
/// cover, not the panel), each frame at most the SPI device's message size, so a frame is never
/// split across chip-select periods. VCOM is kept in software (EXTMODE low): the V bit
/// alternates with every frame, and when nothing changes for `maintenanceInterval` a
/// VCOM-only frame keeps the liquid crystal free of DC bias — on the clock the host owns.
/// Lit pixels (the picture's foreground) are dark on the glass, as ink on paper.
public actor SharpMemoryController: PanelController {
    /// Pipeline-facing description.
    public nonisolated let panel: PanelDescription
    /// The part.
    public nonisolated let model: SharpMemoryModel
    /// The longest the VCOM level may stay unchanged (the Linux driver toggles once a second).
    public nonisolated let maintenanceInterval: Duration?
    private let device: any SPIDevice
    private var vcom = false

    /// Creates a controller; does no I/O.
    /// - Parameters:
    ///   - device: The SPI device, opened with an active-high chip select.
    ///   - model: The part.
    ///   - vcomInterval: How long VCOM may stay at one level.
    public init(device: any SPIDevice, model: SharpMemoryModel = .ls013b7dh03, vcomInterval: Duration = .seconds(1)) {
        self.device = device
        self.model = model
        self.maintenanceInterval = vcomInterval
        panel = PanelDescription(
            name: "Sharp \(model.name)", size: Size(width: model.width, height: model.height), format: .mono1,
            addressing: TransferAddressing(
                // A line is the unit; each carries its own address and dummy byte, and lines
                // need not be contiguous, so no window costs more than its lines.
                tileWidth: model.width, tileHeight: 1, bytesPerTile: model.bytesPerLine + 2,
                windowSetup: BusCost(), windowsSpanBands: false, strategy: .spans),
            supportsHardwareFlip: false, technology: .memoryLCD)
    }

    /// The mode byte for `bits` with the next VCOM level (the level alternates every frame).
    private func mode(_ bits: UInt8) -> UInt8 {
        vcom.toggle()
        return bits | (vcom ? SharpMemoryProtocol.vcom : 0)
    }

    /// Clears the memory to white (`M2`), so no power-up noise shows before the first frame.
    public func initialize() async throws {
        try await device.write([mode(SharpMemoryProtocol.clear), 0x00])
    }

    /// Sends the lines the regions cover, in frames that fit one SPI message each.
    public func write(_ frame: Bitmap, regions: [Rect]) async throws {
        guard frame.size == panel.size else { throw PanelError.frameSize(panel: panel.name, expected: panel.size, got: frame.size) }
        var lines = Set<Int>()
        for region in regions {
            let area = region.intersection(Rect(origin: .zero, size: panel.size))
            lines.formUnion(area.minY..<area.maxY)
        }
        let lineLength = model.bytesPerLine + 2
        let perFrame = max(1, (device.maximumTransferLength - 2) / lineLength)
        let sorted = lines.sorted()
        for start in stride(from: 0, to: sorted.count, by: perFrame) {
            var bytes = [mode(SharpMemoryProtocol.write)]
            bytes.reserveCapacity(2 + min(perFrame, sorted.count - start) * lineLength)
            for y in sorted[start..<min(sorted.count, start + perFrame)] {
                bytes.append(SharpMemoryProtocol.reversed(UInt8(y + 1)))
                bytes += Self.line(frame, y: y)
                bytes.append(0x00)
            }
            bytes.append(0x00)
            try await device.write(bytes)
        }
    }

    /// Line `y` of `frame` packed MSB-first, a set bit white: lit (foreground) pixels are dark.
    static func line(_ frame: Bitmap, y: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0xFF, count: frame.width / 8)
        frame.pixels.withUnsafeBufferPointer { pixels in
            let row = y * frame.width
            for x in 0..<frame.width where pixels[row + x] >= 128 { out[x / 8] &= ~(0x80 >> UInt8(x & 7)) }
        }
        return out
    }

    /// A VCOM-only frame (`M0` clear): the level alternates, the memory is untouched.
    public func maintain() async throws {
        try await device.write([mode(0), 0x00])
    }
}

/// A byte-exact Sharp memory LCD on SPI: each `write` is one chip-select period (a frame).
/// It decodes the mode byte, clears, writes addressed lines (1-based, sent LSB first), checks
/// every frame's length, and times how long VCOM stays at one level on the injected clock.
public actor SharpMemoryEmulator: SPIDevice {
    /// The part.
    public nonisolated let model: SharpMemoryModel
    /// Bus 0.
    public nonisolated let bus = 0
    /// Chip select 0.
    public nonisolated let chipSelect = 0
    /// The kernel's default `bufsiz`.
    public nonisolated let maximumTransferLength: Int
    private let clock: any HostClock

    /// The memory: line `y` is bytes `y * bytesPerLine …`, MSB the leftmost pixel, 1 white.
    public private(set) var memory: [UInt8]
    /// Frames received.
    public private(set) var frames = 0
    /// Lines written.
    public private(set) var linesWritten = 0
    /// Bytes received.
    public private(set) var bytesReceived = 0
    /// Frames whose length or addresses were wrong (their bad part is ignored).
    public private(set) var malformedFrames = 0
    /// The VCOM level last received.
    public private(set) var vcom = false
    /// The longest VCOM stayed at one level between two frames, on the clock's uptime.
    public private(set) var longestVCOMHold: Duration = .zero
    private var vcomSince: Duration

    /// Creates a panel whose memory holds power-up noise.
    public init(model: SharpMemoryModel = .ls013b7dh03, clock: any HostClock, maximumTransferLength: Int = 4096) {
        self.model = model
        self.clock = clock
        self.maximumTransferLength = maximumTransferLength
        memory = PowerOnGarbage.bytes(model.bytesPerLine * model.height, seed: 0x5A1)
        vcomSince = clock.uptime
    }

    /// How long VCOM has stayed at its level, up to now.
    public var vcomHeld: Duration { clock.uptime - vcomSince }

    /// Receives one frame.
    public func write(_ bytes: [UInt8]) async throws {
        frames += 1
        bytesReceived += bytes.count
        guard let mode = bytes.first else { return }
        let level = mode & SharpMemoryProtocol.vcom != 0
        if level != vcom {
            longestVCOMHold = max(longestVCOMHold, clock.uptime - vcomSince)
            vcomSince = clock.uptime
            vcom = level
        }
        if mode & SharpMemoryProtocol.clear != 0 {
            memory = [UInt8](repeating: 0xFF, count: memory.count)
            if bytes.count != 2 { malformedFrames += 1 }
            return
        }
        guard mode & SharpMemoryProtocol.write != 0 else {
            if bytes.count != 2 { malformedFrames += 1 }
            return
        }
        let lineLength = model.bytesPerLine + 2
        var index = 1
        while bytes.count - index >= lineLength {
            let address = Int(SharpMemoryProtocol.reversed(bytes[index]))
            guard (1...model.height).contains(address) else {
                malformedFrames += 1
                return
            }
            let start = (address - 1) * model.bytesPerLine
            memory.replaceSubrange(start..<(start + model.bytesPerLine), with: bytes[(index + 1)..<(index + 1 + model.bytesPerLine)])
            linesWritten += 1
            index += lineLength
        }
        // The trailer: one dummy byte (Adafruit, CircuitPython) or none (Linux).
        if bytes.count - index > 1 { malformedFrames += 1 }
    }

    /// What the glass shows: 255 white, 0 black.
    public var glass: Bitmap {
        var image = Bitmap(width: model.width, height: model.height)
        for y in 0..<model.height {
            for x in 0..<model.width where memory[y * model.bytesPerLine + x / 8] & (0x80 >> UInt8(x & 7)) != 0 { image[x, y] = 255 }
        }
        return image
    }
}
