import Foundation
import GlanceCore
import GlanceLinux
import GlanceTesting
import Testing

/// What Home Assistant and a script see of faces on a broker: an observer that records every
/// message on its subscriptions, with the moment each arrived (the test process's monotonic
/// clock), and a remote that publishes commands at QoS 1.
final class MQTTWatch: Sendable {
    /// Sees everything the faces publish and Home Assistant would read.
    let observer: MQTTClient
    /// The observer's events, oldest first.
    let seen: Arrivals<MQTTClient.Event>
    /// When each of `seen`'s events arrived, index for index.
    private let arrivals = Locked<[ContinuousClock.Instant]>([])
    /// Publishes commands, as Home Assistant or a script would.
    let remote: MQTTClient

    /// Starts both clients on the broker at 127.0.0.1:`port`.
    /// - Parameters:
    ///   - name: The client ids' suffix: `observer-NAME`, `remote-NAME`.
    ///   - cleanSession: False keeps both sessions across a lost connection (a broker restart):
    ///     QoS 1 messages published meanwhile, to them or by them, still arrive.
    init(port: Int, name: String = String(UUID().uuidString.prefix(8)), subscriptions: [String] = ["glance/#", "homeassistant/#"],
         cleanSession: Bool = true) throws {
        var options = MQTTClient.Options(host: "127.0.0.1", port: port, clientID: "observer-\(name)")
        options.subscriptions = subscriptions
        options.cleanSession = cleanSession
        options.minimumBackoff = 0.2
        options.maximumBackoff = 1
        observer = try MQTTClient(options: options)
        let seen = Arrivals<MQTTClient.Event>(), arrivals = self.arrivals
        self.seen = seen
        let events = observer.events
        Task {
            for await event in events {
                // The moment first, so a waiter woken by the event finds it.
                arrivals.withLock { $0.append(.now) }
                seen.append(event)
            }
        }
        observer.start()
        var remoteOptions = options
        remoteOptions.clientID = "remote-\(name)"
        remoteOptions.subscriptions = []
        remote = try MQTTClient(options: remoteOptions)
        remote.start()
    }

    /// Waits until the observer is connected (it then sees everything published after).
    func connected(seconds: Double = 20) async -> Bool {
        await seen.wait(seconds: seconds) { $0.contains { if case .connected = $0 { true } else { false } } }
    }

    /// Messages the observer received, oldest first.
    func messages() -> [MQTTClient.Message] { Self.messages(seen.all) }

    static func messages(_ events: [MQTTClient.Event]) -> [MQTTClient.Message] {
        events.compactMap { if case .message(let message) = $0 { message } else { nil } }
    }

    /// Messages the observer received from the `from`th event on, with when each arrived.
    func stampedMessages(from: Int = 0) -> [(at: ContinuousClock.Instant, message: MQTTClient.Message)] {
        let events = seen.all, moments = arrivals.withLock { $0 }
        return (min(from, events.count)..<min(events.count, moments.count)).compactMap { index in
            if case .message(let message) = events[index] { (moments[index], message) } else { nil }
        }
    }

    /// The payloads seen on `topic`, oldest first.
    func payloads(_ topic: String) -> [String] { messages().filter { $0.topic == topic }.map(\.text) }

    /// Publishes `text` on `topic` at QoS 1 (queued while the remote is away).
    func publish(_ topic: String, _ text: String, retain: Bool = false) {
        #expect(remote.publish(.init(topic: topic, payload: Array(text.utf8), qos: 1, retain: retain)).sent, "not published on \(topic)")
    }

    /// Waits until the observer has seen a message on `topic` with `payload` (`count` of them).
    func waitFor(_ topic: String, _ payload: String, count: Int = 1, seconds: Double = 20) async -> Bool {
        await seen.wait(seconds: seconds) { Self.messages($0).filter { $0.topic == topic && $0.text == payload }.count >= count }
    }

    func stop() async {
        await observer.stop()
        await remote.stop()
    }
}
