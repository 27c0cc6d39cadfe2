/// A key for a value stored in `EnvironmentValues`, with the value used when none is set.
public protocol EnvironmentKey {
    /// The type of the stored value.
    associatedtype Value: Sendable
    /// The value read when nothing set one.
    static var defaultValue: Value { get }
}

/// Values a view inherits from its ancestors: family, luminance, font, tones and so on.
/// Read them with `@Environment(\.name)` and set them with `.environment(\.name, value)`.
public struct EnvironmentValues: Sendable, CustomStringConvertible {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Creates the default environment.
    public init() {}

    /// The value stored for `key`, or its default.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// The environment of the view whose body is being evaluated.
    @TaskLocal static var current = EnvironmentValues()

    public var description: String { "EnvironmentValues(\(values.count) values set)" }
}

/// Reads a value from the environment of the view whose body is being evaluated.
///
/// As in SwiftUI, read it inside `body` (or in methods `body` calls), not in an initializer.
@propertyWrapper
public struct Environment<Value>: Sendable {
    private let keyPath: KeyPath<EnvironmentValues, Value> & Sendable

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value> & Sendable) {
        self.keyPath = keyPath
    }

    /// The current value.
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

/// A view whose subtree sees a modified environment.
struct EnvironmentModifierView<Content: View>: View, PrimitiveView {
    let content: Content
    let transform: @Sendable (inout EnvironmentValues) -> Void

    var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        var environment = environment
        transform(&environment)
        return GlanceUI.makeNodes(content, in: environment)
    }
}

extension View {
    /// Sets the environment value at `keyPath` for this view and its descendants.
    public func environment<V: Sendable>(_ keyPath: WritableKeyPath<EnvironmentValues, V> & Sendable, _ value: V) -> some View {
        EnvironmentModifierView(content: self) { $0[keyPath: keyPath] = value }
    }

    /// Changes the environment with `transform` for this view and its descendants.
    public func transformEnvironment<V: Sendable>(_ keyPath: WritableKeyPath<EnvironmentValues, V> & Sendable,
                                                  transform: @escaping @Sendable (inout V) -> Void) -> some View {
        EnvironmentModifierView(content: self) { transform(&$0[keyPath: keyPath]) }
    }

    /// Changes the environment (internal modifiers).
    func modifyEnvironment(_ transform: @escaping @Sendable (inout EnvironmentValues) -> Void) -> EnvironmentModifierView<Self> {
        EnvironmentModifierView(content: self, transform: transform)
    }
}
