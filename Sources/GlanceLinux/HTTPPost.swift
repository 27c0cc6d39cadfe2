import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A one-shot HTTP/1.1 POST over plain TCP, for the `url-handler: {http: …}` setting.
///
/// Glance needs nothing more than "tell a local service this URL was opened", and
/// FoundationNetworking would bring libcurl and about thirty more shared libraries into
/// every start of the program (on a Pi Zero, a noticeable part of its start-up and memory).
/// `https://` is not spoken here: the configuration points such handlers to
/// `command: [curl, …]`.
public enum HTTPPost {
    /// Where a POST goes, taken apart from an `http://host[:port][/path]` address.
    public struct Endpoint: Equatable, Sendable {
        public var host: String
        public var port: UInt16
        /// The request target: the path and query, `/` when the address has none.
        public var target: String

        /// - Throws: `HTTPPostError` when the address is not `http://` with a host.
        public init(_ address: String) throws(HTTPPostError) {
            guard let url = URLComponents(string: address), url.scheme?.lowercased() == "http",
                  let host = url.host, !host.isEmpty else {
                throw HTTPPostError(address: address, message: "expected an http:// address with a host")
            }
            guard let port = UInt16(exactly: url.port ?? 80), port > 0 else {
                throw HTTPPostError(address: address, message: "the port must be 1–65535")
            }
            self.host = host
            self.port = port
            let path = url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath
            target = url.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
        }
    }

    /// Sends `body` to `address` and returns the response's status code. Blocks for at most
    /// about `timeout` seconds per step (connect, send, read the status line): call it off the
    /// thread that draws.
    /// - Throws: `HTTPPostError` naming the address and what failed.
    public static func send(_ body: String, contentType: String = "text/plain; charset=utf-8",
                            to address: String, timeout: Int = 5) throws(HTTPPostError) -> Int {
        let endpoint = try Endpoint(address)
        let fd = try connect(endpoint, address: address, timeout: timeout)
        defer { close(fd) }
        let payload = Array(body.utf8)
        let hostField = endpoint.port == 80 ? endpoint.host : "\(endpoint.host):\(endpoint.port)"
        let head = "POST \(endpoint.target) HTTP/1.1\r\nHost: \(hostField)\r\nUser-Agent: glance\r\n"
            + "Content-Type: \(contentType)\r\nContent-Length: \(payload.count)\r\nConnection: close\r\n\r\n"
        let failure = sendAll(fd, Array(head.utf8) + payload)
        guard failure == 0 else { throw HTTPPostError(address: address, operation: "send the request", errno: failure) }
        return try statusCode(fd, address: address)
    }

    private static func connect(_ endpoint: Endpoint, address: String, timeout: Int) throws(HTTPPostError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &results)
        guard status == 0, let first = results else {
            throw HTTPPostError(address: address, message: "cannot resolve \(endpoint.host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var lastError: Int32 = 0
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
            guard fd >= 0 else { lastError = errno; continue }
            var limit = timeval(tv_sec: timeout, tv_usec: 0)
            // On Linux SO_SNDTIMEO also bounds connect(): an unreachable host fails with EINPROGRESS.
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
            lastError = errno == EINPROGRESS ? ETIMEDOUT : errno
            close(fd)
        }
        throw HTTPPostError(address: address, operation: "connect to \(endpoint.host) port \(endpoint.port)", errno: lastError)
    }

    /// Reads up to the end of the status line ("HTTP/1.1 204 No Content") and returns its code.
    private static func statusCode(_ fd: Int32, address: String) throws(HTTPPostError) -> Int {
        var line = [UInt8]()
        var byte: UInt8 = 0
        while line.count < 1024 {
            let count = read(fd, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw HTTPPostError(address: address, operation: "read the answer", errno: errno == EAGAIN ? ETIMEDOUT : errno) }
            if count == 0 || byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        let words = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard words.count >= 2, words[0].hasPrefix("HTTP/"), let code = Int(words[1]) else {
            let shown = String(decoding: line.prefix(80), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw HTTPPostError(address: address, message: shown.isEmpty ? "the server closed the connection without an answer"
                                                                          : "not an HTTP answer: '\(shown)'")
        }
        return code
    }
}

/// Why an HTTP POST failed: the address and what went wrong.
public struct HTTPPostError: Error, CustomStringConvertible, Sendable {
    public let address: String
    public let message: String

    init(address: String, message: String) {
        self.address = address
        self.message = message
    }

    init(address: String, operation: String, errno code: Int32) {
        self.init(address: address, message: "cannot \(operation): \(String(cString: strerror(code)))")
    }

    public var description: String { "\(address): \(message)" }
}
