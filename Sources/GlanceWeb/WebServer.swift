import Foundation
import GlanceCore
import GlanceGraphics
import GlanceHost
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The HTTP side of the browser simulator (`glance run --web`): the page (embedded in the
/// binary), a PNG of the glass, the board's wiring drawing (`/wiring.svg`) and the WebSocket
/// `/ws` whose messages `WebSimulator` handles.
///
/// Built on HummingbirdCore's server and Hummingbird's WebSocket upgrade, without
/// Hummingbird's `Application`, whose date-header service wakes the process every second: with
/// no page open the server only waits in `epoll_wait` on one event-loop thread.
///
/// Security: it listens on loopback unless given an address; then every request for the page,
/// the glass and the WebSocket must carry the token printed at start-up. On loopback the Host
/// header must name loopback (a web page elsewhere cannot reach it by DNS rebinding), and a
/// WebSocket's Origin must be the server itself.
package final class WebServer: WebServing {
    /// The page's URL, with the token when one is needed.
    package let url: String
    private let services: ServiceGroup
    private let group: MultiThreadedEventLoopGroup
    private let running: Task<Void, Never>

    /// Starts serving; returns once the socket is bound.
    /// - Throws: `CommandFailure` naming the address when it cannot be bound.
    package static func start(at address: WebAddress, simulator: WebSimulator, board: String, look: String, logger: Logger) async throws -> WebServer {
        let token = address.isLoopback ? nil : Self.makeToken()
        let gate = WebGate(token: token, loopback: address.isLoopback)
        // Drawn once: the board does not change while the face runs, and a request costs no drawing.
        let wiring = WiringView(board: simulator.board)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var quiet = logger
        quiet.logLevel = .warning
        let bound = AsyncStream.makeStream(of: Int?.self)
        let server = try HTTPServerBuilder.http1WebSocketUpgrade(configuration: .init(ws: .init(maxFrameSize: WebServers.messageSizeLimit))) { head, _, _ in
            guard head.path.map({ Self.path(of: $0) }) == "/ws", gate.allows(head, socket: true) else { return .dontUpgrade }
            return .upgrade([:]) { inbound, outbound, _ in
                let id = await simulator.connect { output in
                    do {
                        switch output {
                        case .text(let text): try await outbound.write(.text(text))
                        case .binary(let bytes): try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                        }
                        return true
                    } catch {
                        return false
                    }
                }
                defer { Task { await simulator.disconnect(id) } }
                for try await message in inbound.messages(maxSize: WebServers.messageSizeLimit) {
                    guard case .text(let text) = message else { continue }
                    await simulator.receive(text, from: id)
                }
            }
        }.buildServer(configuration: .init(address: .hostname(address.host, port: address.port), serverName: "glance"),
                      eventLoopGroup: group, logger: quiet,
                      responder: { request, writer, _ in
                          let response = await Self.respond(to: request, gate: gate, simulator: simulator, board: board, look: look, wiring: wiring)
                          try await writer.write(response: response.head, body: response.body)
                      },
                      onServerRunning: { channel in
                          bound.continuation.yield(channel.localAddress?.port)
                          bound.continuation.finish()
                      })
        let failure = Locked<(any Error)?>(nil)
        // In a service group, so stopping is a graceful shutdown: the server stops accepting,
        // its connections close (the pages' WebSockets with "going away") and `run()` returns
        // once they have, before the event loop is shut down. Cancelling the task instead left
        // channels closing on a loop already shut down (SwiftNIO's "Cannot schedule tasks").
        let services = ServiceGroup(configuration: .init(services: [server], logger: quiet))
        let running = Task {
            do {
                try await services.run()
            } catch {
                failure.withLock { $0 = error }
            }
            bound.continuation.finish()
        }
        var iterator = bound.stream.makeAsyncIterator()
        guard let port = await iterator.next() ?? nil else {
            await services.triggerGracefulShutdown()
            await running.value
            try? await group.shutdownGracefully()
            throw CommandFailure("cannot serve the web simulator on \(address): \(failure.withLock { $0 }.map(Self.explain) ?? "the server stopped at once")")
        }
        let host = address.host == "0.0.0.0" || address.host == "::" ? (ProcessInfo.processInfo.hostName) : address.urlHost
        let url = "http://\(host):\(port)/" + (token.map { "?token=\($0)" } ?? "")
        return WebServer(url: url, services: services, group: group, running: running)
    }

    /// Makes this module's server the one `glance run --web` starts.
    package static func install() {
        WebServers.install { address, simulator, board, look, logger in
            try await start(at: address, simulator: simulator, board: board, look: look, logger: logger)
        }
    }

    private init(url: String, services: ServiceGroup, group: MultiThreadedEventLoopGroup, running: Task<Void, Never>) {
        self.url = url
        self.services = services
        self.group = group
        self.running = running
    }

    /// Closes the pages' connections and the socket, and waits until they are closed.
    package func stop() async {
        await services.triggerGracefulShutdown()
        await running.value
        try? await group.shutdownGracefully()
    }

    // MARK: - Requests

    private static func respond(to request: Request, gate: WebGate, simulator: WebSimulator, board: String, look: String,
                                wiring: WiringView) async -> Response {
        guard gate.allows(request.head, socket: false) else {
            return text(.forbidden, gate.token == nil
                ? "This Glance simulator answers to loopback names only (127.0.0.1, localhost, [::1]): open the address glance run printed.\n"
                : "This Glance simulator needs the token printed by glance run: open the address it printed.\n")
        }
        switch (request.method, request.uri.path) {
        case (.get, "/"), (.head, "/"):
            return asset("index.html", type: "text/html; charset=utf-8")
        case (.get, "/glance.css"):
            return asset("glance.css", type: "text/css; charset=utf-8")
        case (.get, "/glance.js"):
            return asset("glance.js", type: "text/javascript; charset=utf-8")
        case (.get, "/glass.png"):
            let parameters = request.uri.queryParameters
            let zoom = parameters["zoom"].flatMap { Int($0) }.map { min(8, max(1, $0)) } ?? 4
            let lookName = parameters["look"].map(String.init) ?? look
            guard let panelLook = PanelLook.named(lookName) else {
                return text(.badRequest, "unknown look '\(lookName)' (one of \(PanelLook.names.joined(separator: ", ")))\n")
            }
            do {
                let png = try await simulator.glassPNG(zoom: zoom, look: panelLook)
                var headers = HTTPFields()
                headers[.contentType] = "image/png"
                headers[.cacheControl] = "no-store"
                headers[.contentDisposition] = "attachment; filename=\"glance-\(board).png\""
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: png)))
            } catch {
                return text(.internalServerError, "cannot make the PNG: \(error)\n")
            }
        case (.get, "/wiring.json"):
            // What the wiring view offers: this face's board, and the presets it can show instead.
            let object: [String: Any] = ["board": board, "drawing": wiring.hasDrawing, "reason": { if case .nothing(let why) = wiring { why } else { "" } }(),
                                         "presets": WiringView.presetsWithWiring]
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
                return text(.internalServerError, "cannot describe the wiring\n")
            }
            return Response(status: .ok, headers: securityHeaders(type: "application/json"), body: .init(byteBuffer: ByteBuffer(bytes: data)))
        case (.get, "/wiring.svg"), (.head, "/wiring.svg"):
            // ?board=NAME: a built-in preset's drawing instead of this face's board's (names only, never a path).
            var shown = wiring
            if let name = request.uri.queryParameters["board"].map(String.init) {
                guard let preset = WiringView.presets[name] else {
                    return text(.notFound, "no built-in board named '\(name.prefix(64))' (glance boards lists them)\n")
                }
                shown = preset
            }
            switch shown {
            case .drawing(let svg):
                var headers = securityHeaders(type: "image/svg+xml; charset=utf-8")
                // Opened on its own, the drawing may load and run nothing (it needs nothing).
                headers[.contentSecurityPolicy] = "default-src 'none'; frame-ancestors 'none'"
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: request.method == .head ? "" : svg)))
            case .nothing(let reason):
                return text(.notFound, reason + "\n")
            }
        case (.get, "/ws"):
            return text(.badRequest, "/ws is the simulator's WebSocket; open / instead.\n")
        case (.get, _), (.head, _):
            return text(.notFound, "no page \(request.uri.path) here; the simulator is at /\n")
        default:
            return text(.methodNotAllowed, "the simulator answers GET only\n")
        }
    }

    private static func asset(_ name: String, type: String) -> Response {
        guard let contents = EmbeddedWeb.files[name] else { return text(.notFound, "\(name) is missing from this build\n") }
        return Response(status: .ok, headers: securityHeaders(type: type), body: .init(byteBuffer: ByteBuffer(string: contents)))
    }

    /// The headers of the page's own files: revalidated on each load, only this server's
    /// resources, never framed, never sniffed as another type.
    private static func securityHeaders(type: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-cache"
        headers[.contentSecurityPolicy] = "default-src 'self'; img-src 'self' blob: data:; connect-src 'self'; frame-ancestors 'none'"
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        return headers
    }

    private static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        // Some messages repeat what the request named: never to be read as anything but text.
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: message)))
    }

    /// The path of a request target, without its query.
    static func path(of target: String) -> String {
        String(target.prefix { $0 != "?" })
    }

    /// Why a socket cannot be bound, in words.
    private static func explain(_ error: any Error) -> String {
        switch (error as? IOError)?.errnoCode {
        case EADDRINUSE: "the port is in use (another program, or another glance run); choose another port"
        case EADDRNOTAVAIL: "that address is not one of this machine's (0.0.0.0 listens on all of them)"
        case EACCES: "ports below 1024 need root; choose 8080 or another port above 1023"
        default: "\(error)"
        }
    }

    private static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}

