import Dispatch

/// A serial queue for blocking device calls (ioctl, write), so they never occupy the Swift
/// concurrency pool's few threads; callers await the result.
struct BlockingQueue: Sendable {
    private let queue: DispatchQueue

    /// Creates a queue labelled `label` (shown in debuggers and thread listings).
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `body` on the queue, after everything submitted earlier, and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result(catching: body)) }
        }
    }

    /// Runs `body` on the queue and waits for it (for deinit and other synchronous paths).
    func sync<T>(_ body: () throws -> T) rethrows -> T {
        try queue.sync(execute: body)
    }
}
