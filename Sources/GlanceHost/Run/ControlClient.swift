import Foundation
import GlanceCore
import GlanceFace
import GlanceInput
import GlanceLinux

/// Talks to a running `glance run` through its control socket: what `glance ctl` does, as functions.
enum ControlClient {
    /// Sends `request` to the socket at `path` and returns the successful response.
    /// - Throws: `UnixSocketError` when nothing runs there or permission is refused,
    ///   `ControlClientError` when the server refuses the request or answers something that is
    ///   not a control response.
    static func send(_ request: ControlRequest, socket path: String) async throws -> ControlResponse {
        let line = String(decoding: try ControlJSON.encoder().encode(request), as: UTF8.self)
        let seconds = try answerTimeout()
        let answer = try await offThePool(named: "glance-control-io") { try UnixSocketClient.request(path: path, line: line, timeout: seconds) }
        let response: ControlResponse
        do {
            response = try ControlJSON.decoder().decode(ControlResponse.self, from: Data(answer.utf8))
        } catch {
            throw ControlClientError.garbled(path: path, answer: answer)
        }
        guard response.ok else {
            throw ControlClientError.refused(response.error ?? "the request failed without a reason")
        }
        return response
    }

    /// How long to wait for the face's answer: `GLANCE_CTL_TIMEOUT` seconds, else 30. A face
    /// answers in milliseconds; the wait only bounds one that is stuck, or one on a machine so
    /// loaded (a test run on two cores) that its answer queues for long.
    static func answerTimeout(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int {
        guard let text = environment["GLANCE_CTL_TIMEOUT"], !text.isEmpty else { return 30 }
        guard let seconds = Int(text), (1...3600).contains(seconds) else {
            throw ControlClientError.setting("GLANCE_CTL_TIMEOUT is '\(text)', expected a whole number of seconds from 1 to 3600")
        }
        return seconds
    }

    /// The running face's status.
    static func status(socket path: String) async throws -> ControlStatus {
        let response = try await send(.status, socket: path)
        guard let status = response.status else { throw ControlClientError.missing("status", command: "status") }
        return status
    }

    /// Reloads every widget of `kind`.
    static func reload(kind: String, socket path: String) async throws {
        _ = try await send(.reload(kind: kind), socket: path)
    }

    /// Acts as if `button` made `gesture`.
    static func press(button: String, gesture: ButtonGesture = .click, socket path: String) async throws {
        _ = try await send(.press(button: button, gesture: gesture), socket: path)
    }

    /// The PNG the panel shows.
    static func screenshot(socket path: String) async throws -> [UInt8] {
        let response = try await send(.screenshot, socket: path)
        guard let text = response.png else { throw ControlClientError.missing("png", command: "screenshot") }
        guard let data = Data(base64Encoded: text) else { throw ControlClientError.missing("png (valid base64)", command: "screenshot") }
        return [UInt8](data)
    }

    /// Starts, updates or ends a live activity.
    /// - Returns: The activity's identifier.
    static func activity(_ request: ActivityControlRequest, socket path: String) async throws -> String {
        let response = try await send(.activity(request), socket: path)
        guard let id = response.id else { throw ControlClientError.missing("id", command: "activity") }
        return id
    }
}

/// A control request the running glance refused, or an answer that makes no sense.
enum ControlClientError: Error, CustomStringConvertible, Equatable {
    /// The server's error message: the request reached the face, which said no.
    case refused(String)
    /// The answer is not a control response (another program on the socket, or a version mismatch).
    case garbled(path: String, answer: String)
    /// A successful answer lacks the field the command returns.
    case missing(String, command: String)
    /// A setting of the client itself is wrong.
    case setting(String)

    /// What went wrong.
    var description: String {
        switch self {
        case .refused(let message):
            message
        case .garbled(let path, let answer):
            answer.isEmpty
                ? "control socket \(path): the server closed the connection without answering"
                : "control socket \(path): the answer is not a glance control response: \(answer.prefix(200))"
        case .missing(let field, let command):
            "the answer to \(command) has no \(field)"
        case .setting(let message):
            message
        }
    }
}
