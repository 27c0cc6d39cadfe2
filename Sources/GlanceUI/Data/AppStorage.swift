import Foundation

/// A value kept in the widget's app group, as SwiftUI's `@AppStorage`.
///
/// Reads go to `EnvironmentValues.keyValueStore`, which the host fills from the app group, so
/// read the property in `body` (as with `@Environment`). Every `store:` (for example
/// `UserDefaults(suiteName: "group.x")`) means the widget's app group: a Glance bundle has one.
/// A missing or unreadable value reads as the default given in the declaration. Writes go to
/// the same store.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    private let key: String
    private let defaultValue: Value
    private let decode: (AppStorageValue) -> Value?
    private let encode: (Value) -> AppStorageValue?

    private init(key: String, defaultValue: Value, decode: @escaping (AppStorageValue) -> Value?,
                 encode: @escaping (Value) -> AppStorageValue?) {
        self.key = key
        self.defaultValue = defaultValue
        self.decode = decode
        self.encode = encode
    }

    /// The stored value, or the default when none is stored.
    public var wrappedValue: Value {
        get { EnvironmentValues.current.keyValueStore.value(forKey: key).flatMap(decode) ?? defaultValue }
        nonmutating set { EnvironmentValues.current.keyValueStore.setValue(encode(newValue), forKey: key) }
    }

    /// A binding to the stored value.
    public var projectedValue: Binding<Value> {
        let store = EnvironmentValues.current.keyValueStore
        let key = key, defaultValue = defaultValue, decode = decode, encode = encode
        return Binding(unchecked: { store.value(forKey: key).flatMap(decode) ?? defaultValue },
                       set: { store.setValue(encode($0), forKey: key) })
    }
}

// The closures only convert values and capture nothing mutable.
extension AppStorage: @unchecked Sendable where Value: Sendable {}

// MARK: - Values with a default

extension AppStorage {
    /// A Boolean stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        self.init(key: key, defaultValue: wrappedValue, decode: \.boolValue, encode: { .bool($0) })
    }

    /// An integer stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
        self.init(key: key, defaultValue: wrappedValue, decode: \.intValue, encode: { .int($0) })
    }

    /// A double stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
        self.init(key: key, defaultValue: wrappedValue, decode: \.doubleValue, encode: { .double($0) })
    }

    /// A string stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
        self.init(key: key, defaultValue: wrappedValue, decode: \.stringValue, encode: { .string($0) })
    }

    /// A URL stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
        self.init(key: key, defaultValue: wrappedValue, decode: \.urlValue, encode: { .url($0) })
    }

    /// Data stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
        self.init(key: key, defaultValue: wrappedValue, decode: \.dataValue, encode: { .data($0) })
    }

    /// A date stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Date {
        self.init(key: key, defaultValue: wrappedValue, decode: \.dateValue, encode: { .date($0) })
    }

    /// An enumeration (or other raw-representable value) stored as its integer raw value.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == Int {
        self.init(key: key, defaultValue: wrappedValue, decode: { $0.intValue.flatMap(Value.init(rawValue:)) },
                  encode: { .int($0.rawValue) })
    }

    /// An enumeration (or other raw-representable value) stored as its string raw value.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == String {
        self.init(key: key, defaultValue: wrappedValue, decode: { $0.stringValue.flatMap(Value.init(rawValue:)) },
                  encode: { .string($0.rawValue) })
    }
}

// MARK: - Optional values

extension AppStorage where Value: ExpressibleByNilLiteral {
    /// An optional Boolean stored under `key`; nil when none is stored.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
        self.init(key: key, defaultValue: nil, decode: { $0.boolValue.map(Optional.some) }, encode: { $0.map(AppStorageValue.bool) })
    }

    /// An optional integer stored under `key`; nil when none is stored.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
        self.init(key: key, defaultValue: nil, decode: { $0.intValue.map(Optional.some) }, encode: { $0.map(AppStorageValue.int) })
    }

    /// An optional double stored under `key`; nil when none is stored.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
        self.init(key: key, defaultValue: nil, decode: { $0.doubleValue.map(Optional.some) }, encode: { $0.map(AppStorageValue.double) })
    }

    /// An optional string stored under `key`; nil when none is stored.
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
        self.init(key: key, defaultValue: nil, decode: { $0.stringValue.map(Optional.some) }, encode: { $0.map(AppStorageValue.string) })
    }

    /// An optional URL stored under `key`; nil when none is stored.
    public init(_ key: String, store: UserDefaults? = nil) where Value == URL? {
        self.init(key: key, defaultValue: nil, decode: { $0.urlValue.map(Optional.some) }, encode: { $0.map(AppStorageValue.url) })
    }

    /// Optional data stored under `key`; nil when none is stored.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Data? {
        self.init(key: key, defaultValue: nil, decode: { $0.dataValue.map(Optional.some) }, encode: { $0.map(AppStorageValue.data) })
    }

    /// An optional date stored under `key`; nil when none is stored.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Date? {
        self.init(key: key, defaultValue: nil, decode: { $0.dateValue.map(Optional.some) }, encode: { $0.map(AppStorageValue.date) })
    }

    /// An optional enumeration stored as its integer raw value; nil when none is stored.
    public init<R>(_ key: String, store: UserDefaults? = nil) where Value == R?, R: RawRepresentable, R.RawValue == Int {
        self.init(key: key, defaultValue: nil, decode: { $0.intValue.flatMap(R.init(rawValue:)).map(Optional.some) },
                  encode: { $0.map { AppStorageValue.int($0.rawValue) } })
    }

    /// An optional enumeration stored as its string raw value; nil when none is stored.
    public init<R>(_ key: String, store: UserDefaults? = nil) where Value == R?, R: RawRepresentable, R.RawValue == String {
        self.init(key: key, defaultValue: nil, decode: { $0.stringValue.flatMap(R.init(rawValue:)).map(Optional.some) },
                  encode: { $0.map { AppStorageValue.string($0.rawValue) } })
    }
}

extension View {
    /// Accepted for compatibility: `@AppStorage` always reads the widget's app group
    /// (`EnvironmentValues.keyValueStore`), whatever `UserDefaults` is given here.
    public func defaultAppStorage(_ store: UserDefaults) -> some View { self }
}
