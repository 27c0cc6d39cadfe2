/// A store that holds nothing and ignores writes: what views see when no host set a store.
public struct EmptyKeyValueStore: KeyValueStore {
    /// Creates the empty store.
    public init() {}
    public func value(forKey key: String) -> AppStorageValue? { nil }
    public func setValue(_ value: AppStorageValue?, forKey key: String) {}
}
