import Foundation
import Synchronization

/// Things that arrive from another process or thread (messages from a broker, notices from a
/// running face), kept in order, with a bounded wait for the one a test expects. The wait
/// ends as soon as the condition holds; the deadline only bounds a failure.
public final class Arrivals<Element: Sendable>: Sendable {
    private struct Waiter {
        let id: Int
        let condition: @Sendable ([Element]) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var items: [Element] = []
        var waiters: [Waiter] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Collects every element of `stream` (in a task of its own) until the stream ends.
    public convenience init<S: AsyncSequence & Sendable>(collecting stream: S) where S.Element == Element {
        self.init()
        Task { [self] in
            do {
                for try await element in stream { append(element) }
            } catch {}
        }
    }

    /// Adds an element and wakes the waits it satisfies.
    public func append(_ element: Element) {
        let satisfied = state.withLock { state -> [Waiter] in
            state.items.append(element)
            let items = state.items
            let (done, waiting) = state.waiters.reduce(into: ([Waiter](), [Waiter]())) { result, waiter in
                if waiter.condition(items) { result.0.append(waiter) } else { result.1.append(waiter) }
            }
            state.waiters = waiting
            return done
        }
        for waiter in satisfied { waiter.continuation.resume(returning: true) }
    }

    /// Everything so far, oldest first.
    public var all: [Element] { state.withLock { $0.items } }

    /// Waits until `condition` holds for the elements so far, at most `seconds`.
    /// - Returns: whether it held (false: the deadline passed first).
    public func wait(seconds: Double = 20, until condition: @escaping @Sendable ([Element]) -> Bool) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id = state.withLock { state -> Int? in
                if condition(state.items) { return nil }
                state.nextID += 1
                state.waiters.append(Waiter(id: state.nextID, condition: condition, continuation: continuation))
                return state.nextID
            }
            guard let id else { return continuation.resume(returning: true) }
            Task { [self] in
                try? await Task.sleep(for: .seconds(seconds))
                let expired = state.withLock { state -> Waiter? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index)
                }
                expired?.continuation.resume(returning: false)
            }
        }
    }
}
