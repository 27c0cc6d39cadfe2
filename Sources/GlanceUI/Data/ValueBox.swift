import Foundation

/// A mutable cell shared by copies of a property wrapper, so `@State`'s nonmutating setter
/// and the bindings it projects see one value during a render.
///
/// A box lives only as long as the view value that made it: views are rebuilt for every
/// entry, which is why state starts from its initial value each time (as in WidgetKit).
final class ValueBox<Value>: @unchecked Sendable {
    // Guarded by `lock`; @unchecked because Value need not be Sendable (a box is only
    // shared between copies of one wrapper, and every access takes the lock).
    private var stored: Value
    private let lock = NSLock()

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
