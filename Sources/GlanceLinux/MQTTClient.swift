import CMosquitto
import Foundation
#if canImport(Glibc)
import GlanceCore
import Glibc
#endif
import Synchronization

/// An MQTT 5 client on Eclipse Mosquitto's C library, on a thread of its own: connecting,
/// reconnecting with back-off and every socket wait happen there, so a broker that is down or
/// slow never holds up the caller. What happens arrives as `events`; `publish` never blocks.
///
/// The session is persistent unless `cleanSession` is set: the broker keeps the subscriptions
/// and the QoS 1 messages that arrive while the client is away, and hands them over when it
/// comes back. The subscriptions are made again on every connection (they are idempotent), so
/// retained messages arrive again after a reconnect (with `retain` set): receivers treat them
/// as state, not as events.
///
/// Sizes: libmosquitto reads a whole packet into memory before any callback, whatever its
/// size (up to MQTT's 256 MB), so a size check after it is too late. `maximumPacketSize` is
/// therefore sent to the broker in CONNECT (MQTT 5's Maximum Packet Size), and the broker
/// does not send this client a larger packet: Mosquitto drops it for this client — live,
/// retained or queued in the session alike — and logs "Dropping too large outgoing PUBLISH".
/// Below that, `payloadLimit` refuses a payload by topic before it is copied out of the library.
public final class MQTTClient: Sendable {
    /// How to reach the broker and who to be there.
    public struct Options: Sendable, Equatable {
        public var host: String
        public var port: Int
        public var clientID: String
        /// Seconds between keep-alive pings (the broker drops the client after 1.5 times this).
        public var keepAlive: Int = 60
        public var username: String? = nil
        public var password: String? = nil
        /// A CA certificate file: connect with TLS and verify the broker against it.
        public var caFile: String? = nil
        /// Published by the broker when the connection ends without a DISCONNECT.
        public var will: Message? = nil
        /// False (default): a persistent session (QoS 1 messages wait for the client).
        public var cleanSession = false
        /// Topic filters subscribed at QoS 1 on every connection.
        public var subscriptions: [String] = []
        /// The largest packet the broker may send this client, in bytes (payload, topic and
        /// headers); nil: no limit but MQTT's own (256 MB). Sent as MQTT 5's Maximum Packet Size
        /// in every CONNECT; the broker drops larger messages for this client.
        public var maximumPacketSize: Int? = nil
        /// The first wait before reconnecting, doubled after each failure up to `maximumBackoff` (seconds).
        public var minimumBackoff: Double = 1
        public var maximumBackoff: Double = 30

        public init(host: String, port: Int, clientID: String) {
            self.host = host
            self.port = port
            self.clientID = clientID
        }

        /// `host:port`, for messages.
        public var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    }

    /// A message received or to publish.
    public struct Message: Sendable, Equatable {
        public var topic: String
        public var payload: [UInt8]
        public var qos: Int
        public var retain: Bool

        public init(topic: String, payload: [UInt8], qos: Int = 0, retain: Bool = false) {
            self.topic = topic
            self.payload = payload
            self.qos = qos
            self.retain = retain
        }

        /// The payload as UTF-8 text (invalid bytes replaced).
        public var text: String { String(decoding: payload, as: UTF8.self) }
    }

    /// What happened on the connection.
    public enum Event: Sendable, Equatable {
        /// The broker accepted the connection; `resumed` when it still had the session.
        case connected(resumed: Bool)
        /// A connection attempt failed (unreachable, refused, bad credentials); the next
        /// attempt is `retry` seconds later.
        case connectionFailed(reason: String, retry: Double)
        /// An established connection ended; the next attempt is `retry` seconds later.
        case disconnected(reason: String, retry: Double)
        /// A message on a subscribed topic.
        case message(Message)
        /// A message on a subscribed topic whose payload (`size` bytes) is over the `limit` the
        /// client's `payloadLimit` sets for its topic; the payload was not kept.
        case tooLarge(topic: String, size: Int, limit: Int, retained: Bool)
    }

    /// Everything that happens, in order, until `stop()`.
    public let events: AsyncStream<Event>
    /// The options the client was made with.
    public let options: Options

    private let core: Core

    /// Creates a client; nothing is sent until `start()`.
    /// - Parameter payloadLimit: The most bytes a message's payload may have, by its topic; a
    ///   larger one arrives as `.tooLarge`, without its payload. Called on the client's thread.
    /// - Throws: `MQTTError` when the library refuses the options (a CA file it cannot use, a
    ///   `maximumPacketSize` outside 1…268435455).
    public init(options: Options, payloadLimit: @escaping @Sendable (_ topic: String) -> Int = { _ in .max }) throws {
        self.options = options
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        self.events = events
        core = try Core(options: options, payloadLimit: payloadLimit, continuation: continuation)
    }

