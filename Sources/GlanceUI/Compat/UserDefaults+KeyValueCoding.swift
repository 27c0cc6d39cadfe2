import Foundation

// Linux only: on Apple platforms UserDefaults inherits both from NSObject.
#if os(Linux)
// Widget code stores app-group values with the key-value-coding spelling it inherits from
// NSObject on Apple platforms (`defaults.setValue(x, forKey:)`, `defaults.value(forKey:)`),
// which swift-corelibs-foundation's NSObject does not have. On UserDefaults both spellings
// mean the same as `set(_:forKey:)` and `object(forKey:)`, so that is what these do.
extension UserDefaults {
    /// Stores `value` under `key`, as `set(_:forKey:)`; nil removes the key.
    public func setValue(_ value: Any?, forKey key: String) {
        set(value, forKey: key)
    }

    /// The value stored under `key`, as `object(forKey:)`; nil when there is none.
    public func value(forKey key: String) -> Any? {
        object(forKey: key)
    }
}
#endif
