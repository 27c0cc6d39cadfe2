import Foundation
import GlanceLinux
import GlanceTesting
import Testing
@testable import GlanceExamples
@testable import GlanceHost

/// Hostile and careless MQTT input against one whole face on a real Mosquitto broker (started
/// by the test on a free loopback port): oversized payloads, retained commands, forged log
/// lines, a flood of live activities.
@Suite(.serialized) struct MQTTHostileTests {
    /// A second bridge on the face's host, as after a restart: same client id, so the broker
    /// still has its session (subscriptions and queued QoS 1 messages).
    private static func restart(_ face: Fleet.Face) async throws -> (MQTTBridge, Arrivals<MQTTClient.Event>) {
        await face.bridge.disconnect()
        let handled = Arrivals<MQTTClient.Event>()
        let bridge = try MQTTBridge(configuration: face.mqtt, host: face.host, logger: face.logger,
                                    backoff: 0.2...1, onHandled: { handled.append($0) })
        await bridge.connect()
        #expect(await handled.wait { $0.contains { if case .connected = $0 { true } else { false } } })
        return (bridge, handled)
    }

    private static func tooLarge(_ events: [MQTTClient.Event]) -> [(topic: String, size: Int)] {
        events.compactMap { if case .tooLarge(let topic, let size, _, _) = $0 { (topic, size) } else { nil } }
    }

    private static func send(_ fleet: Fleet, _ topic: String, _ payload: [UInt8], retain: Bool = false) {
        #expect(fleet.watch.remote.publish(.init(topic: topic, payload: payload, qos: 1, retain: retain)).sent)
    }

    @Test func aMessageOverTheLimitNeverReachesTheFaceRetainedOrQueuedAndOneJustOverIsRefusedByName() async throws {
        let fleet = try await Fleet(names: ["desk"])
        let desk = fleet.face("desk")
        #expect(await fleet.waitFor("glance/desk/availability", "online"))
        let big = "glance/desk/group/big.json"
        // Six megabytes, retained: the broker does not send it to the face (it asked for at most
        // 4 MB and 4 KB), so the next message from the same sender is the next thing the face hears.
        let sixMegabytes = [UInt8](repeating: UInt8(ascii: " "), count: 6 << 20)
        Self.send(fleet, big, sixMegabytes, retain: true)
        Self.send(fleet, "glance/desk/group/probe.json", Array("1".utf8))
        #expect(await desk.handled.wait { Fleet.messages($0).contains { $0.topic == "glance/desk/group/probe.json" } })
        #expect(!Fleet.messages(desk.handled.all).contains { $0.topic == big })
        #expect(Self.tooLarge(desk.handled.all).isEmpty)
        let brokerLog = try String(contentsOf: fleet.broker.directory.appendingPathComponent("broker.log"), encoding: .utf8)
        #expect(brokerLog.contains("Dropping too large outgoing PUBLISH for glance-desk"))
        #expect(desk.log.all.contains { $0.contains("the broker is asked to send no message over \(AppGroup.fileSizeLimit + 4096) bytes") })

        // Just over the app-group limit: it reaches the library, is refused by topic before it is
        // copied, and the log line names the topic and the limit.
        Self.send(fleet, big, [UInt8](repeating: UInt8(ascii: " "), count: AppGroup.fileSizeLimit + 100))
        #expect(await desk.handled.wait { Self.tooLarge($0).contains { $0.topic == big } })
        #expect(desk.log.all.contains { $0 == "warning: MQTT: ignored \(big): the payload is \(AppGroup.fileSizeLimit + 100) bytes; app-group files are at most \(AppGroup.fileSizeLimit) bytes" })
        // A command has a far smaller limit.
        Self.send(fleet, "glance/desk/press", [UInt8](repeating: UInt8(ascii: "A"), count: 2000))
        #expect(await desk.handled.wait { Self.tooLarge($0).contains { $0.topic == "glance/desk/press" } })
        #expect(desk.log.all.contains { $0 == "warning: MQTT: ignored glance/desk/press: the payload is 2000 bytes; commands are at most 1024 bytes" })
        #expect(desk.demo.data.read("glance/big.json") == nil)

        // Away, then back: neither the retained copy nor one queued in the session arrives.
        await desk.bridge.disconnect()
        Self.send(fleet, big, sixMegabytes)
        Self.send(fleet, "glance/desk/group/probe.json", Array("2".utf8))
        let (bridge, handled) = try await Self.restart(desk)
        #expect(await handled.wait { Fleet.messages($0).contains { $0.topic == "glance/desk/group/probe.json" && $0.text == "2" } })
        #expect(!Fleet.messages(handled.all).contains { $0.topic == big })
        // The face goes on.
        Self.send(fleet, "glance/desk/press", Array("down".utf8))
        #expect(await fleet.waitFor("glance/desk/button/down", "click"))
        await bridge.disconnect()
        await fleet.shutDown()
    }

