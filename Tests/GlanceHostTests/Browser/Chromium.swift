import Foundation
import GlanceCore
import GlanceLinux
import GlanceTesting
#if canImport(Glibc)
import Glibc
#endif

/// Debian's Chromium, headless, driven through the DevTools protocol over the pipe
/// `--remote-debugging-pipe` opens (descriptor 3 for commands, 4 for answers, each message
/// JSON ended by a NUL byte): the protocol Playwright and Puppeteer speak, without a
/// WebSocket, a Node.js runtime or a download — the tests stay Swift Testing tests.
///
/// Every wait is bounded: an answer that does not come within `timeout` seconds fails the
/// call with the method's name. The blocking reads run off Swift's cooperative threads
/// (`offThePool`), which other suites need meanwhile. One test uses a browser at a time,
/// each call awaiting the one before: hence `@unchecked Sendable`.
final class Chromium: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Where the browser is, from `PATH`: Debian names it `chromium`.
    static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: URL
    private var buffer = [UInt8]()
    private var nextID = 0
    /// The page's session, once `open(_:)` attached to it.
    private var session: String?
    let timeout: TimeInterval

    /// Starts the browser with an empty profile of its own.
    init(width: Int = 1280, height: Int = 900, timeout: TimeInterval = 30) throws {
        guard let executable = Self.executable else { throw Failure(description: "chromium is not installed (make test installs it)") }
        self.timeout = timeout
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("glance-chromium-\(UUID().uuidString.prefix(8))")
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure(description: "no pipes: errno \(errno)") }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = profile.path
        let quiet = Glibc.open("/dev/null", O_WRONLY)
        defer { close(quiet) }
        do {
            pid = try ChildProcess.spawn(executable, [
                "--headless", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)", "--no-first-run",
                "--no-default-browser-check", "--disable-gpu", "--disable-extensions", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--no-sandbox", "--mute-audio",
                "--hide-scrollbars", "--force-device-scale-factor=1", "--window-size=\(width),\(height)", "about:blank",
            ], output: quiet, descriptors: [3: toBrowser[0], 4: fromBrowser[1]], environment: environment)
        } catch {
            throw Failure(description: "\(error)")
        }
        close(toBrowser[0])
        close(fromBrowser[1])
        commands = toBrowser[1]
        answers = fromBrowser[0]
    }

    deinit {
        close(commands)
        close(answers)
        ChildProcess.signalGroup(pid, SIGKILL)
        _ = ChildProcess.wait(pid)
        try? FileManager.default.removeItem(at: profile)
    }

    // MARK: - The protocol

    /// Sends `method` (to the page once one is open) and returns its result.
    @discardableResult
    func call(_ method: String, _ parameters: [String: Any] = [:], toBrowser: Bool = false) async throws -> [String: Any] {
        let parameters = Unchecked(parameters)
        return try await offThePool { try self.callNow(method, parameters.value, toBrowser: toBrowser) }
    }

    private func callNow(_ method: String, _ parameters: [String: Any], toBrowser: Bool) throws -> [String: Any] {
        try callAllNow([(method, parameters)], toBrowser: toBrowser)[0]
    }

    /// Sends every command at once, then reads their answers in order: the browser gets the
    /// later commands without waiting for this process to read the earlier answers.
    private func callAllNow(_ calls: [(method: String, parameters: [String: Any])], toBrowser: Bool) throws -> [[String: Any]] {
        var ids = [Int]()
        for (method, parameters) in calls {
            nextID += 1
            ids.append(nextID)
            var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
            if !toBrowser, let session { message["sessionId"] = session }
            var bytes = Array(try JSONSerialization.data(withJSONObject: message))
            bytes.append(0)
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
                guard count > 0 else { throw Failure(description: "\(method): the browser's pipe is closed") }
                written += count
            }
        }
        var results = [[String: Any]]()
        for (id, call) in zip(ids, calls) {
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                let answer = try nextMessage(method: call.method, deadline: deadline)
                guard answer["id"] as? Int == id else { continue }  // an event, or an older answer
                if let error = answer["error"] as? [String: Any] {
                    throw Failure(description: "\(call.method): \(error["message"] ?? error)")
                }
                results.append(answer["result"] as? [String: Any] ?? [:])
                break
            }
        }
        return results
    }

    private func nextMessage(method: String, deadline: Date) throws -> [String: Any] {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] ?? [:]
            }
            let left = deadline.timeIntervalSinceNow
            var ready = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&ready, 1, Int32(left * 1000)) == 1 else {
                throw Failure(description: "\(method): no answer from the browser within \(Int(timeout)) s")
            }
            let count = read(answers, &chunk, chunk.count)
            guard count > 0 else { throw Failure(description: "\(method): the browser closed its pipe (did it crash?)") }
            buffer += chunk[..<count]
        }
    }

    // MARK: - Pages

    /// Opens `url` in a new tab and attaches to it; later calls go to that page.
    func open(_ url: String) async throws {
        let target = try await call("Target.createTarget", ["url": "about:blank"], toBrowser: true)
        guard let id = target["targetId"] as? String else { throw Failure(description: "Target.createTarget gave no target") }
        let attached = try await call("Target.attachToTarget", ["targetId": id, "flatten": true], toBrowser: true)
        session = attached["sessionId"] as? String
        try await call("Page.navigate", ["url": url])
        try await wait(until: "location.href === \(Self.quoted(url)) && document.readyState === 'complete'")
    }

    /// Evaluates `expression` in the page (awaiting it when it is a promise) and returns its
    /// value as JSON gives it.
    @discardableResult
    func evaluate(_ expression: String) async throws -> Any? {
        var result = [String: Any]()
        // While a navigation replaces the page, its old context answers that it is gone: ask the new one.
        for attempt in 1...50 {
            do {
                result = try await call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
                break
            } catch let failure as Failure where attempt < 50 && failure.description.contains("context") {
                continue
            }
        }
        if let exception = result["exceptionDetails"] as? [String: Any] {
            let text = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? exception
            throw Failure(description: "the page threw: \(text)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until the JavaScript `condition` is true in the page, checking on every
    /// animation frame for at most `seconds`.
    /// - Throws: `Failure` naming the condition when it stays false.
    func wait(until condition: String, seconds: Double = 20) async throws {
        let script = """
            new Promise(resolve => {
              const end = performance.now() + \(Int(seconds * 1000));
              const check = () => {
                let ok = false;
                try { ok = Boolean(\(condition)); } catch (error) { ok = false; }
                if (ok) resolve(true); else if (performance.now() > end) resolve(false); else setTimeout(check, 20);
              };
              check();
            })
            """
        guard try await evaluate(script) as? Bool == true else {
            throw Failure(description: "waited \(Int(seconds)) s for \(condition)")
        }
    }

    /// The centre of the element `selector` in the viewport, scrolled into view first.
    func centre(of selector: String) async throws -> (x: Double, y: Double) {
        let value = try await evaluate("""
            (() => { const element = document.querySelector(\(Self.quoted(selector)));
                     element.scrollIntoView({block: 'center', inline: 'center'});
                     const r = element.getBoundingClientRect();
                     return [r.left + r.width / 2, r.top + r.height / 2]; })()
            """) as? [Double]
        guard let value, value.count == 2 else { throw Failure(description: "no element \(selector)") }
        return (value[0], value[1])
    }

    /// Presses (or releases) the left mouse button over `selector`, as a person would.
    func mouse(_ selector: String, down: Bool) async throws {
        let point = try await centre(of: selector)
        try await call("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": point.x, "y": point.y])
        try await call("Input.dispatchMouseEvent", ["type": down ? "mousePressed" : "mouseReleased", "x": point.x, "y": point.y,
                                              "button": "left", "buttons": down ? 1 : 0, "clickCount": 1])
    }

    /// A click: press and release over `selector`, sent to the browser together. The face
    /// tells a click from a long press by the time between the two edges reaching it, so
    /// nothing may come between them (with a page query and a thread start between press and
    /// release, a loaded machine could make a long press of a click).
    func click(_ selector: String) async throws {
        let point = try await centre(of: selector)
        try await call("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": point.x, "y": point.y])
        let edges = [("mousePressed", 1), ("mouseReleased", 0)].map { type, buttons -> (method: String, parameters: [String: Any]) in
            ("Input.dispatchMouseEvent", ["type": type, "x": point.x, "y": point.y, "button": "left", "buttons": buttons, "clickCount": 1])
        }
        let calls = Unchecked(edges)
        _ = try await offThePool { try self.callAllNow(calls.value, toBrowser: false) }
    }

    /// A PNG of the visible page.
    func screenshot() async throws -> Data {
        let result = try await call("Page.captureScreenshot", ["format": "png"])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw Failure(description: "Page.captureScreenshot gave no image")
        }
        return data
    }

    /// `text` as a JavaScript string literal.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}
