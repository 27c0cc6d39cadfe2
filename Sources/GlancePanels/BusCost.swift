/// Bytes and transactions a transfer puts on a bus, and the time that takes.
///
/// The I2C model is the one of Docs/Panels.md, "Bus time": every byte (address, control and payload) takes
/// 9 clocks, and every transaction adds an address byte plus 2 clocks for START and STOP.
/// `bytes` counts what the device receives after the address (control bytes included).
public struct BusCost: Hashable, Sendable, CustomStringConvertible {
    /// Bytes after the address, control bytes included.
    public var bytes: Int
    /// Bus transactions (START … STOP); each adds an address byte and START/STOP.
    public var transactions: Int

    /// Clocks per byte: 8 bits and an acknowledge.
    public static let clocksPerByte = 9
    /// Clocks each transaction adds: the address byte and START plus STOP.
    public static let clocksPerTransaction = 9 + 2

    /// Creates a cost from its counts.
    public init(bytes: Int = 0, transactions: Int = 0) {
        self.bytes = bytes
        self.transactions = transactions
    }

    /// Bus clocks the transfer takes.
    public var clocks: Int { bytes * BusCost.clocksPerByte + transactions * BusCost.clocksPerTransaction }

    /// Wire time at `hertz` bus clocks per second, in seconds.
    public func seconds(atHertz hertz: Double) -> Double { Double(clocks) / hertz }

    /// Component-wise sum.
    public static func + (lhs: BusCost, rhs: BusCost) -> BusCost {
        BusCost(bytes: lhs.bytes + rhs.bytes, transactions: lhs.transactions + rhs.transactions)
    }

    /// Component-wise difference (for measuring what one update added to a running total).
    public static func - (lhs: BusCost, rhs: BusCost) -> BusCost {
        BusCost(bytes: lhs.bytes - rhs.bytes, transactions: lhs.transactions - rhs.transactions)
    }

    /// A one-line human-readable summary.

    public var description: String { "\(bytes) bytes in \(transactions) transactions" }
}
