import Foundation

/// The `mqtt:` section of `glance.yaml`: which broker the face joins, as whom, and under which
/// topics (Docs/HomeAssistant.md).
public struct MQTTConfiguration: Equatable, Sendable {
    public var host: String
    /// 1883, or 8883 with TLS, unless given.
    public var port: Int
    /// The face's name in topics and in Home Assistant (default: the machine's host name).
    public var face: String
    /// Every topic of the face starts with `baseTopic/face/` (default `glance`).
    public var baseTopic: String
    /// Default `glance-FACE`; the broker keeps the persistent session under it.
    public var clientID: String
    public var username: String?
    /// A file holding the password (its first line), so glance.yaml holds no secret.
    public var passwordFile: Located<String>?
    /// Connect with TLS, verifying the broker against this CA certificate.
    public var caFile: String?
    public var keepAlive: Duration
    /// The Home Assistant discovery prefix; nil turns discovery off.
    public var discoveryPrefix: String?
    /// Which button gestures get a Home Assistant device trigger (`discovery.triggers`).
    public var discoveryTriggers: TriggerSet = .bound
    /// How long a message from `message/set` stays on the glass; nil keeps it until the next.
    public var messageExpiry: Duration? = .seconds(3600)
    /// Topics of other publishers whose messages become app-group files (`subscribe`).
    public var subscriptions: [MQTTSubscription] = []
    /// The shortest time between two glass PNGs; nil publishes none.
    public var glassInterval: Duration?

    /// Which gestures discovery announces as device triggers.
    public enum TriggerSet: String, Sendable, CaseIterable {
        /// The gestures the face binds to an action (the default).
        case bound
        /// Every gesture of every button: for automations on buttons the face leaves unbound.
        case all
        /// No device triggers.
        case none
    }

    /// The topic level every face listens to as well as its own.
    public static let broadcastFace = "all"

    static let keys = ["host", "port", "face", "base-topic", "client-id", "username", "password-file", "tls", "keep-alive", "discovery", "glass", "subscribe", "message-expiry"]

    /// The most `subscribe` entries: each is a subscription the broker keeps for the face.
    static let subscriptionLimit = 64

    /// Reads the section; `hostName` is the default face name. Each key is read on its own, so
    /// every problem of the section is noted in `node.problems`.
    /// - Throws: `ConfigurationError` at the offending key or value, or
    ///   `ConfigurationProblems.Abandoned` after noting several.
    init(node: ConfigNode, hostName: String = ProcessInfo.processInfo.hostName) throws {
        let before = node.problems.count
        let fields = try node.mapping(allowed: Self.keys)
        host = node.attempt {
            guard let hostNode = fields["host"] else { throw node.error("mqtt needs 'host' (the broker's name or address, e.g. host: homeassistant.local)") }
            let host = try hostNode.string().trimmingCharacters(in: .whitespaces)
            if host.isEmpty || host.contains(where: { $0.isWhitespace || $0 == "/" }) {
                throw hostNode.error("mqtt.host '\(host)' is not a host name or address")
            }
            return host
        } ?? ""
        if let tls = fields["tls"] {
            caFile = tls.attempt {
                let options = try tls.mapping(allowed: ["ca-file"])
                guard let ca = options["ca-file"] else { throw tls.error("tls needs 'ca-file' (the CA certificate that signed the broker's)") }
                let path = try ca.string()
                guard FileManager.default.isReadableFile(atPath: path) else {
                    throw ca.error("the CA file \(path) \(FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist")")
                }
                return path
            }
        }
        let tlsGiven = fields["tls"] != nil
        port = node.attempt { try fields["port"]?.int(in: 1...65_535) ?? (tlsGiven ? 8883 : 1883) } ?? 1883
        let face = node.attempt { () throws -> String in
            let face = try fields["face"].map { try Self.topicLevel($0, what: "face") } ?? Self.defaultFace(hostName: hostName)
            if face == Self.broadcastFace {
                throw (fields["face"] ?? node).error("the face cannot be called '\(Self.broadcastFace)': that is the topic every face listens to")
            }
            return face
        }
        self.face = face ?? Self.defaultFace(hostName: hostName)
        let baseTopic = node.attempt { try fields["base-topic"].map(Self.baseTopic) ?? "glance" }
        self.baseTopic = baseTopic ?? "glance"
        let faceName = self.face
        clientID = node.attempt {
            let id = try fields["client-id"]?.string() ?? "glance-\(faceName)"
            if id.isEmpty || id.utf8.count > 65_535 { throw fields["client-id"]!.error("client-id must not be empty") }
            return id
        } ?? "glance"
        username = node.attempt { try fields["username"]?.string() } ?? nil
        if let file = fields["password-file"] {
            let hasUsername = username != nil
            passwordFile = file.attempt {
                let path = try file.string()
                guard FileManager.default.isReadableFile(atPath: path) else {
                    throw file.error("the password file \(path) \(FileManager.default.fileExists(atPath: path) ? "cannot be read (check its permissions)" : "does not exist")")
                }
                guard hasUsername || fields["username"] != nil else { throw file.error("a password-file needs a username") }
                return Located(value: path, file: file.file, line: file.line, column: file.column)
            }
        }
        keepAlive = node.attempt { try fields["keep-alive"]?.duration(in: .seconds(5)...(.seconds(3600))) ?? .seconds(60) } ?? .seconds(60)
        discoveryPrefix = "homeassistant"
        if let discovery = fields["discovery"] {
            if discovery.node.mapping != nil, let options = discovery.attempt({ try discovery.mapping(allowed: ["prefix", "triggers"]) }) {
                discoveryPrefix = options["prefix"].flatMap { prefix in prefix.attempt { try Self.baseTopic(prefix) } } ?? "homeassistant"
                if let triggers = options["triggers"], let set = triggers.attempt({ TriggerSet(rawValue: try triggers.choice(TriggerSet.allCases.map(\.rawValue)))! }) {
                    discoveryTriggers = set
                }
            } else if discovery.node.mapping == nil {
                discoveryPrefix = discovery.attempt { () throws -> String? in
                    let text = try discovery.string()
                    return ["off", "false", "no"].contains(text.lowercased()) ? nil : try Self.baseTopic(discovery)
                } ?? "homeassistant"
            }
        }
        if let glass = fields["glass"] {
            glassInterval = glass.attempt { () throws -> Duration? in
                ["off", "false", "no"].contains(try glass.string().lowercased()) ? nil : try glass.duration(in: .seconds(1)...(.seconds(86_400)))
            } ?? .seconds(10)
        } else {
            glassInterval = .seconds(10)
        }
        if let expiry = fields["message-expiry"], let value = expiry.attempt({ try expiry.durationOrNever(in: .seconds(1)...(.seconds(30 * 86_400))) }) {
            messageExpiry = value
        }
        // The entries are checked against the face's own topics: not when those are not known.
        if let subscribe = fields["subscribe"], let face, let baseTopic {
            let entries = subscribe.attempt { () throws -> [ConfigNode] in
                let entries = try subscribe.sequence()
                guard entries.count <= Self.subscriptionLimit else {
                    throw subscribe.error("subscribe has \(entries.count) entries; at most \(Self.subscriptionLimit) (use + and # wildcards for many topics)")
                }
                return entries
            }
            let own = MQTTTopics(base: baseTopic, face: face)
            subscriptions = (entries ?? []).compactMap { entry in entry.attempt { try MQTTSubscription(node: entry, own: own) } }
        }
        if node.problems.count > before { throw ConfigurationProblems.Abandoned() }
    }

