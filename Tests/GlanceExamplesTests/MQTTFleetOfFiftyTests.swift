import Foundation
import GlanceCore
import GlanceLinux
import GlanceTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import GlanceHost

/// Fifty faces on one broker, as a house full of panels would have them: fifty `glance run
/// --headless` processes (the demo program, a simulator board, a state folder each) on one
/// Mosquitto the test starts on a free loopback port. A retained `weather.json` published once
/// on `glance/all/group/` reaches every glass; the broker stops and starts again on the same
/// port with its persistence while QoS 1 presses are on their way, and every press applies
/// exactly once while every face's availability goes `offline` (its last will) and back.
///
/// What is real time here: the faces run on the system clock (a `glance run` that joins a
/// broker has no other: `--clock fast` runs without one, `--clock simulated` needs the browser
/// page), the broker and the loopback network are real, and the latency figures are real
/// time on the test process's monotonic clock. Nothing asserts on time: every wait is bounded
/// and says which faces did not arrive, and the faces' pictures depend on nothing that moves
/// with the clock (the weather widget alone is on the glass, the burn-in shift is off, the face
/// never dims). The figures this test prints are in Docs/Performance.md, "Fleet of fifty".
@Suite(.serialized) struct MQTTFleetOfFiftyTests {
    /// How many faces.
    static let size = 50

    /// The glance executable built alongside the tests (`swift build --build-tests` builds it).
    static let glance = builtProduct("glance")

    /// The simulator's SSD1306 without the burn-in shift (whose steps would change a glass at a
    /// moment of the clock's choosing) and with the one button the face binds.
    static let board = """
        name: fleet
        description: the simulator's 128×64 SSD1306, without the burn-in shift
        panel:
          controller: ssd1306
          size: 128x64
          bus: emulated
          look: white
          shift: off
        buttons:
          lines:
            down: {key: down}
        """

    /// The face: the weather on the glass, a stack `down` moves, never dimmed.
    static func face(_ name: String, port: Int) -> String {
        """
        slots:
          - family: accessoryRectangular
            widgets: [weather, clock, tasks, system]
            pinned: true
        bindings:
          down: stack.next
        always-on:
          idle: never
        mqtt:
          host: 127.0.0.1
          port: \(port)
          face: \(name)
          glass: 1s

        """
    }

    /// The fifty processes; any still running when this goes away are killed.
    final class Processes: @unchecked Sendable {
        struct Face {
            let name: String
            let state: URL
            let log: URL
            let process: Process
            var socket: String { state.appendingPathComponent("control.sock").path }
            var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        }

        private(set) var faces: [Face] = []
        /// The names of the faces whose process ended, in order.
        let ended = Arrivals<String>()