    /// Starts the client's thread, which connects and keeps reconnecting until `stop()`.
    public func start() {
        let core = self.core
        let thread = Thread { core.run() }
        thread.name = "glance-mqtt"
        thread.start()
    }

    /// Whether the broker has accepted the current connection.
    public var isConnected: Bool { core.state.withLock { $0.connected } }

    /// False once a broker has answered that it does not speak MQTT 5: the client then speaks
    /// MQTT 3.1.1, which has no Maximum Packet Size, so `maximumPacketSize` is not sent (the
    /// broker's own `max_packet_size` is then the only bound before libmosquitto).
    public var speaksMQTT5: Bool { core.state.withLock { $0.mqtt5 } }

    /// Queues a message. QoS 0 messages are dropped while disconnected (state is published
    /// again on reconnect); QoS 1 messages wait (the newest 1000) and go out as soon as the
    /// connection is back.
    /// - Returns: false when the message was dropped or refused (with why, as the library says it).
    @discardableResult
    public func publish(_ message: Message) -> (sent: Bool, reason: String?) {
        core.publish(message)
    }

    /// Publishes `final` messages (an "offline" state), disconnects cleanly and ends the thread
    /// and `events`. Waits at most `timeout` seconds for the thread to finish sending.
    public func stop(publishing final: [Message] = [], timeout: Double = 2) async {
        let core = self.core
        await offThePool(named: "glance-mqtt-stop") { core.stop(publishing: final, timeout: timeout) }
    }
}

/// A client that cannot be made with the options given.
public struct MQTTError: Error, CustomStringConvertible, Sendable {
    public let description: String

    package init(description: String) {
        self.description = description
    }
}

extension MQTTClient {
    /// The library handle and everything the thread shares with callers. Unchecked Sendable:
    /// the handle is used from the client's thread and from `publish`, which libmosquitto
    /// allows in its threaded mode (`mosquitto_threaded_set`); the rest is under `state`.
    final class Core: @unchecked Sendable {
        struct State {
            var connected = false
            var stopping = false
            var finished = false
            /// A refusal reported by the CONNACK of the current attempt.
            var refusal: String?
            /// MQTT 5 until a broker refuses it; then MQTT 3.1.1 for good.
            var mqtt5 = true
            /// QoS 1 messages published while disconnected, oldest first (libmosquitto refuses them).
            var outbox: [Message] = []
        }

        /// The most QoS 1 messages kept while disconnected; older ones are dropped first.
        static let outboxLimit = 1000

        let options: Options
        let state = Mutex(State())
        /// libmosquitto's functions (opened when the first client is made).
        private let library: glance_mosquitto
        private let handle: OpaquePointer
        /// The MQTT 5 CONNECT properties, sent on every connection (libmosquitto's own
        /// reconnect would send none).
        private let connectProperties: OpaquePointer?
        private let payloadLimit: @Sendable (String) -> Int
        private let continuation: AsyncStream<Event>.Continuation
        /// Wakes a back-off wait and tells `stop()` the thread has ended.
        private let condition = MonotonicCondition()
        /// Wakes the connection's thread from `poll` (a publish or a stop from another thread).
        private let wake = WakePipe()

        init(options: Options, payloadLimit: @escaping @Sendable (String) -> Int, continuation: AsyncStream<Event>.Continuation) throws {
            self.options = options
            self.payloadLimit = payloadLimit
            self.continuation = continuation
            let library = try MQTTLibrary.load()
            self.library = library
            var properties: OpaquePointer?
            if let size = options.maximumPacketSize {
                guard (1...268_435_455).contains(size) else {
                    throw MQTTError(description: "maximum packet size \(size) is outside 1…268435455 bytes (MQTT's range)")
                }
                _ = library.property_add_int32!(&properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue), UInt32(size))
            }
            if !options.cleanSession {
                // MQTT 5 ends a session when the connection closes unless it has an expiry;
                // 0xFFFFFFFF keeps it as MQTT 3.1.1's persistent sessions were kept.
                _ = library.property_add_int32!(&properties, Int32(MQTT_PROP_SESSION_EXPIRY_INTERVAL.rawValue), UInt32.max)
            }
            connectProperties = properties
            guard let handle = library.new!(options.clientID, options.cleanSession, nil) else {
                library.property_free_all!(&properties)
                throw MQTTError(description: "cannot create an MQTT client for '\(options.clientID)' (out of memory, or an empty client id with a persistent session)")
            }
            self.handle = handle
            _ = library.threaded_set!(handle, true)
            _ = library.int_option!(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5)
            if let username = options.username {
                _ = library.username_pw_set!(handle, username, options.password)
            }
            if let caFile = options.caFile {
                let result = library.tls_set!(handle, caFile, nil, nil, nil, nil)
                guard result == MOSQ_ERR_SUCCESS.rawValue else {
                    library.destroy!(handle)
                    throw MQTTError(description: "TLS with CA file \(caFile): \(MQTTLibrary.describe(result))")
                }
            }
            if let will = options.will {
                will.payload.withUnsafeBytes { bytes in
                    _ = library.will_set!(handle, will.topic, Int32(bytes.count), bytes.baseAddress, Int32(will.qos), will.retain)
                }
            }
            library.user_data_set!(handle, Unmanaged.passUnretained(self).toOpaque())
            library.connect_with_flags_callback_set!(handle) { _, context, code, flags in
                Core.from(context).connected(code: code, resumed: flags & 1 == 1)
            }
            library.message_callback_set!(handle) { _, context, message in
                guard let message else { return }
                Core.from(context).received(message.pointee)
            }
        }

