import Foundation
import GlanceCore
import GlanceFace
import GlanceTesting
import Logging
import Testing
@testable import GlanceExamples
@testable import GlanceHost
@testable import GlanceWidgets

/// The browser simulator's sessions without a browser or a socket: pages are closures that
/// rebuild the glass from the binary messages exactly as the page's script does, and the face
/// runs on a clock the test owns. (WebSimulatorBrowserTests drives the real page.)
@Suite struct WebSimulatorTests {
    /// A page: every message it was sent, and the glass it rebuilt from them.
    final class Page: Sendable {
        private let state = Locked<(texts: [String], gray: [UInt8], width: Int)>(([], [], 0))
        /// While set, the next send waits until `release()` (a slow network).
        private let gate = Locked<CheckedContinuation<Void, Never>?>(nil)
        private let holding = Locked(false)

        var send: WebSimulator.Send {
            { [self] output in
                if holding.withLock({ held in defer { held = false }; return held }) {
                    await withCheckedContinuation { continuation in gate.withLock { $0 = continuation } }
                }
                switch output {
                case .text(let text): state.withLock { $0.texts.append(text) }
                case .binary(let bytes): apply(bytes)
                }
                return true
            }
        }

        /// Makes the next send wait for `release()`.
        func holdNextSend() { holding.withLock { $0 = true } }

        /// Whether a send is waiting.
        var isHeld: Bool { gate.withLock { $0 != nil } }

        func release() { gate.withLock { continuation in continuation?.resume(); continuation = nil } }

