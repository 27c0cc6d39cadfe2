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

    /// Creates state whose initial value is nil.
    public init() where Value: ExpressibleByNilLiteral {
        box = ValueBox(nil)
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

extension State: @unchecked Sendable where Value: Sendable {}
