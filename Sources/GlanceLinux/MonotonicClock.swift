import GlanceInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock GPIO edge timestamps come from (`CLOCK_MONOTONIC`), so a runtime can compare
/// "now" with edge times and with an `InputProcessor`'s deadlines.
public enum MonotonicClock {
    /// The current instant on `CLOCK_MONOTONIC`.
    public static func now() -> InputTime {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return InputTime(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}
