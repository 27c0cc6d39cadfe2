import Foundation
import GlanceLinux

/// What a `glance run` cost: written at exit with `--usage-report FILE`, read by `glance bench`.
struct UsageReport: Codable, Sendable {
    /// Wall-clock seconds from process start to exit.
    var seconds: Double
    /// Milliseconds from process start to the first frame on the panel.
    var firstFrameMilliseconds: Double?
    /// User plus system CPU seconds.
    var cpuSeconds: Double
    /// Times the process blocked and was woken (voluntary context switches, all threads).
    var wakeUps: Int
    /// Scheduled wake-ups the face runtime processed.
    var runtimeWakeUps: Int
    /// Frames the runtime emitted.
    var frames: Int
    /// Peak resident memory in megabytes.
    var peakResidentMegabytes: Double
    /// What the browser simulator sent its pages (`--web`); nil without it.
    var web: WebUsage?

    /// Messages and bytes the browser simulator sent, summed over its pages.
    struct WebUsage: Codable, Sendable, Equatable {
        var pages = 0
        var messages = 0
        var bytes = 0
    }

    /// Reads this process's counters now.
    static func measure(runtimeWakeUps: Int, frames: Int, firstFrame: Double?) -> UsageReport {
        let usage = ProcessUsage.read()
        return UsageReport(seconds: usage.elapsed, firstFrameMilliseconds: firstFrame, cpuSeconds: usage.cpuSeconds,
                           wakeUps: usage.voluntarySwitches, runtimeWakeUps: runtimeWakeUps, frames: frames,
                           peakResidentMegabytes: Double(usage.peakResidentKilobytes) / 1024)
    }
}