        /// Big-endian header: kind, width, height, first row, row count; then the rows.
        private func apply(_ bytes: [UInt8]) {
            func word(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
            let width = word(1), height = word(3), first = word(5), count = word(7)
            state.withLock { state in
                if state.width != width || state.gray.count != width * height {
                    state.width = width
                    state.gray = [UInt8](repeating: 0, count: width * height)
                }
                state.gray.replaceSubrange(first * width..<(first + count) * width, with: bytes[9...])
            }
        }

        var gray: [UInt8] { state.withLock { $0.gray } }
        var texts: [String] { state.withLock { $0.texts } }

        /// The JSON messages of `type`, decoded.
        func messages(_ type: String) -> [[String: Any]] {
            texts.compactMap { text in
                (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
            }.filter { $0["type"] as? String == type }
        }
    }

    struct Face {
        let clock: ManualClock
        let demo: DemoWidgets
        let log: LineLog
        let host: FaceHost
        let simulator: WebSimulator

        init(yaml: String = demoFace(board: "simulator"), board: String = "simulator") async throws {
            clock = ManualClock(now: morning)
            let clock = self.clock
            demo = try DemoWidgets(now: { clock.now })
            let log = LineLog()
            self.log = log
            let tail = LogTail()
            let logger = Logger(label: "test") { label in
                GlanceLogHandler(label: label, level: .info, destination: .sink { log.append($0) }, tail: tail)
            }
            host = try await FaceAssembly.make(.init(
                board: try BoardCatalog.board(board), face: try FaceConfiguration(yaml: yaml, file: "glance.yaml"),
                facePath: nil, bundle: BundleContents(widgets: demo.descriptors), clock: clock, logger: logger,
                stateDirectory: demo.data.url, capture: nil, frameFolder: nil, screen: nil,
                adjustSettings: { settings in
                    settings.locale = Locale(identifier: "en_US_POSIX")
                    settings.timeZone = utc
                },
                widgetCenter: WidgetCenter()))
            await host.start()
            await host.drain()
            simulator = WebSimulator(host: host, board: try BoardCatalog.board(board), clock: nil, tail: tail, logger: logger, publishInterval: .zero)
        }

        /// Waits (bounded) until `page` has rebuilt the glass the emulator shows.
        func pageShowsGlass(_ page: Page) async -> Bool {
            let glass = await host.glassNow().pixels
            for _ in 0..<10_000 {
                if page.gray == glass { return true }
                await Task.yield()
            }
            return false
        }

        /// The reply to `request`, which the page sends.
        func ask(_ request: String, page: Page, id: Int) async -> [String: Any]? {
            let before = page.texts.count
            await simulator.receive(request, from: id)
            return page.texts.dropFirst(before).last.flatMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        }
    }

    @Test func aPageGetsTheWholeFaceOnConnecting() async throws {
        let face = try await Face()
        let page = Page()
        _ = await face.simulator.connect(send: page.send)
        let hello = try #require(page.messages("hello").first)
        #expect((hello["board"] as? [String: Any])?["name"] as? String == "simulator")
        #expect((hello["buttons"] as? [[String: Any]])?.map { $0["name"] as? String } == ["A", "B", "up", "down", "left", "right", "centre"])
        #expect((hello["clock"] as? [String: Any])?["steerable"] as? Bool == false)
        #expect(page.gray == (await face.host.glassNow()).pixels, "the whole glass, at once")
        let inspect = try #require(page.messages("inspect").first)
        let slot = try #require((inspect["slots"] as? [[String: Any]])?.first)
        #expect(slot["showing"] as? String == "clock")
        let widgets = try #require(slot["widgets"] as? [[String: Any]])
        #expect(widgets.map { $0["kind"] as? String } == ["clock", "weather", "tasks", "system"])
        #expect((widgets[0]["entries"] as? [[String: Any]])?.filter { $0["shown"] as? Bool == true }.count == 1)
        #expect((widgets[1]["policy"] as? [String: Any])?["kind"] as? String == "after")
        #expect(inspect["state"] as? String == "active")
        #expect((inspect["nextTransition"] as? [String: Any])?["to"] as? String == "alwaysOn")
        #expect(!page.messages("log").isEmpty)
    }

    /// A page joining while the face draws must not keep the picture of before (found by the
    /// browser test: its welcome and a change overtook each other).
    @Test func aPageJoiningWhileTheFaceDrawsEndsWithTheNewestGlass() async throws {
        let face = try await Face()
        let first = Page(), second = Page()
        _ = await face.simulator.connect(send: first.send)
        second.holdNextSend()
        async let joined = face.simulator.connect(send: second.send)
        for _ in 0..<10_000 where !second.isHeld { await Task.yield() }
        #expect(second.isHeld)
        // The stack moves while the second page's welcome is on its way, and the face's
        // notices are handled meanwhile.
        try await face.host.press(button: "down", gesture: .click)
        for _ in 0..<1000 { await Task.yield() }
        second.release()
        _ = await joined
        #expect(await face.pageShowsGlass(first))
        #expect(await face.pageShowsGlass(second))
    }

    /// The display moves the picture against burn-in without a new frame from the face; the
    /// pages must see the step too (they did not: only frames were announced).
    @Test func aBurnInShiftStepReachesThePages() async throws {
        let face = try await Face(yaml: "board: simulator\nslots:\n  - family: accessoryRectangular\n    widgets: [tasks]\nalways-on:\n  idle: 2h\n")
        let page = Page()
        _ = await face.simulator.connect(send: page.send)
        let before = await face.host.glassNow()
        let step = try #require(await face.host.assembly.display.nextDeadline)
        #expect(await face.host.runtime.nextWakeUp ?? .distantFuture > step, "nothing but the shift is due then")
        face.clock.advance(to: step)
        await face.host.round()
        #expect(await face.host.glassNow() != before, "the picture moved")
        #expect(await face.pageShowsGlass(page))
    }

    /// E-paper: every refresh is announced, so the page can flash on the full ones.
    @Test func ePaperRefreshesReachThePagesByKind() async throws {
        let face = try await Face(yaml: "board: simulator-epaper\nslots:\n  - family: accessoryRectangular\n    widgets: [clock]\n",
                                  board: "simulator-epaper")
        let page = Page()
        _ = await face.simulator.connect(send: page.send)
        // A minute's clock: a partial refresh a minute, a full one after 20 partials.
        // Each minute's glass reaches the page before the next: refreshes between two
        // updates of the pages are announced as one (the full one, if any).
        for _ in 0..<25 {
            guard let next = await face.host.nextDeadline() else { break }
            face.clock.advance(to: max(next, face.clock.now.addingTimeInterval(60)))
            await face.host.drain()
            #expect(await face.pageShowsGlass(page))
        }
        let kinds = page.messages("refresh").compactMap { $0["kind"] as? String }
        #expect(kinds.contains("partial"))
        #expect(kinds.contains("full"))
    }

    @Test func editsReloadOnlyTheWidgetsThatReadTheFile() async throws {
        let face = try await Face()
        let page = Page()
        let id = await face.simulator.connect(send: page.send)
        let calls = { (await face.host.inspection())?.face.slots[0].widgets.map(\.calls) ?? [] }
        let before = await calls()
        let text = #"{"location": "Oslo", "temperature": -3, "condition": "Snow", "symbol": "cloud.snow.fill", "low": -7, "high": -1, "updated": "2026-11-21T07:30:00Z"}"#
        let request = try JSONSerialization.data(withJSONObject: ["type": "write", "file": "weather.json", "text": text, "id": 7] as [String: Any])
        let reply = await face.ask(String(decoding: request, as: UTF8.self), page: page, id: id)
        #expect(reply?["ok"] as? Bool == true)
        #expect(reply?["id"] as? Int == 7)
        #expect(reply?["message"] as? String == "weather.json saved; reloading weather")
        await face.host.drain()
        let after = await calls()
        #expect(after == [before[0], before[1] + 1, before[2], before[3]], "weather only: \(before) → \(after)")
        #expect(face.demo.data.read("glance/weather.json") == text)
    }

    @Test func whatThePageMayNotDoIsRefusedWithAReason() async throws {
        let face = try await Face()
        let page = Page()
        let id = await face.simulator.connect(send: page.send)
        let original = face.demo.data.read("glance/weather.json")
        let cases: [(String, String)] = [
            (#"{"type":"edge","button":"Z","down":true,"id":1}"#, "no button 'Z' on this board (buttons: A, B, up, down, left, right, centre)"),
            (#"{"type":"write","file":"../escape.json","text":"{}","id":2}"#, "'../escape.json' is not an app-group file name"),
            (#"{"type":"read","file":"/etc/passwd","id":3}"#, "'/etc/passwd' is not an app-group file name"),
            (#"{"type":"write","file":"weather.json","text":"{oops","id":4}"#, "weather.json is not saved: not JSON"),
            (#"{"type":"clock","action":"step","id":5}"#, "the face runs on real time; start it with --clock simulated"),
            (#"{"type":"clock","action":"rewind","id":6}"#, "unknown clock action 'rewind' (one of pause, play, step, fast)"),
            (#"{"type":"dance","id":7}"#, "unknown message type 'dance'"),
            ("not json", "a message is not JSON"),
        ]
        for (request, reason) in cases {
            let reply = await face.ask(request, page: page, id: id)
            #expect(reply?["ok"] as? Bool == false, "\(request)")
            #expect((reply?["message"] as? String)?.hasPrefix(reason) == true, "\(request) → \(reply?["message"] ?? "no answer")")
        }
        #expect(face.demo.data.read("glance/weather.json") == original)
        #expect(!FileManager.default.fileExists(atPath: face.demo.data.url.appendingPathComponent("escape.json").path))
        #expect(face.log.all.contains { $0.contains("web: ignored a message from the page: no button 'Z'") })
    }

    @Test func readingAFileThatIsNotThereGivesAnEmptyEditor() async throws {
        let face = try await Face()
        let page = Page()
        let id = await face.simulator.connect(send: page.send)
        let reply = await face.ask(#"{"type":"read","file":"notes.json","id":9}"#, page: page, id: id)
        #expect(reply?["type"] as? String == "file")
        #expect(reply?["exists"] as? Bool == false)
        #expect(reply?["text"] as? String == "")
    }

    @Test func pagesLeavingStopTheListening() async throws {
        let face = try await Face()
        let page = Page()
        let id = await face.simulator.connect(send: page.send)
        #expect(await face.simulator.pageCount == 1)
        await face.simulator.disconnect(id)
        #expect(await face.simulator.pageCount == 0)
        let seen = page.texts.count
        face.clock.advance(by: 61)
        await face.host.round()
        for _ in 0..<100 { await Task.yield() }
        #expect(page.texts.count == seen, "a page that left is sent nothing")
        // Pages come and go all day: nothing of them stays behind in the face.
        for _ in 0..<3 {
            await face.simulator.disconnect(await face.simulator.connect(send: Page().send))
        }
        var count = await face.host.listenerCount
        for _ in 0..<10_000 where count > 0 {
            await Task.yield()
            count = await face.host.listenerCount
        }
        #expect(count == 0)
    }
}
