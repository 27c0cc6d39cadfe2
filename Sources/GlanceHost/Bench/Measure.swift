#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import Foundation

/// Spread of repeated timings: median, minimum and maximum, in microseconds.
struct Spread: Codable, Sendable {
    var median: Double
    var minimum: Double
    var maximum: Double

    /// Times `body` `count` times after `warmUp` untimed runs.
    static func of(count: Int = 300, warmUp: Int = 20, _ body: () -> Void) -> Spread {
        for _ in 0..<warmUp { body() }
        var samples = [Double]()
        samples.reserveCapacity(count)
        for _ in 0..<count {
            let start = ContinuousClock.now
            body()
            samples.append(microseconds(ContinuousClock.now - start))
        }
        return Spread(samples)
    }

    /// Times an async `body`.
    static func of(count: Int = 300, warmUp: Int = 20, _ body: () async -> Void) async -> Spread {
        for _ in 0..<warmUp { await body() }
        var samples = [Double]()
        for _ in 0..<count {
            let start = ContinuousClock.now
            await body()
            samples.append(microseconds(ContinuousClock.now - start))
        }
        return Spread(samples)
    }

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        minimum = sorted.first ?? 0
        maximum = sorted.last ?? 0
    }

    static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }
}
#endif
