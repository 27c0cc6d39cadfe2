/// Runs blocking work (waiting for a child process, a socket read, a thread's end) on a new
/// thread of its own and waits for it without holding a thread of Swift's cooperative pool.
///
/// The one way Glance runs such work. The pool has as many threads as the machine has cores:
/// one blocked for seconds stalls every task queued behind it. A thread per call, not a shared queue: calls are rare
/// (a control request, a URL handler, a test's child process), and a queue's few threads would
/// be held by one slow call while the next waited (libdispatch adds threads for blocked work
/// only after a delay). Device calls that must stay in order use a serial queue instead
/// (GlanceLinux's `BlockingQueue`).
///
/// `body` runs outside the caller's task: it sees no task-locals, and a test records its
/// expectations after the call, not inside `body`.
/// - Parameters:
///   - name: The thread's name, as thread listings and debuggers show it.
///   - body: The blocking work; what it throws, the call throws.
/// - Returns: What `body` returned.
package func offThePool<T, E: Error>(named name: String = "glance-blocking",
                                     _ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Handed<T>, E>, Never>) in
        let thread = Thread {
            do throws(E) {
                continuation.resume(returning: .success(Handed(try body())))
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }
        thread.name = name
        thread.start()
    }
    return try result.get().value
}

/// A result handed from the worker thread to the waiting task, once: never shared.
private struct Handed<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
