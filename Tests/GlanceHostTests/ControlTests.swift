import ArgumentParser
import Foundation
import GlanceCore
import GlanceFace
import GlanceGraphics
import GlanceInput
import GlanceLinux
import GlanceTesting
import GlanceUI
import GlanceWidgets
import Testing
@testable import GlanceHost

// MARK: - A face with one widget and one live-activity type

private struct NoteEntry: TimelineEntry {
    let date: Date
}

private struct NoteProvider: TimelineProvider {
    func placeholder(in context: Context) -> NoteEntry { NoteEntry(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (NoteEntry) -> Void) { completion(NoteEntry(date: .distantPast)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<NoteEntry>) -> Void) {
        completion(Timeline(entries: [NoteEntry(date: .distantPast)], policy: .never))
    }
}

private struct NoteWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "note", provider: NoteProvider()) { _ in Text("note") }
    }
}

struct TeaAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable, Sendable {
        var minutes: Int
    }

    var name: String
}

private struct TeaWidget: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: TeaAttributes.self) { context in Text("\(context.attributes.name) \(context.state.minutes)") }
    }
}

private struct ControlTestBundle: WidgetBundle {
    var body: some Widget {
        NoteWidget()
        TeaWidget()
    }
}

/// A `ControlTarget` as the run loop will be: an actor, with activities answered by a real
/// `FaceRuntime`. A reload of kind "slow" waits until the test calls `release()`.
private actor FakeTarget: ControlTarget {
    static let status = ControlStatus(
        board: "simulator", state: "active",
        slots: [ControlStatus.Slot(family: "accessoryRectangular", kind: "note", placeholder: false, invalidated: false,
                                   activity: nil, activityStale: false, controls: ["Done"], focused: 0)],
        widgets: [ControlStatus.Widget(kind: "note", slot: 0, budgetUsed: 3, intentsFinished: 1, reloading: false)],
        nextWakeUp: Date(timeIntervalSince1970: 1_795_219_500), frames: 12, wakeUps: 4, panelHealthy: true,
        buttonEvents: ["A click", "B long-press"], intents: ["ToggleTask"])
    /// Larger than one read of the client (64 KB), so the answer arrives in pieces.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<100_000).map { UInt8($0 % 251) }

    let runtime: FaceRuntime
    private(set) var calls: [String] = []
    private var gate: CheckedContinuation<Void, Never>?
    private let startedContinuation: AsyncStream<Void>.Continuation
    /// Yields when a slow reload has begun waiting.
    nonisolated let slowReloadStarted: AsyncStream<Void>

    init() async throws {
        let face = Face(size: Size(width: 128, height: 32), slots: [
            Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 0, width: 128, height: 32), widgets: [WidgetPlacement("note")]),
        ])
        runtime = try FaceRuntime(bundle: ControlTestBundle(), face: face, time: ManualClock(now: Date(timeIntervalSince1970: 1_795_219_200)))
        (slowReloadStarted, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        // As the run loop does: activities follow the runtime's clock once it has started.
        await runtime.start()
    }

    func status() -> ControlStatus {
        calls.append("status")
        return Self.status
    }

    func reload(kind: String) async throws {
        calls.append("reload \(kind)")
        if kind == "slow" {
            await withCheckedContinuation { continuation in
                gate = continuation
                startedContinuation.yield()
            }
            return
        }
        guard ["clock", "weather"].contains(kind) else { throw ControlError.unknown("widget kind", kind, known: ["clock", "weather"]) }
    }

    func release() {
        gate?.resume()
        gate = nil
    }

    func press(button: String, gesture: ButtonGesture) throws {
        guard ["A", "B"].contains(button) else { throw ControlError.unknown("button", button, known: ["A", "B"]) }
        calls.append("press \(button) \(gesture)")
    }

    func screenshot() -> [UInt8] {
        Self.png
    }

    func activity(_ request: ActivityControlRequest) throws -> String {
        try runtime.activity(request.runtimeRequest())
    }
}

private func socketPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("glance-ctl-\(UUID().uuidString.prefix(8))/control.sock").path
}

