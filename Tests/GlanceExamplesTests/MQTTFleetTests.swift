import Foundation
import Glance
import GlanceFace
import GlanceInput
import GlanceLinux
import GlancePanels
import GlanceTesting
import Logging
import Testing
@testable import GlanceExamples
@testable import GlanceHost

/// Three faces on one real Mosquitto broker (started by the test on a free loopback port),
/// each a whole `FaceHost` running its live loop on a clock the test owns, with the demo
/// widgets and an emulated SSD1306 whose glass every check reads.
final class Fleet: Sendable {
    struct Face: Sendable {
        let name: String
        let clock: ManualClock
        let host: FaceHost
        let bridge: MQTTBridge
        let demo: DemoWidgets
        let notices: Arrivals<FaceSnapshot>
        let handled: Arrivals<MQTTClient.Event>
        let log: LineLog
        let loop: Task<Void, Never>
        /// What its bridge was made with, for a second bridge (a restart).
        let mqtt: MQTTConfiguration
        let logger: Logger

        func glass() async -> Bitmap { await host.assembly.glass!() }
        /// Snapshots published so far (a frame, a gesture, a light change each publish one).
        func frames() -> Int { notices.all.count }
        func status() async -> ControlStatus { await host.status() }
    }

    let broker: MosquittoBroker
    let faces: [Face]
    /// Home Assistant's view of the broker, and a remote that sends commands; their sessions
    /// last across the broker's restart.
    let watch: MQTTWatch
    var seen: Arrivals<MQTTClient.Event> { watch.seen }
    private let folder: TemporaryDirectory

    init(names: [String] = ["kitchen", "hall", "desk"]) async throws {
        folder = try TemporaryDirectory()
        broker = try MosquittoBroker(directory: folder.url.appendingPathComponent("broker"))
        try broker.start()
        var faces = [Face]()
        for name in names { faces.append(try await Self.face(name, port: broker.port)) }
        self.faces = faces
        watch = try MQTTWatch(port: broker.port, cleanSession: false)
    }

    private static func face(_ name: String, port: Int) async throws -> Face {
        let (clock, demo, log, logger, face, host) = try await assemble(mqtt: "host: 127.0.0.1\nport: \(port)\nface: \(name)\nglass: 1s")
        let notices = Arrivals(collecting: await host.snapshots())
        let handled = Arrivals<MQTTClient.Event>()
        let bridge = try MQTTBridge(configuration: face.mqtt!, host: host, logger: logger, backoff: 0.2...1,
                                    onHandled: { handled.append($0) })
        let loop = Task { await host.runLive(duration: nil) }
        await bridge.connect()
        return Face(name: name, clock: clock, host: host, bridge: bridge, demo: demo, notices: notices, handled: handled, log: log, loop: loop,
                    mqtt: face.mqtt!, logger: logger)
    }

    /// The demo face on the simulator board, with `mqtt` (YAML lines) as its mqtt section, on a
    /// clock the test owns, logging into a `LineLog`.
    static func assemble(mqtt: String) async throws -> (ManualClock, DemoWidgets, LineLog, Logger, FaceConfiguration, FaceHost) {
        let clock = ManualClock(now: morning, advancesOnSleep: false)
        let demo = try DemoWidgets(now: { clock.now })
        let log = LineLog()
        let logger = Logger(label: "test") { label in GlanceLogHandler(label: label, level: .info, destination: .sink { log.append($0) }) }
        let yaml = demoFace(board: "simulator") + "\nmqtt:\n" + mqtt.split(separator: "\n").map { "  \($0)\n" }.joined()
        let face = try FaceConfiguration(yaml: yaml, file: "glance.yaml")
        let host = try await FaceAssembly.make(.init(
            board: try BoardCatalog.board("simulator"), face: face, facePath: nil,
            bundle: BundleContents(widgets: demo.descriptors), clock: clock, logger: logger, stateDirectory: demo.data.url,
            capture: nil, frameFolder: nil, screen: nil,
            adjustSettings: { settings in
                settings.locale = Locale(identifier: "en_US_POSIX")
                settings.timeZone = utc
            },
            // Several faces in one process: each has its own center, as each process has on a board.
            widgetCenter: WidgetCenter()))
        return (clock, demo, log, logger, face, host)
    }

