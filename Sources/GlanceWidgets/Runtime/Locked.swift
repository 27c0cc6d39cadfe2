import Foundation

/// A value guarded by a lock, for the few objects Apple's API makes shared (`WidgetCenter.shared`,
/// activities) and for bridging completion handlers that may run on any thread.
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
