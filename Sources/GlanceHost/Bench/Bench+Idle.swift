#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import Foundation
import GlanceCore
import GlanceLinux

/// What an idle face costs, from real `glance run --headless` processes measuring themselves.
struct IdleFigures: Codable, Sendable {
    struct State: Codable, Sendable {
        /// Times the process woke up (voluntary context switches of all its threads, ended
        /// ones too) per minute, once settled (`UsageReport.settling` into the run; the whole
        /// run when it is not longer).
        var wakeups: Double
        /// Scheduled wake-ups of the face runtime per minute.
        var runtime_wakeups: Double
        /// CPU use as a percentage of one core, once settled.
        var cpu_percent: Double
        /// `wakeups` and `cpu_percent` over the whole run, start-up included.
        var wakeups_with_start: Double
        var cpu_percent_with_start: Double
    }

    var active: State
    var alwaysOn: State
    /// The always-on face again, after its URL handler ran once (a press opened the clock's
    /// `widgetURL` in its first seconds): a handler's timeout must not leave a timer that
    /// wakes the process (libdispatch's, before it waited on the face's clock).
    var alwaysOnAfterURL: State
    /// The higher peak resident memory of the two idle runs, in MiB. They start from a cold
    /// page cache for the binary, as a face does after a boot (`dropCachedPages(of:)`).
    var peak_rss_mb: Double
    /// The median over `firstFrameRuns` starts of the active face, one at a time.
    var first_frame_ms: Double?
}

extension BenchCommand {
    /// Asks the kernel to forget the page-cache pages of `path` that no process maps, so that
    /// the idle runs read the binary as a face started after a boot does. Right after a build
    /// the whole file is cached, in the large folios it was written in, and a kernel that maps
    /// a cached folio whole around each fault (6.18 here) makes a face look about 3 MB bigger
    /// than it is after a boot (Docs/Performance.md, "Fewer pages of the binary"). Nothing to
    /// do where the file cannot be opened.
    static func dropCachedPages(of path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
        close(descriptor)
    }

    /// The face files of the idle runs: one kept active for a day, one that dims after the
    /// shortest idle time a face file allows (1 s), and one like it whose button A opens the
    /// clock's `widgetURL` with a handler program that writes the URL to `opened`.
    static func idleFaces(opened: URL) -> [(String, String)] {
        [("active", "always-on:\n  idle: 24h\n"), ("always-on", "always-on:\n  idle: 1s\n"),
         ("url-handler", """
            always-on:
              idle: 1s
            bindings:
              A: focus.activate
            url-handler:
              command: [sh, -c, 'echo "$1" > "$0"', '\(opened.path)']

            """)]
    }

    /// Presses A on the face behind `socket` until its URL handler has written `opened`: the
    /// first press may come before the control socket is up, or after the face dimmed (a press
    /// then only wakes it). Gives up after `seconds`.
    static func openURL(socket: String, opened: URL, seconds: Int) async throws {
        for _ in 0..<seconds * 5 {
            if FileManager.default.fileExists(atPath: opened.path) { return }
            try? await ControlClient.press(button: "A", socket: socket)
            try await Task.sleep(for: .milliseconds(200))
        }
        guard FileManager.default.fileExists(atPath: opened.path) else {
            throw CommandFailure("idle: the url-handler face did not run its handler within \(seconds) s (no \(opened.path))")
        }
    }

    /// Starts of the active face whose time to the first frame is measured, one at a time.
    static let firstFrameRuns = 5