    func face(_ name: String) -> Face { faces.first { $0.name == name }! }

    /// Messages the observer received, oldest first.
    func messages() -> [MQTTClient.Message] { watch.messages() }

    static func messages(_ events: [MQTTClient.Event]) -> [MQTTClient.Message] { MQTTWatch.messages(events) }

    /// The payloads seen on `topic`, oldest first.
    func payloads(_ topic: String) -> [String] { watch.payloads(topic) }

    func publish(_ topic: String, _ text: String, retain: Bool = false) { watch.publish(topic, text, retain: retain) }

    /// Waits until the observer has seen a message on `topic` with `payload` (`count` of them).
    func waitFor(_ topic: String, _ payload: String, count: Int = 1) async -> Bool { await watch.waitFor(topic, payload, count: count) }

    func shutDown() async {
        for face in faces {
            await face.bridge.disconnect()
            face.host.post(.stop)
            await face.loop.value
        }
        await watch.stop()
        broker.stop()
    }
}

@Suite(.serialized) struct MQTTFleetTests {
    /// Fields Home Assistant requires (or this design depends on) for each component.
    static let required: [String: [String]] = [
        "image": ["image_topic", "content_type", "unique_id", "device", "availability_topic"],
        "light": ["command_topic", "state_topic", "brightness_command_topic", "brightness_state_topic", "brightness_scale", "unique_id", "device", "availability_topic"],
        "select": ["command_topic", "state_topic", "options", "unique_id", "device", "availability_topic"],
        "text": ["command_topic", "state_topic", "unique_id", "device", "availability_topic"],
        "sensor": ["state_topic", "value_template", "unique_id", "device", "availability_topic"],
        "device_automation": ["automation_type", "topic", "type", "subtype", "device", "payload"],
        "button": ["command_topic", "payload_press", "unique_id", "device", "availability_topic"],
    ]

