import Foundation
import GlanceCore
import GlanceLinux
import Logging

/// Writes log lines for `glance run`: to standard error, with the syslog priority prefix
/// journald understands (`<3>` error, `<4>` warning, `<6>` info, `<7>` debug) when running
/// under systemd, and with a time and level otherwise. In the terminal simulator the lines go
/// to a sink instead (the status area), so they don't scribble over the panel.
struct GlanceLogHandler: LogHandler {
    /// Where lines go.
    enum Destination: Sendable {
        case standardError(journald: Bool)
        case sink(@Sendable (String) -> Void)
    }

    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    let label: String
    let destination: Destination
    /// Receives the newest error's message (the MQTT state's `last_error`); nil keeps none.
    let lastError: Locked<String?>?
    /// Also receives every line (the browser simulator's log tail).
    let tail: LogTail?

    init(label: String, level: Logger.Level, destination: Destination, lastError: Locked<String?>? = nil, tail: LogTail? = nil) {
        self.label = label
        self.logLevel = level
        self.destination = destination
        self.lastError = lastError
        self.tail = tail
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let level = event.level, message = event.message
        if level >= .error, let lastError { lastError.withLock { $0 = "\(message)" } }
        var merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        if let error = event.error { merged["error"] = "\(error)" }
        let details = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        tail?.append(level: level.rawValue, text: "\(message)\(details)")
        switch destination {
        case .standardError(let journald):
            let text: String
            if journald {
                text = "<\(Self.priority(level))>\(message)\(details)\n"
            } else {
                text = "\(Self.timestamp()) \(level.rawValue.uppercased()) \(message)\(details)\n"
            }
            StandardStream.error.write(text)
        case .sink(let sink):
            sink("\(level.rawValue): \(message)\(details)")
        }
    }

    /// syslog priority of a level.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: Date())
    }

    /// True when standard error is connected to the journal (systemd sets JOURNAL_STREAM).
    static var underJournald: Bool { ProcessInfo.processInfo.environment["JOURNAL_STREAM"] != nil }
}
