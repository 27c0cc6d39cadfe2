import GlanceGraphics

/// A write-only I2C link to one device address. Each call is one bus transaction
/// (START, address, bytes, STOP); calls never interleave.
public protocol I2CDevice: Sendable {
    /// The bus number, N in `/dev/i2c-N` (used in messages and captures).
    var bus: Int { get }
    /// The 7-bit device address, e.g. 0x3C.
    var address: UInt8 { get }
    /// The most bytes one transaction may carry, including the control byte; transfers longer
    /// than this are split by the caller, each part starting with its own control byte.
    var maximumTransactionLength: Int { get }
    /// Writes `bytes` in one transaction.
    /// - Throws: A transport error naming the bus and address (for example, nobody acknowledged).
    func write(_ bytes: [UInt8]) async throws
}

/// A write-only SPI link to one chip select. `write` clocks the bytes out with chip select
/// held for the whole call; the data/command line is driven separately.
public protocol SPIDevice: Sendable {
    /// The bus number, B in `/dev/spidevB.C`.
    var bus: Int { get }
    /// The chip select, C in `/dev/spidevB.C`.
    var chipSelect: Int { get }
    /// The most bytes one message may carry (the kernel's `bufsiz`, 4096 by default); longer
    /// writes are chunked by the implementation.
    var maximumTransferLength: Int { get }
    /// Clocks `bytes` out.
    func write(_ bytes: [UInt8]) async throws
}

/// A GPIO output such as a panel's D/C or RST line.
public protocol OutputLine: Sendable {
    /// A short name for messages and captures (e.g. `dc`, `rst`).
    var name: String { get }
    /// Drives the line: true is the active level.
    func set(_ active: Bool) async throws
}

/// A GPIO input such as an e-ink panel's BUSY line.
public protocol InputLine: Sendable {
    /// A short name for messages and captures (e.g. `busy`).
    var name: String { get }
    /// Reads the line: true is the active level.
    func read() async throws -> Bool
}