    @Test func threeFacesJoinAnnounceThemselvesAndFollowTheBroadcastAndTheirOwnCommands() async throws {
        let fleet = try await Fleet()
        for face in fleet.faces {
            #expect(await fleet.waitFor("glance/\(face.name)/availability", "online"), "\(face.name) never said it was online")
        }

        // Discovery: 6 entities, and a button entity and a trigger for each of the 4 bound
        // buttons per face, each valid JSON with what Home Assistant needs (MQTTHomeAssistantTests
        // checks them key by key).
        let expected = 6 + 4 + 4
        #expect(await fleet.seen.wait { Fleet.messages($0).filter { $0.topic.hasPrefix("homeassistant/") }.count >= 3 * expected })
        var uniqueIDs = Set<String>()
        var triggers = Set<String>()
        for message in fleet.messages() where message.topic.hasPrefix("homeassistant/") {
            let component = String(message.topic.split(separator: "/")[1])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any], "\(message.topic) is not a JSON object")
            for field in try #require(Self.required[component], "unexpected component \(component)") {
                #expect(document[field] != nil, "\(message.topic) lacks \(field)")
            }
            let device = try #require(document["device"] as? [String: Any])
            let identifiers = try #require(device["identifiers"] as? [String])
            #expect(message.topic.contains("/\(identifiers[0])/"), "\(message.topic): one device per face")
            if let id = document["unique_id"] as? String { #expect(uniqueIDs.insert(id).inserted, "unique_id \(id) twice") }
            if component == "device_automation" {
                #expect(document["automation_type"] as? String == "trigger")
                let key = "\(identifiers[0]) \(document["type"]!) \(document["subtype"]!)"
                #expect(triggers.insert(key).inserted, "type and subtype must be unique per device: \(key)")
            }
            if component == "select" { #expect(document["options"] as? [String] == ["clock", "weather", "tasks", "system"]) }
        }
        #expect(uniqueIDs.count == 3 * (6 + 4))

        // The broadcast: every face shows the weather, then one retained weather report reaches all three glasses.
        fleet.publish("glance/all/widget/set", "weather")
        for face in fleet.faces {
            #expect(await fleet.waitFor("glance/\(face.name)/widget", "weather"))
        }
        var before = [Bitmap]()
        for face in fleet.faces { before.append(await face.glass()) }
        let report = #"{"location": "Hamburg", "temperature": -3, "condition": "Snow", "symbol": "cloud.snow.fill", "low": -5, "high": 0, "updated": "2026-11-21T07:55:00Z"}"#
        fleet.publish("glance/all/group/weather.json", report, retain: true)
        for (index, face) in fleet.faces.enumerated() {
            let before = before[index]
            #expect(await face.notices.wait { _ in face.demo.data.read("glance/weather.json") == report }, "\(face.name) never wrote the file")
            // The reload is asynchronous: frame by frame until the new report is on the glass.
            var changed = await face.glass() != before
            var frames = face.frames()
            for _ in 0..<10 where !changed {
                guard await face.notices.wait(until: { [frames] in $0.count > frames }) else { break }
                frames = face.frames()
                changed = await face.glass() != before
            }
            #expect(changed, "\(face.name)'s glass did not change")
        }
        // A face's first changed frame need not be its last of the reload (seen once in a full
        // parallel run): while the glasses differ, each face may draw once more (bounded waits).
        var glasses = await [fleet.faces[0].glass(), fleet.faces[1].glass(), fleet.faces[2].glass()]
        for _ in 0..<3 where !(glasses[0] == glasses[1] && glasses[1] == glasses[2]) {
            for face in fleet.faces {
                let frames = face.frames()
                _ = await face.notices.wait(seconds: 5, until: { [frames] in $0.count > frames })
            }
            glasses = await [fleet.faces[0].glass(), fleet.faces[1].glass(), fleet.faces[2].glass()]
        }
        #expect(glasses[0] == glasses[1] && glasses[1] == glasses[2], "the same data on the same board and time draws the same glass")

        // A press published to one face runs its binding there only, and its gesture comes back.
        fleet.publish("glance/desk/press", "down")
        #expect(await fleet.waitFor("glance/desk/button/down", "click"))
        #expect(await fleet.waitFor("glance/desk/widget", "tasks"))
        #expect(await fleet.face("desk").status().slots[0].kind == "tasks")
        #expect(await fleet.face("hall").status().slots[0].kind == "weather")

        // A malformed payload is rejected with the topic named, and the face goes on.
        fleet.publish("glance/kitchen/group/weather.json", "{\"temperature\": ", retain: false)
        let kitchen = fleet.face("kitchen")
        #expect(await kitchen.handled.wait { Fleet.messages($0).contains { $0.topic == "glance/kitchen/group/weather.json" && $0.text.hasPrefix("{\"temperature\": ") && !$0.retain } })
        #expect(kitchen.log.all.contains { $0.contains("MQTT: ignored glance/kitchen/group/weather.json: the payload is not JSON") })
        #expect(kitchen.demo.data.read("glance/weather.json") == report)
        fleet.publish("glance/kitchen/press", "down")
        #expect(await fleet.waitFor("glance/kitchen/button/down", "click"))
        await fleet.shutDown()
    }

    @Test func theFacesRideOutTheBrokerGoingAwayAndCommandsSentMeanwhileArriveOnce() async throws {
        let fleet = try await Fleet()
        for face in fleet.faces {
            #expect(await fleet.waitFor("glance/\(face.name)/availability", "online"))
        }
        fleet.broker.stop()
        for face in fleet.faces {
            #expect(await face.handled.wait { $0.contains { if case .disconnected = $0 { true } else { false } } })
        }
        // While the broker is away: QoS 1 commands queue at the sender (two presses for the
        // hall: by then it has dimmed, so the first only wakes it and the second moves its
        // stack), and each face's clock moves on minute by minute; every minute reaches its glass.
        fleet.publish("glance/hall/press", "down")
        fleet.publish("glance/hall/press", "down")
        fleet.publish("glance/all/reload", "clock")
        for minute in 1...3 {
            for face in fleet.faces {
                let frames = face.frames()
                let before = await face.glass()
                face.clock.advance(by: 60)
                #expect(await face.notices.wait { $0.dropFirst(frames).contains { $0.glass != before } }, "\(face.name) minute \(minute)")
                #expect(await face.glass() != before)
                #expect(await face.status().panelHealthy)
            }
        }
        // At least ten seconds away, counted in the faces' retries: 0.2 + 0.4 + 0.8 s, then 1 s
        // each, so twelve failed attempts are 10.4 s of back-off. One log line for them all.
        for face in fleet.faces {
            #expect(await face.handled.wait(seconds: 60) { $0.filter { if case .connectionFailed = $0 { true } else { false } }.count >= 12 })
        }
        for face in fleet.faces {
            #expect(face.log.all.filter { $0.contains("MQTT: cannot connect") }.count == 1, "\(face.name): \(face.log.all)")
        }
        try fleet.broker.start()
        for face in fleet.faces {
            #expect(await fleet.seen.wait(seconds: 30) { events in
                let availability = Fleet.messages(events).filter { $0.topic == "glance/\(face.name)/availability" }.map(\.text)
                return availability.starts(with: ["online"]) && availability.dropFirst().contains("offline")
                    && availability.last == "online" && availability.count >= 3
            }, "\(face.name): availability \(fleet.payloads("glance/\(face.name)/availability"))")
        }
        #expect(await fleet.waitFor("glance/hall/button/down", "click", count: 2))
        #expect(await fleet.waitFor("glance/hall/widget", "weather"))
        // Exactly once: nothing more arrives, and the stack moved one step (weather, not tasks).
        #expect(!(await fleet.seen.wait(seconds: 1) { Fleet.messages($0).filter { $0.topic == "glance/hall/button/down" }.count > 2 }))
        let hall = await fleet.face("hall").status()
        #expect(hall.buttonEvents == ["down click", "down click"])
        #expect(hall.slots[0].kind == "weather")
        #expect(hall.state == "active")
        for face in fleet.faces {
            #expect(face.log.all.contains { $0.contains("MQTT: connected to 127.0.0.1:\(fleet.broker.port) again") })
        }
        await fleet.shutDown()
    }

    @Test func wrongCredentialsAndAnUnreachableBrokerAreOneLineEachAndRetried() async throws {
        let folder = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: folder.url.appendingPathComponent("broker"), users: ["glance": "secret"])
        try broker.start()
        try "wrong\n".write(to: folder.url.appendingPathComponent("password"), atomically: true, encoding: .utf8)
        for (port, expected) in [(broker.port, "Not authorized"), (try MosquittoBroker.freePort(), "Connection refused")] {
            let password = folder.url.appendingPathComponent("password").path
            let (_, _, log, logger, face, host) = try await Fleet.assemble(
                mqtt: "host: 127.0.0.1\nport: \(port)\nface: desk\nusername: glance\npassword-file: \(password)")
            let handled = Arrivals<MQTTClient.Event>()
            let bridge = try MQTTBridge(configuration: face.mqtt!, host: host, logger: logger, backoff: 0.1...0.4, onHandled: { handled.append($0) })
            let loop = Task { await host.runLive(duration: nil) }
            await bridge.connect()
            #expect(await handled.wait { $0.filter { if case .connectionFailed = $0 { true } else { false } }.count >= 4 })
            let lines = log.all.filter { $0.contains("MQTT: cannot connect") }
            #expect(lines.count == 1, "\(lines)")
            #expect(lines.first?.contains(expected) == true, "\(lines)")
            #expect(lines.first?.contains("retrying") == true)
            // The face went on: a button still runs its binding.
            try await host.press(button: "down", gesture: .click)
            #expect(await host.status().slots[0].kind == "weather")
            await bridge.disconnect()
            host.post(.stop)
            await loop.value
        }
        broker.stop()
    }
}
