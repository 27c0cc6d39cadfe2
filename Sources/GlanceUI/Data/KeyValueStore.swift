import Foundation

/// A value kept in a `KeyValueStore`: the property-list kinds `@AppStorage` reads.
public enum AppStorageValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case url(URL)
    case data(Data)
    case date(Date)
}

/// Where `@AppStorage` reads and writes: the widget's app group, injected by the host through
/// `EnvironmentValues.keyValueStore` (GlanceUI itself reads no files).
///
/// Calls may come from any thread and must not block for long: `@AppStorage` reads while a
/// view's `body` is evaluated. Writes are what a setter of an `@AppStorage` property asks for;
/// a read-only store may ignore them.
public protocol KeyValueStore: Sendable {
    /// The value stored for `key`, or nil when there is none.
    func value(forKey key: String) -> AppStorageValue?
    /// Stores `value` for `key`, or removes the key when `value` is nil.
    func setValue(_ value: AppStorageValue?, forKey key: String)
}

/// A store that holds nothing and ignores writes: what views see when no host set a store.
public struct EmptyKeyValueStore: KeyValueStore {
    /// Creates the empty store.
    public init() {}
    public func value(forKey key: String) -> AppStorageValue? { nil }
    public func setValue(_ value: AppStorageValue?, forKey key: String) {}
}

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

    /// Everything stored, for tests and for hosts that write the app group back.
    public var snapshot: [String: AppStorageValue] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

private struct KeyValueStoreKey: EnvironmentKey {
    static let defaultValue: any KeyValueStore = EmptyKeyValueStore()
}

extension EnvironmentValues {
    /// The store `@AppStorage` reads: the widget's app group, set by the host. Empty by default,
    /// so every `@AppStorage` property shows its default value.
    public var keyValueStore: any KeyValueStore {
        get { self[KeyValueStoreKey.self] }
        set { self[KeyValueStoreKey.self] = newValue }
    }
}

extension View {
    /// Makes `@AppStorage` properties below this view read `store`.
    public func keyValueStore(_ store: any KeyValueStore) -> some View {
        environment(\.keyValueStore, store)
    }
}

// MARK: - Conversions

/// Reading a stored value as a Swift type, as lenient as `UserDefaults` is (a stored
/// string "42" reads as the integer 42, a number as a Boolean, and so on).
extension AppStorageValue {
    var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .int(let value): value != 0
        case .double(let value): value != 0
        case .string(let value):
            switch value.lowercased() {
            case "yes", "true", "1": true
            case "no", "false", "0": false
            default: nil
            }
        default: nil
        }
    }

    var intValue: Int? {
        switch self {
        case .int(let value): value
        case .bool(let value): value ? 1 : 0
        case .double(let value): value.isFinite ? Int(exactly: value.rounded(.towardZero)) : nil
        case .string(let value): Int(value) ?? Double(value).flatMap { $0.isFinite ? Int(exactly: $0.rounded(.towardZero)) : nil }
        default: nil
        }
    }

    var doubleValue: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        case .bool(let value): value ? 1 : 0
        case .string(let value): Double(value)
        default: nil
        }
    }

    var stringValue: String? {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): value ? "1" : "0"
        case .url(let value): value.absoluteString
        default: nil
        }
    }

    var urlValue: URL? {
        switch self {
        case .url(let value): value
        case .string(let value): value.hasPrefix("/") || value.hasPrefix("~")
            ? URL(fileURLWithPath: (value as NSString).expandingTildeInPath) : URL(string: value)
        case .data(let value): String(data: value, encoding: .utf8).flatMap(URL.init(string:))
        default: nil
        }
    }

    var dataValue: Data? {
        switch self {
        case .data(let value): value
        case .string(let value): Data(value.utf8)
        default: nil
        }
    }

    var dateValue: Date? {
        switch self {
        case .date(let value): value
        case .double(let value): Date(timeIntervalSinceReferenceDate: value)
        case .int(let value): Date(timeIntervalSinceReferenceDate: TimeInterval(value))
        case .string(let value): try? Date(value, strategy: .iso8601)
        default: nil
        }
    }
}
