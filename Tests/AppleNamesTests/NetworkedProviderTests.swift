// Issue 34, item 2: a provider that fetches with URLSession in getTimeline, written with its
// iOS imports (Tests/NetworkFixture), against a real HTTPS server on a loopback port with its
// own certificate authority: a reading shown on the glass, a server that never answers, a
// port that refuses.
import Foundation
import GlanceTesting
import Testing
import WidgetKit

@Suite struct NetworkedProviderTests {
    /// The fixture bundle, built next to this test bundle.
    static let fixture = builtProduct("glance-network-fixture")

    /// Draws the fixture's first timeline entry in a 40×12 slot and returns it as ASCII art.
    ///
    /// URLSession on Linux trusts only the system's certificate store (libcurl's built-in
    /// bundle, /etc/ssl/certs); it reads no variable naming another. So the fixture runs in a
    /// mount namespace of its own where /etc/ssl/certs holds only the server's authority: the
    /// TLS check is the real one, and nothing outside the child changes. The wait is bounded
    /// by the preview's provider timeout (5 s).
    private func glass(_ environment: [String: String], trusting server: LocalHTTPSServer) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-net-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("reading.png")
        var childEnvironment = ProcessInfo.processInfo.environment
        childEnvironment.merge(environment) { $1 }
        let result = try await runToEnd(URL(fileURLWithPath: "/usr/bin/env"), [
            "unshare", "--user", "--map-root-user", "--mount", "sh", "-c", #"mount --bind "$0" /etc/ssl/certs && exec "$@""#,
            server.caFolder.path, Self.fixture.path,
            "preview", "reading", "--family", "accessoryRectangular", "--entry", "0", "--size", "40x12", "--out", image.path,
        ], environment: childEnvironment, in: folder)
        try #require(result.status == 0, "the fixture failed (is unshare allowed to make a user namespace?): \(result.output)")
        return try PNG.decode(Array(Data(contentsOf: image))).ascii()
    }

    @Test func readingFetchedOverHTTPSIsShownOnTheGlass() async throws {
        let server = try await LocalHTTPSServer.start()
        let art = try await glass(["READING_URL": server.url("/reading").absoluteString], trusting: server)
        await server.stop()
        #expect(art == Self.drawn("21°"))
    }

    @Test func serverThatNeverAnswersEndsInTheProvidersTimeout() async throws {
        let server = try await LocalHTTPSServer.start()
        let art = try await glass(["READING_URL": server.url("/hang").absoluteString, "READING_TIMEOUT": "1"], trusting: server)
        await server.stop()
        #expect(art == Self.drawn("timed out"))
    }

    @Test func refusedConnectionTakesTheErrorPath() async throws {
        let server = try await LocalHTTPSServer.start()
        let port = try RefusingPort()
        let art = try await glass(["READING_URL": "https://127.0.0.1:\(port.port)/reading"], trusting: server)
        port.close()
        await server.stop()
        #expect(art == Self.drawn("refused"))
    }

    @Test func certificateFromAnotherAuthorityIsRefused() async throws {
        let server = try await LocalHTTPSServer.start(), other = try await LocalHTTPSServer.start()
        let art = try await glass(["READING_URL": server.url("/reading").absoluteString], trusting: other)
        await server.stop()
        await other.stop()
        #expect(art != Self.drawn("21°"))
        #expect(art == Self.drawn("error -1") || art == Self.drawn("untrusted"))
    }

    /// What the fixture's view draws for `text`, in this process.
    static func drawn(_ text: String) -> String {
        let view = Text(text).font(.system(size: 10))
        var environment = EnvironmentValues()
        environment.widgetFamily = .accessoryRectangular
        return ViewRenderer.render(view, size: Size(width: 40, height: 12), environment: environment, at: Date()).bitmap.ascii()
    }
}
