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
    /// What Swift concurrency's global executor did (nil in reports from before it).
    var executor: GlobalExecutor.Statistics?
    /// The same counters from `settling` into the run on, start-up left out (nil for a
    /// shorter run).
    var settled: Interval?
    /// The names of the process's threads at the end.
    var threads: [String]?
    /// The shared libraries mapped at the end (libmosquitto only when the face used MQTT).
    var libraries: [String]?

    /// Counters over part of the run.
    struct Interval: Codable, Sendable, Equatable {
        var seconds: Double
        var cpuSeconds: Double
        var wakeUps: Int

        /// `count` over this interval as a rate a minute (an interval under a second counts as one).
        func perMinute(_ count: Int) -> Double { Double(count) / max(seconds, 1) * 60 }
        /// CPU use as a percentage of one core.
        var cpuPercent: Double { cpuSeconds / max(seconds, 1) * 100 }
    }

    /// Messages and bytes the browser simulator sent, summed over its pages.
    struct WebUsage: Codable, Sendable, Equatable {
        var pages = 0
        var messages = 0
        var bytes = 0
    }

    /// How long after its start a run counts as settled.
    static let settling = Duration.seconds(10)

    /// Reads this process's counters now; `start` are the counters when the run settled.
    static func measure(runtimeWakeUps: Int, frames: Int, firstFrame: Double?, since start: ProcessUsage?) -> UsageReport {
        let usage = ProcessUsage.read()
        let interval = start.map {
            Interval(seconds: usage.elapsed - $0.elapsed, cpuSeconds: usage.cpuSeconds - $0.cpuSeconds,
                     wakeUps: usage.voluntarySwitches - $0.voluntarySwitches)
        }
        return UsageReport(seconds: usage.elapsed, firstFrameMilliseconds: firstFrame, cpuSeconds: usage.cpuSeconds,
                           wakeUps: usage.voluntarySwitches, runtimeWakeUps: runtimeWakeUps, frames: frames,
                           peakResidentMegabytes: Double(usage.peakResidentKilobytes) / 1024, executor: GlobalExecutor.statistics,
                           settled: interval, threads: ProcessUsage.threadNames(), libraries: ProcessUsage.sharedLibraries())
    }
}
