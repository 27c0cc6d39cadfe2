import Foundation

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

