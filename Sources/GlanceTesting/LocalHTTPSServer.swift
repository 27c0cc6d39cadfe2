import Foundation
import GlanceCore
#if canImport(Glibc)
import Glibc
#endif

/// An HTTPS server on a free loopback port with a certificate from its own certificate
/// authority, for tests of real network clients (no mocks).
///
/// `start()` makes the authority and the server's certificate with the `openssl` command (for
/// 127.0.0.1 and localhost) and serves with Python's `http.server` wrapped in TLS:
/// - `GET /reading` answers `{"temperature": 21}`;
/// - `GET /hang` accepts the request and never answers (for client timeouts).
/// `caFolder` holds the authority as `ca-certificates.crt`, the file name Debian's libcurl
/// trusts. Call `stop()` when done.
public final class LocalHTTPSServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// A folder holding only the authority's certificate, as `ca-certificates.crt`.
    public let caFolder: URL
    private let folder: URL
    private let process: Unchecked<Process>
    private let end: ProcessEnd

    private init(port: Int, folder: URL, process: Process, end: ProcessEnd) {
        self.port = port
        self.folder = folder
        self.caFolder = folder.appendingPathComponent("trust")
        self.process = Unchecked(process)
        self.end = end
    }

    /// The address of `path` on this server.
    public func url(_ path: String) -> URL { URL(string: "https://127.0.0.1:\(port)\(path)")! }

    /// Makes the certificates and starts serving.
    /// - Throws: `LocalServerError` with the tool's output when openssl or python3 fails.
    public static func start() async throws -> LocalHTTPSServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-https-\(UUID().uuidString)")
        let trust = folder.appendingPathComponent("trust")
        try FileManager.default.createDirectory(at: trust, withIntermediateDirectories: true)
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        try Data("subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".utf8)
            .write(to: folder.appendingPathComponent("server.ext"))
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for arguments in [
            ["req", "-x509"] + curve + ["-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2", "-subj", "/CN=Glance Test CA",
                                        "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
            ["req"] + curve + ["-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=localhost"],
            ["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
             "-out", path("server.pem"), "-days", "2", "-extfile", path("server.ext")],
        ] {
            let result = try await runToEnd(URL(fileURLWithPath: "/usr/bin/env"), ["openssl"] + arguments)
            guard result.status == 0 else { throw LocalServerError(message: "openssl \(arguments[0]) failed: \(result.output)") }
        }
        try FileManager.default.copyItem(atPath: path("ca.pem"), toPath: trust.appendingPathComponent("ca-certificates.crt").path)
        try Data(script.utf8).write(to: folder.appendingPathComponent("serve.py"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path("serve.py"), path("server.pem"), path("server.key")]
        process.standardInput = FileHandle.nullDevice
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let end = ProcessEnd(of: process)
        try process.run()
        // The first line is the port; the pipe closes (an empty line) if the server dies first.
        let line = await offThePool { () -> String in
            var bytes = [UInt8]()
            while true {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                guard let first = byte.first, first != UInt8(ascii: "\n") else { break }
                bytes.append(first)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let port = Int(line) else {
            process.terminate()
            await end.wait()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw LocalServerError(message: "python3 did not start the server: \(text)")
        }
        return LocalHTTPSServer(port: port, folder: folder, process: process, end: end)
    }

    /// Stops the server and removes its files.
    public func stop() async {
        if process.value.isRunning { process.value.terminate() }
        await end.wait()
        try? FileManager.default.removeItem(at: folder)
    }

    private static let script = """
        import http.server, ssl, sys, threading

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path == "/hang":
                    threading.Event().wait()
                body = b'{"temperature": 21}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
}

/// A loopback port that refuses connections: bound, never listening, held until `close()`.
public final class RefusingPort: Sendable {
    /// The port, on 127.0.0.1.
    public let port: Int
    private let descriptor: Int32

    /// Binds a free loopback port.
    /// - Throws: `LocalServerError` with errno when no socket can be bound.
    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw LocalServerError(message: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            Glibc.close(descriptor)
            throw LocalServerError(message: "cannot bind a loopback port: errno \(code)")
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Releases the port.
    public func close() {
        Glibc.close(descriptor)
    }
}

/// A test server that could not be started, with the tool's own words.
public struct LocalServerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
