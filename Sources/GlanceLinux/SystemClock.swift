import GlanceCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real clock: the wall clock for `now`, `CLOCK_MONOTONIC` for `uptime` (the clock the
/// kernel stamps GPIO edges with), and real waiting. It is the one place in Glance that sleeps:
/// device waits (`sleep(for:)`) and the run loop's wait for its next deadline both come here.
public struct SystemClock: HostClock {
    /// Creates the system clock; only the composition root should.
    public init() {}

    /// The current wall-clock time.
    public var now: Date { Date() }

    /// `CLOCK_MONOTONIC` since boot.
    public var uptime: Duration {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
    }

    /// Waits `duration` for real.
    public func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return try Task.checkCancellation() }
        try await Task.sleep(for: duration)
    }
}
