import Foundation
import GlanceLinux
import GlanceTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A gate that threads block on until `count` of them have arrived (a blocking wait, on
/// purpose: it holds the executor's worker threads).
private final class Turnstile: @unchecked Sendable {
    private let condition = NSCondition()
    private var arrived = 0
    private let count: Int

    init(count: Int) { self.count = count }

    /// Blocks the calling thread until `count` callers have arrived.
    func arriveAndWait() {
        condition.lock()
        arrived += 1
        condition.broadcast()
        while arrived < count { condition.wait() }
        condition.unlock()
    }
}

/// CGlobalExecutor runs this test process's global jobs too (its constructor installs the
/// Swift runtime's hooks in every program that links GlanceLinux).
@Suite struct GlobalExecutorTests {
    /// Jobs queued behind workers that block (a provider reading a file the slow way, code
    /// waiting on a semaphore) still run: the watch sees no job start and adds a worker,
    /// as libdispatch's monitor would, instead of the face stopping.
    @Test func jobsBehindBlockedWorkersStillRun() async throws {
        #expect(GlobalExecutor.statistics.installed)
        let count = 8 // more than the four workers the pool keeps at most
        let turnstile = Turnstile(count: count)
        let before = GlobalExecutor.statistics
        let finished = try await offThePool {
            let group = DispatchGroup()
            for _ in 0..<count {
                group.enter()
                Task.detached {
                    turnstile.arriveAndWait()
                    group.leave()
                }
            }
            // Bounds a failure only: without added workers the tasks wait for each other forever.
            return group.wait(timeout: .now() + 60)
        }
        #expect(finished == .success)
        let after = GlobalExecutor.statistics
        #expect(after.jobs - before.jobs >= count)
        // Eight blocked at once need more threads than the pool keeps: added now, or still
        // there from other tests that blocked theirs (tests run in parallel).
        #expect(after.extraThreads > 0)
    }

    /// The usage report's wake-ups count threads that have ended (getrusage), not only the
    /// ones alive when it is read: libdispatch's and the executor's workers come and go.
    @Test func wakeUpsOfThreadsThatEndedAreCounted() async throws {
        let before = ProcessUsage.read().voluntarySwitches
        try await offThePool {
            // Each poll with a timeout on no descriptors blocks the thread once.
            for _ in 0..<20 { _ = poll(nil, 0, 1) }
        }
        let after = ProcessUsage.read().voluntarySwitches
        #expect(after - before >= 20, "\(before) → \(after)")
    }
}
