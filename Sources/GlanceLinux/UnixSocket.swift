import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A Unix-domain stream socket that accepts local connections, for the control socket.
///
/// Security model: the socket file is owner-only (0600) in a folder that must be the user's
/// own and closed to everyone else (0700): a folder that exists already with another owner or
/// a looser mode is refused, as ssh-agent and systemd refuse theirs, since whoever controls
/// the folder can replace the socket. Every accepted connection's peer must be the same user
/// or root (`SO_PEERCRED`); others are closed unanswered. A stale socket left by a crashed
/// run is replaced; a live one (another Glance answering) is an error, and so is anything that
/// is not a socket (a file, folder or link is never removed). Stopping removes the socket only
/// while it is still the one this server made. Accepting runs on a dedicated thread;
/// connections arrive as a stream.
public final class UnixSocketServer: Sendable {
    /// The socket file.
    public let path: String
    /// Accepted connections.
    public var connections: AsyncThrowingStream<UnixConnection, Error> { pump.stream }
    private let pump: EventPump<UnixConnection>

    /// Creates the socket at `path` and starts accepting.
    /// - Parameter log: Receives problems accepting connections (descriptors running out, a
    ///   peer of another user); accepting goes on after each.
    /// - Throws: `UnixSocketError` naming the path and what failed.
    public init(path: String, log: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.path = path
        try Self.prepareFolder(of: path)
        try Self.removeStaleSocket(at: path)
        let fd = try UnixSocketError.check(socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0), path: path, operation: "create a socket")
        var address = try UnixSocketServer.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(path, 0o600) == 0, listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw UnixSocketError(path: path, operation: "listen", errno: code)
        }
        var made = stat()
        guard lstat(path, &made) == 0 else {
            let code = errno
            close(fd)
            throw UnixSocketError(path: path, operation: "inspect the socket", errno: code)
        }
        let identity = (device: UInt64(made.st_dev), inode: UInt64(made.st_ino))
        let acceptor = Acceptor(listening: fd, path: path, log: log)
        pump = try EventPump<UnixConnection>.start(name: "glance-control", descriptors: [fd], read: { _ in acceptor.accept() },
                                                   cleanup: { acceptor.close(); Self.removeOwnSocket(at: path, identity: identity) })
    }

    /// Makes way for the socket: nothing at `path`, or a socket nobody answers on (left by a
    /// run that crashed), which is removed. Anything else stays as it is.
    /// - Throws: `UnixSocketError` when another glance answers there, or when `path` is not a
    ///   socket (a regular file, folder, symbolic link, FIFO or device), naming what it is.
    static func removeStaleSocket(at path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return }
            throw UnixSocketError(path: path, operation: "inspect the path", errno: code)
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw UnixSocketError(path: path, operation: "listen", message: """
                it is \(AtomicFile.fileKind(info.st_mode)), not a socket; glance removes only a socket that a stopped run \
                left behind: move it away or choose another socket path
                """, isForeignFile: true)
        }
        if UnixSocketClient.isAnswering(path: path) {
            throw UnixSocketError(path: path, operation: "listen", message: "another glance is already running with this control socket")
        }
        guard unlink(path) == 0 || errno == ENOENT else {
            throw UnixSocketError(path: path, operation: "remove the stale socket", errno: errno)
        }
    }

    /// Removes the socket at `path` if it is still the one this server bound (`identity`):
    /// whatever replaced it since (another run's socket, a file) stays.
    private static func removeOwnSocket(at path: String, identity: (device: UInt64, inode: UInt64)) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK,
              UInt64(info.st_dev) == identity.device, UInt64(info.st_ino) == identity.inode else { return }
        unlink(path)
    }

    /// Makes the socket's folder (0700), or checks the one that exists: a real folder (not a
    /// symbolic link), owned by this user, closed to group and others.
    static func prepareFolder(of path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw UnixSocketError(path: path, operation: "create the folder \(folder)", errno: errno)
        }
        var info = stat()
        guard lstat(folder, &info) == 0 else { throw UnixSocketError(path: path, operation: "inspect the folder \(folder)", errno: errno) }
        let refuse = { (reason: String) in
            UnixSocketError(path: path, operation: "use the folder \(folder)", message: reason)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw refuse("it is not a folder but a link or a file; remove it or choose another socket path")
        }
        guard info.st_mode & S_ISVTX == 0 else {
            throw refuse("it is a folder shared by every user (mode \(String(info.st_mode & 0o7777, radix: 8))); put the socket in a folder of its own, such as \(folder == "/" ? "" : folder)/glance-\(geteuid())/control.sock")
        }
        guard info.st_uid == geteuid() else {
            throw refuse("it belongs to user \(info.st_uid), not to you (user \(geteuid())); whoever owns it could replace the socket: remove it or choose another socket path")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw refuse("its mode is \(String(info.st_mode & 0o777, radix: 8)), open to others who could replace the socket; make it private with chmod 700 \(folder)")
        }
    }

    /// The user ID of the process at the other end of the connected socket `fd`.
    public static func peerUserID(_ fd: Int32) -> UInt32? {
        // `struct ucred` (pid, uid, gid), which Glibc's module map hides behind _GNU_SOURCE;
        // its layout is fixed by the Linux ABI.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.uid
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

/// Accepts on the listening socket, for the pump's thread: checks each peer and keeps
/// accepting through errors that pass (descriptors running out, a client that left).
private final class Acceptor: @unchecked Sendable {
    // Only the pump's thread uses it after init.
    private let listening: Int32
    private let path: String
    private let log: @Sendable (String) -> Void
    /// A descriptor held in reserve: when the process runs out, it is given up to accept and
    /// close the waiting connection, so the listening socket does not stay readable and spin.
    private var spare: Int32

    init(listening: Int32, path: String, log: @escaping @Sendable (String) -> Void) {
        self.listening = listening
        self.path = path
        self.log = log
        spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// The next connection, none (an error that passes), or nil when the socket is broken.
    func accept() -> [UnixConnection]? {
        let client = Glibc.accept(listening, nil, nil)
        guard client >= 0 else {
            let code = errno
            switch code {
            case EINTR, EAGAIN, ECONNABORTED, EPROTO:
                return []
            case EMFILE, ENFILE:
                log("control socket \(path): cannot accept a connection: \(errnoDescription(code)); it was closed unanswered")
                shedOne()
                return []
            case ENOBUFS, ENOMEM:
                log("control socket \(path): cannot accept a connection: \(errnoDescription(code)); will retry")
                return []
            default:
                log("control socket \(path): stopped accepting: \(errnoDescription(code))")
                return nil
            }
        }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        let peer = UnixSocketServer.peerUserID(client)
        guard let peer, peer == geteuid() || peer == 0 else {
            Glibc.close(client)
            log("control socket \(path): refused a connection from user \(peer.map(String.init) ?? "unknown"): only user \(geteuid()) and root may use it")
            return []
        }
        return [UnixConnection(descriptor: client)]
    }

    /// Accepts and closes one waiting connection using the spare descriptor.
    private func shedOne() {
        guard spare >= 0 else { return }
        Glibc.close(spare)
        let client = Glibc.accept(listening, nil, nil)
        if client >= 0 { Glibc.close(client) }
        spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    func close() {
        if spare >= 0 { Glibc.close(spare) }
        Glibc.close(listening)
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

    /// Reads up to the first newline (or the end), at most `limit` bytes and for at most
    /// `seconds` in all, so a client sending a byte now and then cannot hold the server; nil
    /// when nothing came.
    public func readLine(limit: Int = 1 << 20, within seconds: Double = 2) -> String? {
        let deadline = Self.monotonicSeconds() + seconds
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count < limit {
            let remaining = deadline - Self.monotonicSeconds()
            guard remaining > 0 else { break }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watched, 1, Int32(min(remaining * 1000, 60_000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            // Peek first, then take the bytes up to and including a newline, no more.
            let peeked = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, min($0.count, limit - data.count), Int32(MSG_PEEK)) }
            if peeked < 0, errno == EINTR { continue }
            guard peeked > 0 else { break }
            let newline = buffer[0..<peeked].firstIndex(of: UInt8(ascii: "\n"))
            let take = newline.map { $0 + 1 } ?? peeked
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, take) }
            guard count > 0 else { break }
            data += buffer[0..<count]
            if newline != nil, count == take { return String(decoding: data.dropLast(), as: UTF8.self) }
        }
        return data.isEmpty ? nil : String(decoding: data, as: UTF8.self)
    }

    /// Ends the connection both ways now: a read or write in progress returns at once.
    public func shutDown() {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
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
    /// Sends `line` (a newline is added) and returns everything the server answers, waiting
    /// at most `seconds` for each part of the answer.
    /// - Throws: `UnixSocketError` explaining a missing socket (nothing running), refused
    ///   permission, a server that went away, or no answer in time.
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
        // Only a server run by this user (or root) hears the request; root may talk to any.
        if geteuid() != 0, let owner = UnixSocketServer.peerUserID(fd), owner != geteuid(), owner != 0 {
            throw UnixSocketError(path: path, operation: "connect", message: "the glance answering there runs as user \(owner), not as you (user \(geteuid())); the request was not sent")
        }
        let failure = sendAll(fd, Array((line + "\n").utf8))
        // A server that answers before it reads (busy) and closes may be gone before the
        // request is sent: its answer is still here to read.
        let answer = try readAnswer(fd, path: path, seconds: seconds, afterFailedSend: failure != 0)
        guard failure == 0 || !answer.isEmpty else { throw UnixSocketError(path: path, operation: "send the request", errno: failure) }
        return answer
    }

    /// Reads until the server closes; a reset after some of the answer ends it too (the server
    /// closed with the request unread), and so does any error after a failed send.
    private static func readAnswer(_ fd: Int32, path: String, seconds: Int, afterFailedSend: Bool) throws -> String {
        var answer = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0, afterFailedSend || (errno == ECONNRESET && !answer.isEmpty) { break }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                throw UnixSocketError(path: path, operation: "read the answer", message: "no answer within \(seconds) second\(seconds == 1 ? "" : "s")")
            }
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
    /// True when `path` holds something other than a socket (a file, folder, link, FIFO or
    /// device), which is never removed: the user has to move it or choose another path, so
    /// a caller should stop rather than run without the socket.
    public let isForeignFile: Bool

    init(path: String, operation: String, errno code: Int32) {
        self.init(path: path, operation: operation, message: code == EACCES ? "permission denied (the socket belongs to the user running glance)" : errnoDescription(code))
    }

    init(path: String, operation: String, message: String, isForeignFile: Bool = false) {
        self.path = path
        self.operation = operation
        self.message = message
        self.isForeignFile = isForeignFile
    }

    static func check(_ result: Int32, path: String, operation: String) throws -> Int32 {
        guard result >= 0 else { throw UnixSocketError(path: path, operation: operation, errno: errno) }
        return result
    }

    public var description: String { "control socket \(path): cannot \(operation): \(message)" }
}
