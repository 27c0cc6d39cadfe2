import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The page follows a face that stops and starts again on the same port, as `glance dev`
/// restarts it after every build: it says it is reconnecting while the face is gone, then
/// takes the new face's hello and glass without a reload.
@Suite(.serialized) struct WebReconnectBrowserTests {
    typealias Face = WebSimulatorBrowserTests.Face

    @Test func thePageFollowsAFaceRestartedOnTheSamePort() async throws {
        // A port the kernel never gives to a server asking for port 0 (the other tests' faces
        // do): while the first face is gone, nobody else takes it and answers the page.
        let first = try await Face.start(board: "simulator", address: "127.0.0.1:\(try Self.portBelowTheEphemeralRange())")
        let browser = try Chromium()
        try await browser.open(first.url)
        try await browser.wait(until: "glance.connected && glance.frames > 0 && glance.board === 'simulator'")
        // Anything a reload would lose.
        try await browser.evaluate("window.notReloaded = true")
        let port = try #require(URLComponents(string: first.url)?.port)

        #expect(await first.stop() == 0)
        let banner = "document.getElementById('banner')"
        try await browser.wait(until: "!glance.connected && !\(banner).hidden && \(banner).textContent.startsWith('disconnected — reconnecting')")
        // It keeps trying, and says how often: a count of three or more (it retries every 0.3 s
        // at first, so the banner may have counted past 3 by the time the test looks).
        try await browser.wait(until: "Number((\(banner).textContent.match(/\\(attempt (\\d+)\\)/) || [])[1]) >= 3")
        try await browser.evaluate("glance.frames = 0")

        // Another board on the same port: the page is sized by the new face's hello.
        let second = try await Face.start(board: "simulator-sh1107", address: "127.0.0.1:\(port)")
        try await browser.wait(until: "glance.connected && glance.board === 'simulator-sh1107' && glance.height === 128 && glance.frames > 0 && \(banner).hidden")
        #expect(try await browser.evaluate("window.notReloaded === true") as? Bool == true, "followed without a reload")
        #expect(await second.stop() == 0)
    }

    /// A free loopback port below 32768, where Linux's default `ip_local_port_range` starts.
    static func portBelowTheEphemeralRange() throws -> Int {
        let first = 20_000 + Int.random(in: 0..<10_000)
        for port in Array(first..<30_000) + Array(20_000..<first) {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { break }
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if bound == 0 { return port }
        }
        throw Chromium.Failure(description: "no free loopback port between 20000 and 30000")
    }
}
