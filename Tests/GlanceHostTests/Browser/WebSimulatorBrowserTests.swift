import Foundation
import GlanceCore
import GlanceGraphics
import GlanceLinux
import GlanceTesting
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The browser simulator end to end: the real `glance run --web` process on a simulator
/// board with the demo face, and Debian's Chromium loading its page, driven through the
/// DevTools protocol as a person would use it (mouse presses on the page's buttons, its time
/// controls and its editor). What the page shows is compared with what the emulator's glass
/// holds, read through the control socket, which does not go through the web server.
///
/// The face runs on `--clock simulated`, paused by the page before anything is compared, so
/// nothing moves between two readings; button gestures are decided on real time (as on
/// GPIO), so the long press holds the mouse until the face reports the timer, never for a
/// fixed time. Set `GLANCE_RECORD_SCREENSHOTS=1` to write the page's screenshots into
/// Docs/Images.
@Suite(.serialized) struct WebSimulatorBrowserTests {
    /// A `glance run --web` process with its own state folder and control socket.
    final class Face: Sendable {
        let pid: pid_t
        let state: URL
        let url: String
        /// Everything the process wrote, collected by a thread of its own so it never blocks.
        private let log = Locked("")
        /// Signalled once the process's output is read to its end.
        private let finished = DispatchSemaphore(value: 0)

        /// Starts `board` with the demo face, or without a face file (every widget of the demo),
        /// and waits for the address it prints (off the cooperative threads).
        static func start(board: String, demoFace: Bool = true, address: String = "127.0.0.1:0") async throws -> Face {
            try await offThePool { try Face(board: board, demoFace: demoFace, address: address) }
        }

        private init(board: String, demoFace: Bool, address: String) throws {
            state = FileManager.default.temporaryDirectory.appendingPathComponent("glance-web-\(UUID().uuidString.prefix(8))")
            let group = state.appendingPathComponent("glance")
            // Private, as the control socket's folder must be.
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.createDirectory(at: group, withIntermediateDirectories: true)
            try Data(#"{"location": "Berlin", "temperature": 12, "condition": "Partly Cloudy", "symbol": "cloud.sun.fill", "low": 6, "high": 15, "updated": "2026-11-21T10:30:00Z"}"#.utf8)
                .write(to: group.appendingPathComponent("weather.json"))
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw Chromium.Failure(description: "no pipe: errno \(errno)") }
            var environment = ProcessInfo.processInfo.environment
            environment["GLANCE_STATE_DIR"] = state.path
            environment["GLANCE_CONTROL_SOCKET"] = state.appendingPathComponent("control.sock").path
            do {
                pid = try ChildProcess.spawn(ProcessTests.glance.path, ["run", "--headless", "--board", board, "--web", address,
                                                                        "--clock", "simulated"] + (demoFace ? ["--config", Self.demoFace] : []),
                                             output: ends[1], environment: environment)
            } catch {
                close(ends[0])
                close(ends[1])
                throw error
            }
            close(ends[1])
            // The address is printed once the socket is bound (a free port: no two runs collide).
            let printed = DispatchSemaphore(value: 0)
            let log = self.log, reading = ends[0], finished = self.finished
            Thread.detachNewThread {
                var chunk = [UInt8](repeating: 0, count: 4096)
                var signalled = false
                while true {
                    let count = read(reading, &chunk, chunk.count)
                    if count <= 0 { break }
                    let text = log.withLock { $0 += String(decoding: chunk[..<count], as: UTF8.self); return $0 }
                    if !signalled, text.contains("web simulator: http://") {
                        signalled = true
                        printed.signal()
                    }
                }
                close(reading)
                if !signalled { printed.signal() }
                finished.signal()
            }
            let line = printed.wait(timeout: .now() + 60) == .success
                ? log.withLock { $0 }.split(separator: "\n").first { $0.contains("web simulator: http://") } : nil
            guard let line, let start = line.range(of: "http://") else {
                ChildProcess.signalGroup(pid, SIGKILL)
                _ = ChildProcess.wait(pid)
                throw Chromium.Failure(description: "glance run --web printed no address:\n\(log.withLock { $0 })")
            }
            url = String(line[start.lowerBound...])
        }

