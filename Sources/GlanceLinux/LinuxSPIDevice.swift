import CSPI
import GlancePanels
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An SPI device on Linux (`/dev/spidevB.C`), written with `SPI_IOC_MESSAGE`.
///
/// spidev copies each message through a buffer of `bufsiz` bytes (a module parameter, 4096 by
/// default), so a write longer than that goes out as several messages of at most `bufsiz`
/// bytes. Chip select is released between those messages; the panels Glance drives latch each
/// byte on its own, so only the D/C line (driven separately) must stay put, and it does.
/// Writes run on a serial queue of their own, in call order.
public final class LinuxSPIDevice: SPIDevice, @unchecked Sendable {
    // @unchecked: `descriptor` is only read or closed on `queue`; everything else is immutable.

    /// The default clock rate: 4 MHz, within every supported e-ink controller's limit.
    public static let defaultSpeed: UInt32 = 4_000_000
    /// spidev's default `bufsiz`, used when the module parameter cannot be read.
    public static let defaultBufferSize = 4096

    /// The bus number, B in `/dev/spidevB.C`.
    public let bus: Int
    /// The chip select, C in `/dev/spidevB.C`.
    public let chipSelect: Int
    /// The clock rate in hertz.
    public let speed: UInt32
    /// The SPI clock mode (0–3).
    public let mode: UInt8
    /// spidev's `bufsiz`: the most bytes one message carries.
    public let maximumTransferLength: Int
    private var descriptor: Int32
    private let queue: BlockingQueue

    private init(bus: Int, chipSelect: Int, speed: UInt32, mode: UInt8, bufferSize: Int, descriptor: Int32) {
        self.bus = bus
        self.chipSelect = chipSelect
        self.speed = speed
        self.mode = mode
        maximumTransferLength = bufferSize
        self.descriptor = descriptor
        queue = BlockingQueue(label: "glance.spi\(bus).\(chipSelect)")
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// spidev's buffer size from the text of its `bufsiz` parameter file (nil when unreadable);
    /// the default 4096 when the text is missing or not a positive number.
    public static func bufferSize(fromParameter text: String?) -> Int {
        guard let text, let value = Int(String(text.filter { !$0.isWhitespace })), value > 0 else {
            return defaultBufferSize
        }
        return value
    }

    /// The byte ranges a write of `count` bytes is sent in, each at most `limit` long.
    public static func chunks(count: Int, limit: Int) -> [Range<Int>] {
        let limit = max(limit, 1)
        return stride(from: 0, to: count, by: limit).map { $0..<min($0 + limit, count) }
    }

    /// Opens `/dev/spidev<bus>.<chipSelect>` and sets mode 0..3, 8-bit words and the clock rate.
    /// - Parameters:
    ///   - bus: B in `/dev/spidevB.C` (0 on a Raspberry Pi's header).
    ///   - chipSelect: C in `/dev/spidevB.C`.
    ///   - speed: The clock rate in hertz (4 MHz by default).
    ///   - mode: The SPI clock mode (0 for the supported e-ink controllers).
    ///   - chipSelectActiveHigh: Chip select high while selected (`SPI_CS_HIGH`; Sharp memory LCDs).
    ///   - deviceDirectory: Where spidev devices live (`/dev`).
    ///   - bufferSizeParameter: spidev's `bufsiz` parameter file.
    /// - Throws: `SPIError`: no such device (how to enable SPI), permission denied (the `spi`
    ///   group), or a refused setting.
    public static func open(
        bus: Int, chipSelect: Int, speed: UInt32 = defaultSpeed, mode: UInt8 = 0, chipSelectActiveHigh: Bool = false,
        deviceDirectory: String = "/dev", bufferSizeParameter: String = "/sys/module/spidev/parameters/bufsiz"
    ) throws -> LinuxSPIDevice {
        let path = "\(deviceDirectory)/spidev\(bus).\(chipSelect)"
        let descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw SPIError.open(bus: bus, chipSelect: chipSelect, path: path, errno: errno) }
        // SPI_CS_HIGH is bit 2 of the mode (linux/spi/spi.h).
        var modeValue = mode & 3 | (chipSelectActiveHigh ? 0x04 : 0)
        var bits: UInt8 = 8
        var speedValue = speed
        func configure(_ setting: String, _ request: UInt, _ value: UnsafeMutableRawPointer) throws {
            guard ioctl(descriptor, request, value) >= 0 else {
                let code = errno
                Glibc.close(descriptor)
                throw SPIError.configure(bus: bus, chipSelect: chipSelect, setting: setting, errno: code)
            }
        }
        try configure(chipSelectActiveHigh ? "clock mode \(mode & 3) with an active-high chip select" : "clock mode \(modeValue)",
                      glance_spi_ioc_wr_mode(), &modeValue)
        try configure("word size of 8 bits", glance_spi_ioc_wr_bits_per_word(), &bits)
        try configure("clock rate of \(speed) Hz", glance_spi_ioc_wr_max_speed_hz(), &speedValue)
        let bufferSize = bufferSize(fromParameter: readText(bufferSizeParameter))
        return LinuxSPIDevice(bus: bus, chipSelect: chipSelect, speed: speed, mode: mode & 3, bufferSize: bufferSize, descriptor: descriptor)
    }

    /// Clocks `bytes` out, in messages of at most `maximumTransferLength` bytes.
    /// - Throws: `SPIError.write` when the kernel refuses a message; `.closed` after `close()`.
    public func write(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        try await queue.run { try self.writeNow(bytes) }
    }

    /// Closes the device after writes already submitted; later writes throw `SPIError.closed`.
    public func close() async {
        _ = try? await queue.run {
            if self.descriptor >= 0 { Glibc.close(self.descriptor) }
            self.descriptor = -1
        }
    }

    private func writeNow(_ bytes: [UInt8]) throws {
        guard descriptor >= 0 else { throw SPIError.closed(bus: bus, chipSelect: chipSelect) }
        try bytes.withUnsafeBufferPointer { buffer in
            for range in Self.chunks(count: buffer.count, limit: maximumTransferLength) {
                var transfer = spi_ioc_transfer()
                transfer.tx_buf = UInt64(UInt(bitPattern: buffer.baseAddress! + range.lowerBound))
                transfer.len = UInt32(range.count)
                transfer.speed_hz = speed
                transfer.bits_per_word = 8
                guard ioctl(descriptor, glance_spi_ioc_message_1(), &transfer) >= 0 else {
                    throw SPIError.write(bus: bus, chipSelect: chipSelect, errno: errno)
                }
            }
        }
    }

    private static func readText(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = fread(&buffer, 1, buffer.count, file)
        return String(decoding: buffer.prefix(count), as: UTF8.self)
    }
}
