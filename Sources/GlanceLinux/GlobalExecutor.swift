import CGlobalExecutor
#if compiler(>=6.3)
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
#endif

/// Swift concurrency's global executor in Glance's processes (the CGlobalExecutor target):
/// worker threads that sleep until the next job or deadline, in place of libdispatch's pool
/// and its once-a-second monitor timer. Its hooks are installed before `main` by a
/// constructor; `install()` also makes it the default executor that `Task.sleep` and clocks
/// schedule on (Swift 6.3 on). Setting `GLANCE_DISPATCH_EXECUTOR` in the environment keeps
/// the Swift runtime's own executor for everything.
public enum GlobalExecutor {
    /// What the executor did since the process started.
    public struct Statistics: Codable, Sendable, Equatable {
        /// Whether Glance's executor runs the global jobs (false: the runtime's own).
        public var installed: Bool
        /// Jobs run.
        public var jobs: Int
        /// Worker threads started, ended ones included.
        public var threadsStarted: Int
        /// Workers added beyond the base pool because jobs waited 10 ms while no job started
        /// (every worker blocked or busy).
        public var extraThreads: Int
    }

    /// The counters now.
    public static var statistics: Statistics {
        let now = glance_executor_statistics_now()
        return Statistics(installed: now.installed != 0, jobs: Int(now.jobs), threadsStarted: Int(now.threads_started),
                          extraThreads: Int(now.extra_threads))
    }

    /// Makes Glance's executor the default executor as well (the one timed sleeps are
    /// scheduled on since Swift 6.3), when its hooks are installed. Call it first thing in
    /// `main`, while no other task runs.
    public static func install() {
        #if compiler(>=6.3)
        guard statistics.installed else { return }
        DefaultExecutors.main = MainActor.executor
        DefaultExecutors.platform = Task.defaultExecutor
        _createExecutors(factory: DefaultExecutors.self)
        #endif
    }
}

#if compiler(>=6.3)
/// The executors `_createExecutors(factory:)` installs: the platform's main executor, kept,
/// and `QueuedTaskExecutor`.
private enum DefaultExecutors: ExecutorFactory {
    // Written once by `install()` before the factory is read, then only read.
    nonisolated(unsafe) static var main: (any MainExecutor)?
    nonisolated(unsafe) static var platform: (any TaskExecutor)?

    static var mainExecutor: any MainExecutor { main! }
    static var defaultExecutor: any TaskExecutor { QueuedTaskExecutor.shared }
}

/// Hands jobs to CGlobalExecutor's queue, at once or after a delay.
private final class QueuedTaskExecutor: TaskExecutor, SchedulingExecutor {
    static let shared = QueuedTaskExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        Self.queue(job, afterNanoseconds: 0)
    }

    /// Hands `job` (the runtime's job pointer, as `UnownedJob` holds it) to the C queue.
    private static func queue(_ job: consuming ExecutorJob, afterNanoseconds delay: UInt64) {
        glance_executor_enqueue(unsafeBitCast(UnownedJob(job), to: UnsafeMutableRawPointer.self), delay)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        guard let delay = delay as? Duration else {
            // A clock counting in its own unit: the platform's executor knows how to wait for it.
            if let platform = DefaultExecutors.platform as? any SchedulingExecutor {
                platform.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
            } else {
                enqueue(job) // nothing here can wait in that unit; the clock's sleep returns early
            }
            return
        }
        // Whole nanoseconds: none for a deadline already past, the longest wait for one too far.
        guard delay > .zero else { return Self.queue(job, afterNanoseconds: 0) }
        let (seconds, attoseconds) = delay.components
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let (nanoseconds, carry) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        Self.queue(job, afterNanoseconds: overflow || carry ? .max : nanoseconds)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
    }
}
#endif
