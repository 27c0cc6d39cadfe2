/// Records bus transfers in the capture format (see `CaptureRecord`), optionally handing every
/// finished line to a sink such as a file writer owned by the composition root.
///
/// The SPI D/C level is not recorded as a `gpio` line: it is folded into the following `spi`
/// lines as `c` or `d`, which is what the format describes.
public actor CaptureLog {
    /// Every line recorded so far, without newlines (comments included).
    public private(set) var lines: [String] = []
    private let sink: (@Sendable (String) -> Void)?
    private var dataCommandLevel = false

    /// Creates an empty log; `sink`, when given, receives each line as it is recorded.
    public init(sink: (@Sendable (String) -> Void)? = nil) {
        self.sink = sink
    }

    /// The whole capture as text, one line per transfer, ending with a newline.
    public var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    /// Appends a transfer.
    public func record(_ record: CaptureRecord) {
        append(record.description)
    }

    /// Appends a `#` comment (line breaks in `text` become spaces).
    public func comment(_ text: String) {
        append("# " + text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    /// Appends an SPI transfer using the D/C level last set through `setDataCommand(_:)`.
    public func recordSPI(bus: Int, chipSelect: Int, bytes: [UInt8]) {
        record(.spi(bus: bus, chipSelect: chipSelect, data: dataCommandLevel, bytes: bytes))
    }

    /// Remembers the D/C level for the following SPI transfers.
    public func setDataCommand(_ data: Bool) {
        dataCommandLevel = data
    }

    private func append(_ line: String) {
        lines.append(line)
        sink?(line)
    }
}

/// An I2C device that records every write in a `CaptureLog` and then forwards it to an inner
/// device (when there is one), so a run can drive the panel and be captured at once.
public struct CapturingI2CDevice: I2CDevice {
    /// The bus number recorded in the capture.
    public let bus: Int
    /// The 7-bit address recorded in the capture.
    public let address: UInt8
    /// The inner device's limit, or the given one when capturing without a device.
    public let maximumTransactionLength: Int
    /// Where writes are recorded.
    public let log: CaptureLog
    /// Where writes are forwarded after recording; nil records only.
    public let inner: (any I2CDevice)?

    /// Wraps `inner`, taking its bus, address and limit.
    public init(_ inner: any I2CDevice, log: CaptureLog) {
        self.bus = inner.bus
        self.address = inner.address
        self.maximumTransactionLength = inner.maximumTransactionLength
        self.log = log
        self.inner = inner
    }

    /// Records without forwarding, as if a device at `address` on `bus` were present.
    public init(bus: Int, address: UInt8, maximumTransactionLength: Int = 8192, log: CaptureLog) {
        self.bus = bus
        self.address = address
        self.maximumTransactionLength = maximumTransactionLength
        self.log = log
        self.inner = nil
    }

    /// Records the write, then forwards it; a forwarding error is recorded as a comment and rethrown.
    public func write(_ bytes: [UInt8]) async throws {
        await log.record(.i2c(bus: bus, address: address, bytes: bytes))
        try await forwarding(to: log) { try await inner?.write(bytes) }
    }
}

/// An SPI device that records every transfer (with the D/C level its `CapturingOutputLine`
/// reported) and forwards it to an inner device when there is one.
public struct CapturingSPIDevice: SPIDevice {
    /// The bus number recorded in the capture.
    public let bus: Int
    /// The chip select recorded in the capture.
    public let chipSelect: Int
    /// The inner device's limit, or the given one when capturing without a device.
    public let maximumTransferLength: Int
    /// Where transfers are recorded.
    public let log: CaptureLog
    /// Where transfers are forwarded after recording; nil records only.
    public let inner: (any SPIDevice)?

    /// Wraps `inner`, taking its bus, chip select and limit.
    public init(_ inner: any SPIDevice, log: CaptureLog) {
        self.bus = inner.bus
        self.chipSelect = inner.chipSelect
        self.maximumTransferLength = inner.maximumTransferLength
        self.log = log
        self.inner = inner
    }

    /// Records without forwarding.
    public init(bus: Int, chipSelect: Int, maximumTransferLength: Int = 4096, log: CaptureLog) {
        self.bus = bus
        self.chipSelect = chipSelect
        self.maximumTransferLength = maximumTransferLength
        self.log = log
        self.inner = nil
    }

    /// Records the transfer, then forwards it; a forwarding error is recorded as a comment and rethrown.
    public func write(_ bytes: [UInt8]) async throws {
        await log.recordSPI(bus: bus, chipSelect: chipSelect, bytes: bytes)
        try await forwarding(to: log) { try await inner?.write(bytes) }
    }
}

/// An output line that records its changes and forwards them to an inner line.
///
/// A line marked `isDataCommand` is the SPI D/C line: its level is folded into the following
/// `spi` records instead of being written as a `gpio` line.
public struct CapturingOutputLine: OutputLine {
    /// The line name recorded in the capture.
    public let name: String
    /// Whether this is the SPI D/C line.
    public let isDataCommand: Bool
    /// Where changes are recorded.
    public let log: CaptureLog
    /// Where changes are forwarded; nil records only.
    public let inner: (any OutputLine)?

    /// Wraps `inner`, taking its name.
    public init(_ inner: any OutputLine, isDataCommand: Bool = false, log: CaptureLog) {
        self.name = inner.name
        self.isDataCommand = isDataCommand
        self.log = log
        self.inner = inner
    }

    /// Records without forwarding.
    public init(name: String, isDataCommand: Bool = false, log: CaptureLog) {
        self.name = name
        self.isDataCommand = isDataCommand
        self.log = log
        self.inner = nil
    }

    /// Records the level, then forwards it.
    public func set(_ active: Bool) async throws {
        if isDataCommand {
            await log.setDataCommand(active)
        } else {
            await log.record(.gpio(line: name, active: active))
        }
        try await inner?.set(active)
    }
}

/// Runs `forward`; a failure is recorded in `log` as a comment, then rethrown, so the capture
/// shows where a real device stopped acknowledging.
private func forwarding(to log: CaptureLog, _ forward: () async throws -> Void) async throws {
    do {
        try await forward()
    } catch {
        await log.comment("error: \(error)")
        throw error
    }
}
