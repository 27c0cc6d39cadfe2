import Foundation
import GlanceCore
import GlanceLinux
import GlanceTesting
import Testing

@Suite struct UnixSocketTests {
    private func path() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("glance-sock-\(UUID().uuidString.prefix(8))/control.sock").path
    }

    @Test func requestAndAnswer() async throws {
        let path = path()
        let server = try UnixSocketServer(path: path)
        let serving = Task {
            for try await connection in server.connections {
                await offThePool {
                    let line = connection.readLine() ?? ""
                    connection.write("echo: \(line)\n")
                }
                break
            }
        }
        let answer = try await offThePool { try UnixSocketClient.request(path: path, line: "{\"command\":\"status\"}", timeout: 300) }
        #expect(answer == "echo: {\"command\":\"status\"}\n")
        try await serving.value
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        await server.stop()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aSecondServerIsRefusedAndAStaleSocketReplaced() async throws {
        let path = path()
        let first = try UnixSocketServer(path: path)
        let error = #expect(throws: UnixSocketError.self) { try UnixSocketServer(path: path) }
        #expect(error?.description.hasSuffix("another glance is already running with this control socket") == true)
        await first.stop()
        // A socket file nobody answers on (a crashed run) is replaced; a regular file would
        // be refused (HostilePathTests).
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(stale)
        #expect(bound == 0)
        let second = try UnixSocketServer(path: path)
        await second.stop()
    }

    @Test func clientExplainsThatNothingRuns() {
        let error = #expect(throws: UnixSocketError.self) { try UnixSocketClient.request(path: "/tmp/glance-none/control.sock", line: "x") }
        #expect(error?.description == "control socket /tmp/glance-none/control.sock: cannot connect: no glance is running with this control socket (start one with glance run)")
    }
}

@Suite struct UnixSocketPeerGoneTests {
    /// A client that hangs up before the answer must not take the server down (SIGPIPE).
    @Test func answeringAClientThatLeftDoesNotKillTheProcess() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glance-sock-\(UUID().uuidString.prefix(8))/control.sock").path
        let server = try UnixSocketServer(path: path)
        let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(connected == 0)
        close(client)
        for try await connection in server.connections {
            // Far more than any socket buffer, so the write meets the closed peer.
            for _ in 0..<64 { connection.write(String(repeating: "x", count: 65_536)) }
            break
        }
        await server.stop()
    }
}
