/// Feeds a parsed capture into devices, typically an emulator, so a recorded run can be
/// inspected as controller state and glass.
public struct CaptureReplayer: Sendable {
    /// I2C targets by 7-bit address.
    public var i2cDevices: [UInt8: any I2CDevice]
    /// The SPI target, for `spi` records.
    public var spiDevice: (any SPIDevice)?
    /// The D/C line driven before each `spi` record.
    public var dataCommand: (any OutputLine)?
    /// GPIO targets by line name, for `gpio` records.
    public var lines: [String: any OutputLine]

    /// Creates a replayer with the given targets; records without a target are errors.
    public init(i2cDevices: [any I2CDevice] = [], spiDevice: (any SPIDevice)? = nil,
                dataCommand: (any OutputLine)? = nil, lines: [any OutputLine] = []) {
        self.i2cDevices = Dictionary(i2cDevices.map { ($0.address, $0) }, uniquingKeysWith: { first, _ in first })
        self.spiDevice = spiDevice
        self.dataCommand = dataCommand
        self.lines = Dictionary(lines.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Parses `text` and replays it.
    /// - Throws: `CaptureParseError` for malformed text, `CaptureReplayError` for a record with no
    ///   target or a device that failed.
    public func replay(_ text: String) async throws {
        try await replay(try CaptureRecord.parse(text))
    }

    /// Replays parsed records in order.
    /// - Throws: `CaptureReplayError` naming the line of the first record that could not be delivered.
    public func replay(_ records: [CaptureLine]) async throws {
        var dataCommandLevel: Bool?
        for line in records {
            do {
                switch line.record {
                case let .i2c(_, address, bytes):
                    guard let device = i2cDevices[address] else {
                        throw CaptureReplayError(line: line.number, message: "no I2C device at \(CaptureRecord.hex(address)) to replay into")
                    }
                    try await device.write(bytes)
                case let .spi(_, _, data, bytes):
                    guard let device = spiDevice, let dc = dataCommand else {
                        throw CaptureReplayError(line: line.number, message: "no SPI device and D/C line to replay into")
                    }
                    if dataCommandLevel != data {
                        try await dc.set(data)
                        dataCommandLevel = data
                    }
                    try await device.write(bytes)
                case let .gpio(name, active):
                    guard let output = lines[name] else {
                        throw CaptureReplayError(line: line.number, message: "no GPIO line named `\(name)` to replay into")
                    }
                    try await output.set(active)
                }
            } catch let error as CaptureReplayError {
                throw error
            } catch {
                throw CaptureReplayError(line: line.number, message: "device failed: \(error)")
            }
        }
    }
}

/// A capture record that could not be replayed.
public struct CaptureReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based capture line.
    public var line: Int
    /// Why the record could not be delivered.
    public var message: String

    /// Creates an error for `line`.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// A one-line human-readable summary.

    public var description: String { "capture line \(line): \(message)" }
}
