import Foundation
import GlanceTesting
import Testing
@testable import GlanceLinux

/// The MQTT client against a real Mosquitto broker started on a free loopback port.
@Suite(.serialized) struct MQTTClientTests {
    private static func client(_ broker: MosquittoBroker, id: String, subscribing: [String] = [],
                               configure: (inout MQTTClient.Options) -> Void = { _ in },
                               payloadLimit: @escaping @Sendable (String) -> Int = { _ in .max }) throws -> (MQTTClient, Arrivals<MQTTClient.Event>) {
        var options = MQTTClient.Options(host: "127.0.0.1", port: broker.port, clientID: id)
        options.subscriptions = subscribing
        options.minimumBackoff = 0.2
        options.maximumBackoff = 1
        configure(&options)
        let client = try MQTTClient(options: options, payloadLimit: payloadLimit)
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

    /// In a process with over a thousand descriptors open, the client's socket is numbered
    /// 1024 or more, and `mosquitto_loop`'s select refused it (MOSQ_ERR_INVAL): the connection
    /// closed before its CONNECT went out, again and again (the unit suite's MQTT tests failed
    /// when another suite held 400 sockets at that moment).
    @Test func aSocketNumberedOver1024StillConnects() async throws {
        let folder = ScratchDirectory()
        let broker = try MosquittoBroker(directory: URL(fileURLWithPath: folder.path))
        try broker.start()
        let held = (0..<1100).map { _ in open("/dev/null", O_RDONLY | O_CLOEXEC) }
        let (client, events) = try Self.client(broker, id: "crowded", subscribing: ["crowded/#"])
        let connected = await events.wait { Self.connections($0) == 1 }
        for fd in held where fd >= 0 { close(fd) }
        #expect(connected)
        #expect(client.publish(.init(topic: "crowded/x", payload: Array("1".utf8), qos: 1, retain: false)).sent)
        #expect(await events.wait { Self.messages($0).contains { $0.topic == "crowded/x" } })
        await client.stop()
        broker.stop()
    }

    /// Between choosing a free port and the broker binding it, another test's server can take
    /// it: the broker then moves to another port instead of failing after its 15 s wait
    /// (MQTTHostileTests failed so in a loaded run: "Error: Address already in use").
    @Test func aBrokerWhosePortWasTakenMovesToAnother() async throws {
        let taken = try LoopbackSocket()
        defer { close(taken.descriptor) }
        #expect(listen(taken.descriptor, 1) == 0)
        let port = taken.port
        let folder = ScratchDirectory()
        let broker = try MosquittoBroker(directory: URL(fileURLWithPath: folder.path), port: port)
        try broker.start(timeout: 60)
        #expect(broker.port != port)
        let (client, events) = try Self.client(broker, id: "moved")
        #expect(await events.wait { Self.connections($0) == 1 })
        await client.stop()
        broker.stop()
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
        #expect(failures(events.all).first == "the broker refused the connection: Not authorized")
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

    // MARK: - Sizes

    @Test func theBrokerSendsNothingOverTheMaximumPacketSizeLiveRetainedOrQueuedInTheSession() async throws {
        let folder = ScratchDirectory()
        let broker = try MosquittoBroker(directory: URL(fileURLWithPath: folder.path))
        try broker.start()
        let limit = 64 * 1024
        let (listener, heard) = try Self.client(broker, id: "face", subscribing: ["cmd/#"]) { $0.maximumPacketSize = limit }
        let (talker, talked) = try Self.client(broker, id: "remote")
        #expect(await heard.wait { Self.connections($0) == 1 })
        #expect(await talked.wait { Self.connections($0) == 1 })
        // Retained (so it arrives whether or not the subscription is made yet): a 1 MB message,
        // then a small one after it, from the same sender.
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: 1024 * 1024)
        #expect(talker.publish(.init(topic: "cmd/big", payload: big, qos: 1, retain: true)).sent)
        #expect(talker.publish(.init(topic: "cmd/small", payload: Array("after".utf8), qos: 1, retain: true)).sent)
        #expect(await heard.wait { Self.messages($0).contains { $0.topic == "cmd/small" } })
        // Queued for the persistent session while the face is away.
        await listener.stop()
        #expect(talker.publish(.init(topic: "cmd/queued", payload: big, qos: 1)).sent)
        #expect(talker.publish(.init(topic: "cmd/small", payload: Array("queued after".utf8), qos: 1)).sent)
        let (again, heardAgain) = try Self.client(broker, id: "face", subscribing: ["cmd/#"]) { $0.maximumPacketSize = limit }
        #expect(await heardAgain.wait { Self.messages($0).contains { $0.text == "queued after" } })
        #expect(heardAgain.all.first == .connected(resumed: true))
        for message in Self.messages(heard.all) + Self.messages(heardAgain.all) {
            #expect(message.payload.count < limit, "\(message.topic): \(message.payload.count) bytes arrived")
        }
        let log = try String(contentsOf: broker.directory.appendingPathComponent("broker.log"), encoding: .utf8)
        #expect(log.contains("Dropping too large outgoing PUBLISH for face"))
        await again.stop()
        await talker.stop()
        broker.stop()
    }

    @Test func aPayloadOverItsTopicsLimitArrivesWithoutItsPayload() async throws {
        let folder = ScratchDirectory()
        let broker = try MosquittoBroker(directory: URL(fileURLWithPath: folder.path))
        try broker.start()
        let (listener, heard) = try Self.client(broker, id: "face", subscribing: ["cmd/#"],
                                                payloadLimit: { $0 == "cmd/press" ? 100 : 1000 })
        let (talker, talked) = try Self.client(broker, id: "remote")
        #expect(await heard.wait { Self.connections($0) == 1 })
        #expect(await talked.wait { Self.connections($0) == 1 })
        // Retained, so they arrive whether or not the subscription is made yet.
        #expect(talker.publish(.init(topic: "cmd/press", payload: [UInt8](repeating: 65, count: 101), qos: 1, retain: true)).sent)
        #expect(talker.publish(.init(topic: "cmd/file", payload: [UInt8](repeating: 65, count: 1000), qos: 1, retain: true)).sent)
        #expect(await heard.wait { Self.messages($0).contains { $0.topic == "cmd/file" } })
        let seen = heard.all.dropFirst().map { event -> String in
            switch event {
            case .tooLarge(let topic, let size, let limit, _): "\(topic) too large: \(size) > \(limit)"
            case .message(let message): "\(message.topic): \(message.payload.count) bytes"
            default: "\(event)"
            }
        }
        #expect(seen == ["cmd/press too large: 101 > 100", "cmd/file: 1000 bytes"])
        await talker.stop()
        await listener.stop()
        broker.stop()
    }

    // MARK: - Brokers without MQTT 5

    /// A stand-in for an MQTT 3.1.1 broker on a free loopback port: it refuses protocol level 5
    /// as 3.1.1 brokers do (CONNACK 0x01, "unacceptable protocol version"), accepts level 4,
    /// and records the level each CONNECT asked for.
    private final class OldBroker: @unchecked Sendable {
        let port: Int
        let levels = Arrivals<UInt8>()
        private let listener: Int32

        init() throws {
            let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            listener = listening
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let ready = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(listening, $0, length) == 0 && getsockname(listening, $0, &length) == 0 && listen(listening, 4) == 0
                }
            }
            try #require(ready)
            port = Int(UInt16(bigEndian: address.sin_port))
            let levels = self.levels
            Thread.detachNewThread {
                var kept: [Int32] = []
                while true {
                    let connection = accept(listening, nil, nil)
                    guard connection >= 0 else { break }
                    var buffer = [UInt8](repeating: 0, count: 1024)
                    let count = read(connection, &buffer, buffer.count)
                    let bytes = Array(buffer.prefix(max(0, count)))
                    // After the protocol name "MQTT" comes the level: 4 for 3.1.1, 5 for MQTT 5.
                    guard let name = (0..<max(0, bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == Array("MQTT".utf8) }) else { close(connection); continue }
                    let level = bytes[name + 4]
                    levels.append(level)
                    let answer: [UInt8] = [0x20, 0x02, 0x00, level == 4 ? 0x00 : 0x01]
                    _ = write(connection, answer, answer.count)
                    if level == 4 { kept.append(connection) } else { close(connection) }
                }
                for connection in kept { close(connection) }
            }
        }

        func stop() {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    @Test func aBrokerWithoutMQTT5IsJoinedWithMQTT311() async throws {
        let broker = try OldBroker()
        var options = MQTTClient.Options(host: "127.0.0.1", port: broker.port, clientID: "face")
        options.minimumBackoff = 0.1
        options.maximumPacketSize = 64 * 1024
        let client = try MQTTClient(options: options)
        let events = Arrivals(collecting: client.events)
        client.start()
        #expect(await events.wait { Self.connections($0) == 1 })
        #expect(broker.levels.all == [5, 4])
        #expect(events.all.first == .connectionFailed(reason: "the broker does not speak MQTT 5 (Unsupported Protocol Version); trying MQTT 3.1.1", retry: 0.1))
        #expect(!client.speaksMQTT5)
        await client.stop()
        broker.stop()
    }
}
