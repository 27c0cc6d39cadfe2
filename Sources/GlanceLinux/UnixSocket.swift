import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A Unix-domain stream socket that accepts local connections, for the control socket.
///
/// The socket file is created with owner-only permissions (0600) in a directory only the
/// owner can enter (0700), so only the user running Glance (and root) can talk to it. A
/// stale socket left by a crashed run is replaced; a live one (another Glance answering)
/// is an error. Accepting runs on a dedicated thread; connections arrive as a stream.
public final class UnixSocketServer: Sendable {
    /// The socket file.
    public let path: String
    /// Accepted connections.
    public var connections: AsyncThrowingStream<UnixConnection, Error> { pump.stream }
    private let pump: EventPump<UnixConnection>

    /// Creates the socket at `path` and starts accepting.
    /// - Throws: `UnixSocketError` naming the path and what failed.
    public init(path: String) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw UnixSocketError(path: path, operation: "create the folder \(directory)", errno: errno)
        }
        if UnixSocketClient.isAnswering(path: path) {
            throw UnixSocketError(path: path, operation: "listen", message: "another glance is already running with this control socket")
        }
        unlink(path)
        let fd = try UnixSocketError.check(socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0), path: path, operation: "create a socket")
        var address = try UnixSocketServer.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(path, 0o600) == 0, listen(fd, 8) == 0 else {
            let code = errno
            close(fd)
            throw UnixSocketError(path: path, operation: "listen", errno: code)
        }
        pump = try EventPump<UnixConnection>.start(name: "glance-control", descriptors: [fd], read: { fd in
            let client = accept(fd, nil, nil)
            if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
            guard client >= 0 else { return errno == EINTR || errno == EAGAIN || errno == ECONNABORTED ? [] : nil }
            return [UnixConnection(descriptor: client)]
        }, cleanup: { close(fd); unlink(path) })
    }

    /// Stops accepting and removes the socket file.
    public func stop() async {
        await pump.stop()
    }

    static func address(_ path: String) throws -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw UnixSocketError(path: path, operation: "use the path", message: "it is longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return address
    }
}

/// One accepted connection: a request line in, a response out, then closed.
public final class UnixConnection: Sendable {
    private let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
        // A client that connects and says nothing must not hold the server: reads time out.
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to the first newline (or the end), at most `limit` bytes; nil when nothing came.
    public func readLine(limit: Int = 1 << 20) -> String? {
        var data = [UInt8]()
        var byte: UInt8 = 0
        while data.count < limit {
            let count = read(descriptor, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { break }
            if byte == UInt8(ascii: "\n") { return String(decoding: data, as: UTF8.self) }
            data.append(byte)
        }
        return data.isEmpty ? nil : String(decoding: data, as: UTF8.self)
    }

    /// Writes `text` completely (a slow or gone client ends the write quietly).
    public func write(_ text: String) {
        _ = sendAll(descriptor, Array(text.utf8))
    }
}

/// Sends every byte of `bytes` on the connected socket `fd`, continuing after partial sends
/// and interruptions. MSG_NOSIGNAL: a peer that already hung up gives EPIPE instead of a
/// SIGPIPE that would end the whole program.
/// - Returns: 0 when everything was sent, else the errno of the send that failed.
func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return written < 0 ? errno : EPIPE }
        offset += written
    }
    return 0
}

/// Sends one request line to a control socket and reads the whole answer.
public enum UnixSocketClient {
    /// Sends `line` (a newline is added) and returns everything the server answers.
    /// - Throws: `UnixSocketError` explaining a missing socket (nothing running), refused
    ///   permission, or a server that went away.
    public static func request(path: String, line: String, timeout seconds: Int = 30) throws -> String {
        let fd = try UnixSocketError.check(socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0), path: path, operation: "create a socket")
        defer { close(fd) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = try UnixSocketServer.address(path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            if code == ENOENT || code == ECONNREFUSED {
                throw UnixSocketError(path: path, operation: "connect", message: "no glance is running with this control socket (start one with glance run)")
            }
            throw UnixSocketError(path: path, operation: "connect", errno: code)
        }
        let failure = sendAll(fd, Array((line + "\n").utf8))
        guard failure == 0 else { throw UnixSocketError(path: path, operation: "send the request", errno: failure) }
        var answer = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw UnixSocketError(path: path, operation: "read the answer", errno: errno) }
            if count == 0 { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// True when something accepts connections at `path`.
    static func isAnswering(path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0, var address = try? UnixSocketServer.address(path) else { return false }
        defer { close(fd) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
    }
}

/// A control-socket problem, with the path and the system's reason.
public struct UnixSocketError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let operation: String
    public let message: String

    init(path: String, operation: String, errno code: Int32) {
        self.init(path: path, operation: operation, message: code == EACCES ? "permission denied (the socket belongs to the user running glance)" : errnoDescription(code))
    }

    init(path: String, operation: String, message: String) {
        self.path = path
        self.operation = operation
        self.message = message
    }

    static func check(_ result: Int32, path: String, operation: String) throws -> Int32 {
        guard result >= 0 else { throw UnixSocketError(path: path, operation: operation, errno: errno) }
        return result
    }

    public var description: String { "control socket \(path): cannot \(operation): \(message)" }
}