        func launch(_ name: String, folder: URL, board: URL, port: Int) throws {
            let state = folder.appendingPathComponent(name, isDirectory: true)
            // Private, as the control socket's folder must be.
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let faceFile = state.appendingPathComponent("glance.yaml")
            try MQTTFleetOfFiftyTests.face(name, port: port).write(to: faceFile, atomically: true, encoding: .utf8)
            let log = state.appendingPathComponent("glance.log")
            guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: log.path]) }
            let output = try FileHandle(forWritingTo: log)
            let process = Process()
            process.executableURL = MQTTFleetOfFiftyTests.glance
            process.arguments = ["run", "--headless", "--board", board.path, "--config", faceFile.path]
            process.currentDirectoryURL = state
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = output
            var environment = ProcessInfo.processInfo.environment
            environment["GLANCE_STATE_DIR"] = state.path
            environment["GLANCE_CONTROL_SOCKET"] = state.appendingPathComponent("control.sock").path
            process.environment = environment
            let ended = self.ended
            process.terminationHandler = { _ in ended.append(name) }
            try process.run()
            try output.close()
            faces.append(Face(name: name, state: state, log: log, process: process))
        }

        /// SIGTERM to every face, then waits (at most `seconds`) for all to end.
        /// - Returns: The faces still running.
        func stop(seconds: Double = 60) async -> [String] {
            for face in faces where face.process.isRunning { face.process.terminate() }
            let count = faces.count
            _ = await ended.wait(seconds: seconds) { $0.count >= count }
            let done = Set(ended.all)
            return faces.map(\.name).filter { !done.contains($0) }
        }

        deinit {
            for face in faces where face.process.isRunning { kill(face.process.processIdentifier, SIGKILL) }
        }
    }

    /// The `fraction` percentile of `values` (nearest rank).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }

    static func milliseconds(_ duration: Duration) -> Double { duration.timeInterval * 1000 }

    /// `names` that `arrived` leaves out, for a failure message.
    static func missing(_ names: [String], _ arrived: Set<String>) -> String {
        let left = names.filter { !arrived.contains($0) }
        return "\(left.count) of \(names.count): \(left.joined(separator: ", "))"
    }

    @Test func fiftyFaceProcessesFollowOneBroadcastAndRideOutABrokerRestartApplyingEveryCommandOnce() async throws {
        let began = ContinuousClock.now
        #expect(FileManager.default.isExecutableFile(atPath: Self.glance.path), "\(Self.glance.path) is missing: build it with swift build --build-tests")
        let folder = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: folder.url.appendingPathComponent("broker"))
        try broker.start()
        let port = broker.port
        let watch = try MQTTWatch(port: port, subscriptions: ["glance/#"], cleanSession: false)
        #expect(await watch.connected(), "the observer did not connect")
        let boardFile = folder.url.appendingPathComponent("fleet-board.yaml")
        try Self.board.write(to: boardFile, atomically: true, encoding: .utf8)

        // MARK: Fifty faces join
        let names = (1...Self.size).map { String(format: "face%02d", $0) }
        let fleet = Processes()
        let faceFolder = folder.url.appendingPathComponent("faces", isDirectory: true)
        let launching = ContinuousClock.now
        for name in names { try fleet.launch(name, folder: faceFolder, board: boardFile, port: port) }
        /// The faces whose latest message on `glance/NAME/<suffix>` satisfies `test`.
        @Sendable func faces(_ messages: [MQTTClient.Message], latest suffix: String, _ test: (MQTTClient.Message) -> Bool) -> Set<String> {
            var latest = [String: MQTTClient.Message]()
            for message in messages where message.topic.hasSuffix("/\(suffix)") { latest[message.topic] = message }
            return Set(names.filter { latest["glance/\($0)/\(suffix)"].map(test) ?? false })
        }
        let joined = await watch.seen.wait(seconds: 240) { events in
            let messages = MQTTWatch.messages(events)
            return faces(messages, latest: "availability") { $0.text == "online" }.count == names.count
                && faces(messages, latest: "glass") { !$0.payload.isEmpty }.count == names.count
        }
        let started = ContinuousClock.now
        let online = faces(watch.messages(), latest: "availability") { $0.text == "online" }
        let glassy = faces(watch.messages(), latest: "glass") { !$0.payload.isEmpty }
        try #require(joined, "online: missing \(Self.missing(names, online)); glass: missing \(Self.missing(names, glassy)); first log: \(fleet.faces.first { !online.contains($0.name) }?.logText ?? "")")

        // Each face shows the weather (no report yet) and has had no gesture.
        for face in fleet.faces {
            let status = try await ControlClient.status(socket: face.socket)
            #expect(status.slots.first?.kind == "weather" && status.buttonEvents.isEmpty && status.state == "active", "\(face.name): \(status)")
        }

        // MARK: One broadcast reaches fifty glasses
        let before = watch.messages().filter { $0.topic.hasSuffix("/glass") }.reduce(into: [String: [UInt8]]()) { $0[$1.topic] = $1.payload }
        let lastGlass = watch.stampedMessages().filter { $0.message.topic.hasSuffix("/glass") }.reduce(into: [String: ContinuousClock.Instant]()) { $0[$1.message.topic] = $1.at }
        let report = #"{"location": "Hamburg", "temperature": -3, "condition": "Snow", "symbol": "cloud.snow.fill", "low": -5, "high": 0, "updated": "2026-11-21T07:55:00Z"}"#
        let from = watch.seen.all.count
        let published = ContinuousClock.now
        watch.publish("glance/all/group/weather.json", report, retain: true)
        // Every glass changes; then all fifty show the same picture (the same data on the same
        // board draws the same glass), which may take a face a second frame of the reload.
        let changedGlass: @Sendable ([MQTTClient.Event]) -> [String: [UInt8]] = { events in
            var latest = [String: [UInt8]]()
            for message in MQTTWatch.messages(Array(events.dropFirst(from))) where message.topic.hasSuffix("/glass") && before[message.topic] != message.payload {
                latest[message.topic] = message.payload
            }
            return latest
        }
        let allChanged = await watch.seen.wait(seconds: 120) { changedGlass($0).count == names.count }
        let changed = changedGlass(watch.seen.all)
        try #require(allChanged, "the weather did not reach the glass of \(Self.missing(names, Set(changed.keys.map { String($0.split(separator: "/")[1]) })))")
        var tally = [[UInt8]: Int]()
        for payload in changed.values { tally[payload, default: 0] += 1 }
        let common = tally.max { $0.value < $1.value }!.key
        let converged = await watch.seen.wait(seconds: 30) { changedGlass($0).values.allSatisfy { $0 == common } }
        let different = changedGlass(watch.seen.all).filter { $0.value != common }.keys.sorted()
        #expect(converged, "glasses unlike the other faces': \(different)")
        #expect(before.values.allSatisfy { $0 != common }, "the report changed nothing")
        // Latency: from the publish to the observer receiving the glass that shows the report.
        var latencies = [Double]()
        for name in names {
            let arrival = watch.stampedMessages(from: from).first { $0.message.topic == "glance/\(name)/glass" && $0.message.payload == common }
            if let arrival { latencies.append(Self.milliseconds(arrival.at - published)) }
        }
        #expect(latencies.count == names.count)
        // A face that sent a glass less than the interval (1 s) before waits for it with the next.
        let spaced = lastGlass.values.filter { published - $0 < .seconds(1) }.count

        // MARK: The broker restarts while presses are on their way
        // Every face gets two presses of `down` (its stack moves one step each): the first sent
        // just before the broker stops, so it is anywhere between the remote, the broker and the
        // face; a copy of it (a sender's retry after a lost acknowledgement) and the second while
        // the broker is away. Each face must apply exactly two; the copy reaches it before the
        // second, so once the second is applied the copy has been recognised.
        for name in names { watch.publish("glance/\(name)/press", #"{"button": "down", "command_id": "\#(name)-1"}"#) }
        let restartFrom = watch.seen.all.count
        broker.stop()
        for name in names {
            watch.publish("glance/\(name)/press", #"{"button": "down", "command_id": "\#(name)-1"}"#)
            watch.publish("glance/\(name)/press", #"{"button": "down", "command_id": "\#(name)-2"}"#)
        }
        try broker.start()
        let restarted = ContinuousClock.now
        #expect(broker.port == port, "the broker came back on \(broker.port), not \(port)")
        let backOnline: @Sendable ([MQTTClient.Event]) -> Set<String> = { events in
            var availability = [String: [String]]()
            for message in MQTTWatch.messages(Array(events.dropFirst(restartFrom))) where message.topic.hasSuffix("/availability") {
                availability[message.topic, default: []].append(message.text)
            }
            return Set(names.filter { name in
                let seen = availability["glance/\(name)/availability"] ?? []
                return seen.contains("offline") && seen.last == "online"
            })
        }
        let recovered = await watch.seen.wait(seconds: 120) { backOnline($0).count == names.count }
        let recovery = ContinuousClock.now - restarted
        #expect(recovered, "availability did not go offline and back online for \(Self.missing(names, backOnline(watch.seen.all)))")
        let moved = await watch.seen.wait(seconds: 120) { events in
            faces(MQTTWatch.messages(Array(events.dropFirst(restartFrom))), latest: "widget") { $0.text == "tasks" }.count == names.count
        }
        let applied = ContinuousClock.now - restarted
        let showingTasks = faces(MQTTWatch.messages(Array(watch.seen.all.dropFirst(restartFrom))), latest: "widget") { $0.text == "tasks" }
        #expect(moved, "two steps of the stack (tasks) not reached by \(Self.missing(names, showingTasks))")
        // Exactly twice each, by the face's own account, and the retried copy was recognised.
        var redeliveries = 0
        for face in fleet.faces {
            let status = try await ControlClient.status(socket: face.socket)
            #expect(status.buttonEvents == ["down click", "down click"], "\(face.name): \(status.buttonEvents)")
            #expect(status.slots.first?.kind == "tasks", "\(face.name): \(status.slots)")
            let log = face.logText
            let ignored = log.components(separatedBy: "was applied already").count - 1
            redeliveries += ignored
            #expect(log.contains("command_id \(face.name)-1 was applied already"), "\(face.name) never saw the retried copy: \(log)")
            #expect(log.contains("MQTT: connected to 127.0.0.1:\(port) again"), "\(face.name): \(log)")
        }

        // MARK: Fifty faces stop
        let stopFrom = watch.seen.all.count
        let running = await fleet.stop()
        #expect(running.isEmpty, "still running after SIGTERM: \(running)")
        for face in fleet.faces where !face.process.isRunning {
            #expect(face.process.terminationStatus == 0, "\(face.name) exited \(face.process.terminationStatus): \(face.logText)")
        }
        let offline = await watch.seen.wait(seconds: 30) { events in
            faces(MQTTWatch.messages(Array(events.dropFirst(stopFrom))), latest: "availability") { $0.text == "offline" }.count == names.count
        }
        #expect(offline, "not offline after stopping: \(Self.missing(names, faces(watch.messages(), latest: "availability") { $0.text == "offline" }))")
        await watch.stop()
        broker.stop()

        let wall = ContinuousClock.now - began
        func ms(_ value: Double) -> String { String(format: "%.0f", value) }
        func s(_ duration: Duration) -> String { String(format: "%.1f", duration.timeInterval) }
        print("""
            fleet of fifty: \(names.count) glance processes on one Mosquitto (loopback)
              start to all online with a glass  \(s(started - launching)) s
              broadcast weather.json to glass   p50 \(ms(Self.percentile(latencies, 0.5))) ms, p90 \(ms(Self.percentile(latencies, 0.9))) ms, \
            p99 \(ms(Self.percentile(latencies, 0.99))) ms, min \(ms(latencies.min() ?? .nan)) ms (\(latencies.count) faces; \
            \(spaced) had sent a glass less than its 1 s interval before)
              broker restart                    all offline and back online \(s(recovery)) s after it ran again; \
            \(names.count * 2) presses applied once each \(s(applied)) s after; \(redeliveries) redelivered copies ignored
              test wall time                    \(s(wall)) s
            """)
    }
}