/// Serves a fresh `FakeTarget` on a temporary socket for the duration of `body`.
private func withServer(_ body: (_ path: String, _ target: FakeTarget) async throws -> Void) async throws {
    let path = socketPath()
    let target = try await FakeTarget()
    let server = try ControlServer(path: path, target: target)
    do {
        try await body(path, target)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// Sends a raw line, as socat would, and decodes the answer. The wait is long, as
/// `make test`'s GLANCE_CTL_TIMEOUT: the test run keeps both cores busy with other suites,
/// and the server's answer can queue behind them for more than the usual 30 seconds.
private func raw(_ line: String, _ path: String) async throws -> ControlResponse {
    let answer = try await offThePool { try UnixSocketClient.request(path: path, line: line, timeout: 300) }
    #expect(answer.hasSuffix("\n") && answer.filter { $0 == "\n" }.count == 1, "one line: \(answer)")
    return try ControlJSON.decoder().decode(ControlResponse.self, from: Data(answer.utf8))
}

// MARK: - Tests

@Suite struct ControlSocketTests {
    @Test func socketPathFollowsTheEnvironmentThenTheUser() {
        #expect(ControlSocket.defaultPath(environment: ["GLANCE_CONTROL_SOCKET": "/srv/face.sock", "XDG_RUNTIME_DIR": "/run/user/1000"], userID: 1000)
            == "/srv/face.sock")
        #expect(ControlSocket.defaultPath(environment: ["GLANCE_CONTROL_SOCKET": "", "XDG_RUNTIME_DIR": "/run/user/1000"], userID: 1000)
            == "/run/user/1000/glance/control.sock")
        #expect(ControlSocket.defaultPath(environment: ["XDG_RUNTIME_DIR": "/run/user/0"], userID: 0) == "/run/user/0/glance/control.sock")
        #expect(ControlSocket.defaultPath(environment: [:], userID: 0) == "/run/glance/control.sock")
        #expect(ControlSocket.defaultPath(environment: ["XDG_RUNTIME_DIR": "relative"], userID: 1000) == "/tmp/glance-1000/control.sock")
        #expect(ControlSocket.defaultPath(environment: [:], userID: 1000) == "/tmp/glance-1000/control.sock")
    }

    @Test func aCronJobFindsTheSocketOfTheLoginSession() {
        let session = "/run/user/1000/glance/control.sock"
        #expect(ControlSocket.clientPath(environment: [:], userID: 1000, exists: { $0 == session }) == session)
        #expect(ControlSocket.clientPath(environment: [:], userID: 1000, exists: { _ in true }) == "/tmp/glance-1000/control.sock",
                "a socket at the default path wins")
        #expect(ControlSocket.clientPath(environment: [:], userID: 1000, exists: { _ in false }) == "/tmp/glance-1000/control.sock",
                "with nothing running, the error names the default path")
        #expect(ControlSocket.clientPath(environment: ["GLANCE_CONTROL_SOCKET": "/srv/face.sock"], userID: 1000, exists: { $0 == session })
            == "/srv/face.sock")
    }

    @Test func aClientTalkingToNothingIsToldSo() async {
        let path = socketPath()
        let error = await #expect(throws: UnixSocketError.self) { try await ControlClient.status(socket: path) }
        #expect(error?.description == "control socket \(path): cannot connect: no glance is running with this control socket (start one with glance run)")
    }

    @Test func somethingElseOnTheSocketIsNotMistakenForGlance() async throws {
        let path = socketPath()
        let server = try UnixSocketServer(path: path)
        let serving = Task {
            for try await connection in server.connections {
                await offThePool {
                    _ = connection.readLine()
                    connection.write("220 smtp ready\n")
                }
                break
            }
        }
        await #expect(throws: ControlClientError.garbled(path: path, answer: "220 smtp ready\n")) {
            try await ControlClient.reload(kind: "note", socket: path)
        }
        try await serving.value
        await server.stop()
    }

    /// A face that takes the request and never answers: the client gives up after its timeout
    /// and says so (it printed "Resource temporarily unavailable" before).
    @Test func aFaceThatNeverAnswersIsReportedAfterTheTimeout() async throws {
        let path = socketPath()
        let server = try UnixSocketServer(path: path)
        let held = Arrivals<UnixConnection>(collecting: server.connections)
        let error = await #expect(throws: UnixSocketError.self) {
            try await offThePool { try UnixSocketClient.request(path: path, line: #"{"command":"status"}"#, timeout: 1) }
        }
        #expect(error?.description == "control socket \(path): cannot read the answer: no answer within 1 second")
        #expect(await held.wait { $0.count == 1 }, "the server took the connection and holds it")
        await server.stop()
    }

    @Test func theAnswerTimeoutComesFromTheEnvironment() throws {
        #expect(try ControlClient.answerTimeout(environment: [:]) == 30)
        #expect(try ControlClient.answerTimeout(environment: ["GLANCE_CTL_TIMEOUT": "300"]) == 300)
        for wrong in ["0", "3601", "ten", "2.5", "-1"] {
            #expect(throws: ControlClientError.setting("GLANCE_CTL_TIMEOUT is '\(wrong)', expected a whole number of seconds from 1 to 3600")) {
                try ControlClient.answerTimeout(environment: ["GLANCE_CTL_TIMEOUT": wrong])
            }
        }
    }
}

