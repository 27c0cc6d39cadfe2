/// The process's wall clock, as widget code's `Date()` reads it: the one place below the host
/// that reads the time without a `HostClock`.
///
/// Apple-named APIs that take "now" on their own read it here, as Apple's do from the
/// device's clock: a `DateComponentsFormatter` without a reference date, an `ActivityCenter`
/// outside any face. The host steers this clock under simulated time (GlanceLinux's
/// `SimulatedClock` through `CSimulatedTime`), so these follow the face's time as widget
/// code does. Code that runs a face reads its `HostClock` instead.
package enum ProcessClock {
    /// The current time of the process's wall clock.
    package static var now: Date { Date() }
}
