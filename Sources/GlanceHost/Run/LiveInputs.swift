import Dispatch
import Foundation
import GlanceInput
import GlanceLinux
import Logging

/// The edges of a live run: signals, terminal keys or GPIO buttons, the app-group watcher and
/// the control socket, each turned into `FaceHost` events. Input sources only post events;
/// the host's loop alone decides what they do.
struct LiveInputs {
    private var cleanups: [@Sendable () async -> Void] = []
    private var signals: SignalWatcher?
    private var server: ControlServer?

    /// Connects every source the board and the run have to `host`.
    /// - Throws: `CommandFailure` when the simulator's terminal cannot be read.
    static func connect(to host: FaceHost, screen: SimulatorScreen?, board: BoardConfiguration, appGroup: String,
                        logger: Logger) async throws -> LiveInputs {
        var inputs = LiveInputs()
        inputs.signals = SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP]) { signal in
            host.post(signal == SIGHUP ? .reloadFace : .stop)
        }
        if let screen {
            await screen.begin()
            do {
                let raw = try TerminalRawMode.enter()
                let keys = try TerminalKeys.open()
                inputs.cleanups.append { await keys.stop(); raw.restore(); await screen.end() }
                Task {
                    do {
                        for try await key in keys.keys {
                            if key == .character("q") || key == .control("c") { host.post(.stop); break }
                            host.post(.key(key))
                        }
                    } catch {
                        logger.error("reading keys: \(error)")
                    }
                }
            } catch {
                await screen.end()
                inputs.signals?.cancel()
                throw CommandFailure("cannot read keys from this terminal: \(error)")
            }
        } else if let buttons = openButtons(board: board, logger: logger) {
            inputs.cleanups.append { await buttons.stop() }
            Task {
                do {
                    for try await edge in buttons.edges { host.post(.edge(edge)) }
                } catch {
                    logger.error("buttons stopped: \(error)")
                }
            }
        }
        let directory = AppGroup.named(appGroup).directory
        if let watcher = try? DirectoryWatcher(directory: directory.path) {
            inputs.cleanups.append { await watcher.stop() }
            Task {
                do {
                    for try await file in watcher.changes { host.post(.appGroupChanged(file)) }
                } catch {
                    logger.warning("stopped watching \(directory.path): \(error)")
                }
            }
        }
        do {
            inputs.server = try ControlServer(path: ControlSocket.defaultPath(), target: host) { line in logger.debug("control: \(line)") }
        } catch {
            logger.warning("no control socket: \(error)")
        }
        return inputs
    }

    /// Answers the control requests in progress, then disconnects every source.
    func disconnect() async {
        await server?.stop()
        for cleanup in cleanups.reversed() { await cleanup() }
        signals?.cancel()
    }

    /// Opens the board's GPIO buttons; nil (with a logged reason) when there are none or they
    /// cannot be claimed, so the face runs without them rather than not at all.
    private static func openButtons(board: BoardConfiguration, logger: Logger) -> GPIOInputs? {
        let wired = board.buttons.list.compactMap { button in button.line.map { (button.name, $0) } }
        guard !wired.isEmpty else { return nil }
        let chip = GPIOChipSelector.labels(board.buttons.chips)
        do {
            var offsets = [ButtonID: Int]()
            var info: GPIOChipInfo?
            for (name, line) in wired {
                switch line {
                case .offset(let offset): offsets[ButtonID(rawValue: name)] = offset
                case .name(let lineName):
                    let chipInfo = try info ?? GPIO().chip(chip)
                    info = chipInfo
                    guard let found = chipInfo.lines.first(where: { $0.name == lineName }) else {
                        throw CommandFailure("button '\(name)': no line named '\(lineName)' on \(chipInfo.label) (see glance gpio list)")
                    }
                    offsets[ButtonID(rawValue: name)] = found.offset
                }
            }
            var reserved = [ReservedPin]()
            switch board.panel.connection {
            case .i2c(let bus, _): reserved = ReservedPin.raspberryPiI2C(bus: bus)
            case .spi(let bus, _, _, _, _): reserved = ReservedPin.raspberryPiSPI(bus: bus)
            default: break
            }
            let bias: GPIOBias = switch board.buttons.bias {
            case "pull-down": .pullDown
            case "none": .disabled
            default: .pullUp
            }
            return try GPIOInputs.open(.init(chip: chip, buttons: offsets, bias: bias, activeLow: board.buttons.activeLow,
                                             kernelDebounce: board.buttons.debounce, reserved: reserved))
        } catch {
            logger.error("buttons unavailable: \(error)")
            return nil
        }
    }
}

/// Delivers signals on a queue instead of interrupting the program (the default action is
/// ignored while it watches), so shutdown can finish its work.
final class SignalWatcher: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []

    init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        sources = []
    }
}
