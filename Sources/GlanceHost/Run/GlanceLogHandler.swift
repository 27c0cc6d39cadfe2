import Foundation
import GlanceCore
import GlanceLinux
import Logging

/// Writes log lines for `glance run`: to standard error, with the syslog priority prefix
/// journald understands (`<3>` error, `<4>` warning, `<6>` info, `<7>` debug) when running
/// under systemd, and with a time and level otherwise. In the terminal simulator the lines go
/// to a sink instead (the status area), so they don't scribble over the panel.
///
/// Messages and metadata carry outside text (MQTT topics and payloads, file contents, names
/// from the control socket), so every control character in them is written as a visible
/// escape (`\n`, `\u{1B}`): no outside text can end a line, start a new one with a forged
/// journald priority (`<0>`) or send escape sequences to a terminal.
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
    /// Where a line's time comes from.
    let clock: any HostClock

    /// - Parameter clock: Where a line's time comes from: the system's unless told otherwise
    ///   (lines are read by people, against the time on their watch).
    init(label: String, level: Logger.Level, destination: Destination, lastError: Locked<String?>? = nil, tail: LogTail? = nil,
         clock: any HostClock = SystemClock()) {
        self.label = label
        self.logLevel = level
        self.destination = destination
        self.lastError = lastError
        self.tail = tail
        self.clock = clock
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let level = event.level
        let message = Self.escaped("\(event.message)")
        if level >= .error, let lastError { lastError.withLock { $0 = message } }
        var merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        if let error = event.error { merged["error"] = "\(error)" }
        let details = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }
            .map { "\(Self.escaped($0.key))=\(Self.escaped("\($0.value)"))" }.joined(separator: " ")
        tail?.append(level: level.rawValue, text: "\(message)\(details)")
        switch destination {
        case .standardError(let journald):
            StandardStream.error.write(Self.line(level: level, text: message + details, journald: journald, time: Self.timestamp(clock.now)))
        case .sink(let sink):
            sink("\(level.rawValue): \(message)\(details)")
        }
    }

    /// One line for standard error: `<priority>text` for journald, `time LEVEL text` otherwise.
    /// `text` is already escaped, so the line's only newline is its last character.
    static func line(level: Logger.Level, text: String, journald: Bool, time: String) -> String {
        journald ? "<\(priority(level))>\(text)\n" : "\(time) \(level.rawValue.uppercased()) \(text)\n"
    }

    /// `text` with each control character — C0 (newline, carriage return, tab, escape…), DEL
    /// and C1 — written as a visible escape: `\n`, `\r`, `\t`, else `\u{1B}` (hexadecimal).
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else { result.append(scalar); continue }
            let escape = switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
            result.append(contentsOf: escape.unicodeScalars)
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
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

    private static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }

    /// True when standard error is connected to the journal (systemd sets JOURNAL_STREAM).
    static var underJournald: Bool { ProcessInfo.processInfo.environment["JOURNAL_STREAM"] != nil }
}
