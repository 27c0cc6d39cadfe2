import Foundation
import Testing

/// The page follows a face that stops and starts again on the same port, as `glance dev`
/// restarts it after every build: it says it is reconnecting while the face is gone, then
/// takes the new face's hello and glass without a reload.
@Suite(.serialized) struct WebReconnectBrowserTests {
    typealias Face = WebSimulatorBrowserTests.Face

    @Test func thePageFollowsAFaceRestartedOnTheSamePort() async throws {
        let first = try await Face.start(board: "simulator")
        let browser = try Chromium()
        try await browser.open(first.url)
        try await browser.wait(until: "glance.connected && glance.frames > 0 && glance.board === 'simulator'")
        // Anything a reload would lose.
        try await browser.evaluate("window.notReloaded = true")
        let port = try #require(URLComponents(string: first.url)?.port)

        #expect(await first.stop() == 0)
        let banner = "document.getElementById('banner')"
        try await browser.wait(until: "!glance.connected && !\(banner).hidden && \(banner).textContent.startsWith('disconnected — reconnecting')")
        // It keeps trying, and says how often.
        try await browser.wait(until: "\(banner).textContent.includes('(attempt 3)')")
        try await browser.evaluate("glance.frames = 0")

        // Another board on the same port: the page is sized by the new face's hello.
        let second = try await Face.start(board: "simulator-sh1107", address: "127.0.0.1:\(port)")
        try await browser.wait(until: "glance.connected && glance.board === 'simulator-sh1107' && glance.height === 128 && glance.frames > 0 && \(banner).hidden")
        #expect(try await browser.evaluate("window.notReloaded === true") as? Bool == true, "followed without a reload")
        #expect(await second.stop() == 0)
    }
}
