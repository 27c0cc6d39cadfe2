import Foundation
import GlanceTesting
import Testing
@testable import GlanceLinux

/// The MQTT client against a real Mosquitto broker started on a free loopback port.
@Suite(.serialized) struct MQTTClientTests {
    private static func client(_ broker: MosquittoBroker, id: String, subscribing: [String] = [],
                               configure: (inout MQTTClient.Options) -> Void = { _ in }) throws -> (MQTTClient, Arrivals<MQTTClient.Event>) {
        var options = MQTTClient.Options(host: "127.0.0.1", port: broker.port, clientID: id)
        options.subscriptions = subscribing
        options.minimumBackoff = 0.2
        options.maximumBackoff = 1
        configure(&options)
        let client = try MQTTClient(options: options)
        let events = Arrivals(collecting: client.events)
        client.start()
        return (client, events)
    }

    private static func messages(_ events: [MQTTClient.Event]) -> [MQTTClient.Message] {
        events.compactMap { if case .message(let message) = $0 { message } else { nil } }
    }

    private static func connections(_ events: [MQTTClient.Event]) -> Int {
        events.filter { if case .connected = $0 { true } else { false } }.count
    }

    @Test func publishedMessagesArriveAtSubscribers() async throws {
        let folder = ScratchDirectory()
        let broker = try MosquittoBroker(directory: URL(fileURLWithPath: folder.path))
        try broker.start()
        let (listener, heard) = try Self.client(broker, id: "listener", subscribing: ["room/#"])
        let (talker, talked) = try Self.client(broker, id: "talker")
        #expect(await heard.wait { Self.connections($0) == 1 })
        #expect(await talked.wait { Self.connections($0) == 1 })
        // The subscription is made in the connect callback; a retained message reaches it either way.
        #expect(talker.publish(.init(topic: "room/light", payload: Array("on".utf8), qos: 1, retain: true)).sent)
        #expect(await heard.wait { Self.messages($0).contains { $0.topic == "room/light" && $0.text == "on" } })
        await talker.stop()
        await listener.stop()
        broker.stop()
    }

    @Test func qos1MessagesSentWhileTheBrokerIsDownArriveOnceAfterItReturns() async throws {
        let folder = ScratchDirectory()
        let broker = try MosquittoBroker(directory: URL(fileURLWithPath: folder.path))
        try broker.start()
        let (listener, heard) = try Self.client(broker, id: "face", subscribing: ["cmd/#"])
        let (talker, talked) = try Self.client(broker, id: "remote")
        #expect(await heard.wait { Self.connections($0) == 1 })
        #expect(await talked.wait { Self.connections($0) == 1 })
        broker.stop()
        #expect(await talked.wait { $0.contains { if case .disconnected = $0 { true } else { false } } })
        for index in 0..<3 {
            #expect(talker.publish(.init(topic: "cmd/press", payload: Array("\(index)".utf8), qos: 1)).sent)
        }
        try broker.start()
        #expect(await heard.wait { Self.messages($0).count >= 3 })
        #expect(await heard.wait { Self.connections($0) == 2 })
        // Nothing more arrives: each message once, in order.
        #expect(!(await heard.wait(seconds: 1) { Self.messages($0).count > 3 }))
        #expect(Self.messages(heard.all).map(\.text) == ["0", "1", "2"])
        await talker.stop()
        await listener.stop()
        broker.stop()
    }

    @Test func wrongCredentialsAreReportedAndRetried() async throws {
        let folder = ScratchDirectory()
        let broker = try MosquittoBroker(directory: URL(fileURLWithPath: folder.path), users: ["glance": "right"])
        try broker.start()
        let (client, events) = try Self.client(broker, id: "face") { options in
            options.username = "glance"
            options.password = "wrong"
        }
        let failures: @Sendable ([MQTTClient.Event]) -> [String] = { events in
            events.compactMap { if case .connectionFailed(let reason, _) = $0 { reason } else { nil } }
        }
        #expect(await events.wait { failures($0).count >= 2 })
        #expect(failures(events.all).first == "the broker refused the connection: Connection Refused: not authorised.")
        #expect(Self.connections(events.all) == 0)
        await client.stop()
        broker.stop()
    }

    @Test func anUnreachableBrokerIsReportedAndRetried() async throws {
        var options = MQTTClient.Options(host: "127.0.0.1", port: try MosquittoBroker.freePort(), clientID: "face")
        options.minimumBackoff = 0.2
        let client = try MQTTClient(options: options)
        let events = Arrivals(collecting: client.events)
        client.start()
        let failures: @Sendable ([MQTTClient.Event]) -> [(String, Double)] = { events in
            events.compactMap { if case .connectionFailed(let reason, let retry) = $0 { (reason, retry) } else { nil } }
        }
        #expect(await events.wait { failures($0).count >= 3 })
        let seen = failures(events.all)
        #expect(seen[0].0 == "Connection refused")
        // Back-off doubles.
        #expect(seen.prefix(3).map(\.1) == [0.2, 0.4, 0.8])
        #expect(!client.publish(.init(topic: "x", payload: [1])).sent)
        await client.stop()
    }
}
