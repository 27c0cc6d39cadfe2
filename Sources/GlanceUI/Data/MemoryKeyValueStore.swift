import Foundation

/// A store kept in memory, for tests and for hosts that load the app group once per render.
public final class MemoryKeyValueStore: KeyValueStore, @unchecked Sendable {
    // Guarded by `lock`.
    private var values: [String: AppStorageValue]
    private let lock = NSLock()

    /// Creates a store holding `values`.
    public init(_ values: [String: AppStorageValue] = [:]) {
        self.values = values
    }

    public func value(forKey key: String) -> AppStorageValue? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }

    public func setValue(_ value: AppStorageValue?, forKey key: String) {
        lock.lock()
        values[key] = value
        lock.unlock()
    }

    /// Replaces everything stored (a host that read the app group's file again).
    public func replaceAll(with values: [String: AppStorageValue]) {
        lock.lock()
        self.values = values
        lock.unlock()
    }

    /// Everything stored, for tests and for hosts that write the app group back.
    public var snapshot: [String: AppStorageValue] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
