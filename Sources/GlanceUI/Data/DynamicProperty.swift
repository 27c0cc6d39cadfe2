/// A stored property of a view that the framework updates before `body` is evaluated, as in
/// SwiftUI: `@State`, `@Binding`, `@Environment`, `@AppStorage` and the object wrappers.
///
/// Glance evaluates `body` once per timeline entry, so `update()` has nothing to refresh; the
/// protocol exists so custom wrappers written for SwiftUI compile.
public protocol DynamicProperty {
    /// Called before the view's body is evaluated; the default does nothing.
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

extension Environment: DynamicProperty {}
