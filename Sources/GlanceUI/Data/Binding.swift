/// A reference to a value owned elsewhere, as SwiftUI's `@Binding`.
///
/// Controls such as `Toggle(isOn:)` read a binding; in a widget snapshot writing one only
/// changes what later reads in the same render see.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let getter: () -> Value
    private let setter: (Value) -> Void

    init(unchecked get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
    }

    /// A binding that reads with `get` and writes with `set`.
    ///
    /// Difference from Apple: the closures need not be `@Sendable`. Apple's views are
    /// main-actor isolated, so their closures may capture the view; Glance's views are plain
    /// values evaluated on the rendering thread, and requiring `@Sendable` here would warn
    /// about every `Binding(get: { model.x }, set: { model.x = $0 })` in Swift 6 mode.
    /// Every closure Apple accepts is accepted here.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.init(unchecked: get, set: set)
    }

    /// A binding that reads with `get` and writes with `set`, which also receives the
    /// transaction (always the empty one: nothing animates on a panel). As with
    /// `init(get:set:)`, the closures need not be `@Sendable`.
    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
        self.init(unchecked: get, set: { set($0, Transaction()) })
    }

    /// A binding from another binding (the form a `@Binding` parameter is initialised with).
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a value that never changes; writes are ignored.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(unchecked: { value }, set: { _ in })
    }

    /// The referenced value.
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    /// The binding itself, so `$name` passes it on.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the referenced value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let getter = getter, setter = setter
        return Binding<Subject>(unchecked: { getter()[keyPath: keyPath] }, set: { newValue in
            var value = getter()
            value[keyPath: keyPath] = newValue
            setter(value)
        })
    }

    /// A binding to an optional, from a binding to its non-optional value.
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(unchecked: { Optional(base.wrappedValue) }, set: { if let value = $0 { base.wrappedValue = value } })
    }

    /// A binding to the unwrapped value, or nil when `base` holds nil now.
    public init?(_ base: Binding<Value?>) {
        guard let initial = base.wrappedValue else { return nil }
        self.init(unchecked: { base.wrappedValue ?? initial }, set: { base.wrappedValue = $0 })
    }

    /// The same binding; transactions have no effect on a panel.
    public func transaction(_ transaction: Transaction) -> Binding<Value> { self }

    /// The same binding; animations have no effect on a panel.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> { self }
}

// As Apple's: Sendable when the value is. The closures are only called while a view is
// rendered, on the rendering thread.
extension Binding: @unchecked Sendable where Value: Sendable {}

extension Binding: DynamicProperty {}

extension Binding: Identifiable where Value: Identifiable {
    /// The identity of the referenced value.
    public var id: Value.ID { wrappedValue.id }
}
