import Foundation
import GlanceLinux

/// Serves a `ControlTarget` on the control socket: one JSON request line per connection, one
/// JSON response line back (the protocol is in Docs/Control.md).
///
/// Each connection is handled in its own task, so a slow target (an actor busy rendering, a
/// reload waiting on a provider) delays only the requests waiting for it, never the accepting
/// of new ones. Socket reads and writes run on threads of their own, off the concurrency pool,
/// because they block (at most two seconds: a silent client times out).
final class ControlServer: Sendable {
    /// The socket file.
    let path: String
    private let socket: UnixSocketServer
    private let accepting: Task<Void, Never>

    /// Creates the socket at `path` (owner-only, in an owner-only folder) and starts answering
    /// requests with `target`.
    /// - Parameter log: Receives problems that concern no single request (the socket failing).
    /// - Throws: `UnixSocketError` when the socket cannot be made, or another glance answers on it.
    init(path: String, target: any ControlTarget, log: @escaping @Sendable (String) -> Void = { _ in }) throws {
        let socket = try UnixSocketServer(path: path)
        self.path = path
        self.socket = socket
        accepting = Task {
            await withDiscardingTaskGroup { group in
                do {
                    for try await connection in socket.connections {
                        group.addTask { await ControlServer.serve(connection, target: target) }
                    }
                } catch {
                    log("control socket \(path): stopped accepting: \(error)")
                }
            }
        }
    }

    /// Stops accepting, removes the socket file, and waits for the requests being handled to be answered.
    func stop() async {
        await socket.stop()
        await accepting.value
    }

    /// Answers the one request `connection` carries.
    private static func serve(_ connection: UnixConnection, target: any ControlTarget) async {
        let line = await ControlIO.run { connection.readLine() }
        let response = await respond(to: line ?? "", target: target)
        await ControlIO.run { connection.write(response.line()) }
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

/// Runs the control socket's blocking reads and writes on threads of their own.
///
/// Each call gets a new thread: control requests are rare, and a dispatch queue would share a
/// few threads that blocked reads can hold for seconds (libdispatch on Linux adds threads for
/// blocked work only after a delay), stalling every other request meanwhile.
enum ControlIO {
    /// Runs `body` on a new thread and returns its result.
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.name = "glance-control-io"
            thread.start()
        }
    }

    /// Runs the throwing `body` on a new thread and returns its result.
    static func runThrowing<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result(catching: body)) }
            thread.name = "glance-control-io"
            thread.start()
        }
    }
}
