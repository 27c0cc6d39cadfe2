import GlancePanels

/// An I2C device that runs `after` once each write has reached the device it wraps, so a test
/// can look at an emulator's glass between bus transactions.
public struct WatchedI2CDevice: I2CDevice {
    private let inner: any I2CDevice
    private let after: @Sendable () async -> Void

    /// Wraps `inner`.
    public init(_ inner: any I2CDevice, after: @escaping @Sendable () async -> Void) {
        self.inner = inner
        self.after = after
    }

    public var bus: Int { inner.bus }
    public var address: UInt8 { inner.address }
    public var maximumTransactionLength: Int { inner.maximumTransactionLength }

    public func write(_ bytes: [UInt8]) async throws {
        try await inner.write(bytes)
        await after()
    }
}
