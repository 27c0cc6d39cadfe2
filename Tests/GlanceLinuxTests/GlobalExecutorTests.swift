import Foundation
import GlanceCore
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
        let finished = await offThePool {
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

    /// Issue 19: once an async `main` has started, the main thread serves MainActor's queue
    /// for the life of the process instead of calling dispatch_main(), which ends the main
    /// thread with pthread_exit (its unwinding left about 0.6 MB of the binary's unwind tables
    /// resident in every face) and has a libdispatch worker run MainActor's jobs instead.
    @Test func mainActorJobsRunOnTheMainThread() async {
        let onMainThread = await MainActor.run { Thread.isMainThread }
        #expect(onMainThread)
    }

    /// Issue 19: every Glance program marks its own binary's mappings for random access
    /// before Swift code runs (MADV_RANDOM, "rr" in smaps; CGlobalExecutor's random_access.c):
    /// without it, the kernel read ahead around each page a face touched and mapped what it
    /// read, and a face started after a boot kept 2–3 MB more of its binary resident.
    @Test func theProgramsOwnBinaryIsMappedForRandomAccess() throws {
        let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var flags = [Substring]()
        var inBinary = false
        for line in try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8).split(separator: "\n") {
            let first = line.prefix { $0 != " " }
            if first.contains("-"), first.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                inBinary = line.hasSuffix(" " + binary)
            } else if inBinary, line.hasPrefix("VmFlags:") {
                flags.append(line)
            }
        }
        #expect(!flags.isEmpty, "no mapping of \(binary) in /proc/self/smaps")
        #expect(flags.allSatisfy { $0.split(separator: " ").contains("rr") }, "\(flags)")
    }

    /// The usage report's wake-ups count threads that have ended (getrusage), not only the
    /// ones alive when it is read: libdispatch's and the executor's workers come and go.
    @Test func wakeUpsOfThreadsThatEndedAreCounted() async throws {
        let before = ProcessUsage.read().voluntarySwitches
        await offThePool {
            // Each poll with a timeout on no descriptors blocks the thread once.
            for _ in 0..<20 { _ = poll(nil, 0, 1) }
        }
        let after = ProcessUsage.read().voluntarySwitches
        #expect(after - before >= 20, "\(before) → \(after)")
    }
}