    @Test func retainedCommandsAreRefusedWithHowToClearThemAndRetainedFilesStillApply() async throws {
        let fleet = try await Fleet(names: ["desk"])
        let desk = fleet.face("desk")
        #expect(await fleet.waitFor("glance/desk/availability", "online"))
        // Published with retain while the face listens: it runs once (the broker clears the
        // retain flag on live delivery).
        Self.send(fleet, "glance/desk/press", Array("down".utf8), retain: true)
        #expect(await fleet.waitFor("glance/desk/button/down", "click"))
        let report = #"{"location": "Oslo", "temperature": 2, "condition": "Snow", "symbol": "cloud.snow.fill", "low": 0, "high": 3, "updated": "2026-11-21T07:55:00Z"}"#
        Self.send(fleet, "glance/desk/group/weather.json", Array(report.utf8), retain: true)
        #expect(await desk.handled.wait { _ in desk.demo.data.read("glance/weather.json") == report })

        // Away: one more retained press (queued in the session too) and the file changed here.
        await desk.bridge.disconnect()
        Self.send(fleet, "glance/desk/press", Array("down".utf8), retain: true)
        try desk.demo.data.write("{}", to: "glance/weather.json")
        let (bridge, handled) = try await Self.restart(desk)
        #expect(await handled.wait { events in Fleet.messages(events).contains { $0.topic == "glance/desk/press" && $0.retain } })
        #expect(await handled.wait { _ in desk.demo.data.read("glance/weather.json") == report }, "a retained app-group file is state: it applies")
        // The press ran once: from the session's queue, not again from the retained copy.
        #expect(await desk.status().buttonEvents == ["down click", "down click"])
        let refusal = "warning: MQTT: ignored glance/desk/press: a retained command is not run (it would run again at every start); "
            + "clear it with mosquitto_pub -r -n -t 'glance/desk/press' (Debian package mosquitto-clients), and publish commands without retain"
        #expect(desk.log.all.contains(refusal), "\(desk.log.all.filter { $0.contains("MQTT") })")
        await bridge.disconnect()
        await fleet.shutDown()
    }

    @Test func aPayloadCannotForgeALogLineAndLongOutsideTextIsQuotedShort() async throws {
        let fleet = try await Fleet(names: ["desk"])
        let desk = fleet.face("desk")
        #expect(await fleet.waitFor("glance/desk/availability", "online"))
        Self.send(fleet, "glance/desk/reload", Array("x\n<0>FORGED \u{1B}[31mred".utf8))
        let name = String(repeating: "n", count: 2000)
        Self.send(fleet, "glance/desk/group/.\(name)", Array("{}".utf8))
        Self.send(fleet, "glance/desk/press", Array("A \(String(repeating: "g", count: 200))".utf8))
        #expect(await desk.handled.wait { Fleet.messages($0).contains { $0.topic == "glance/desk/press" } })
        let lines = desk.log.all.filter { $0.contains("MQTT: ignored") }
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(#"warning: MQTT: ignored glance/desk/reload: "#) && $0.contains(#"x\n<0>FORGED \u{1B}[31mred"#) }, "\(lines)")
        for line in desk.log.all {
            #expect(!line.contains("\n") && !line.contains("\u{1B}"), "\(line)")
            #expect(line.count < 600, "\(line.prefix(200))…")
        }
        await fleet.shutDown()
    }

    @Test func liveActivitiesOverMQTTAreCappedWithAClearError() async throws {
        let fleet = try await Fleet(names: ["desk"])
        let desk = fleet.face("desk")
        #expect(await fleet.waitFor("glance/desk/availability", "online"))
        let start = #"{"type": "KitchenTimerAttributes", "attributes": {"name": "Tea", "duration": 300}, "state": {"endDate": "2026-11-21T08:05:00Z"}}"#
        for _ in 0..<20 { Self.send(fleet, "glance/desk/activity/start", Array(start.utf8)) }
        #expect(await desk.handled.wait { Fleet.messages($0).filter { $0.topic == "glance/desk/activity/start" }.count == 20 })
        #expect(desk.log.all.filter { $0.hasPrefix("info: MQTT: activity start") }.count == 16)
        let refused = desk.log.all.filter { $0.contains("16 live activities are already running, the most at once; end one before starting another") }
        #expect(refused.count == 4, "\(desk.log.all.filter { $0.contains("activity") })")
        #expect(refused.first?.hasPrefix("warning: MQTT: ignored glance/desk/activity/start: ") == true)
        await fleet.shutDown()
    }
}
