import Foundation
import GlanceCore
import GlanceFace
import GlanceLinux
import Logging

/// The edges of a live run: the input sources the board and the run have (signals, terminal
/// keys or GPIO buttons, the app-group folder), each posting to the `FaceHost`, and the
/// control socket, which asks the host through `ControlTarget`, and the MQTT broker when the
/// face file has an `mqtt:` section.
struct LiveInputs {
    private let sources: [any InputSource]
    private let server: ControlServer?
    private let bridge: MQTTBridge?

    /// Connects every source to `host`, then opens the control socket.
    /// - Throws: The error of a source that cannot start (the simulator's terminal); the
    ///   sources already connected are disconnected first.
    static func connect(to host: FaceHost, screen: SimulatorScreen?, board: BoardConfiguration, appGroupDirectory: URL,
                        mqtt: MQTTConfiguration?, lastError: Locked<String?>, logger: Logger) async throws -> LiveInputs {
        var sources: [any InputSource] = [SignalSource()]
        if let screen {
            sources.append(TerminalKeySource(screen: screen, logger: logger))
        } else {
            sources.append(GPIOButtonSource(board: board, logger: logger))
        }
        sources.append(AppGroupSource(directory: appGroupDirectory, moves: await host.appGroupFolders(), logger: logger))
        var connected = [any InputSource]()
        for source in sources {
            do {
                try await source.connect { event in host.post(event) }
                connected.append(source)
            } catch {
                for done in connected.reversed() { await done.disconnect() }
                throw error
            }
        }
        let server: ControlServer?
        do {
            server = try ControlServer(path: ControlSocket.defaultPath(), target: host) { line in logger.warning("\(line)") }
        } catch let error as UnixSocketError where error.isForeignFile {
            // Something of the user's is at the socket's path: stop rather than run without it.
            for done in connected.reversed() { await done.disconnect() }
            throw error
        } catch {
            logger.warning("no control socket: \(error)")
            server = nil
        }
        var bridge: MQTTBridge?
        if let mqtt {
            do {
                bridge = try MQTTBridge(configuration: mqtt, host: host, logger: logger, lastError: lastError)
            } catch {
                for done in connected.reversed() { await done.disconnect() }
                await server?.stop()
                throw error
            }
            await bridge?.connect()
        }
        return LiveInputs(sources: connected, server: server, bridge: bridge)
    }

    /// Tells the MQTT bridge the browser simulator's page, which Home Assistant links the face to.
    func showPage(_ url: String) async {
        await bridge?.showPage(url)
    }

    /// Answers the control requests in progress, says "offline" on the broker, then
    /// disconnects every source.
    func disconnect() async {
        await server?.stop()
        await bridge?.disconnect()
        for source in sources.reversed() { await source.disconnect() }
    }
}