@Suite struct ControlServerTests {
    @Test func statusRoundTripsAsJSONWithISODates() async throws {
        try await withServer { path, target in
            #expect(try await ControlClient.status(socket: path) == FakeTarget.status)
            let answer = try await offThePool { try UnixSocketClient.request(path: path, line: #"{"command":"status"}"#, timeout: 300) }
            #expect(answer.hasPrefix(#"{"ok":true,"status":{"board":"simulator","buttonEvents":["A click","B long-press"],"#))
            #expect(answer.contains(#""nextWakeUp":"2026-11-21T00:05:00Z""#))
            #expect(await target.calls == ["status", "status"])
        }
    }

    @Test func reloadAndPressReachTheTargetAndItsRefusalsReachTheClient() async throws {
        try await withServer { path, target in
            try await ControlClient.reload(kind: "weather", socket: path)
            await #expect(throws: ControlClientError.refused("no widget kind 'rain' (known: clock, weather)")) {
                try await ControlClient.reload(kind: "rain", socket: path)
            }
            try await ControlClient.press(button: "A", socket: path)
            try await ControlClient.press(button: "B", gesture: .longPress, socket: path)
            await #expect(throws: ControlClientError.refused("no button 'Z' (known: A, B)")) {
                try await ControlClient.press(button: "Z", socket: path)
            }
            #expect(await target.calls == ["reload weather", "reload rain", "press A click", "press B long-press"])
            // The wire form of press, with the gesture left out.
            #expect(try await raw(#"{"command":"press","button":"B"}"#, path) == .success())
            #expect(await target.calls.last == "press B click")
        }
    }

    @Test func screenshotArrivesAsBase64AndDecodesToTheSameBytes() async throws {
        try await withServer { path, _ async throws in
            #expect(try await ControlClient.screenshot(socket: path) == FakeTarget.png)
            #expect(try await raw(#"{"command":"screenshot"}"#, path).png == Data(FakeTarget.png).base64EncodedString())
        }
    }

