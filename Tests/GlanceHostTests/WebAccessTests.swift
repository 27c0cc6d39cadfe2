import HTTPTypes
import Testing
@testable import GlanceHost
@testable import GlanceWeb

/// Who may reach the browser simulator, and where it listens.
@Suite struct WebAccessTests {
    private func request(_ target: String, host: String, origin: String? = nil) -> HTTPRequest {
        var fields = HTTPFields()
        if let origin { fields[.origin] = origin }
        return HTTPRequest(method: .get, scheme: "http", authority: host, path: target, headerFields: fields)
    }

    @Test(arguments: [("8080", "127.0.0.1", 8080, true), ("0.0.0.0:80", "0.0.0.0", 80, false), ("[::1]:9000", "::1", 9000, true),
                      ("localhost:0", "localhost", 0, true), ("192.168.1.20:8080", "192.168.1.20", 8080, false)])
    func addresses(text: String, host: String, port: Int, loopback: Bool) throws {
        let address = try #require(WebAddress(text))
        #expect(address.host == host && address.port == port && address.isLoopback == loopback)
    }

    @Test(arguments: ["", "http", "8080x", "70000", ":8080", "::1:8080", "[::1]8080", "a b:80", "-1"])
    func notAddresses(text: String) {
        #expect(WebAddress(text) == nil)
    }

    @Test func onLoopbackOnlyLoopbackNamesAndTheServersOwnOrigin() {
        let gate = WebGate(token: nil, loopback: true)
        #expect(gate.allows(request("/", host: "127.0.0.1:8080"), socket: false))
        #expect(gate.allows(request("/", host: "localhost:8080"), socket: false))
        #expect(gate.allows(request("/", host: "[::1]:8080"), socket: false))
        #expect(!gate.allows(request("/", host: "evil.example:8080"), socket: false), "DNS rebinding")
        #expect(gate.allows(request("/ws", host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080"), socket: true))
        #expect(!gate.allows(request("/ws", host: "127.0.0.1:8080", origin: "http://evil.example"), socket: true), "another site's page")
        #expect(!gate.allows(request("/ws", host: "127.0.0.1:8080", origin: "http://127.0.0.1:9999"), socket: true))
    }

    /// Names anyone can point at 127.0.0.1 by DNS: not loopback, for the page, the glass and
    /// the WebSocket, whatever Origin the rebinding page sends (its own).
    @Test(arguments: ["127.evil.example:8080", "127.0.0.1.nip.io:8080", "127.0.0.1.evil.example", "localhost.evil.example:8080",
                      "127.1:8080", "127.0.0.1:8080x", "[::1].evil:8080", "[::1", "0x7f.0.0.1:8080", "::1:8080"])
    func rebindingNamesAreRefused(host: String) {
        let gate = WebGate(token: nil, loopback: true)
        #expect(!gate.allows(request("/", host: host), socket: false))
        #expect(!gate.allows(request("/glass.png?zoom=4", host: host), socket: false))
        #expect(!gate.allows(request("/ws", host: host, origin: "http://\(host)"), socket: true))
    }

    @Test(arguments: ["127.0.0.1", "127.255.0.9", "localhost", "LOCALHOST", "::1", "[::1]", "0:0:0:0:0:0:0:1"])
    func literalLoopbackNames(name: String) {
        #expect(WebAddress.isLoopback(name: name))
    }

    /// A page served from a rebinding name that sends its requests to 127.0.0.1 itself.
    @Test func onLoopbackAnOriginElsewhereIsRefused() {
        let gate = WebGate(token: nil, loopback: true)
        #expect(!gate.allows(request("/", host: "127.0.0.1:8080", origin: "http://127.evil.example:8080"), socket: false))
        #expect(!gate.allows(request("/glass.png", host: "127.0.0.1:8080", origin: "http://127.0.0.1.nip.io:8080"), socket: false))
        #expect(!gate.allows(request("/ws", host: "127.0.0.1:8080", origin: "null"), socket: true))
        #expect(gate.allows(request("/ws", host: "[::1]:8080", origin: "http://[::1]:8080"), socket: true))
        #expect(gate.allows(request("/glass.png", host: "localhost:8080", origin: "http://localhost:8080"), socket: false))
    }

    @Test func offLoopbackTheTokenIsNeeded() {
        let gate = WebGate(token: "abc123", loopback: false)
        #expect(!gate.allows(request("/", host: "pi.local:8080"), socket: false))
        #expect(!gate.allows(request("/?token=abc124", host: "pi.local:8080"), socket: false))
        #expect(!gate.allows(request("/glass.png?zoom=4", host: "pi.local:8080"), socket: false))
        #expect(gate.allows(request("/?token=abc123", host: "pi.local:8080"), socket: false))
        #expect(gate.allows(request("/ws?token=abc123", host: "pi.local:8080", origin: "http://pi.local:8080"), socket: true))
        #expect(gate.allows(request("/glance.js", host: "pi.local:8080"), socket: false), "the script is no secret")
    }
}
