import Foundation
import GlanceCore
import GlanceTesting
import Logging
import Testing
@testable import GlanceHost
@testable import GlanceWidgets

/// Log lines carry outside text (MQTT payloads, names from the control socket): none of it may
/// end a line, forge a journald priority or reach a terminal as an escape sequence.
struct GlanceLogHandlerTests {
    private static func logger(_ lines: LineLog, lastError: Locked<String?>? = nil) -> Logger {
        Logger(label: "test") { label in
            GlanceLogHandler(label: label, level: .debug, destination: .sink { lines.append($0) }, lastError: lastError)
        }
    }

    @Test func controlCharactersInAMessageAreShownAsEscapesOnOneLine() {
        let lines = LineLog()
        let lastError = Locked<String?>(nil)
        let logger = Self.logger(lines, lastError: lastError)
        logger.warning("MQTT: ignored glance/desk/reload: no widget kind 'x\n<0>FORGED \u{1B}[31mred\r\t\u{7F}\u{85}\u{9B}'")
        logger.error("x\n<0>FORGED")
        #expect(lines.all == [
            #"warning: MQTT: ignored glance/desk/reload: no widget kind 'x\n<0>FORGED \u{1B}[31mred\r\t\u{7F}\u{85}\u{9B}'"#,
            #"error: x\n<0>FORGED"#,
        ])
        #expect(lastError.withLock { $0 } == #"x\n<0>FORGED"#)
    }

    @Test func controlCharactersInMetadataAreShownAsEscapes() {
        let lines = LineLog()
        let logger = Self.logger(lines)
        logger.info("reloaded", metadata: ["kind": "clock\n<0>FORGED", "by\u{1B}": "mqtt"])
        #expect(lines.all == [#"info: reloaded by\u{1B}=mqtt kind=clock\n<0>FORGED"#])
    }

    /// Issue 35: the runtime's records reached the log as `info: info: …`: the record's
    /// description carries its level and the handler writes the level again.
    @Test func runtimeRecordsCarryTheirLevelOnce() {
        let lines = LineLog()
        let logger = Self.logger(lines)
        FaceAssembly.forward(RuntimeLogRecord(level: .info, kind: "clock", message: "reload deferred"), to: logger)
        FaceAssembly.forward(RuntimeLogRecord(level: .warning, kind: nil, message: "late answer"), to: logger)
        FaceAssembly.forward(RuntimeLogRecord(level: .error, kind: "weather", message: "failed"), to: logger)
        #expect(lines.all == ["info: widget “clock”: reload deferred", "warning: late answer", "error: widget “weather”: failed"])
    }

    @Test func printableTextIsUnchanged() {
        let text = "Grüße, 東京 — 25 °C ☀️ \\n stays as typed"
        #expect(GlanceLogHandler.escaped(text) == text)
    }

    @Test func aJournaldLineHasOnePriorityAndEndsAtItsOnlyNewline() {
        let line = GlanceLogHandler.line(level: .info, text: GlanceLogHandler.escaped("x\n<0>FORGED \u{1B}[31m"), journald: true, time: "08:00:00")
        #expect(line == "<6>x\\n<0>FORGED \\u{1B}[31m\n")
        #expect(line.filter { $0 == "\n" }.count == 1)
        #expect(GlanceLogHandler.line(level: .warning, text: "a", journald: false, time: "08:00:00") == "08:00:00 WARNING a\n")
    }
}