    /// Whether `other` joins the same broker the same way (what a change of needs a new connection).
    func sameConnection(as other: MQTTConfiguration) -> Bool {
        host == other.host && port == other.port && face == other.face && baseTopic == other.baseTopic && clientID == other.clientID
            && username == other.username && passwordFile?.value == other.passwordFile?.value && caFile == other.caFile
            && keepAlive == other.keepAlive && subscriptions.map(\.filter) == other.subscriptions.map(\.filter)
    }

    /// The password: the first line of `passwordFile`.
    /// - Throws: `ConfigurationError` at the key when the file cannot be read any more.
    func password() throws -> String? {
        guard let file = passwordFile else { return nil }
        let text: String
        do {
            text = try ConfigurationError.readText(of: file.value, what: "the password file", limit: 4096)
        } catch let error as ConfigurationError {
            throw file.error("\(file.value): \(error.message)")
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    }

    /// The host name as a topic level: lower case, characters MQTT and Home Assistant ids accept.
    static func defaultFace(hostName: String) -> String {
        let name = hostName.split(separator: ".").first.map(String.init) ?? hostName
        let cleaned = String(name.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        return cleaned.isEmpty || cleaned == broadcastFace ? "glance" : cleaned
    }

    /// One topic level: not empty, no `/`, no wildcards.
    private static func topicLevel(_ node: ConfigNode, what: String) throws -> String {
        let text = try node.string()
        guard !text.isEmpty, !text.contains(where: { "/+#".contains($0) || $0.isWhitespace || $0 == "\0" }) else {
            throw node.error("\(what) '\(text)' must be one topic level: no '/', '+', '#' or spaces (e.g. kitchen)")
        }
        return text
    }

    /// A topic prefix: levels separated by `/`, none empty, no wildcards.
    private static func baseTopic(_ node: ConfigNode) throws -> String {
        let text = try node.string()
        let levels = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !text.isEmpty, !levels.contains(where: \.isEmpty), !text.contains(where: { "+#".contains($0) || $0.isWhitespace || $0 == "\0" }) else {
            throw node.error("'\(text)' is not a topic prefix: levels separated by '/', none empty, no '+', '#' or spaces (e.g. glance or home/glance)")
        }
        return text
    }
}