        /// Stops the face as SIGTERM does; returns its exit status.
        func stop() async -> Int32 {
            let pid = self.pid, finished = self.finished
            return await offThePool {
                ChildProcess.signalGroup(pid, SIGTERM)
                let status = ChildProcess.wait(pid)
                // The output is whole once the pipe is closed (the process has ended).
                finished.wait()
                return status
            }
        }

        var output: String { log.withLock { $0 } }

        /// The button gestures the face saw last, from `glance ctl status` (for a failure's message).
        func buttonEvents() async -> String {
            var environment = ProcessInfo.processInfo.environment
            environment["GLANCE_CONTROL_SOCKET"] = state.appendingPathComponent("control.sock").path
            guard let status = try? await runToEnd(ProcessTests.glance, ["ctl", "status"], environment: environment, separateErrors: true),
                  let object = try? JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any] else {
                return "unknown (glance ctl status did not answer)"
            }
            return "\(object["buttonEvents"] ?? "none") in state \(object["state"] ?? "unknown")"
        }

        /// The emulator's glass now, through the control socket (not through the web server).
        func glass() async throws -> Bitmap {
            let file = state.appendingPathComponent("glass.png")
            var environment = ProcessInfo.processInfo.environment
            environment["GLANCE_CONTROL_SOCKET"] = state.appendingPathComponent("control.sock").path
            let screenshot = try await runToEnd(ProcessTests.glance, ["ctl", "screenshot", file.path], environment: environment)
            try #require(screenshot.status == 0, "glance ctl screenshot: \(screenshot.output)")
            return try PNG.decode(Array(try Data(contentsOf: file)), keepingColor: true)
        }

        deinit {
            ChildProcess.signalGroup(pid, SIGKILL)
            _ = ChildProcess.wait(pid)
            try? FileManager.default.removeItem(at: state)
        }

