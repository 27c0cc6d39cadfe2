/// A value a view owns, as SwiftUI's `@State`.
///
/// A widget is a snapshot: its views are rebuilt for every timeline entry, so state always
/// starts from its initial value, as it does in WidgetKit. Writes (through the property or a
/// binding from `$name`) are seen by later reads during the same render and then dropped.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let box: ValueBox<Value>

    /// Creates state with an initial value (the form `@State var x = 0` uses).
    public init(wrappedValue value: Value) {
        box = ValueBox(value)
    }

    /// Creates state with an initial value.
    public init(initialValue value: Value) {
        box = ValueBox(value)
    }

    /// The current value.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding to the value, for child views that take a `@Binding`.
    public var projectedValue: Binding<Value> {
        let box = box
        return Binding(unchecked: { box.value }, set: { box.value = $0 })
    }
}

// In a constrained extension, as SwiftUI declares it: a `where` clause on an initializer in the
// type's body makes the compiler treat every `@State var x: T` without an initial value as
// default-initializable, so a view that sets `_x` (or takes `x`) in its own initializer fails
// to compile with "init() requires that T conform to ExpressibleByNilLiteral".
extension State where Value: ExpressibleByNilLiteral {
    /// Creates state whose initial value is nil.
    public init() {
        box = ValueBox(nil)
    }
}

extension State: @unchecked Sendable where Value: Sendable {}
