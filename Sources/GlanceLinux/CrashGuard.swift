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
    /// - Throws: `AtomicFileError` when something other than a regular file is at `url` (it
    ///   is left as it is) or the record file cannot be made.
    public static func install(recordingAt url: URL) throws -> CrashGuard {
        try AtomicFile.checkReplaceable(url)
        unlink(url.path)
        let code = glance_crash_guard_install(url.path)
        guard code == 0 else { throw AtomicFileError(path: url.path, reason: String(cString: strerror(code))) }
        return CrashGuard()
    }

    /// The largest record read: what the guard writes is a few dozen bytes.
    static let recordLimit = 4096

    /// The record a crash left at `url`, removing it; nil when the last run did not crash in
    /// widget code. A file that is not a record (too large, not a regular file, not the
    /// guard's three lines) is set aside as `NAME.bad` and `report` is told why; the empty
    /// file a run that did not crash leaves is no record and nothing to report.
    public static func takeRecord(at url: URL, report: (String) -> Void = { _ in }) -> Record? {
        let record: Record?
        do {
            record = try StateFile.read(url, limit: recordLimit, what: "a crash record") { bytes -> Record? in
                if bytes.isEmpty { return nil }
                let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                guard lines.count >= 3, lines[0] == "glance-crash 1", let signal = Int32(lines[1]), !lines[2].isEmpty else {
                    throw RecordError()
                }
                return Record(widget: String(lines[2]), signal: signal)
            } ?? nil
        } catch {
            report("\(error)")
            return nil
        }
        unlink(url.path)
        return record
    }

    private struct RecordError: Error, CustomStringConvertible {
        var description: String { "expected 'glance-crash 1', a signal number and a widget kind on three lines" }
    }

    public func enter(_ kind: String) {
        kind.withCString { glance_crash_guard_enter($0) }
    }

    public func leave() {
        glance_crash_guard_leave()
    }
}