        static let demoFace: String = {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            return root.appendingPathComponent("Examples/glance.yaml").path
        }()
    }

    /// What the page's canvas shows at each panel pixel's centre, as RGB triples.
    private func canvasPixels(_ browser: Chromium) async throws -> [[Int]] {
        let value = try await browser.evaluate("""
            (() => { const c = document.getElementById('glass'), z = glance.zoom, h = Math.floor(z / 2);
                     const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, out = [];
                     for (let y = 0; y < glance.height; y++) for (let x = 0; x < glance.width; x++) {
                       const i = ((y * z + h) * c.width + x * z + h) * 4; out.push([data[i], data[i + 1], data[i + 2]]); }
                     return out; })()
            """) as? [[Int]]
        return value ?? []
    }

    /// Whether the canvas shows `glass` in the page's look (a colour screen's in its own
    /// colours), exactly, pixel for pixel.
    private func canvasShows(_ glass: Bitmap, browser: Chromium) async throws -> Bool {
        guard let name = try await browser.evaluate("glance.look") as? String, let look = PanelLook.named(name) else { return false }
        let pixels = try await canvasPixels(browser)
        guard pixels.count == glass.width * glass.height else { return false }
        for y in 0..<glass.height {
            for x in 0..<glass.width {
                let color = glass.colors?[y * glass.width + x] ?? look.color(glass[x, y], row: y)
                if pixels[y * glass.width + x] != [Int(color.red), Int(color.green), Int(color.blue)] { return false }
            }
        }
        return true
    }

    /// Waits until the canvas shows the emulator's glass (a frame on its way may still land).
    private func expectCanvasMatches(_ face: Face, _ browser: Chromium, _ comment: Comment) async throws {
        for _ in 0..<50 {
            if try await canvasShows(try await face.glass(), browser: browser) { return }
            try await browser.wait(until: "true", seconds: 0.1)
        }
        let glass = try await face.glass()
        let gray = try await browser.evaluate("Array.from(glance.gray)") as? [Int] ?? []
        let differing = zip(gray, glass.pixels).enumerated().filter { $0.element.0 != Int($0.element.1) }.map(\.offset)
        Issue.record("the canvas does not show the emulator's glass: \(comment); the page's gray differs in \(differing.count) pixels, first \(differing.prefix(5).map { ($0 % glass.width, $0 / glass.width) })")
    }

    private func record(_ browser: Chromium, as name: String) async throws {
        guard ProcessInfo.processInfo.environment["GLANCE_RECORD_SCREENSHOTS"] == "1" else { return }
        try await browser.evaluate("window.scrollTo(0, 0)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        try await browser.screenshot().write(to: root.appendingPathComponent("Docs/Images/\(name).png"))
    }

    @Test func theDemoFaceInTheBrowser() async throws {
        let face = try await Face.start(board: "simulator")
        let browser = try Chromium()
        try await browser.open(face.url)
        try await browser.wait(until: "glance.connected && glance.frames > 0 && glance.inspect")

        // Time stands still once paused: the glass and the canvas can be compared.
        try await browser.click("#pause")
        try await browser.wait(until: "glance.clock && glance.clock.paused")
        try await expectCanvasMatches(face, browser, "the first frame")
        try await browser.wait(until: "document.querySelector('[data-slot=\"0\"]').dataset.showing === 'clock'")

        // The inspector: the clock's timeline entries, one of them on the glass; the weather's policy.
        try await browser.wait(until: "document.querySelectorAll('.widget[data-kind=\"clock\"] .entry').length > 1")
        try await browser.wait(until: "document.querySelectorAll('.widget[data-kind=\"clock\"] .entry.shown').length === 1")
        try await browser.wait(until: "document.querySelector('.widget[data-kind=\"weather\"] .policy').dataset.policy === 'after'")
        try await record(browser, as: "simulator-page")

        // The face runs at real pace until the page pauses it, and dims after 30 s without a
        // button; on a loaded machine start-up can take that long (a CI run's click only woke
        // the face: the press that wakes it does not run its binding; Docs/Contract.md, "Button bindings"). A face
        // that dimmed meanwhile is woken first, so the click below always meets an awake face.
        if try await browser.evaluate("document.getElementById('state').dataset.state") as? String == "alwaysOn" {
            try await browser.click("[data-button=\"down\"]")
            try await browser.wait(until: "document.getElementById('state').dataset.state === 'active'")
        }
        #expect(try await browser.evaluate("document.querySelector('[data-slot=\"0\"]').dataset.showing") as? String == "clock")

        // A click on "down" moves the stack; the canvas follows.
        try await browser.click("[data-button=\"down\"]")
        do {
            try await browser.wait(until: "document.querySelector('[data-slot=\"0\"]').dataset.showing === 'weather'")
        } catch {
            Issue.record("\(error); the face's last button gestures: \(await face.buttonEvents())")
            return
        }
        try await expectCanvasMatches(face, browser, "after a click on down")

        // Editing weather.json reloads the weather widget, and only it.
        let calls = "(kind => glance.inspect.slots[0].widgets.find(w => w.kind === kind).calls)"
        let before = try await browser.evaluate("['clock', 'weather', 'tasks', 'system'].map(\(calls))") as? [Int] ?? []
        try await browser.evaluate("""
            (() => { const select = document.querySelector('#file'); select.value = 'weather.json';
                     select.dispatchEvent(new Event('change')); })()
            """)
        try await browser.wait(until: "document.getElementById('editor').value.includes('Berlin')")
        try await browser.evaluate("""
            document.getElementById('editor').value = JSON.stringify({location: 'Oslo', temperature: -3, condition: 'Snow',
              symbol: 'cloud.snow.fill', low: -7, high: -1, updated: '2026-11-21T10:30:00Z'}, null, 2)
            """)
        try await browser.click("#save")
        try await browser.wait(until: "document.getElementById('editor-status').textContent.includes('reloading weather')")
        try await browser.wait(until: "\(calls)('weather') === \(before.count == 4 ? before[1] + 1 : -1)")
        let after = try await browser.evaluate("['clock', 'weather', 'tasks', 'system'].map(\(calls))") as? [Int] ?? []
        #expect(after.count == 4 && after[0] == before[0] && after[2] == before[2] && after[3] == before[3],
                "only the weather widget reloaded: \(before) → \(after)")
        try await expectCanvasMatches(face, browser, "after the weather edit")
        let savedText = try String(contentsOf: face.state.appendingPathComponent("glance/weather.json"), encoding: .utf8)
        #expect(savedText.contains("Oslo"))

        // A long press on B starts the kitchen timer over the stack: the mouse is held until the
        // face says so (the gesture is decided on real time, as with a GPIO button).
        try await browser.mouse("[data-button=\"B\"]", down: true)
        try await browser.wait(until: "glance.inspect.activities.length === 1 && glance.inspect.slots[0].activity")
        try await browser.mouse("[data-button=\"B\"]", down: false)
        try await expectCanvasMatches(face, browser, "with the kitchen timer")
        try await record(browser, as: "simulator-timer")

        // Fast-forward: 30 s without a button dims the face into always-on within moments, and
        // an hour and a quarter later the clock's provider, which reads Date(), has made its
        // timeline from the face's time (the process's wall clock follows the simulation).
        let start = try await browser.evaluate("glance.clock.now") as? Double ?? 0
        try await browser.click("#fast")
        try await browser.wait(until: "document.getElementById('state').dataset.state === 'alwaysOn'")
        let later = start + 75 * 60 * 1000
        try await browser.wait(until: "glance.clock.now + (performance.now() - glance.clock.receivedAt) * glance.clock.rate > \(later)", seconds: 60)
        try await browser.click("#pause")
        try await browser.wait(until: "glance.clock.paused && glance.inspect.nextWakeUp >= glance.clock.now - 1000")
        let dimmed = try await face.glass()
        if (dimmed.pixels.max() ?? 0) >= 255 {
            // Seen once under a heavily loaded machine: say what the face was doing.
            Issue.record("always-on dims the glass, but it is at full brightness; the face: \(await face.buttonEvents())")
        }
        try await expectCanvasMatches(face, browser, "in always-on")
        let lag = try await browser.evaluate("glance.clock.now - (glance.inspect.slots[0].widgets[0].entries.find(e => e.shown) || {date: 0}).date") as? Double
        #expect(lag.map { $0 >= 0 && $0 < 61_000 } == true, "the clock's entry on the glass is this minute's, not \(lag ?? -1) ms old")
        let budget = try await browser.evaluate("glance.inspect.slots[0].widgets[0].budget.used") as? Int
        #expect(budget.map { $0 < 5 } == true, "the clock reloaded hourly, not over and over: \(budget ?? -1)")

        #expect(await face.stop() == 0)
        #expect(face.output.contains("web: wrote"))
        // Stopped with the page connected: the server shut down before its event loop did.
        #expect(!face.output.contains("Cannot schedule tasks") && !face.output.contains(" ERROR "), "\(face.output)")
    }

    /// Issue 20 adds a board of each new kind: 256×64 gray, a memory LCD, a framebuffer TFT.
    /// One board at a time: six browsers and six faces at once starve a two-core machine (the
    /// control-socket suites running beside them missed their deadlines in a full run).
    @Test(.serialized, arguments: ["simulator-epaper", "simulator-sh1106", "simulator-ssd1327", "simulator-ssd1322", "simulator-sharp", "simulator-tft"])
    func everySimulatorBoardShowsItsGlass(board: String) async throws {
        let face = try await Face.start(board: board, demoFace: false)
        let browser = try Chromium()
        try await browser.open(face.url)
        try await browser.wait(until: "glance.connected && glance.frames > 0 && glance.inspect")
        try await browser.click("#pause")
        try await browser.wait(until: "glance.clock && glance.clock.paused")
        try await expectCanvasMatches(face, browser, "on \(board)")
        if ["simulator-epaper", "simulator-ssd1322", "simulator-sharp", "simulator-tft"].contains(board) { try await record(browser, as: board) }
        #expect(await face.stop() == 0)
    }

    /// Issue 35, item 3: the wiring view's drawing comes from the face process, with the page's
    /// headers: the face's own board (a simulator board has nothing to wire, and says why) or
    /// a built-in preset by name, never a file.
    @Test func theWiringDrawingIsServed() async throws {
        let face = try await Face.start(board: "simulator", demoFace: false)
        let base = try #require(URL(string: face.url))
        func get(_ path: String) async throws -> (text: String, response: HTTPURLResponse) {
            let (data, response) = try await URLSession.shared.data(from: URL(string: path, relativeTo: base)!)
            return (String(decoding: data, as: UTF8.self), try #require(response as? HTTPURLResponse))
        }
        let drawing = try await get("/wiring.svg?board=ssd1306-128x64-i2c")
        #expect(drawing.response.statusCode == 200)
        #expect(drawing.response.value(forHTTPHeaderField: "Content-Type") == "image/svg+xml; charset=utf-8")
        #expect(drawing.response.value(forHTTPHeaderField: "Content-Security-Policy") == "default-src 'none'; frame-ancestors 'none'")
        #expect(drawing.response.value(forHTTPHeaderField: "X-Content-Type-Options") == "nosniff")
        #expect(drawing.text.hasPrefix("<svg "))
        for pin in ["Panel VCC → pin 1 (3.3 V)", "Panel GND → pin 6 (GND)", "Panel SDA → pin 3 (GPIO 2 (SDA))", "Panel SCL → pin 5 (GPIO 3 (SCL))"] {
            #expect(drawing.text.contains(pin), "\(pin)")
        }
        let own = try await get("/wiring.svg")
        #expect(own.response.statusCode == 404)
        #expect(own.text == "board 'simulator' has an emulated panel and no GPIO buttons: there is nothing to wire (glance boards lists boards with real panels)\n")
        let info = try await get("/wiring.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.text.utf8)) as? [String: Any])
        #expect(object["board"] as? String == "simulator" && object["drawing"] as? Bool == false)
        let presets = try #require(object["presets"] as? [String])
        #expect(presets.contains("ssd1306-128x64-i2c") && presets.contains("adafruit-oled-bonnet") && !presets.contains("simulator"))
        for name in ["../Boards/simulator.yaml", "/etc/passwd", "Examples/two-buttons-board.yaml", String(repeating: "x", count: 5000)] {
            let refused = try await get("/wiring.svg?board=\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
            #expect(refused.response.statusCode == 404, "\(name.prefix(40))")
            #expect(refused.text.hasPrefix("no built-in board named '\(name.prefix(64))'"), "\(refused.text.prefix(100))")
        }
        #expect(await face.stop() == 0)
    }

    /// The wiring tab beside the timeline: a simulator board says it has nothing to wire, and
    /// the Board menu shows a preset's drawing.
    @Test func theWiringTabShowsTheDrawing() async throws {
        let face = try await Face.start(board: "simulator")
        let browser = try Chromium()
        try await browser.open(face.url)
        try await browser.wait(until: "glance.connected && glance.frames > 0 && glance.inspect")
        #expect(try await browser.evaluate("document.getElementById('wiring-panel').hidden") as? Bool == true)
        try await browser.click("#tab-wiring")
        try await browser.wait(until: "glance.wiring && !document.getElementById('wiring-panel').hidden")
        #expect(try await browser.evaluate("document.getElementById('timeline-panel').hidden") as? Bool == true)
        let status = try await browser.evaluate("document.getElementById('wiring-status').textContent") as? String
        #expect(status?.contains("there is nothing to wire") == true, "\(status ?? "")")
        try await browser.evaluate("""
            (() => { const menu = document.getElementById('wiring-board'); menu.value = 'ssd1306-128x64-i2c';
                     menu.dispatchEvent(new Event('change')); })()
            """)
        try await browser.wait(until: "(() => { const i = document.querySelector('#wiring-drawing img'); return i && i.complete && i.naturalWidth > 0; })()")
        #expect(try await browser.evaluate("document.querySelector('#wiring-drawing img').alt") as? String == "Wiring of ssd1306-128x64-i2c")
        #expect(try await browser.evaluate("document.querySelector('#wiring-drawing img').naturalWidth > 400") as? Bool == true)
        try await record(browser, as: "simulator-wiring")
        try await browser.click("#tab-timeline")
        try await browser.wait(until: "!document.getElementById('timeline-panel').hidden && document.getElementById('wiring-panel').hidden")
        // An address ending in #wiring opens the page on the tab, at the top.
        try await browser.open(face.url + "#wiring")
        try await browser.wait(until: "glance.wiring && !document.getElementById('wiring-panel').hidden && window.scrollY === 0")
        #expect(await face.stop() == 0)
    }

    /// Off loopback the page, the glass and the WebSocket need the token printed at start-up.
    @Test func aNetworkAddressNeedsTheToken() async throws {
        let face = try await Face.start(board: "simulator", demoFace: false, address: "0.0.0.0:0")
        let printed = try #require(URLComponents(string: face.url))
        let token = try #require(printed.queryItems?.first { $0.name == "token" }?.value)
        #expect(token.count == 32)
        let base = "http://127.0.0.1:\(printed.port ?? 0)"
        func status(_ path: String) async throws -> Int {
            let (_, response) = try await URLSession.shared.data(from: URL(string: base + path)!)
            return (response as? HTTPURLResponse)?.statusCode ?? 0
        }
        #expect(try await status("/") == 403)
        #expect(try await status("/glass.png") == 403)
        #expect(try await status("/?token=\(String(token.reversed()))") == 403)
        #expect(try await status("/glance.js") == 200)
        #expect(try await status("/?token=\(token)") == 200)
        #expect(try await status("/glass.png?token=\(token)") == 200)
        let browser = try Chromium()
        try await browser.open("\(base)/?token=\(token)")
        try await browser.wait(until: "glance.connected && glance.frames > 0")
        #expect(await face.stop() == 0)
    }

    /// DNS rebinding: a page served from a name that resolves to 127.0.0.1 reaches the port,
    /// but the face answers nothing to its Host (the page, the glass, the WebSocket), and
    /// a request from such a page's Origin to 127.0.0.1 itself is refused too.
    @Test func aLoopbackFaceRefusesRebindingNames() async throws {
        let face = try await Face.start(board: "simulator", demoFace: false)
        let port = try #require(URLComponents(string: face.url)?.port)
        func status(_ path: String, host: String, origin: String? = nil, socket: Bool = false) async throws -> String {
            var head = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
            if let origin { head += "Origin: \(origin)\r\n" }
            if socket {
                head += "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            }
            let request = head + "\r\n"
            return try await offThePool { try Self.statusLine(port: port, request: request) }
        }
        for name in ["127.evil.example:\(port)", "127.0.0.1.nip.io:\(port)"] {
            #expect(try await status("/", host: name) == "HTTP/1.1 403 Forbidden", "\(name)")
            #expect(try await status("/glass.png", host: name) == "HTTP/1.1 403 Forbidden", "\(name)")
            #expect(try await !status("/ws", host: name, origin: "http://\(name)", socket: true).contains(" 101 "), "\(name)")
        }
        #expect(try await status("/", host: "127.0.0.1:\(port)", origin: "http://127.evil.example:\(port)") == "HTTP/1.1 403 Forbidden")
        #expect(try await status("/", host: "127.0.0.1:\(port)") == "HTTP/1.1 200 OK")
        #expect(try await status("/ws", host: "127.0.0.1:\(port)", origin: "http://127.0.0.1:\(port)", socket: true)
                    .hasPrefix("HTTP/1.1 101"))
        #expect(await face.stop() == 0)
    }

    /// Sends `request` to 127.0.0.1:`port` and reads the answer's status line (blocking).
    private static func statusLine(port: Int, request: String) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Chromium.Failure(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Chromium.Failure(description: "connect to port \(port): errno \(errno)") }
        let bytes = Array(request.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw Chromium.Failure(description: "write: errno \(errno)") }
        var answer = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !answer.contains(UInt8(ascii: "\n")) {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            answer += buffer[..<count]
        }
        return String(decoding: answer.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}
