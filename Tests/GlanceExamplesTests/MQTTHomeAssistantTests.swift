import Foundation
import Glance
import GlanceCore
import GlanceFace
import GlanceInput
import GlanceLinux
import GlanceTesting
import Logging
import Testing
@testable import GlanceExamples
@testable import GlanceHost

/// Home Assistant's side of a face on a real Mosquitto broker (started by the test on a free
/// loopback port): discovery documents checked key by key against Home Assistant's documented
/// MQTT schema, discovery that stays true across SIGHUP and restarts, commands with ids, and
/// `mqtt.subscribe`. The face is read from a face file, so SIGHUP reads it again.
@Suite(.serialized) struct MQTTHomeAssistantTests {
    /// One face from a face file, its bridge, and a broker with an observer and a remote.
    final class Setup: Sendable {
        let folder: TemporaryDirectory
        let broker: MosquittoBroker
        let clock: ManualClock
        let demo: DemoWidgets
        let log: LineLog
        let host: FaceHost
        let bridge: MQTTBridge
        let handled: Arrivals<MQTTClient.Event>
        let loop: Task<Void, Never>
        /// Home Assistant's view of the broker, and a remote that sends commands.
        let watch: MQTTWatch
        var seen: Arrivals<MQTTClient.Event> { watch.seen }
        let facePath: URL

        /// The demo face with `bindings` (face-file lines) and `mqtt` (lines of the section).
        /// - Parameter before: Runs once the broker is up, before the face joins it.
        init(bindings: [String] = [], mqtt: [String] = [], face: String? = nil,
             before: (MosquittoBroker, DemoWidgets) async throws -> Void = { _, _ in }) async throws {
            folder = try TemporaryDirectory()
            broker = try MosquittoBroker(directory: folder.url.appendingPathComponent("broker"))
            try broker.start()
            let clock = ManualClock(now: morning, advancesOnSleep: false)
            self.clock = clock
            demo = try DemoWidgets(now: { clock.now })
            try await before(broker, demo)
            let log = LineLog()
            self.log = log
            let logger = Logger(label: "test") { label in GlanceLogHandler(label: label, level: .info, destination: .sink { log.append($0) }) }
            facePath = folder.url.appendingPathComponent("glance.yaml")
            try Self.faceFile(port: broker.port, bindings: bindings, mqtt: mqtt, base: face).write(to: facePath, atomically: true, encoding: .utf8)
            let face = try FaceConfiguration(contentsOf: facePath.path)
            host = try await FaceAssembly.make(.init(
                board: try BoardCatalog.board("simulator"), face: face, facePath: facePath.path,
                bundle: BundleContents(widgets: demo.descriptors + MessageWidget(group: demo.data.group, now: { clock.now }).descriptors), clock: clock, logger: logger, stateDirectory: demo.data.url,
                capture: nil, frameFolder: nil, screen: nil,
                adjustSettings: { settings in
                    settings.locale = Locale(identifier: "en_US_POSIX")
                    settings.timeZone = utc
                },
                widgetCenter: WidgetCenter()))
            let handled = Arrivals<MQTTClient.Event>()
            self.handled = handled
            bridge = try MQTTBridge(configuration: face.mqtt!, host: host, logger: logger, backoff: 0.2...1, onHandled: { handled.append($0) })
            let host = self.host
            loop = Task { await host.runLive(duration: nil) }
            watch = try MQTTWatch(port: broker.port)
            // The observer listens before the face joins, so it sees every document published.
            _ = await watch.connected()
            await bridge.connect()
        }

        static func faceFile(port: Int, bindings: [String], mqtt: [String], face: String = "desk", base: String? = nil) -> String {
            (base ?? demoFace(board: "simulator", bindings: bindings))
                + "\nmqtt:\n" + (["host: 127.0.0.1", "port: \(port)", "face: \(face)", "glass: off"] + mqtt).map { "  \($0)\n" }.joined()
        }