    @Test func activitiesStartUpdateAndEndThroughTheRuntime() async throws {
        try await withServer { path, target in
            let runtime = target.runtime
            let t0 = Date(timeIntervalSince1970: 1_795_219_200)
            let snapshot = { (id: String) in runtime.activityCenter.liveActivities(at: t0).first { $0.id == id } }
            let start = ActivityControlRequest(action: .start, type: "TeaAttributes", attributes: .object(["name": .string("Sencha")]),
                                               state: .object(["minutes": .number(3)]), relevanceScore: 0.5)
            let id = try await ControlClient.activity(start, socket: path)
            #expect(id == "activity-1")
            let update = ActivityControlRequest(action: .update, id: id, state: .object(["minutes": .number(2)]))
            #expect(try await ControlClient.activity(update, socket: path) == id)
            let content = snapshot(id)?.content as? ActivityContent<TeaAttributes.ContentState>
            #expect(content == ActivityContent(state: .init(minutes: 2), staleDate: nil, relevanceScore: 0.5))

            // The wire form, as a script would send it, with an ISO 8601 stale date.
            let staled = try await raw(#"{"command":"activity","action":"update","id":"activity-1","state":{"minutes":1},"staleDate":"2026-11-21T00:10:00Z"}"#, path)
            #expect(staled == .success(id: id))
            #expect(snapshot(id)?.staleDate == Date(timeIntervalSince1970: 1_795_219_800))

            let end = ActivityControlRequest(action: .end, id: id, state: .object(["minutes": .number(0)]), dismissal: "immediate")
            #expect(try await ControlClient.activity(end, socket: path) == id)
            #expect(runtime.activityCenter.liveActivities(at: t0).isEmpty)

            // Refusals name what is wrong.
            await #expect(throws: ControlClientError.refused("no live activity type 'Coffee' (this bundle shows: TeaAttributes)")) {
                try await ControlClient.activity(ActivityControlRequest(action: .start, type: "Coffee", attributes: .object([:]),
                                                                        state: .object([:])), socket: path)
            }
            let badState = ActivityControlRequest(action: .start, type: "TeaAttributes", attributes: .object(["name": .string("Earl Grey")]),
                                                  state: .object(["minutes": .string("three")]))
            let error = await #expect(throws: ControlClientError.self) { try await ControlClient.activity(badState, socket: path) }
            #expect(error?.description.hasPrefix("the state JSON does not fit TeaAttributes: at minutes: expected to decode Int") == true,
                    "\(String(describing: error))")
            await #expect(throws: ControlClientError.refused(#"activity start needs "state" (the content state as a JSON object)"#)) {
                try await ControlClient.activity(ActivityControlRequest(action: .start, type: "TeaAttributes",
                                                                        attributes: .object(["name": .string("Sencha")])), socket: path)
            }
            await #expect(throws: ControlClientError.refused("no live activity 'activity-1' (none is running)")) {
                try await ControlClient.activity(update, socket: path)
            }
            await #expect(throws: ControlClientError.refused("dismissal 'soon' is not immediate, default or an ISO 8601 date such as 2026-11-21T08:30:00Z")) {
                try await ControlClient.activity(ActivityControlRequest(action: .end, id: id, dismissal: "soon"), socket: path)
            }
        }
    }

    @Test func malformedRequestsGetAnErrorAndTheServerCarriesOn() async throws {
        try await withServer { path, _ in
            let cases: [(String, String)] = [
                ("", #"empty request: send one JSON object on one line, such as {"command":"status"}"#),
                ("{}", #"bad request: missing key "command""#),
                (#"{"command":"fly"}"#, "bad request: at command: unknown command 'fly' (use one of: status, reload, press, screenshot, activity)"),
                (#"{"command":"reload"}"#, #"bad request: missing key "kind""#),
                (#"{"command":"reload","kind":7}"#, "bad request: at kind: expected to decode String but found number instead"),
                (#"{"command":"press","button":"A","gesture":"wiggle"}"#,
                 "bad request: at gesture: unknown gesture 'wiggle' (use one of: click, double-click, long-press, press, release, repeat)"),
            ]
            for (line, message) in cases {
                let response = try await raw(line, path)
                #expect(response == .failure(message), "\(line): \(response.error ?? "")")
            }
            let notJSON = try await raw("status please", path)
            #expect(notJSON.ok == false && notJSON.error?.hasPrefix("bad request: the given data was not valid JSON") == true, "\(notJSON)")
            let array = try await raw("[1,2]", path)
            #expect(array.ok == false && array.error?.hasPrefix("bad request: expected to decode Dictionary<String, Any> but found an array") == true,
                    "\(array)")
            let action = try await raw(#"{"command":"activity","action":"pause"}"#, path)
            #expect(action.ok == false && action.error?.hasPrefix("bad request: at action: ") == true, "\(action)")
            #expect(try await ControlClient.status(socket: path) == FakeTarget.status)
        }
    }

    @Test func aSlowTargetDoesNotHoldUpOtherRequests() async throws {
        try await withServer { path, target in
            let slow = Task { try await ControlClient.reload(kind: "slow", socket: path) }
            var started = target.slowReloadStarted.makeAsyncIterator()
            await started.next()
            // The reload is waiting inside the target; another request is accepted and answered.
            #expect(try await ControlClient.status(socket: path) == FakeTarget.status)
            try await ControlClient.press(button: "A", socket: path)
            await target.release()
            try await slow.value
            #expect(await target.calls == ["reload slow", "status", "press A click"])
        }
    }
}

@Suite struct ControlCommandTests {
    @Test func activityCommandLinesBecomeRequests() throws {
        let start = try #require(try ControlCommand.parseAsRoot([
            "activity", "start", "TeaAttributes", "--attributes", #"{"name":"Sencha"}"#, "--state", #"{"minutes":3}"#,
            "--stale-date", "2026-11-21T00:10:00Z", "--relevance", "0.5", "--socket", "/tmp/x.sock",
        ]) as? ControlCommand.ActivityCommand.Start)
        #expect(try start.request() == ActivityControlRequest(action: .start, type: "TeaAttributes", attributes: .object(["name": .string("Sencha")]),
                                                              state: .object(["minutes": .number(3)]),
                                                              staleDate: Date(timeIntervalSince1970: 1_795_219_800), relevanceScore: 0.5))
        #expect(start.connection.path == "/tmp/x.sock")

        let update = try #require(try ControlCommand.parseAsRoot(["activity", "update", "activity-4", "--state", #"{"minutes":2}"#])
            as? ControlCommand.ActivityCommand.Update)
        #expect(try update.request() == ActivityControlRequest(action: .update, id: "activity-4", state: .object(["minutes": .number(2)])))

        let end = try #require(try ControlCommand.parseAsRoot(["activity", "end", "activity-4", "--dismissal", "2026-11-21T01:00:00Z"])
            as? ControlCommand.ActivityCommand.End)
        #expect(try end.request() == ActivityControlRequest(action: .end, id: "activity-4", dismissal: "2026-11-21T01:00:00Z"))
    }

    @Test func mistakesOnTheCommandLineExitWithStatusTwo() throws {
        let badJSON = try #require(try ControlCommand.parseAsRoot(["activity", "update", "activity-4", "--state", "{minutes:2}"])
            as? ControlCommand.ActivityCommand.Update)
        #expect(throws: ExitCode(2)) { try badJSON.request() }
        let badDate = try #require(try ControlCommand.parseAsRoot(["activity", "update", "activity-4", "--state", "{}", "--stale-date", "noon"])
            as? ControlCommand.ActivityCommand.Update)
        #expect(throws: ExitCode(2)) { try badDate.request() }
        let badDismissal = try #require(try ControlCommand.parseAsRoot(["activity", "end", "activity-4", "--dismissal", "later"])
            as? ControlCommand.ActivityCommand.End)
        #expect(throws: ExitCode(2)) { try badDismissal.request() }
    }

    @Test func jsonOptionsMayComeFromAFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("glance-state-\(UUID().uuidString.prefix(8)).json")
        try Data(#"{"minutes":[1,2.5,null,true]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try ControlCommand.json("@" + file.path, option: "--state")
            == .object(["minutes": .array([.number(1), .number(2.5), .null, .bool(true)])]))
        #expect(throws: ExitCode(2)) { try ControlCommand.json("@/nonexistent/state.json", option: "--state") }
    }
}

