import Foundation
import Glibc
import Synchronization
import Testing
@testable import GlanceLinux

/// A one-connection HTTP server on 127.0.0.1 (an ephemeral port): it keeps the request it
/// received and answers with `answer` (when empty, it reads the request and hangs up).
private final class OneShotServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let received = Mutex<String?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(answer: String) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { close(fd); throw POSIXError(.EADDRNOTAVAIL) }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let listener = fd
        Thread.detachNewThread { [self] in
            let client = accept(listener, nil, nil)
            defer { close(client); done.signal() }
            guard client >= 0 else { return }
            var request = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            // Up to the end of the headers, then Content-Length more bytes.
            while true {
                let text = String(decoding: request, as: UTF8.self)
                if let end = text.range(of: "\r\n\r\n") {
                    let length = text.split(separator: "\r\n").first { $0.hasPrefix("Content-Length: ") }
                        .flatMap { Int($0.dropFirst("Content-Length: ".count)) } ?? 0
                    if text[end.upperBound...].utf8.count >= length { break }
                }
                let count = read(client, &buffer, buffer.count)
                guard count > 0 else { break }
                request += buffer[0..<count]
            }
            received.withLock { $0 = String(decoding: request, as: UTF8.self) }
            guard !answer.isEmpty else { return }
            _ = answer.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        }
    }

    /// The request, once the server has answered.
    func request() -> String? {
        done.wait()
        close(listener)
        return received.withLock { $0 }
    }
}

@Suite struct HTTPPostTests {
    @Test func postsTheBodyAndReturnsTheStatus() throws {
        let server = try OneShotServer(answer: "HTTP/1.1 204 No Content\r\n\r\n")
        let status = try HTTPPost.send("glance://tasks/3", to: "http://127.0.0.1:\(server.port)/api/webhook/glance?x=1")
        #expect(status == 204)
        #expect(server.request() == """
            POST /api/webhook/glance?x=1 HTTP/1.1\r
            Host: 127.0.0.1:\(server.port)\r
            User-Agent: glance\r
            Content-Type: text/plain; charset=utf-8\r
            Content-Length: 16\r
            Connection: close\r
            \r
            glance://tasks/3
            """)
    }

    @Test func errorStatusesAreReturned() throws {
        let server = try OneShotServer(answer: "HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        #expect(try HTTPPost.send("x", to: "http://127.0.0.1:\(server.port)") == 404)
        #expect(server.request()?.hasPrefix("POST / HTTP/1.1\r\n") == true)
    }

    @Test func aServerThatHangsUpIsExplained() throws {
        let server = try OneShotServer(answer: "")
        let address = "http://127.0.0.1:\(server.port)/hook"
        let error = #expect(throws: HTTPPostError.self) { try HTTPPost.send("x", to: address) }
        _ = server.request()
        #expect(error?.description.hasPrefix("\(address): ") == true)
        #expect(error?.message == "the server closed the connection without an answer")
    }

    @Test func nobodyListeningNamesHostAndPort() throws {
        // A port bound but not listening, kept bound while the post tries it: the connection is
        // refused, and no other socket can take the port meanwhile (a port that was only just
        // free could be reused, even as the connecting socket's own source port, which then
        // connects to itself and waits for an answer).
        let bound = try LoopbackSocket()
        defer { close(bound.descriptor) }
        let port = bound.port
        let error = #expect(throws: HTTPPostError.self) { try HTTPPost.send("x", to: "http://127.0.0.1:\(port)/") }
        #expect(error?.message == "cannot connect to 127.0.0.1 port \(port): Connection refused")
    }

    @Test(arguments: [
        ("http://localhost:8123/api/webhook/glance", "localhost", 8123, "/api/webhook/glance"),
        ("http://pi.local", "pi.local", 80, "/"),
        ("HTTP://pi.local/a%20b?c=d", "pi.local", 80, "/a%20b?c=d"),
    ] as [(String, String, UInt16, String)])
    func endpoints(address: String, host: String, port: UInt16, target: String) throws {
        let endpoint = try HTTPPost.Endpoint(address)
        #expect(endpoint.host == host)
        #expect(endpoint.port == port)
        #expect(endpoint.target == target)
    }

    @Test(arguments: ["https://pi.local/", "ftp://pi.local", "http://", "pi.local:80", "http://pi.local:0/"])
    func notPlainHTTPAddresses(address: String) {
        let error = #expect(throws: HTTPPostError.self) { try HTTPPost.Endpoint(address) }
        #expect(error?.address == address)
    }
}