        /// Writes the face file again and sends SIGHUP's event.
        func rewrite(bindings: [String] = [], mqtt: [String] = [], face: String = "desk") throws {
            try Self.faceFile(port: broker.port, bindings: bindings, mqtt: mqtt, face: face).write(to: facePath, atomically: true, encoding: .utf8)
            host.post(.reloadFace)
        }

        func messages() -> [MQTTClient.Message] { watch.messages() }

        func publish(_ topic: String, _ text: String, retain: Bool = false) { watch.publish(topic, text, retain: retain) }

        /// Waits until the face has handled a message on `topic` (`count` of them).
        func handledMessage(on topic: String, count: Int = 1) async -> Bool {
            await handled.wait { Fleet.messages($0).filter { $0.topic == topic }.count >= count }
        }

        func waitFor(_ topic: String, _ payload: String) async -> Bool { await watch.waitFor(topic, payload) }

        /// The discovery documents as the observer saw them published last (an empty payload removes one).
        static func announced(_ events: [MQTTClient.Event]) -> [String: [UInt8]] {
            var documents = [String: [UInt8]]()
            for message in Fleet.messages(events) where message.topic.hasPrefix("homeassistant/") {
                documents[message.topic] = message.payload.isEmpty ? nil : message.payload
            }
            return documents
        }

        /// The discovery documents the broker holds retained, once the observer has seen `count`
        /// of them published: a fresh client's view of `homeassistant/#`.
        func retained(expecting count: Int) async throws -> [String: [UInt8]] {
            let observed = await seen.wait { Self.announced($0).count == count }
            #expect(observed, "the observer saw \(Self.announced(seen.all).keys.sorted())")
            var options = MQTTClient.Options(host: "127.0.0.1", port: broker.port, clientID: "reader-\(UUID().uuidString.prefix(8))")
            options.subscriptions = ["homeassistant/#"]
            options.cleanSession = true
            let reader = try MQTTClient(options: options)
            let arrived = Arrivals(collecting: reader.events)
            reader.start()
            _ = await arrived.wait(seconds: 10) { Fleet.messages($0).filter(\.retain).count >= count }
            // Anything beyond the expected count would come in the same burst.
            _ = await arrived.wait(seconds: 0.5) { Fleet.messages($0).filter(\.retain).count > count }
            await reader.stop()
            var documents = [String: [UInt8]]()
            for message in Fleet.messages(arrived.all) where message.retain { documents[message.topic] = message.payload }
            return documents
        }

        func shutDown(stopBroker: Bool = true) async {
            await bridge.disconnect()
            host.post(.stop)
            await loop.value
            await watch.stop()
            if stopBroker { broker.stop() }
        }
    }

    // MARK: - Home Assistant's schema

    /// A value's JSON type in Home Assistant's documentation.
    enum Kind { case string, integer, boolean, list, map }

    /// Keys every MQTT entity may have (Home Assistant's MQTT entity documentation).
    static let entityKeys: [String: Kind] = [
        "availability_topic": .string, "payload_available": .string, "payload_not_available": .string,
        "device": .map, "name": .string, "unique_id": .string, "icon": .string, "entity_category": .string,
        "qos": .integer, "enabled_by_default": .boolean, "object_id": .string,
    ]

    /// Per component: its required keys and the optional ones this design uses, with their types
    /// (home-assistant.io/integrations/COMPONENT.mqtt and device_trigger.mqtt).
    static let schema: [String: (required: [String: Kind], optional: [String: Kind])] = [
        "image": (["image_topic": .string], ["content_type": .string]),
        "sensor": (["state_topic": .string], ["value_template": .string, "unit_of_measurement": .string, "state_class": .string]),
        "light": (["command_topic": .string], ["state_topic": .string, "brightness_command_topic": .string, "brightness_state_topic": .string,
                                                "brightness_scale": .integer, "payload_on": .string, "payload_off": .string]),
        "select": (["command_topic": .string, "options": .list], ["state_topic": .string]),
        "text": (["command_topic": .string], ["state_topic": .string, "max": .integer, "min": .integer, "mode": .string, "pattern": .string]),
        "button": (["command_topic": .string], ["payload_press": .string, "retain": .boolean]),
        // Device triggers are not entities: no name, unique_id or availability.
        "device_automation": (["automation_type": .string, "topic": .string, "type": .string, "subtype": .string, "device": .map],
                              ["payload": .string, "qos": .integer]),
    ]

