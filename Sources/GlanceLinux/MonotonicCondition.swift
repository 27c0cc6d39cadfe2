#if canImport(Glibc)
import Glibc
#endif

/// A condition variable whose timed waits run on `CLOCK_MONOTONIC`, the clock of
/// `SystemClock.uptime`: a wall clock set forward or back (NTP at start-up on a board without a
/// battery-backed clock) neither ends a wait early nor stretches it. Foundation's `NSCondition`
/// waits until a `Date`, on the wall clock.
///
/// Unchecked Sendable: the mutex and condition are made to be used from several threads, and
/// live at fixed addresses for the object's life.
final class MonotonicCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() {
        pthread_mutex_lock(mutex)
    }

    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Wakes every thread waiting; call with the lock held.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// Waits, with the lock held, for a `broadcast()` or until `SystemClock().uptime` reaches
    /// `deadline`, whichever comes first (a wake-up may also come for no reason, as with any
    /// condition variable: callers check what they wait for in a loop).
    /// - Returns: false once the deadline has passed.
    func wait(until deadline: Duration) -> Bool {
        let (seconds, attoseconds) = max(deadline, .zero).components
        var spec = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        return pthread_cond_timedwait(condition, mutex, &spec) != ETIMEDOUT
    }
}
