/// A point on a monotonic clock, in nanoseconds since an arbitrary origin.
///
/// Kernel GPIO edge timestamps (`CLOCK_MONOTONIC`) map onto this directly, and tests script
/// instants by hand. Only differences between instants of the same clock are meaningful.
public struct InputTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the clock's origin.
    public var nanoseconds: Int64

    /// Creates an instant `nanoseconds` after the clock's origin.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The clock's origin.
    public static let zero = InputTime(nanoseconds: 0)

    /// An instant `milliseconds` after the clock's origin (convenient in tests and scripts).
    public static func milliseconds(_ milliseconds: Int64) -> InputTime {
        InputTime(nanoseconds: milliseconds * 1_000_000)
    }

    /// Orders instants by their position on the clock.
    public static func < (lhs: InputTime, rhs: InputTime) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The instant `duration` later (earlier for a negative duration).
    public static func + (lhs: InputTime, rhs: Duration) -> InputTime {
        InputTime(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
    }

    /// The time from `rhs` to `lhs`.
    public static func - (lhs: InputTime, rhs: InputTime) -> Duration {
        .nanoseconds(lhs.nanoseconds &- rhs.nanoseconds)
    }

    /// The instant in milliseconds with three decimals, e.g. `600.000ms`.
    public var description: String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let fraction = String(magnitude % 1_000_000 / 1_000)
        return "\(sign)\(magnitude / 1_000_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)ms"
    }
}

extension Duration {
    /// The duration in whole nanoseconds (truncated toward zero; saturates beyond ±292 years).
    package var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflowed) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, carried) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflowed || carried { return seconds < 0 ? .min : .max }
        return sum
    }
}

/// The later of two instants; allocation- and generic-free for hot paths.
@inline(__always)
package func latest(_ first: InputTime, _ second: InputTime?) -> InputTime {
    guard let second, second.nanoseconds > first.nanoseconds else { return first }
    return second
}

/// The earlier of two optional instants (nil means "none"); allocation-free for hot paths.
@inline(__always)
package func earliest(_ first: InputTime?, _ second: InputTime?) -> InputTime? {
    guard let first else { return second }
    guard let second else { return first }
    return first.nanoseconds <= second.nanoseconds ? first : second
}