/// Who may use the simulator: the token (off loopback), loopback Host names (on loopback) and
/// a same-origin WebSocket.
struct WebGate: Sendable {
    let token: String?
    let loopback: Bool

    func allows(_ head: HTTPRequest, socket: Bool) -> Bool {
        let target = head.path ?? "/"
        let path = WebServer.path(of: target)
        // The page's style and script are not secret; everything that shows or drives the face is.
        if path == "/glance.css" || path == "/glance.js" { return true }
        if let token {
            guard let given = URLComponents(string: target)?.queryItems?.first(where: { $0.name == "token" })?.value,
                  Self.equal(given, token) else { return false }
        }
        let host = head.authority ?? ""
        if loopback, !Self.isLoopback(authority: host) { return false }
        // A page from elsewhere that names this server (any request with an Origin): on
        // loopback it must be served from a loopback name too, and a WebSocket's must be
        // this server itself.
        if let origin = head.headerFields[.origin] {
            guard let components = URLComponents(string: origin), let originHost = components.host,
                  components.scheme == "http" || components.scheme == "https" else { return false }
            if loopback, !WebAddress.isLoopback(name: originHost) { return false }
            if socket {
                let originAuthority = components.port.map { "\(originHost):\($0)" } ?? originHost
                guard originAuthority.lowercased() == host.lowercased() || "[\(originHost)]:\(components.port ?? 80)" == host else { return false }
            }
        }
        return true
    }

    /// `localhost`, a literal 127.0.0.0/8 address or `[::1]`, with or without a port (the
    /// Host header's form); see `WebAddress.isLoopback(name:)`.
    static func isLoopback(authority: String) -> Bool {
        var name = Substring(authority)
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && UInt16(rest.dropFirst()) != nil) else { return false }
            name = name[name.index(after: name.startIndex)..<close]
        } else if let colon = name.lastIndex(of: ":") {
            guard UInt16(name[name.index(after: colon)...]) != nil else { return false }
            name = name[..<colon]
            // An IPv6 address is written in brackets in a Host header.
            guard !name.contains(":") else { return false }
        }
        return WebAddress.isLoopback(name: String(name))
    }

    /// Compares in time independent of where the strings differ.
    private static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
