import Foundation
import GlanceCore
import GlanceInput
import GlanceLinux
import GlancePanels
import Logging

/// The face on an MQTT broker (`mqtt:` in glance.yaml, Docs/HomeAssistant.md): commands in —
/// app-group files, reloads, presses, live activities, light and widget — through the same
/// calls as `glance ctl`; state out — availability, state JSON, light, widget, button gestures,
/// the glass as a PNG — and Home Assistant discovery on every connection.
///
/// The client runs on its own thread; nothing here waits for the broker, so a broker that is
/// down costs the face nothing: frames and buttons go on, and the state is published again
/// when the connection returns.
///
/// What comes in is outside input: the broker is asked (MQTT 5 Maximum Packet Size) to send
/// nothing over `MQTTCommand.maximumPacketSize`, each topic kind has a payload limit checked
/// before the payload is copied (`MQTTCommand.payloadLimit`), retained commands are refused
/// (only app-group files are state), and log lines quote outside text short.
actor MQTTBridge {
    private let configuration: MQTTConfiguration
    private let host: FaceHost
    private let logger: Logger
    private let lastError: Locked<String?>
    private let topics: MQTTTopics
    private let client: MQTTClient
    private var tasks: [Task<Void, Never>] = []

    /// The last connection problem logged (`report`).
    private var loggedProblem: String?
    private var everConnected = false
    /// Whether the warning that the broker speaks only MQTT 3.1.1 was logged.
    private var warnedOfOldBroker = false
    /// What was last published on each retained state topic, to publish changes only.
    private var published: [String: [UInt8]] = [:]
    /// The light: on or off, and the level Home Assistant's brightness chose.
    private var lightOn = true
    private var lightLevel = BrightnessLevel.normal
    /// Glass PNGs: when the last went out, and whether a newer glass waits for the interval.
    private var glassSent: Date?
    private var glassTimer: Task<Void, Never>?
    /// The face's newest snapshot (with its status): what the state topics and the glass show.
    private var latest: FaceSnapshot?
    /// Called after each connection event is handled (a message applied or rejected), for
    /// tests and the bench.
    private let onHandled: @Sendable (MQTTClient.Event) -> Void

    /// - Throws: `MQTTError` when the client cannot be made (a CA file the library refuses),
    ///   `ConfigurationError` when the password file cannot be read.
    init(configuration: MQTTConfiguration, host: FaceHost, logger: Logger, lastError: Locked<String?> = Locked(nil),
         backoff: ClosedRange<Double> = 1...30, onHandled: @escaping @Sendable (MQTTClient.Event) -> Void = { _ in }) throws {
        self.onHandled = onHandled
        self.configuration = configuration
        self.host = host
        self.logger = logger
        self.lastError = lastError
        topics = MQTTTopics(base: configuration.baseTopic, face: configuration.face)
        var options = MQTTClient.Options(host: configuration.host, port: configuration.port, clientID: configuration.clientID)
        options.keepAlive = Int(configuration.keepAlive.timeInterval)
        options.username = configuration.username
        options.password = try configuration.password()
        options.caFile = configuration.caFile
        options.will = MQTTClient.Message(topic: topics.availability, payload: Array("offline".utf8), qos: 1, retain: true)
        options.subscriptions = topics.subscriptions
        options.minimumBackoff = backoff.lowerBound
        options.maximumBackoff = backoff.upperBound
        options.maximumPacketSize = MQTTCommand.maximumPacketSize
        client = try MQTTClient(options: options) { [topics] topic in MQTTCommand.payloadLimit(topic: topic, topics: topics).bytes }
    }

    /// Whether the broker has accepted the connection.
    nonisolated var isConnected: Bool { client.isConnected }

    /// Starts the client and the listeners; returns at once (the connection comes when it can).
    func connect() async {
        var snapshots = await host.snapshots(wanting: .status).makeAsyncIterator()
        latest = await snapshots.next()
        let events = client.events
        tasks.append(Task { [weak self] in
            for await event in events {
                await self?.handle(event)
                self?.onHandled(event)
            }
        })
        tasks.append(Task { [weak self] in
            while let snapshot = await snapshots.next() { await self?.handle(snapshot) }
        })
        logger.info("MQTT: joining \(client.options.address) as \(configuration.clientID) (topics \(topics.root)/…; the broker is asked to send no message over \(MQTTCommand.maximumPacketSize) bytes and drops larger ones)")
        client.start()
    }

    /// Publishes "offline", disconnects and stops the listeners.
    func disconnect() async {
        glassTimer?.cancel()
        await client.stop(publishing: [MQTTClient.Message(topic: topics.availability, payload: Array("offline".utf8), qos: 1, retain: true)])
        for task in tasks { task.cancel() }
        tasks = []
    }

    // MARK: - The connection

    private func handle(_ event: MQTTClient.Event) async {
        switch event {
        case .connected(let resumed):
            logger.notice("MQTT: connected to \(client.options.address)\(everConnected ? " again" : "")\(resumed ? " (session resumed)" : "")")
            everConnected = true
            loggedProblem = nil
            if !client.speaksMQTT5, !warnedOfOldBroker {
                warnedOfOldBroker = true
                logger.warning("MQTT: \(client.options.address) does not speak MQTT 5, so it cannot be asked to hold back messages over \(MQTTCommand.maximumPacketSize) bytes: a larger one is read whole into memory before it is refused. Set max_packet_size \(MQTTCommand.maximumPacketSize) in the broker's configuration, or use a broker that speaks MQTT 5 (Mosquitto 1.6 or later)")
            }
            published = [:]
            publish(topics.availability, Array("online".utf8), qos: 1)
            if let prefix = configuration.discoveryPrefix {
                let discovery = MQTTDiscovery(prefix: prefix, topics: topics, boardName: host.board.name,
                                              controller: host.board.panel.controller.rawValue, buttons: host.board.buttons.list.map(\.name),
                                              stackKinds: latest?.stackKinds ?? [], hasLight: host.assembly.display.panel.technology == .oled)
                for document in discovery.documents { publish(document.topic, document.json(), qos: 1) }
            }
            await publishState()
            await publishGlass()
        case .connectionFailed(let reason, let retry):
            report("cannot connect to \(client.options.address): \(reason)", retry: retry)
        case .disconnected(let reason, let retry):
            report("lost the connection to \(client.options.address): \(reason)", retry: retry)
        case .message(let message):
            await apply(message)
        case .tooLarge(let topic, let size, _, _):
            reject(MQTTCommand.tooLarge(topic: topic, size: size, topics: topics).description)
        }
    }

    /// Logs a connection problem once: a broker that stays away is one line, not one a retry.
    private func report(_ problem: String, retry: Double) {
        guard problem != loggedProblem else { return }
        loggedProblem = problem
        logger.warning("MQTT: \(problem); retrying in \(Self.spoken(retry)), then with back-off up to \(Self.spoken(client.options.maximumBackoff))")
    }

    private static func spoken(_ seconds: Double) -> String {
        seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : "\(Int(seconds.rounded())) s"
    }

    // MARK: - Commands

    private func apply(_ message: MQTTClient.Message) async {
        do {
            guard let command = try MQTTCommand.parse(topic: message.topic, payload: message.payload, retained: message.retain, topics: topics) else { return }
            try await apply(command, topic: message.topic)
        } catch let error as MQTTCommandError {
            reject("\(error)")
        } catch {
            reject(MQTTCommandError(topic: message.topic, message: MQTTCommand.excerpt("\(error)", limit: 300)).description)
        }
    }

    private func reject(_ line: String) {
        logger.warning("MQTT: ignored \(line)")
        lastError.withLock { $0 = "MQTT \(line)" }
        Task { await publishState() }
    }

    private func apply(_ command: MQTTCommand, topic: String) async throws {
        switch command {
        case .groupFile(let name, let contents):
            guard let appGroup = latest?.appGroup else { return }
            let group = AppGroup(name: appGroup, root: host.appGroupRoot)
            do {
                guard try group.write(contents: contents, to: name) else { return }
            } catch {
                throw MQTTCommandError(topic: topic, message: MQTTCommand.excerpt("\(error)", limit: 300))
            }
            logger.info("MQTT: \(MQTTCommand.excerpt(topic, limit: 128)) → \(group.directory.appendingPathComponent(name).path) (\(contents.count) bytes)")
            await host.appGroupChanged(name)
        case .groupFileCleared(let name):
            logger.info("MQTT: \(MQTTCommand.excerpt(topic, limit: 128)) was cleared; the app-group file \(MQTTCommand.excerpt(name)) is kept")
        case .reload(let kind):
            try await host.reload(kind: kind)
        case .press(let button, let gesture):
            try await host.press(button: button, gesture: gesture)
        case .activity(let request):
            let id = try await host.activity(request)
            logger.info("MQTT: activity \(request.action.rawValue) \(MQTTCommand.excerpt(id))")
        case .light(let on):
            lightOn = on
            await host.limitLight(to: lightLimit)
        case .brightness(let level):
            lightLevel = level
            lightOn = true
            await host.limitLight(to: lightLimit)
        case .showWidget(let kind):
            try await host.showWidget(kind: kind)
        }
    }

    private var lightLimit: BrightnessLevel? {
        lightOn ? (lightLevel == .normal ? nil : lightLevel) : .off
    }

    // MARK: - State

    private func handle(_ snapshot: FaceSnapshot) async {
        latest = snapshot
        for made in snapshot.gestures {
            publish(topics.button(made.button.rawValue), Array(made.gesture.rawValue.utf8), qos: 1, retain: false)
        }
        await publishState()
        await scheduleGlass()
    }

    /// The state JSON and the light and widget topics, each when it changed.
    private func publishState() async {
        guard client.isConnected, let latest, let status = latest.status else { return }
        let limit = latest.reloadBudget
        let used = status.widgets.map(\.budgetUsed).max() ?? 0
        var budget: [String: Any] = ["used": used]
        if let limit { budget["limit"] = limit; budget["left"] = max(0, limit - used) }
        let shownKinds = status.slots.map { $0.kind ?? ($0.activity.map { "activity \($0)" } ?? "") }
        let stack = latest.stackKinds
        let widget = status.slots.compactMap(\.kind).first { stack.contains($0) }
        let light = lightOn ? "ON" : "OFF"
        let brightness = (MQTTCommand.levels.firstIndex(of: lightLevel) ?? MQTTCommand.levels.count - 1) + 1
        var state: [String: Any] = [
            "state": status.state, "slots": shownKinds, "light": light, "brightness": brightness, "budget": budget,
            "panel_healthy": status.panelHealthy,
        ]
        if let widget { state["widget"] = widget }
        if let error = lastError.withLock({ $0 }) { state["last_error"] = error }
        if let data = try? JSONSerialization.data(withJSONObject: state, options: [.sortedKeys]) {
            publishIfChanged(topics.state, Array(data))
        }
        publishIfChanged(topics.light, Array(light.utf8))
        publishIfChanged(topics.brightness, Array("\(brightness)".utf8))
        if let widget { publishIfChanged(topics.widget, Array(widget.utf8)) }
    }

    /// The glass now when the interval since the last one has passed, else once it has.
    private func scheduleGlass() async {
        guard let interval = configuration.glassInterval?.timeInterval, glassTimer == nil else { return }
        let now = host.clock.now
        let wait = glassSent.map { interval - now.timeIntervalSince($0) } ?? 0
        guard wait > 0 else { return await publishGlass() }
        let clock = host.clock
        glassTimer = Task { [weak self] in
            do { try await clock.sleep(for: .milliseconds(Int64(wait * 1000))) } catch { return }
            await self?.publishGlass()
        }
    }

    private func publishGlass() async {
        glassTimer = nil
        guard configuration.glassInterval != nil, client.isConnected, let latest, latest.drawn, let png = try? latest.glass.png() else { return }
        glassSent = host.clock.now
        publishIfChanged(topics.glass, png)
    }

    private func publishIfChanged(_ topic: String, _ payload: [UInt8]) {
        guard published[topic] != payload else { return }
        if publish(topic, payload, qos: 0) { published[topic] = payload }
    }

    @discardableResult
    private func publish(_ topic: String, _ payload: [UInt8], qos: Int, retain: Bool = true) -> Bool {
        let (sent, reason) = client.publish(MQTTClient.Message(topic: topic, payload: payload, qos: qos, retain: retain))
        if !sent, let reason { logger.debug("MQTT: not published on \(topic): \(reason)") }
        return sent
    }
}