        deinit {
            library.destroy!(handle)
            var properties = connectProperties
            library.property_free_all!(&properties)
        }

        private static func from(_ context: UnsafeMutableRawPointer?) -> Core {
            Unmanaged<Core>.fromOpaque(context!).takeUnretainedValue()
        }

        // MARK: Callbacks (on the client's thread, inside mosquitto_loop)

        private func connected(code: Int32, resumed: Bool) {
            guard code == 0 else {
                // An MQTT 5 CONNACK reason code (135: not authorized). A 3.1.1 broker's "unacceptable
                // protocol version" arrives as 132: the next attempt speaks MQTT 3.1.1.
                let reason = library.reason_string!(code).map { String(cString: $0) } ?? "code \(code)"
                state.withLock { state in
                    if code == Int32(MQTT_RC_UNSUPPORTED_PROTOCOL_VERSION.rawValue), state.mqtt5 {
                        state.mqtt5 = false
                        state.refusal = "the broker does not speak MQTT 5 (\(reason)); trying MQTT 3.1.1"
                    } else {
                        state.refusal = "the broker refused the connection: \(reason)"
                    }
                }
                return
            }
            let waiting = state.withLock { state -> [Message] in
                state.connected = true
                state.refusal = nil
                defer { state.outbox = [] }
                return state.outbox
            }
            for filter in options.subscriptions {
                _ = library.subscribe!(handle, nil, filter, 1)
            }
            for message in waiting { _ = send(message) }
            continuation.yield(.connected(resumed: resumed))
        }

