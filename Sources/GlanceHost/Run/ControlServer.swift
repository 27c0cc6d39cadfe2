import Foundation
import GlanceCore
import GlanceFace
import GlanceLinux

/// Serves a `ControlTarget` on the control socket: one JSON request line per connection, one
/// JSON response line back (the protocol and the security model are in Docs/Control.md).
///
/// Each connection is handled in its own task, so a slow target (an actor busy rendering, a
/// reload waiting on a provider) delays only the requests waiting for it, never the accepting
/// of new ones. Socket reads and writes run on threads of their own, off the concurrency pool,
/// because they block: a request line must arrive within two seconds in all. At most
/// `maximumClients` connections are handled at once; more are answered "busy" at once, so a
/// flood of idle connections costs neither threads nor descriptors for long. Stopping cuts
/// the connections still open, so a slow client cannot delay the end of `glance run`.
final class ControlServer: Sendable {
    /// Connections handled at once.
    static let maximumClients = 16
    /// The socket file.
    let path: String
    private let socket: UnixSocketServer
    private let accepting: Task<Void, Never>
    private let clients: Clients

    /// Creates the socket at `path` (owner-only, in an owner-only folder) and starts answering
    /// requests with `target`.
    /// - Parameters:
    ///   - requestTimeout: Seconds a client has, in all, to send its request line.
    ///   - log: Receives problems that concern no single request (the socket failing, a
    ///     refused peer, descriptors running out).
    /// - Throws: `UnixSocketError` when the socket cannot be made, its folder is not safe, or
    ///   another glance answers on it.
    init(path: String, target: any ControlTarget, requestTimeout: Double = 2, log: @escaping @Sendable (String) -> Void = { _ in }) throws {
        let socket = try UnixSocketServer(path: path, log: log)
        let clients = Clients()
        self.path = path
        self.socket = socket
        self.clients = clients
        accepting = Task {
            await withDiscardingTaskGroup { group in
                do {
                    for try await connection in socket.connections {
                        guard clients.admit(connection) else {
                            // A fresh connection's send buffer is empty: this write does not block.
                            connection.write(ControlResponse.failure("busy: \(Self.maximumClients) requests are being answered; try again").line())
                            continue
                        }
                        group.addTask {
                            await ControlServer.serve(connection, target: target, timeout: requestTimeout)
                            clients.leave(connection)
                        }
                    }
                } catch {
                    log("control socket \(path): stopped accepting: \(error)")
                }
            }
        }
    }

    /// Stops accepting, removes the socket file, cuts the connections still open and waits for
    /// their handlers to end.
    func stop() async {
        await socket.stop()
        clients.shutDownAll()
        await accepting.value
    }

    /// Waits until no connection is being handled (for tests: the handlers end on their own threads).
    func idle() async {
        await clients.idle()
    }

    /// The connections being handled.
    private final class Clients: Sendable {
        private struct State {
            var open: [ObjectIdentifier: UnixConnection] = [:]
            var waiting: [CheckedContinuation<Void, Never>] = []
        }

        private let state = Locked(State())

        /// Takes `connection` in unless `maximumClients` are being handled.
        func admit(_ connection: UnixConnection) -> Bool {
            state.withLock { state in
                guard state.open.count < ControlServer.maximumClients else { return false }
                state.open[ObjectIdentifier(connection)] = connection
                return true
            }
        }

        func leave(_ connection: UnixConnection) {
            let resumed = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.open[ObjectIdentifier(connection)] = nil
                guard state.open.isEmpty else { return [] }
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in resumed { continuation.resume() }
        }

        func shutDownAll() {
            for connection in state.withLock({ Array($0.open.values) }) { connection.shutDown() }
        }

        func idle() async {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    if state.open.isEmpty { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }
    }

    /// Answers the one request `connection` carries.
    private static func serve(_ connection: UnixConnection, target: any ControlTarget, timeout: Double) async {
        let line = await offThePool(named: "glance-control-io") { connection.readLine(within: timeout) }
        let response = await respond(to: line ?? "", target: target)
        await offThePool(named: "glance-control-io") { connection.write(response.line()) }
    }

    /// The response to one request line: the target's result, or an error response for a
    /// line that is not a request or a request the target refuses. Never throws.
    static func respond(to line: String, target: any ControlTarget) async -> ControlResponse {
        do {
            switch try ControlRequest(line: line) {
            case .status:
                return .success(status: await target.status())
            case .reload(let kind):
                try await target.reload(kind: kind)
                return .success()
            case .press(let button, let gesture):
                try await target.press(button: button, gesture: gesture)
                return .success()
            case .screenshot:
                return .success(png: try await target.screenshot())
            case .activity(let request):
                return .success(id: try await target.activity(request))
            }
        } catch {
            return .failure(String(describing: error))
        }
    }
}