/// Issue 15, item 3: the control socket against hostile neighbours and clients.
@Suite struct ControlSocketHardeningTests {
    /// A connected client socket to `path`, with a receive timeout bounding every read
    /// (blocking: call it through `offThePool`, off the concurrency pool the server needs).
    private static func connectClient(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return connected == 0 ? fd : -errno
    }

    /// Everything the server sends until it closes (or the 30 s receive timeout: then "timeout").
    private static func readAll(_ fd: Int32) -> String {
        var answer = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN { return "timeout" }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    @Test func aFolderOfAnotherUserOrOpenToOthersIsRefused() async throws {
        let target = try await FakeTarget()
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("glance-ctl-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: base) }
        // Pre-created open to others (mkdir with the usual umask gives 0755).
        let open = base.appendingPathComponent("open")
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let loose = #expect(throws: UnixSocketError.self) { try ControlServer(path: open.appendingPathComponent("control.sock").path, target: target) }
        #expect(loose?.description.contains("its mode is 755, open to others who could replace the socket; make it private with chmod 700") == true)
        // Owned by someone else: made so when the tests run as root, else a folder root owns.
        let foreign: String
        if geteuid() == 0 {
            let made = base.appendingPathComponent("foreign")
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try #require(chown(made.path, 65534, 65534) == 0)
            foreign = made.path
        } else {
            foreign = "/usr"
        }
        let owned = #expect(throws: UnixSocketError.self) { try ControlServer(path: foreign + "/control.sock", target: target) }
        #expect(owned?.description.contains("it belongs to user \(geteuid() == 0 ? 65534 : 0), not to you (user \(geteuid()))") == true)
        // A symbolic link in the folder's place.
        let link = base.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/tmp")
        let linked = #expect(throws: UnixSocketError.self) { try ControlServer(path: link.appendingPathComponent("control.sock").path, target: target) }
        #expect(linked?.description.contains("it is not a folder but a link or a file") == true)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/control.sock"))
        // A socket straight in /tmp: advice to use a folder of its own, never to change /tmp.
        let shared = #expect(throws: UnixSocketError.self) { try ControlServer(path: "/tmp/glance-test-\(UUID().uuidString.prefix(8)).sock", target: target) }
        #expect(shared?.description.contains("cannot use the folder /tmp: it is a folder shared by every user (mode 1777); put the socket in a folder of its own, such as /tmp/glance-\(geteuid())/control.sock") == true,
                "\(shared?.description ?? "")")
    }

    @Test func aDribblingClientCannotDelayTheStop() async throws {
        let path = socketPath()
        // A request timeout of an hour: only cutting the connection can end the handler.
        let server = try ControlServer(path: path, target: try await FakeTarget(), requestTimeout: 3600)
        let dribbler = await offThePool { Self.connectClient(path) }
        try #require(dribbler >= 0, "connect: errno \(-dribbler)")
        defer { close(dribbler) }
        #expect(send(dribbler, "{", 1, 0) == 1)
        // Connections are taken in order: once a later request is answered, the dribbler's is being handled.
        #expect(try await raw(#"{"command":"status"}"#, path).ok)
        await server.stop()
        #expect(await offThePool { Self.readAll(dribbler) } == "", "the server cut the connection instead of waiting for the rest of the line")
    }

    @Test func fourHundredHeldConnectionsAreAnsweredBusyAndTheSocketRecovers() async throws {
        let path = socketPath()
        let server = try ControlServer(path: path, target: try await FakeTarget(), requestTimeout: 3600)
        let held = await offThePool { (0..<400).map { _ in Self.connectClient(path) } }
        try #require(held.allSatisfy { $0 >= 0 }, "connect: errno \(-(held.first { $0 < 0 } ?? 0))")
        // The first ones are handled (and wait for their line); every other is told at once.
        let limit = ControlServer.maximumClients
        let answers = await offThePool { held[limit...].map { Self.readAll($0) } }
        for answer in answers {
            #expect(answer.contains("busy: \(limit) requests are being answered"), "\(answer)")
        }
        for fd in held { close(fd) }
        await server.idle()
        #expect(try await raw(#"{"command":"status"}"#, path).ok)
        await server.stop()
    }

    /// With every handler taken, `glance ctl` says the face is busy: the server answers and
    /// closes before reading the request, so the client's send or read could fail first, and
    /// it printed "Connection reset by peer" instead.
    @Test func aClientTurnedAwaySaysBusy() async throws {
        let path = socketPath()
        let server = try ControlServer(path: path, target: try await FakeTarget(), requestTimeout: 3600)
        let limit = ControlServer.maximumClients
        let held = await offThePool { (0..<limit).map { _ in Self.connectClient(path) } }
        try #require(held.allSatisfy { $0 >= 0 })
        // Every handler holds one of them once a further connection is turned away.
        let probe = await offThePool {
            let fd = Self.connectClient(path)
            defer { close(fd) }
            return Self.readAll(fd)
        }
        try #require(probe.contains("busy"), "\(probe)")
        for _ in 0..<20 {
            let error = await #expect(throws: ControlClientError.self) { try await ControlClient.send(.status, socket: path) }
            #expect(error == .refused("busy: \(limit) requests are being answered; try again"), "\(String(describing: error))")
        }
        for fd in held { close(fd) }
        await server.stop()
    }

    @Test func thePeerOfAConnectionIsKnown() throws {
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        #expect(UnixSocketServer.peerUserID(pair[0]) == geteuid())
    }
}