        private func received(_ message: mosquitto_message) {
            let topic = String(cString: message.topic)
            let size = Int(message.payloadlen), limit = payloadLimit(topic)
            guard size <= limit else {
                continuation.yield(.tooLarge(topic: topic, size: size, limit: limit, retained: message.retain))
                return
            }
            let payload = message.payload.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: Int(message.payloadlen))) } ?? []
            continuation.yield(.message(Message(topic: topic, payload: payload, qos: Int(message.qos), retain: message.retain)))
        }

        // MARK: The thread

        func run() {
            var backoff = options.minimumBackoff
            var mqtt5 = true
            while !isStopping {
                if mqtt5, !state.withLock({ $0.mqtt5 }) {
                    mqtt5 = false
                    _ = library.int_option!(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311)
                }
                // A blocking connect (on this thread): libmosquitto 2.0 has no asynchronous
                // connect that takes properties, and its reconnect drops them.
                let started = library.connect_bind_v5!(handle, options.host, Int32(options.port), Int32(options.keepAlive), nil,
                                                       mqtt5 ? connectProperties : nil)
                var reason: String?
                if started != MOSQ_ERR_SUCCESS.rawValue {
                    reason = MQTTLibrary.describe(started)
                } else {
                    reason = serve()
                }
                let (wasConnected, refusal) = state.withLock { state -> (Bool, String?) in
                    defer { state.connected = false; state.refusal = nil }
                    return (state.connected, state.refusal)
                }
                if isStopping { break }
                if wasConnected { backoff = options.minimumBackoff }
                let why = refusal ?? reason ?? "the connection closed"
                continuation.yield(wasConnected ? .disconnected(reason: why, retry: backoff) : .connectionFailed(reason: why, retry: backoff))
                wait(seconds: backoff)
                backoff = min(options.maximumBackoff, backoff * 2)
            }
            condition.lock()
            state.withLock { $0.finished = true }
            condition.broadcast()
            condition.unlock()
            continuation.finish()
        }

        /// Runs the connection until it ends; returns why it ended.
        ///
        /// The wait is `poll` on the connection and on this client's wake-up pipe, with the
        /// library's read, write and housekeeping calls: `mosquitto_loop` waits with `select`,
        /// which refuses a socket numbered 1024 or more (MOSQ_ERR_INVAL), so in a process with
        /// many descriptors open the connection was dropped before its CONNECT went out.
        private func serve() -> String? {
            // Half the keep-alive: the library sends its ping from loop_misc.
            let timeout = Int32(max(1, options.keepAlive / 2) * 1000)
            while !isStopping {
                if let failure = step(timeout: timeout) { return isStopping ? nil : failure }
            }
            // Stopping: send what is queued (the final messages, then DISCONNECT), briefly.
            for _ in 0..<20 where library.want_write!(handle) && step(timeout: 100) == nil {}
            return nil
        }

        /// Waits up to `timeout` milliseconds for the connection or a wake-up, then reads,
        /// writes and keeps the connection alive; returns why the connection failed.
        private func step(timeout: Int32) -> String? {
            let socket = library.socket!(handle)
            guard socket >= 0 else { return MQTTLibrary.describe(MOSQ_ERR_NO_CONN.rawValue) }
            let writing = library.want_write!(handle)
            var descriptors = [pollfd(fd: socket, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0),
                               pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0, errno != EINTR { return errnoDescription(errno) }
            if descriptors[1].revents != 0 { wake.drain() }
            if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                let result = library.loop_read!(handle, 1)
                if result != MOSQ_ERR_SUCCESS.rawValue { return MQTTLibrary.describe(result) }
            }
            if library.want_write!(handle) {
                let result = library.loop_write!(handle, 1)
                if result != MOSQ_ERR_SUCCESS.rawValue { return MQTTLibrary.describe(result) }
            }
            let result = library.loop_misc!(handle)
            return result == MOSQ_ERR_SUCCESS.rawValue ? nil : MQTTLibrary.describe(result)
        }

        private var isStopping: Bool { state.withLock { $0.stopping } }

        private func wait(seconds: Double) {
            condition.lock()
            let until = SystemClock().uptime + .seconds(seconds)
            while !isStopping, condition.wait(until: until) {}
            condition.unlock()
        }

        // MARK: From other threads

        func publish(_ message: Message) -> (sent: Bool, reason: String?) {
            let kept = state.withLock { state -> Bool? in
                guard !state.connected else { return nil }
                guard message.qos > 0, !state.stopping else { return false }
                state.outbox.append(message)
                if state.outbox.count > Self.outboxLimit { state.outbox.removeFirst(state.outbox.count - Self.outboxLimit) }
                return true
            }
            switch kept {
            case true?: return (true, nil)
            case false?: return (false, "not connected")
            case nil: return send(message)
            }
        }

        private func send(_ message: Message) -> (sent: Bool, reason: String?) {
            let result = message.payload.withUnsafeBytes { bytes in
                library.publish!(handle, nil, message.topic, Int32(bytes.count), bytes.baseAddress, Int32(message.qos), message.retain)
            }
            // The connection's thread may be waiting in poll: what is queued goes out now.
            wake.ring()
            return result == MOSQ_ERR_SUCCESS.rawValue ? (true, nil) : (false, MQTTLibrary.describe(result))
        }

        func stop(publishing final: [Message], timeout: Double) {
            if state.withLock({ $0.connected }) {
                for message in final { _ = publish(message) }
            }
            state.withLock { $0.stopping = true }
            _ = library.disconnect!(handle)
            wake.ring()
            condition.lock()
            condition.broadcast()
            let until = SystemClock().uptime + .seconds(timeout)
            while !state.withLock({ $0.finished }), condition.wait(until: until) {}
            condition.unlock()
        }
    }
}

/// libmosquitto, opened and set up once, when the first client is made.
enum MQTTLibrary {
    private static let loaded: Result<glance_mosquitto, MQTTError> = {
        var error = [CChar](repeating: 0, count: 512)
        guard let library = glance_mosquitto_load(&error, error.count)?.pointee else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(MQTTError(description: "cannot load the MQTT client library: \(reason) (on Debian and Raspberry Pi OS: sudo apt install libmosquitto1)"))
        }
        _ = library.lib_init!()
        return .success(library)
    }()

    /// The library's functions, or why it cannot be used.
    static func load() throws(MQTTError) -> glance_mosquitto {
        try loaded.get()
    }

    /// The library's description of a result code; for system errors, the system's.
    static func describe(_ code: Int32) -> String {
        if code == MOSQ_ERR_ERRNO.rawValue { return errnoDescription(errno) }
        if code == MOSQ_ERR_CONN_LOST.rawValue { return "the connection was lost" }
        guard case .success(let library) = loaded else { return "error \(code)" }
        return library.strerror!(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// A pipe one thread writes a byte into to end another's `poll` (both ends non-blocking).
private final class WakePipe: Sendable {
    let read: Int32
    private let write: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        (read, write) = (ends[0], ends[1])
    }

    deinit {
        close(read)
        close(write)
    }

    func ring() {
        var byte: UInt8 = 1
        _ = Glibc.write(write, &byte, 1)
    }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while Glibc.read(read, &buffer, buffer.count) > 0 {}
    }
}
