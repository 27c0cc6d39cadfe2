/// A property of an `ObservableObject` that announces its changes, as Combine's `@Published`.
///
/// It stores the value like a plain property; `$name` gives a publisher that compiles
/// wherever Combine code subscribes, but nothing is delivered on a panel.
@propertyWrapper
public struct Published<Value> {
    /// The stored value.
    public var wrappedValue: Value

    /// Stores an initial value (the form `@Published var x = 0` uses).
    public init(wrappedValue value: Value) {
        wrappedValue = value
    }

    /// Stores an initial value.
    public init(initialValue value: Value) {
        wrappedValue = value
    }

    /// The publisher of a `@Published` property's values.
    public struct Publisher: GlanceCombine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        /// The value when the publisher was taken.
        package let value: Value
    }

    /// The property's publisher.
    public var projectedValue: Publisher {
        get { Publisher(value: wrappedValue) }
        set { wrappedValue = newValue.value }
    }
}

extension Published: @unchecked Sendable where Value: Sendable {}
