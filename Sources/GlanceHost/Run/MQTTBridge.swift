import Foundation
import GlanceCore
import GlanceFace
import GlanceInput
import GlanceLinux
import GlancePanels
import Logging

/// The face on an MQTT broker (`mqtt:` in glance.yaml, Docs/HomeAssistant.md): commands in —
/// app-group files, reloads, presses, live activities, light, widget and message — through the
/// same calls as `glance ctl`, once per `command_id`; other publishers' topics into app-group
/// files (`subscribe`); state out — availability, state JSON, light, widget, message, button
/// gestures, the glass as a PNG — and Home Assistant discovery, kept true: what the face no
/// longer has is cleared, at every connection and when SIGHUP changes the face or its `mqtt:`
/// section (which may also mean a new connection).
///
/// The client runs on its own thread; nothing here waits for the broker, so a broker that is
/// down costs the face nothing: frames and buttons go on, and the state is published again
/// when the connection returns. Nothing here sleeps either: the message's expiry (face time)
/// and the glass interval (real time) are alarms of the face's loop (`FaceHost.setAlarm`),
/// which a test's clock or the simulator's paused and fast-forwarded one drives like every
/// other deadline.
///
/// What comes in is outside input: the broker is asked (MQTT 5 Maximum Packet Size) to send
/// nothing over `MQTTCommand.maximumPacketSize`, each topic kind has a payload limit checked
/// before the payload is copied (`MQTTCommand.payloadLimit`), retained commands are refused
/// (only app-group files are state), and log lines quote outside text short.
actor MQTTBridge {
    private var configuration: MQTTConfiguration
    private let host: FaceHost
    private let logger: Logger
    private let lastError: Locked<String?>
    private var topics: MQTTTopics
    private var client: MQTTClient
    /// The client in use, for `isConnected` (read from any thread).
    private nonisolated let current: Locked<MQTTClient?>
    /// Whether `client` runs: false once SIGHUP read a face file without `mqtt:`.
    private var active = true
    /// Counts the clients made; events of a replaced one are ignored.
    private var generation = 0
    private let backoff: ClosedRange<Double>
    private var password: String?
    private var tasks: [Task<Void, Never>] = []
    private var clientTask: Task<Void, Never>?

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
    /// When the last glass PNG went out, on the clock's uptime: the interval spares the link,
    /// in real time whatever a simulated clock's pace.
    private var glassSent: Duration?
    /// When the message on the glass expires (on the face's clock, as the widget reads
    /// `expires`): then its state topic is emptied.
    private var messageExpiry: Date?
    /// The face's newest snapshot (with its status): what the state topics and the glass show.
    private var latest: FaceSnapshot?
    /// The face file's `mqtt:` as the face last read it; a snapshot with another is SIGHUP's.
    private var planned: MQTTConfiguration?
    /// Discovery: what this connection published on each configuration topic, every topic this
    /// face has announced and not cleared (kept in `discoveryFile` across runs), and the
    /// browser simulator's page for `configuration_url`.
    private var announced: [String: [UInt8]] = [:]
    private var remembered: Set<String> = []
    private let discoveryFile: URL
    private var pageURL: String?
    /// Command ids applied lately (`command_id`), so a redelivered command applies once.
    private var recent = MQTTRecentCommands()
    /// Called after each connection event is handled (a message applied or rejected), for
    /// tests and the bench.
    private let onHandled: @Sendable (MQTTClient.Event) -> Void

    /// The file in the state folder that remembers which discovery documents the face published.
    static let discoveryFileName = "mqtt-discovery.json"

    /// - Parameter stateDirectory: Where the face keeps its state (default: the host's
    ///   app-group root, which is its state folder); the discovery memory is kept there.
    /// - Throws: `MQTTError` when the client cannot be made (a CA file the library refuses),
    ///   `ConfigurationError` when the password file cannot be read.
    init(configuration: MQTTConfiguration, host: FaceHost, logger: Logger, lastError: Locked<String?> = Locked(nil),
         backoff: ClosedRange<Double> = 1...30, stateDirectory: URL? = nil,
         onHandled: @escaping @Sendable (MQTTClient.Event) -> Void = { _ in }) throws {
        self.onHandled = onHandled
        self.configuration = configuration
        self.host = host
        self.logger = logger
        self.lastError = lastError
        self.backoff = backoff
        topics = MQTTTopics(base: configuration.baseTopic, face: configuration.face)
        password = try configuration.password()
        client = try Self.makeClient(configuration, password: password, topics: topics, backoff: backoff)
        current = Locked(client)
        discoveryFile = (stateDirectory ?? host.appGroupRoot).appendingPathComponent(Self.discoveryFileName)
        remembered = Self.readRemembered(discoveryFile, logger: logger)
    }

    private static func makeClient(_ configuration: MQTTConfiguration, password: String?, topics: MQTTTopics,
                                   backoff: ClosedRange<Double>) throws -> MQTTClient {
        var options = MQTTClient.Options(host: configuration.host, port: configuration.port, clientID: configuration.clientID)
        options.keepAlive = Int(configuration.keepAlive.timeInterval)
        options.username = configuration.username
        options.password = password
        options.caFile = configuration.caFile
        options.will = MQTTClient.Message(topic: topics.availability, payload: Array("offline".utf8), qos: 1, retain: true)
        options.subscriptions = topics.subscriptions + configuration.subscriptions.map(\.filter)
        options.minimumBackoff = backoff.lowerBound
        options.maximumBackoff = backoff.upperBound
        options.maximumPacketSize = MQTTCommand.maximumPacketSize
        // A subscribed topic may carry a whole app-group file; what a key's value may have is checked on arrival.
        return try MQTTClient(options: options) { [topics] topic in
            topics.relative(topic) == nil ? AppGroup.fileSizeLimit : MQTTCommand.payloadLimit(topic: topic, topics: topics).bytes
        }
    }

    /// Whether the broker has accepted the connection.
    nonisolated var isConnected: Bool { current.withLock { $0?.isConnected ?? false } }

    /// Starts the client and the listeners; returns at once (the connection comes when it can).
    func connect() async {
        var snapshots = await host.snapshots(wanting: .status).makeAsyncIterator()
        latest = await snapshots.next()
        planned = latest?.mqtt
        tasks.append(Task { [weak self] in
            while let snapshot = await snapshots.next() { await self?.handle(snapshot) }
        })
        startClient()
    }

    private func startClient() {
        generation += 1
        let events = client.events, generation = self.generation
        clientTask = Task { [weak self] in
            for await event in events {
                await self?.handle(event, generation: generation)
                self?.onHandled(event)
            }
        }
        logger.info("MQTT: joining \(client.options.address) as \(configuration.clientID) (topics \(topics.root)/…; the broker is asked to send no message over \(MQTTCommand.maximumPacketSize) bytes and drops larger ones)")
        client.start()
        active = true
        current.withLock { $0 = client }
    }

    /// Publishes "offline", disconnects and stops the listeners.
    func disconnect() async {
        setGlassDue(nil)
        setMessageExpiry(nil)
        await stopClient()
        for task in tasks { task.cancel() }
        tasks = []
    }

    /// Publishes `final` and "offline", then stops the client.
    private func stopClient(publishing final: [MQTTClient.Message] = []) async {
        guard active else { return }
        active = false
        await client.stop(publishing: final + [MQTTClient.Message(topic: topics.availability, payload: Array("offline".utf8), qos: 1, retain: true)])
        clientTask?.cancel()
        clientTask = nil
        current.withLock { $0 = nil }
    }

    /// The browser simulator's page (`glance run --web`): Home Assistant links the device to it
    /// (`configuration_url`). Its token is left out: discovery documents are readable by every
    /// client of the broker.
    func showPage(_ url: String) {
        pageURL = url.split(separator: "?", maxSplits: 1).first.map(String.init)
        announce()
    }

    // MARK: - SIGHUP

    /// The face file was read again with `new` as its `mqtt:` section: the same connection takes
    /// the new discovery, glass and subscription settings; another broker, name, credential or
    /// set of topics is a new connection; no section leaves the broker.
    private func reconfigure(_ new: MQTTConfiguration?) async {
        planned = new
        guard let new else {
            guard active else { return }
            let address = client.options.address
            await stopClient(publishing: clearDiscovery())
            logger.notice("MQTT: the face file has no mqtt: section any more: left \(address) (its discovery documents cleared)")
            return
        }
        let password: String?
        do {
            password = try new.password()
        } catch {
            logger.error("MQTT: keeping the connection as it was: \(error)")
            return
        }
        if active, configuration.sameConnection(as: new), password == self.password {
            configuration = new
            logger.notice("MQTT: mqtt: read again; the connection stays")
            announce()
            await publishGlass()
            return
        }
        let newTopics = MQTTTopics(base: new.baseTopic, face: new.face)
        let replacement: MQTTClient
        do {
            replacement = try Self.makeClient(new, password: password, topics: newTopics, backoff: backoff)
        } catch {
            logger.error("MQTT: keeping the connection as it was: \(error)")
            return
        }
        // What the old broker holds of this face goes with it; on the same broker the new
        // connection's announcement clears what it no longer has.
        let leaving = new.host != configuration.host || new.port != configuration.port
        await stopClient(publishing: active && leaving ? clearDiscovery() : [])
        logger.notice("MQTT: mqtt: read again; connecting anew")
        configuration = new
        topics = newTopics
        self.password = password
        client = replacement
        everConnected = false
        loggedProblem = nil
        startClient()
    }

    // MARK: - Discovery

    /// Publishes the discovery documents that are new or changed, and an empty retained
    /// message (which Home Assistant reads as "removed") on every configuration topic this face
    /// announced before and has no more: buttons of another board, gestures no longer bound, a
    /// stack that was removed, another face name. Remembers what is out there in `discoveryFile`.
    private func announce() {
        guard active, client.isConnected else { return }
        var documents: [String: [UInt8]] = [:]
        if let prefix = configuration.discoveryPrefix, let latest {
            let discovery = MQTTDiscovery(
                prefix: prefix, topics: topics, boardName: host.board.name, controller: host.board.controller,
                buttons: host.board.buttons.map(\.name),
                bound: Set(latest.bound.map { MQTTDiscovery.Gesture(button: $0.button.rawValue, gesture: $0.gesture) }),
                triggers: configuration.discoveryTriggers, stackKinds: latest.stackKinds,
                hasLight: host.assembly.display.panel.technology == .oled, version: GlanceVersion.current, pageURL: pageURL)
            for document in discovery.documents { documents[document.topic] = document.json() }
        }
        for (topic, payload) in documents.sorted(by: { $0.key < $1.key }) where announced[topic] != payload {
            if publish(topic, payload, qos: 1) { announced[topic] = payload }
        }
        let stale = remembered.union(announced.keys).subtracting(documents.keys)
        var cleared = [String]()
        for topic in stale.sorted() where publish(topic, [], qos: 1) {
            cleared.append(topic)
            announced[topic] = nil
        }
        if !cleared.isEmpty {
            logger.info("MQTT: cleared \(cleared.count) discovery document\(cleared.count == 1 ? "" : "s") of what the face no longer has (\(MQTTCommand.excerpt(cleared.joined(separator: ", "), limit: 200)))")
        }
        remember(Set(announced.keys).union(stale.subtracting(cleared)))
    }

    /// The empty retained messages that clear every configuration topic this face announced,
    /// to send as it leaves the broker for good; it forgets them.
    private func clearDiscovery() -> [MQTTClient.Message] {
        let topics = remembered.union(announced.keys).sorted()
        announced = [:]
        remember([])
        return topics.map { MQTTClient.Message(topic: $0, payload: [], qos: 1, retain: true) }
    }

    private func remember(_ topics: Set<String>) {
        guard topics != remembered else { return }
        remembered = topics
        do {
            let data = try JSONSerialization.data(withJSONObject: ["topics": topics.sorted()], options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
            try AtomicFile.write(data, to: discoveryFile)
        } catch {
            logger.warning("MQTT: cannot remember the discovery documents in \(discoveryFile.path): \(error) (stale ones may stay in Home Assistant after a change)")
        }
    }

    /// The topics `file` remembers; none when there is no file, a warning when it cannot be read.
    private static func readRemembered(_ file: URL, logger: Logger) -> Set<String> {
        do {
            guard let data = try AtomicFile.readRegular(file, limit: 1 << 20) else { return [] }
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], let topics = object["topics"] as? [String] else {
                logger.warning("MQTT: \(file.path) is not what the face writes there ({\"topics\": […]}); starting afresh")
                return []
            }
            return Set(topics)
        } catch {
            logger.warning("MQTT: cannot read \(file.path): \(MQTTCommand.jsonProblem(error)); starting afresh")
            return []
        }
    }

    // MARK: - The connection

    private func handle(_ event: MQTTClient.Event, generation: Int) async {
        guard generation == self.generation else { return }
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
            announced = [:]
            publish(topics.availability, Array("online".utf8), qos: 1)
            announce()
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
            if topics.relative(message.topic) == nil {
                if let subscription = configuration.subscriptions.first(where: { $0.target(for: message.topic) != nil }) {
                    try await apply(message, subscription)
                }
                return
            }
            guard let (command, id) = try MQTTCommand.parseMessage(topic: message.topic, payload: message.payload, retained: message.retain, topics: topics) else { return }
            if let id, !recent.firstTime(id, now: host.clock.now) {
                logger.info("MQTT: \(MQTTCommand.excerpt(message.topic, limit: 128)) command_id \(MQTTCommand.excerpt(id)) was applied already; this copy (a redelivery) is ignored")
                return
            }
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
            try await write(contents, in: group, name: name, topic: topic)
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
        case .message(let text):
            try await show(message: text, topic: topic)
        }
    }

    /// A message on a `subscribe` topic: the payload as the file, or as one key's value in it.
    private func apply(_ message: MQTTClient.Message, _ subscription: MQTTSubscription) async throws {
        let topic = message.topic
        guard let (name, key) = subscription.target(for: topic), let appGroup = latest?.appGroup else { return }
        guard !message.payload.isEmpty else {
            logger.info("MQTT: \(MQTTCommand.excerpt(topic, limit: 128)) was cleared; the app-group file \(MQTTCommand.excerpt(name)) is kept")
            return
        }
        let group = AppGroup(name: appGroup, root: host.appGroupRoot)
        let url = try group.url(for: name)
        let existing = key == nil ? nil : try? group.contents(of: name)
        let (contents, restarted) = try MQTTSubscription.contents(topic: topic, payload: message.payload, file: name, key: key, existing: existing)
        if restarted { logger.warning("MQTT: \(url.path) is not a JSON object; \(MQTTCommand.excerpt(topic, limit: 128)) starts it afresh") }
        try await write(contents, in: group, name: name, topic: topic)
    }

    /// Writes an app-group file from a message, when its contents changed, and reloads what reads it.
    private func write(_ contents: Data, in group: AppGroup, name: String, topic: String) async throws {
        do {
            guard try group.write(contents: contents, to: name) else { return }
        } catch {
            throw MQTTCommandError(topic: topic, message: MQTTCommand.excerpt("\(error)", limit: 300))
        }
        logger.info("MQTT: \(MQTTCommand.excerpt(topic, limit: 128)) → \(group.directory.appendingPathComponent(name).path) (\(contents.count) bytes)")
        await host.appGroupChanged(name)
    }

    /// Writes `message.json` for the message widget (the text and when it expires), publishes
    /// the message on its state topic, and empties that topic when it expires.
    private func show(message text: String, topic: String) async throws {
        guard let appGroup = latest?.appGroup else { return }
        setMessageExpiry(nil)
        let now = host.clock.now
        var object: [String: Any] = ["text": text]
        let expiry = configuration.messageExpiry?.timeInterval
        if let expiry, !text.isEmpty { object["expires"] = ISO8601DateFormatter().string(from: now.addingTimeInterval(expiry)) }
        let contents = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        try await write(contents, in: AppGroup(name: appGroup, root: host.appGroupRoot), name: "message.json", topic: topic)
        publish(topics.message, Array(text.utf8), qos: 1)
        guard let expiry, !text.isEmpty else { return }
        // The moment `expires` names: the widget hides the message then, by the same clock.
        setMessageExpiry(now.addingTimeInterval(expiry))
    }

    /// The message's expiry as one of the face loop's deadlines (`FaceHost.setAlarm`); nil: none.
    private func setMessageExpiry(_ date: Date?) {
        messageExpiry = date
        host.setAlarm(Self.messageAlarm, date.map { .wall($0) })
    }

    /// Empties the message's state topic once the face's clock has reached its expiry.
    private func expireMessage() {
        guard let messageExpiry, host.clock.now >= messageExpiry else { return }
        setMessageExpiry(nil)
        publish(topics.message, [], qos: 1)
    }

    private static let messageAlarm = "mqtt.message-expiry"
    private static let glassAlarm = "mqtt.glass"

    private var lightLimit: BrightnessLevel? {
        lightOn ? (lightLevel == .normal ? nil : lightLevel) : .off
    }

    // MARK: - State

    private func handle(_ snapshot: FaceSnapshot) async {
        let before = latest
        latest = snapshot
        expireMessage()
        if snapshot.mqtt != planned {
            await reconfigure(snapshot.mqtt)
        } else if before?.bound != snapshot.bound || before?.stackKinds != snapshot.stackKinds {
            announce()
        }
        guard active else { return }
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

    /// The glass now when the interval since the last one has passed, else once it has: the
    /// face loop's alarm brings a snapshot then, and with it this call again.
    private func scheduleGlass() async {
        guard let interval = configuration.glassInterval else { return setGlassDue(nil) }
        if let glassSent, host.clock.uptime < glassSent + interval { return setGlassDue(glassSent + interval) }
        await publishGlass()
    }

    /// A newer glass waiting for the interval, as one of the face loop's deadlines; nil: none.
    private func setGlassDue(_ moment: Duration?) {
        host.setAlarm(Self.glassAlarm, moment.map { .uptime($0) })
    }

    private func publishGlass() async {
        setGlassDue(nil)
        guard configuration.glassInterval != nil, client.isConnected, let latest, latest.drawn, let png = try? latest.glass.png() else { return }
        glassSent = host.clock.uptime
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