    /// The device's keys (Home Assistant's MQTT device documentation).
    static let deviceKeys: [String: Kind] = [
        "identifiers": .list, "name": .string, "manufacturer": .string, "model": .string, "sw_version": .string,
        "hw_version": .string, "configuration_url": .string, "suggested_area": .string, "serial_number": .string,
    ]

    /// The trigger types Home Assistant's frontend names, and the two words used where none fits.
    static let triggerTypes = ["button_short_press", "button_short_release", "button_long_press", "button_long_release",
                               "button_double_press", "button_triple_press", "button_quadruple_press", "button_quintuple_press",
                               "pushed", "repeating"]

    private static func matches(_ value: Any, _ kind: Kind) -> Bool {
        switch kind {
        case .string: value is String
        case .integer: value is Int || (value as? NSNumber).map { $0.doubleValue == $0.doubleValue.rounded() } == true
        case .boolean: value is Bool
        case .list: value is [Any]
        case .map: value is [String: Any]
        }
    }

    /// Every problem of one discovery document against the schema; empty when it fits.
    static func problems(topic: String, payload: [UInt8]) -> [String] {
        let levels = topic.split(separator: "/")
        guard levels.count == 5, levels[0] == "homeassistant", levels[4] == "config" else { return ["\(topic): not <prefix>/<component>/<node_id>/<object_id>/config"] }
        let component = String(levels[1])
        guard let (required, optional) = schema[component] else { return ["\(topic): unexpected component \(component)"] }
        guard let document = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any] else { return ["\(topic): not a JSON object"] }
        var problems = [String]()
        let isEntity = component != "device_automation"
        let allowed = required.merging(optional) { a, _ in a }.merging(isEntity ? entityKeys : [:]) { a, _ in a }
        for (key, kind) in required where document[key] == nil || !matches(document[key]!, kind) {
            problems.append("\(topic): required \(key) missing or not \(kind)")
        }
        for (key, value) in document {
            guard let kind = allowed[key] else { problems.append("\(topic): \(key) is not a documented key of \(component)"); continue }
            if !matches(value, kind) { problems.append("\(topic): \(key) is not \(kind)") }
        }
        if isEntity {
            for key in ["unique_id", "name", "device", "availability_topic"] where document[key] == nil { problems.append("\(topic): entity without \(key)") }
            if let category = document["entity_category"] as? String, !["config", "diagnostic"].contains(category) {
                problems.append("\(topic): entity_category \(category)")
            }
        } else {
            if document["automation_type"] as? String != "trigger" { problems.append("\(topic): automation_type is not trigger") }
            if let type = document["type"] as? String, !triggerTypes.contains(type) { problems.append("\(topic): trigger type \(type)") }
        }
        if component == "sensor", let stateClass = document["state_class"] as? String, !["measurement", "total", "total_increasing"].contains(stateClass) {
            problems.append("\(topic): state_class \(stateClass)")
        }
        if let device = document["device"] as? [String: Any] {
            for (key, value) in device {
                guard let kind = deviceKeys[key] else { problems.append("\(topic): device.\(key) is not a documented device key"); continue }
                if !matches(value, kind) { problems.append("\(topic): device.\(key) is not \(kind)") }
            }
            if (device["identifiers"] as? [String])?.isEmpty != false { problems.append("\(topic): device without identifiers") }
        }
        return problems
    }

    // MARK: - Discovery

    @Test func discoveryFitsHomeAssistantsSchemaKeyByKeyAndAnnouncesOnlyWhatTheFaceBinds() async throws {
        let setup = try await Setup(bindings: ["A:", "  long-press: stack.next"])
        #expect(await setup.waitFor("glance/desk/availability", "online"))
        // Image, two sensors, light, text, select; buttons up, down, right, centre (click) and A (long press).
        let expected = 6 + 5 + 5
        let documents = try await setup.retained(expecting: expected)
        #expect(documents.count == expected, "\(documents.keys.sorted())")
        for (topic, payload) in documents {
            let problems = Self.problems(topic: topic, payload: payload)
            #expect(problems.isEmpty, "\(problems)")
        }
        func document(_ topic: String) throws -> [String: Any] {
            let payload = try #require(documents[topic], "no \(topic)")
            let object = try JSONSerialization.jsonObject(with: Data(payload))
            return try #require(object as? [String: Any])
        }
        let glass = try document("homeassistant/image/glance_desk/glass/config")
        let device = try #require(glass["device"] as? [String: Any])
        #expect(device["sw_version"] as? String == GlanceVersion.current)
        #expect(device["configuration_url"] == nil, "no --web page: no link")
        #expect(device["identifiers"] as? [String] == ["glance_desk"])
        for sensor in ["display", "reload_budget"] {
            #expect(try document("homeassistant/sensor/glance_desk/\(sensor)/config")["entity_category"] as? String == "diagnostic")
        }
        #expect(try document("homeassistant/select/glance_desk/widget/config")["entity_category"] == nil)
        let longA = try document("homeassistant/device_automation/glance_desk/A_long_press/config")
        #expect(longA["type"] as? String == "button_long_press")
        #expect(longA["subtype"] as? String == "A")
        #expect(longA["payload"] as? String == "long-press")
        #expect(longA["topic"] as? String == "glance/desk/button/A")
        #expect(try document("homeassistant/device_automation/glance_desk/down_click/config")["type"] as? String == "button_short_press")
        #expect(documents["homeassistant/device_automation/glance_desk/A_click/config"] == nil, "A's click is not bound")
        #expect(documents["homeassistant/button/glance_desk/button_B/config"] == nil, "B does nothing on this face")
        let button = try document("homeassistant/button/glance_desk/button_down/config")
        #expect(button["command_topic"] as? String == "glance/desk/press")
        #expect(button["payload_press"] as? String == "down")

        // Pressing the button entity in Home Assistant publishes its payload_press on its command topic.
        setup.publish("glance/desk/press", "down")
        #expect(await setup.waitFor("glance/desk/widget", "weather"))
        #expect(await setup.host.status().buttonEvents.last == "down click")

        // The web page, once it runs, is the device's configuration_url, without its token.
        await setup.bridge.showPage("http://desk.local:8080/?token=0123456789abcdef0123456789abcdef")
        let linked = await setup.seen.wait { events in
            Fleet.messages(events).contains { (message: MQTTClient.Message) -> Bool in
                message.topic == "homeassistant/image/glance_desk/glass/config" && message.text.contains(#""configuration_url":"http:\/\/desk.local:8080\/""#)
            }
        }
        #expect(linked, "\(setup.messages().filter { $0.topic.hasSuffix("glass/config") }.map(\.text))")
        #expect(!setup.messages().contains { $0.text.contains("0123456789abcdef") }, "the token stays off the broker")
        await setup.shutDown()
    }

    @Test func staleDiscoveryIsClearedAtStartAndOnSIGHUPAndTheFaceRemembersWhatItAnnounced() async throws {
        // What an earlier run on a board with more buttons left: a retained trigger the face remembers.
        let ghost = "homeassistant/device_automation/glance_desk/B_click/config"
        let setup = try await Setup(bindings: ["A: stack.next"]) { broker, demo in
            var options = MQTTClient.Options(host: "127.0.0.1", port: broker.port, clientID: "earlier")
            options.cleanSession = true
            let earlier = try MQTTClient(options: options)
            let events = Arrivals(collecting: earlier.events)
            earlier.start()
            _ = await events.wait { $0.contains { if case .connected = $0 { true } else { false } } }
            #expect(earlier.publish(.init(topic: ghost, payload: Array(#"{"automation_type": "trigger"}"#.utf8), qos: 1, retain: true)).sent)
            await earlier.stop()
            try demo.data.write(#"{"topics": ["\#(ghost)"]}"#, to: MQTTBridge.discoveryFileName)
        }
        #expect(await setup.waitFor("glance/desk/availability", "online"))
        #expect(await setup.seen.wait { Fleet.messages($0).contains { $0.topic == ghost && $0.payload.isEmpty } }, "the ghost trigger is cleared")
        var documents = try await setup.retained(expecting: 6 + 5 + 5)
        #expect(documents[ghost] == nil)
        #expect(documents["homeassistant/device_automation/glance_desk/A_click/config"] != nil)
        #expect(documents["homeassistant/button/glance_desk/button_A/config"] != nil)
        let remembered = try #require(setup.demo.data.read(MQTTBridge.discoveryFileName))
        #expect(!remembered.contains(ghost))
        #expect(remembered.contains("homeassistant/button/glance_desk/button_A/config"))
        #expect(setup.log.all.contains { $0.hasPrefix("info: MQTT: cleared 1 discovery document of what the face no longer has") })

        // SIGHUP with A unbound would leave A's button and trigger as ghosts: they are cleared.
        try setup.rewrite(bindings: [])
        #expect(await setup.seen.wait { Fleet.messages($0).contains { $0.topic == "homeassistant/button/glance_desk/button_A/config" && $0.payload.isEmpty } })
        documents = try await setup.retained(expecting: 6 + 4 + 4)
        #expect(documents.count == 6 + 4 + 4, "\(documents.keys.sorted())")
        #expect(documents["homeassistant/device_automation/glance_desk/A_click/config"] == nil)
        #expect(!(setup.demo.data.read(MQTTBridge.discoveryFileName) ?? "").contains("button_A"))

        // Every gesture, when the face file asks for them all.
        try setup.rewrite(mqtt: ["discovery:", "  triggers: all"])
        let everyGesture = 6 + 4 + 7 * ButtonGesture.allCases.count
        documents = try await setup.retained(expecting: everyGesture)
        #expect(documents.count == everyGesture)
        #expect(setup.log.all.contains("notice: MQTT: mqtt: read again; the connection stays"))
        await setup.shutDown()
    }

    @Test func sighupReadsTheMQTTSectionAgainAndANewNameClearsTheOldDevice() async throws {
        let setup = try await Setup()
        #expect(await setup.waitFor("glance/desk/availability", "online"))
        _ = try await setup.retained(expecting: 14)
        try setup.rewrite(mqtt: ["discovery:", "  triggers: none"], face: "hall")
        #expect(await setup.waitFor("glance/hall/availability", "online"))
        #expect(await setup.waitFor("glance/desk/availability", "offline"))
        let documents = try await setup.retained(expecting: 10)
        #expect(documents.keys.allSatisfy { $0.contains("/glance_hall/") }, "\(documents.keys.sorted())")
        #expect(documents.count == 6 + 4)
        #expect(setup.log.all.contains("notice: MQTT: mqtt: read again; connecting anew"))
        // The new name takes commands.
        setup.publish("glance/hall/press", "down")
        #expect(await setup.waitFor("glance/hall/widget", "weather"))
        await setup.shutDown()
    }

    // MARK: - A message on the glass


    @Test func aMessageFromHomeAssistantIsOnTheGlassUntilItExpires() async throws {
        let face = "board: simulator\nslots:\n  - family: accessoryRectangular\n    widgets: message\nalways-on:\n  idle: never\n"
        // Two minutes: within one period of the OLED's burn-in shift (5 min), so the glass after
        // the message is the glass before it, pixel for pixel.
        let setup = try await Setup(mqtt: ["message-expiry: 2m"], face: face)
        #expect(await setup.waitFor("glance/desk/availability", "online"))
        let notices = Arrivals(collecting: await setup.host.snapshots())
        #expect(await notices.wait { $0.contains(where: \.drawn) })
        let empty = await setup.host.assembly.glass!()
        let config = "homeassistant/text/glance_desk/message/config"
        #expect(await setup.seen.wait { Setup.announced($0)[config] != nil })
        let message = Setup.announced(setup.seen.all)[config]
        #expect(message.map { Self.problems(topic: config, payload: $0) } == [])

        // Home Assistant's text entity publishes the text on its command topic.
        setup.publish("glance/desk/message/set", "Door open")
        #expect(await setup.waitFor("glance/desk/message", "Door open"))
        #expect(setup.demo.data.read("glance/message.json") == #"{"expires":"2026-11-21T08:02:00Z","text":"Door open"}"#)
        #expect(await notices.wait { $0.last?.glass != empty }, "the message never reached the glass")
        #expect(await setup.host.assembly.glass!() != empty)

        // Two minutes later by the face's clock it is gone, from the glass and from the entity.
        setup.clock.advance(by: 120)
        #expect(await notices.wait { $0.last?.glass == empty }, "the message stayed after it expired")
        #expect(await setup.seen.wait { Fleet.messages($0).contains { $0.topic == "glance/desk/message" && $0.payload.isEmpty } })
        // A message over its limit is refused by name.
        setup.publish("glance/desk/message/set", String(repeating: "m", count: 300))
        #expect(await setup.handledMessage(on: "glance/desk/message/set", count: 2))
        #expect(setup.log.all.contains("warning: MQTT: ignored glance/desk/message/set: the message is 300 characters; at most 256"))
        await setup.shutDown()
    }

    @Test func aMessagesExpiryFollowsTheFacesClockAsTheWidgetDoes() async throws {
        let face = "board: simulator\nslots:\n  - family: accessoryRectangular\n    widgets: message\nalways-on:\n  idle: never\n"
        let setup = try await Setup(mqtt: ["message-expiry: 2m"], face: face)
        #expect(await setup.waitFor("glance/desk/availability", "online"))
        let notices = Arrivals(collecting: await setup.host.snapshots())
        #expect(await notices.wait { $0.contains(where: \.drawn) })
        let empty = await setup.host.assembly.glass!()
        setup.publish("glance/desk/message/set", "Door open")
        #expect(await setup.waitFor("glance/desk/message", "Door open"))
        #expect(setup.demo.data.read("glance/message.json") == #"{"expires":"2026-11-21T08:02:00Z","text":"Door open"}"#)
        #expect(await notices.wait { $0.last?.glass != empty })

        // The wall clock is set back an hour (NTP correcting a board that booted with a wrong
        // time), then two minutes pass: the widget shows the message until 08:02 by the clock,
        // so Home Assistant's text entity keeps it too.
        setup.clock.set(morning.addingTimeInterval(-3600))
        setup.clock.advance(by: 120)
        // A press of a button without a binding comes back as a gesture: everything the two
        // minutes caused has been published by then.
        setup.publish("glance/desk/press", "B")
        #expect(await setup.waitFor("glance/desk/button/B", "click"))
        #expect(setup.watch.payloads("glance/desk/message") == ["Door open"], "the message left its topic while the glass shows it")
        #expect(await setup.host.assembly.glass!() != empty)

        // At 08:02 by the face's clock it is gone from both.
        setup.clock.advance(to: morning.addingTimeInterval(120))
        #expect(await setup.seen.wait { Fleet.messages($0).contains { $0.topic == "glance/desk/message" && $0.payload.isEmpty } }, "the message stayed on its topic")
        #expect(await notices.wait { $0.last?.glass == empty }, "the message stayed on the glass")
        await setup.shutDown()
    }

    // MARK: - Commands with ids

    @Test func aCommandWithAnIdAppliesOnceUntilItsIdIsForgotten() async throws {
        let setup = try await Setup()
        #expect(await setup.waitFor("glance/desk/availability", "online"))
        let press = #"{"button": "down", "command_id": "3f1c"}"#
        setup.publish("glance/desk/press", press)
        setup.publish("glance/desk/press", press)
        #expect(await setup.handledMessage(on: "glance/desk/press", count: 2))
        #expect(await setup.host.status().buttonEvents == ["down click"])
        #expect(setup.log.all.contains("info: MQTT: glance/desk/press command_id 3f1c was applied already; this copy (a redelivery) is ignored"))
        // Another id, and an activity start sent twice: one activity.
        let start = #"{"type": "KitchenTimerAttributes", "attributes": {"name": "Tea", "duration": 300}, "state": {"endDate": "2026-11-21T08:05:00Z"}, "command_id": "tea-1"}"#
        setup.publish("glance/desk/activity/start", start)
        setup.publish("glance/desk/activity/start", start)
        #expect(await setup.handledMessage(on: "glance/desk/activity/start", count: 2))
        #expect(setup.log.all.filter { $0.hasPrefix("info: MQTT: activity start") }.count == 1)
        // An hour later by the face's clock the id is forgotten: the same id applies again.
        setup.clock.advance(by: MQTTRecentCommands.lifetime)
        setup.publish("glance/desk/press", press)
        #expect(await setup.handledMessage(on: "glance/desk/press", count: 3))
        #expect(await setup.host.status().buttonEvents.filter { $0 == "down click" }.count == 2)
        await setup.shutDown()
    }

    // MARK: - Data without code

    @Test func subscribedTopicsBecomeAppGroupFilesAsTheyAreOrKeyByKey() async throws {
        let setup = try await Setup(mqtt: [
            "subscribe:",
            "  - topic: statestream/weather/home/+",
            "    file: home-weather.json",
            "    key: '{1}'",
            "  - topic: zigbee2mqtt/+",
            "    file: 'z2m-{1}.json'",
        ])
        #expect(await setup.waitFor("glance/desk/availability", "online"))
        setup.publish("statestream/weather/home/state", "snowy")
        setup.publish("statestream/weather/home/temperature", "-3.5")
        setup.publish("statestream/weather/home/friendly_name", #""Home""#, retain: true)
        #expect(await setup.handledMessage(on: "statestream/weather/home/friendly_name"))
        #expect(setup.demo.data.read("glance/home-weather.json") == #"{"friendly_name":"Home","state":"snowy","temperature":-3.5}"#)
        let sensor = #"{"temperature": 21.4, "humidity": 48, "battery": 97}"#
        setup.publish("zigbee2mqtt/kitchen", sensor)
        #expect(await setup.handledMessage(on: "zigbee2mqtt/kitchen"))
        #expect(setup.demo.data.read("glance/z2m-kitchen.json") == sensor)

        // Bad JSON names the topic and says what is wrong, in words; the file stays.
        setup.publish("zigbee2mqtt/kitchen", #"{"temperature": "#)
        #expect(await setup.handledMessage(on: "zigbee2mqtt/kitchen", count: 2))
        let line = try #require(setup.log.all.first { $0.contains("MQTT: ignored zigbee2mqtt/kitchen") })
        #expect(line.hasPrefix("warning: MQTT: ignored zigbee2mqtt/kitchen: the payload is not JSON ("), "\(line)")
        #expect(!line.contains("Error Domain") && !line.contains("UserInfo"), "\(line)")
        #expect(setup.demo.data.read("glance/z2m-kitchen.json") == sensor)
        // A value over its limit is refused by name.
        setup.publish("statestream/weather/home/forecast", String(repeating: "x", count: MQTTSubscription.valueLimit + 1))
        #expect(await setup.handledMessage(on: "statestream/weather/home/forecast"))
        #expect(setup.log.all.contains { $0.contains("MQTT: ignored statestream/weather/home/forecast: the payload is 65537 bytes; a value for a key is at most 65536 bytes") })
        #expect(!(setup.demo.data.read("glance/home-weather.json") ?? "").contains("forecast"))
        await setup.shutDown()
    }

    @Test func badJSONOnAGroupTopicIsASentenceNotAnErrorDump() async throws {
        let setup = try await Setup()
        #expect(await setup.waitFor("glance/desk/availability", "online"))
        setup.publish("glance/desk/group/weather.json", #"{"temperature": "#)
        #expect(await setup.handledMessage(on: "glance/desk/group/weather.json"))
        let line = try #require(setup.log.all.first { $0.contains("MQTT: ignored glance/desk/group/weather.json") })
        #expect(line.hasPrefix("warning: MQTT: ignored glance/desk/group/weather.json: the payload is not JSON: "), "\(line)")
        #expect(!line.contains("Error Domain") && !line.contains("UserInfo") && !line.contains("NSCocoaErrorDomain"), "\(line)")
        await setup.shutDown()
    }
}
