/// An observable object a view creates and owns, as SwiftUI's `@StateObject`.
///
/// The object is made the first time the view reads it, from the autoclosure, and lives as
/// long as the view value: since views are rebuilt per entry, each entry gets a fresh object,
/// as a snapshot widget does in WidgetKit.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let box: ValueBox<ObjectType?>
    private let make: () -> ObjectType

    /// Creates the object lazily with `thunk` (the form `@StateObject var model = Model()` uses).
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        box = ValueBox(nil)
        make = thunk
    }

    /// The object, created on first use.
    public var wrappedValue: ObjectType {
        if let object = box.value { return object }
        let object = make()
        box.value = object
        return object
    }

    /// Bindings to the object's properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
    }
}
