import CCrashGuard
import Foundation
import GlanceCore

/// Blames a crash on the widget whose code was running: `enter`/`leave` mark widget code (the
/// runtime calls them around providers and views), and a fatal signal inside writes the
/// widget's kind to a record file (in C, async-signal-safe) before the process ends as it
/// would have. The next start reads the record with `takeRecord(at:)` and quarantines that
/// widget, so a widget that traps costs one restart, not a restart loop.
public final class CrashGuard: WidgetCodeGuard {
    /// What a crash left.
    public struct Record: Equatable, Sendable {
        /// The kind of the widget (or the activity attributes type) whose code was running.
        public let widget: String
        /// The fatal signal (4 SIGILL for a Swift trap on x86_64, 5 SIGTRAP on arm64, 11 SIGSEGV…).
        public let signal: Int32
    }

    private init() {}

    /// Installs the guard for this process, recording into `url` (made empty; the folder must exist).
    /// - Throws: `AtomicFileError` when the record file cannot be opened.
    public static func install(recordingAt url: URL) throws -> CrashGuard {
        unlink(url.path)
        let code = glance_crash_guard_install(url.path)
        guard code == 0 else { throw AtomicFileError(path: url.path, reason: String(cString: strerror(code))) }
        return CrashGuard()
    }

    /// The record a crash left at `url`, removing it; nil when the last run did not crash in
    /// widget code (or the file is not a record).
    public static func takeRecord(at url: URL) -> Record? {
        defer { unlink(url.path) }
        guard let data = try? AtomicFile.readRegular(url, limit: 4096) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, lines[0] == "glance-crash 1", let signal = Int32(lines[1]), !lines[2].isEmpty else { return nil }
        return Record(widget: String(lines[2]), signal: signal)
    }

    public func enter(_ kind: String) {
        kind.withCString { glance_crash_guard_enter($0) }
    }

    public func leave() {
        glance_crash_guard_leave()
    }
}
