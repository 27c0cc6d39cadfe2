import GlanceCore

/// The newest log lines of a run, for the browser simulator's log tail: the last `capacity`
/// lines kept, each new one handed to the listener (the simulator's sessions) as it comes.
final class LogTail: Sendable {
    struct Line: Sendable, Encodable, Equatable {
        let level: String
        let text: String
    }

    static let capacity = 200

    private let state = Locked<(lines: [Line], listener: (@Sendable (Line) -> Void)?)>(([], nil))

    func append(level: String, text: String) {
        let line = Line(level: level, text: text)
        let listener = state.withLock { state in
            state.lines.append(line)
            if state.lines.count > Self.capacity { state.lines.removeFirst(state.lines.count - Self.capacity) }
            return state.listener
        }
        listener?(line)
    }

    /// The lines kept, oldest first.
    var lines: [Line] { state.withLock { $0.lines } }

    /// Sets who hears each new line (nil: nobody).
    func listen(_ listener: (@Sendable (Line) -> Void)?) {
        state.withLock { $0.listener = listener }
    }
}
