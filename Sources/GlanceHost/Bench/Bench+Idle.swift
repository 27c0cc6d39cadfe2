import Foundation
import GlanceLinux

/// What an idle face costs, from real `glance run --headless` processes measuring themselves.
struct IdleFigures: Codable, Sendable {
    struct State: Codable, Sendable {
        /// Times the process woke up (voluntary context switches) per minute.
        var wakeups: Double
        /// Scheduled wake-ups of the face runtime per minute.
        var runtime_wakeups: Double
        /// CPU use as a percentage of one core.
        var cpu_percent: Double
    }

    var active: State
    var alwaysOn: State
    var peak_rss_mb: Double
    var first_frame_ms: Double?
}

extension BenchCommand {
    /// The face files of the two idle runs: one kept active for a day, one that dims after the
    /// shortest idle time a face file allows (1 s).
    static let idleFaces = [("active", "always-on:\n  idle: 24h\n"), ("always-on", "always-on:\n  idle: 1s\n")]

    /// Runs this program twice at once for `seconds` of wall time — one face kept active, one
    /// dimmed into always-on after its first second — and reads their usage reports.
    static func idleFigures(seconds: Int) throws -> IdleFigures {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-idle-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = ServiceCommand.executablePath()
        var runs = [(Process, URL)]()
        for (name, text) in idleFaces {
            let face = folder.appendingPathComponent("\(name).yaml")
            try Data(text.utf8).write(to: face)
            let report = folder.appendingPathComponent("\(name).json")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["run", "--board", "simulator", "--headless", "--config", face.path, "--duration", "\(seconds)s",
                                 "--usage-report", report.path, "--log-level", "error"]
            var environment = ProcessInfo.processInfo.environment
            environment["GLANCE_STATE_DIR"] = folder.appendingPathComponent("state-\(name)").path
            environment["GLANCE_CONTROL_SOCKET"] = folder.appendingPathComponent("\(name).sock").path
            process.environment = environment
            try process.run()
            runs.append((process, report))
        }
        var reports = [UsageReport]()
        for (process, report) in runs {
            process.waitUntilExit()
            guard let data = FileManager.default.contents(atPath: report.path) else {
                throw CommandFailure("the idle run exited with status \(process.terminationStatus) and wrote no usage report")
            }
            reports.append(try JSONDecoder().decode(UsageReport.self, from: data))
        }
        func state(_ report: UsageReport) -> IdleFigures.State {
            let minutes = max(report.seconds, 1) / 60
            return IdleFigures.State(wakeups: Double(report.wakeUps) / minutes, runtime_wakeups: Double(report.runtimeWakeUps) / minutes,
                                     cpu_percent: report.cpuSeconds / max(report.seconds, 1) * 100)
        }
        return IdleFigures(active: state(reports[0]), alwaysOn: state(reports[1]),
                           peak_rss_mb: reports.map(\.peakResidentMegabytes).max() ?? 0, first_frame_ms: reports[0].firstFrameMilliseconds)
    }
}