    /// Runs this program three times at once for `seconds` of wall time — one face kept active,
    /// one dimmed into always-on after its first second, one like it that first runs its URL
    /// handler — and reads their usage reports. The
    /// children are awaited on threads of their own (`waitpid`), so the bench itself sleeps
    /// while they measure (Foundation's `waitUntilExit()` would spin a core beside them);
    /// `progress` gets a line every ten seconds.
    static func idleFigures(seconds: Int, progress: BenchProgress) async throws -> IdleFigures {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-idle-\(getpid())")
        // Private: a face opens its control socket only in a folder others cannot write to.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = ServiceCommand.executablePath()
        dropCachedPages(of: executable)
        /// Starts `glance run` on the simulator with face `text` for `seconds`, reporting its usage.
        func socket(_ name: String) -> String { folder.appendingPathComponent("\(name).sock").path }
        func start(_ name: String, _ text: String, seconds: Int) throws -> (pid: pid_t, report: URL) {
            let face = folder.appendingPathComponent("\(name).yaml")
            try Data(text.utf8).write(to: face)
            let report = folder.appendingPathComponent("\(name).json")
            try? FileManager.default.removeItem(at: report)
            var environment = ProcessInfo.processInfo.environment
            environment["GLANCE_STATE_DIR"] = folder.appendingPathComponent("state-\(name)").path
            environment["GLANCE_CONTROL_SOCKET"] = socket(name)
            let pid = try ChildProcess.spawn(executable, ["run", "--board", "simulator", "--headless", "--config", face.path,
                                                          "--duration", "\(seconds)s", "--usage-report", report.path, "--log-level", "error"],
                                             environment: environment)
            return (pid, report)
        }
        func finish(_ run: (pid: pid_t, report: URL)) async throws -> UsageReport {
            let status = await offThePool(named: "glance-bench-wait") { ChildProcess.wait(run.pid) }
            guard let data = FileManager.default.contents(atPath: run.report.path) else {
                throw CommandFailure("the idle run exited with status \(status) and wrote no usage report")
            }
            return try JSONDecoder().decode(UsageReport.self, from: data)
        }
        let opened = folder.appendingPathComponent("opened.txt")
        let faces = idleFaces(opened: opened)
        let runs = try faces.map { try start($0.0, $0.1, seconds: seconds) }
        // Before the run settles, so its settled figures are those after the handler ran.
        let settling = Int(UsageReport.settling.components.seconds)
        try await openURL(socket: socket("url-handler"), opened: opened, seconds: max(2, min(seconds, settling) - 2))
        let ticker = Task {
            for elapsed in stride(from: 10, to: seconds, by: 10) {
                try await Task.sleep(for: .seconds(10))
                progress.note("idle: \(elapsed) s of \(seconds)")
            }
        }
        defer { ticker.cancel() }
        var reports = [UsageReport]()
        for run in runs { reports.append(try await finish(run)) }
        // The first frame from starts one at a time: the two idle runs start together and
        // share the cores, which moved this figure by half between runs of the bench.
        var firstFrames = [Double]()
        for index in 0..<firstFrameRuns {
            progress.note("idle: start \(index + 1) of \(firstFrameRuns), time to the first frame")
            if let milliseconds = try await finish(start("first-frame", faces[0].1, seconds: 1)).firstFrameMilliseconds {
                firstFrames.append(milliseconds)
            }
        }
        func state(_ report: UsageReport) -> IdleFigures.State {
            let whole = UsageReport.Interval(seconds: report.seconds, cpuSeconds: report.cpuSeconds, wakeUps: report.wakeUps)
            let settled = report.settled ?? whole
            return IdleFigures.State(wakeups: settled.perMinute(settled.wakeUps),
                                     runtime_wakeups: whole.perMinute(report.runtimeWakeUps),
                                     cpu_percent: settled.cpuPercent,
                                     wakeups_with_start: whole.perMinute(whole.wakeUps),
                                     cpu_percent_with_start: whole.cpuPercent)
        }
        return IdleFigures(active: state(reports[0]), alwaysOn: state(reports[1]), alwaysOnAfterURL: state(reports[2]),
                           peak_rss_mb: reports.map(\.peakResidentMegabytes).max() ?? 0,
                           first_frame_ms: firstFrames.isEmpty ? nil : Spread(firstFrames).median)
    }
}
#endif
