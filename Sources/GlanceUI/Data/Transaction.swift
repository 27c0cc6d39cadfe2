/// The context of a state change, as SwiftUI's `Transaction`; accepted so binding setters
/// written for SwiftUI compile. Panels do not animate, so it carries nothing that matters.
public struct Transaction: Sendable {
    /// The animation the change would use; ignored.
    public var animation: Animation?
    /// Whether animations are disabled; ignored.
    public var disablesAnimations = false

    /// Creates an empty transaction.
    public init() {}

    /// Creates a transaction with an animation.
    public init(animation: Animation?) {
        self.animation = animation
    }
}
