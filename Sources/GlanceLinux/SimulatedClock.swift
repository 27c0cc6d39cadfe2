import CSimulatedTime
import Foundation
import GlanceCore

/// The clock of `glance run --clock simulated`: the face's wall-clock time (`now`) can be
/// paused, jumped forward to the next event and run faster than real time, from the browser
/// simulator; `uptime` and device waits stay real.
///
/// Two kinds of time, on purpose: timelines, the always-on state machine, e-paper refresh
/// policy and burn-in shifts follow `now`, so a paused face stands still and a fast-forwarded
/// one lives an hour in seconds; buttons follow `uptime` (debounce, long press, double click
/// are decided on it, as on GPIO), so they behave as on the real panel at any rate.
///
/// Widget code reads the time with `Date()`, not from this clock: `steerProcessClock()`
/// makes the process's wall clock follow this one, as changing the device's clock does for
/// WidgetKit, so providers pause and fast-forward with the face (CSimulatedTime).
public final class SimulatedClock: HostClock {
    /// How the face's time runs.
    public struct Pace: Sendable, Equatable {
        /// Seconds of face time per real second: 0 is paused, 1 real time.
        public var rate: Double
        /// Face time at `anchor`.
        public var now: Date
        /// The real `uptime` at which `now` was read.
        var anchor: Duration
    }

    /// The rate of fast-forward: an hour in six seconds.
    public static let fastRate: Double = 600

    private let real = SystemClock()
    private let pace: Locked<Pace>
    private let steersProcess = Locked(false)

    /// Creates a clock reading `start`, running at real time.
    public init(start: Date = Date()) {
        pace = Locked(Pace(rate: 1, now: start, anchor: SystemClock().uptime))
    }

    /// The face's time.
    public var now: Date {
        let uptime = real.uptime
        return pace.withLock { Self.read($0, at: uptime) }
    }

    /// Real monotonic time: buttons and device waits run at the real pace whatever the rate.
    public var uptime: Duration { real.uptime }

    /// Waits for real (device timing).
    public func sleep(for duration: Duration) async throws {
        try await real.sleep(for: duration)
    }

    /// The real time until `now` reaches `date`: nil while paused.
    public func waitingTime(until date: Date) -> Duration? {
        let uptime = real.uptime
        return pace.withLock { pace -> Duration? in
            let ahead = date.timeIntervalSince(Self.read(pace, at: uptime))
            guard ahead > 0 else { return .zero }
            return pace.rate > 0 ? .seconds(ahead / pace.rate) : nil
        }
    }

    /// The rate and the time it is now.
    public var current: Pace {
        let uptime = real.uptime
        return pace.withLock { Pace(rate: $0.rate, now: Self.read($0, at: uptime), anchor: uptime) }
    }

    /// Runs the face's time at `rate` seconds per real second from now on (0 pauses it).
    public func setRate(_ rate: Double) {
        let uptime = real.uptime
        change { pace in Pace(rate: max(0, rate), now: Self.read(pace, at: uptime), anchor: uptime) }
    }

    /// Moves the face's time forward to `date` at once (an earlier date changes nothing).
    public func jump(to date: Date) {
        let uptime = real.uptime
        change { pace in Pace(rate: pace.rate, now: max(Self.read(pace, at: uptime), date), anchor: uptime) }
    }

    /// From now on `Date()` in this process reads this clock (until `releaseProcessClock()`).
    public func steerProcessClock() {
        steersProcess.withLock { $0 = true }
        change { $0 }
    }

    /// `Date()` reads the real wall clock again.
    public func releaseProcessClock() {
        steersProcess.withLock { steering in
            steering = false
            glance_simulated_time_clear()
        }
    }

    /// `glance run --clock fast`: from now on `Date()` in this process reads `date`, standing
    /// still, until the next call or `releaseProcessClock()`. The fast run loop holds it at its
    /// manual clock's time after every step, so widget code's `Date()` follows that clock as it
    /// follows a `SimulatedClock` that steers the process.
    public static func holdProcessClock(at date: Date) {
        let (seconds, attoseconds) = SystemClock().uptime.components
        glance_simulated_time_set(seconds * 1_000_000_000 + attoseconds / 1_000_000_000, Int64((date.timeIntervalSince1970 * 1e9).rounded()), 0)
    }

    /// `Date()` reads the real wall clock again after `holdProcessClock(at:)`.
    public static func releaseHeldProcessClock() {
        glance_simulated_time_clear()
    }

    private func change(_ body: (Pace) -> Pace) {
        let new = pace.withLock { pace in
            pace = body(pace)
            return pace
        }
        steersProcess.withLock { steering in
            guard steering else { return }
            let (seconds, attoseconds) = new.anchor.components
            glance_simulated_time_set(seconds * 1_000_000_000 + attoseconds / 1_000_000_000,
                                      Int64((new.now.timeIntervalSince1970 * 1e9).rounded()), new.rate)
        }
    }

    private static func read(_ pace: Pace, at uptime: Duration) -> Date {
        pace.now.addingTimeInterval((uptime - pace.anchor).timeInterval * pace.rate)
    }
}
