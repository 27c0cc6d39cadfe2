import GlanceFace
import GlanceLinux
import Logging

/// The simulator's terminal: raw mode, each key a `.key` event; `q` or Ctrl-C stops the face.
actor TerminalKeySource: InputSource {
    nonisolated let name = "terminal keys"
    private let screen: SimulatorScreen
    private let logger: Logger
    private var keys: TerminalKeys?
    private var raw: TerminalRawMode?

    init(screen: SimulatorScreen, logger: Logger) {
        self.screen = screen
        self.logger = logger
    }

    func connect(post: @escaping @Sendable (FaceHost.Event) -> Void) async throws {
        await screen.begin()
        do {
            let raw = try TerminalRawMode.enter()
            let keys = try TerminalKeys.open()
            (self.raw, self.keys) = (raw, keys)
            let logger = self.logger
            Task {
                do {
                    for try await key in keys.keys {
                        if key == .character("q") || key == .control("c") { post(.stop); break }
                        post(.key(key))
                    }
                } catch {
                    logger.error("reading keys: \(error)")
                }
            }
        } catch {
            await screen.end()
            throw CommandFailure("cannot read keys from this terminal: \(error)")
        }
    }

    func disconnect() async {
        await keys?.stop()
        raw?.restore()
        await screen.end()
        (keys, raw) = (nil, nil)
    }
}
