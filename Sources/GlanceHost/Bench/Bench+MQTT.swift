#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import Foundation
import GlanceCore
import GlanceLinux
import GlanceWidgets
import Logging

/// One face on a private Mosquitto broker on loopback: how fast it applies commands and how
/// long a published command takes to reach the glass.
struct MQTTFigures: Codable, Sendable {
    /// Press commands (a button without a binding) published back to back at QoS 1: messages
    /// the face received and applied per second.
    var messages_per_second: Double
    var messages: Int
    /// From publishing `press down` (which moves the stack) to the new picture on the
    /// emulated glass, median of `samples`, in milliseconds.
    var publish_to_glass_ms: Spread
    var samples: Int

    func table() -> String {
        var text = "\nmqtt: one face on a loopback Mosquitto broker\n"
        text += "  commands applied   \(String(format: "%8.0f", messages_per_second)) per second (\(messages) QoS 1 presses)\n"
        text += "  publish to glass   \(String(format: "%8.2f", publish_to_glass_ms.median)) ms median (min \(String(format: "%.2f", publish_to_glass_ms.minimum)), max \(String(format: "%.2f", publish_to_glass_ms.maximum)), \(samples) presses)\n"
        return text
    }
}

extension BenchCommand {
    /// Runs the MQTT case; nil (with a line saying why) when the broker cannot run here.
    static func mqttFigures(logger: Logger, messages: Int = 2000, samples: Int = 200) async -> MQTTFigures? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-mqtt-bench-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let broker = try MosquittoBroker(directory: folder.appendingPathComponent("broker"))
            try broker.start()
            defer { broker.stop() }
            let clock = ManualClock(now: benchDate, advancesOnSleep: false)
            let now: @Sendable () -> Date = { clock.now }
            let face = try FaceConfiguration(yaml: """
                board: simulator
                slots:
                  - family: accessoryRectangular
                    widgets: [clock-minutes, clock]
                    pinned: true
                bindings:
                  down: stack.next
                always-on:
                  idle: 24h
                reload-budget: unlimited
                mqtt:
                  host: 127.0.0.1
                  port: \(broker.port)
                  face: bench
                  discovery: off
                  glass: off
                """, file: "bench.yaml")
            let host = try await FaceAssembly.make(.init(
                board: try BoardCatalog.board("simulator"), face: face, facePath: nil,
                bundle: BundleContents(widgets: BenchClockWidget(kind: "clock-minutes", seconds: false, now: now).descriptors
                                           + BenchClockWidget(kind: "clock", seconds: true, now: now).descriptors),
                clock: clock, logger: logger, stateDirectory: folder, capture: nil, frameFolder: nil, screen: nil))
            let applied = Counter()
            let bridge = try MQTTBridge(configuration: face.mqtt!, host: host, logger: logger, backoff: 0.1...1) { event in
                if case .message = event { applied.add() }
            }
            let loop = Task { await host.runLive(duration: nil) }
            var options = MQTTClient.Options(host: "127.0.0.1", port: broker.port, clientID: "bench-remote")
            options.cleanSession = true
            let remote = try MQTTClient(options: options)
            let connected = Counter()
            let watcher = Task { for await event in remote.events { if case .connected = event { connected.add() } } }
            remote.start()
            await bridge.connect()
            guard await wait(seconds: 10, until: { connected.value > 0 && bridge.isConnected }) else {
                throw MQTTError(description: "the bench's face did not connect to its broker")
            }
            func publish(_ topic: String, _ text: String) {
                remote.publish(.init(topic: "glance/bench/\(topic)", payload: Array(text.utf8), qos: 1))
            }

            // Throughput: presses of a button without a binding, each applied in full.
            let started = ContinuousClock.now
            for _ in 0..<messages { publish("press", "B") }
            guard await wait(seconds: 60, until: { applied.value >= messages }) else { throw MQTTError(description: "only \(applied.value) of \(messages) applied") }
            let elapsed = (ContinuousClock.now - started).timeInterval

            // Latency: each press moves the stack, so each reaches the glass as a new frame.
            var iterator = await host.snapshots().makeAsyncIterator()
            _ = await iterator.next()  // the face as it is
            var latencies = [Double]()
            for _ in 0..<samples {
                let sent = ContinuousClock.now
                publish("press", "down")
                // The round that handled the press showed its frame and published its gesture.
                while let snapshot = await iterator.next(), snapshot.gestures.isEmpty {}
                latencies.append((ContinuousClock.now - sent).timeInterval * 1000)
            }
            await bridge.disconnect()
            await remote.stop()
            watcher.cancel()
            host.post(.stop)
            await loop.value
            return MQTTFigures(messages_per_second: Double(messages) / elapsed, messages: messages,
                               publish_to_glass_ms: Spread(latencies), samples: samples)
        } catch {
            StandardStream.error.write("glance: bench: mqtt skipped: \(error)\n")
            return nil
        }
    }

    /// Waits for `condition`, checking it on every turn of the run loop, at most `seconds`.
    private static func wait(seconds: Double, until condition: @Sendable () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return await condition()
    }
}

/// A count shared between threads.
private final class Counter: Sendable {
    private let count = Locked(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
#endif
