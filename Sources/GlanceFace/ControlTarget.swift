import Foundation
import GlancePanels
import GlanceInput

/// What the control socket (`glance ctl …`) can ask a running face. The run loop implements
/// it; the socket server translates requests to these calls and their results to JSON.
protocol ControlTarget: Sendable {
    /// A snapshot of the face for `glance ctl status`.
    func status() async -> ControlStatus
    /// Reloads every widget of `kind`, as `WidgetCenter.shared.reloadTimelines(ofKind:)`.
    /// - Throws: `ControlError.unknown` when the face has no widget of that kind.
    func reload(kind: String) async throws
    /// Acts as if `button` made `gesture` (`click`, `double-click`, `long-press`, `press`,
    /// `release`, `repeat`): the binding runs exactly as for the physical button.
    /// - Throws: `ControlError.unknown` for a button the board lacks or a gesture that does not exist.
    func press(button: String, gesture: ButtonGesture) async throws
    /// A PNG of what the panel shows (the emulated glass on simulator boards, else the last frame).
    func screenshot() async throws -> [UInt8]
    /// Starts, updates or ends a live activity from JSON. A runtime-backed target answers
    /// with `try runtime.activity(request.runtimeRequest())`.
    /// - Returns: the activity's identifier.
    /// - Throws: `ControlError` for a request missing a field its action needs,
    ///   `ActivityRequestError` for an unknown type or activity, JSON that does not fit, or
    ///   content over 4 KB; the message is what the client sees.
    func activity(_ request: ActivityControlRequest) async throws -> String
}

/// `glance ctl status`: the face's state, what each slot shows, and the runtime's counters.
struct ControlStatus: Codable, Sendable, Equatable {
    struct Slot: Codable, Sendable, Equatable {
        var family: String
        /// The shown widget's kind; nil while a live activity shows.
        var kind: String?
        var placeholder: Bool
        var invalidated: Bool
        var activity: String?
        var activityStale: Bool
        /// Labels of the interactive views and which one has the focus ring.
        var controls: [String]
        var focused: Int?
    }

    struct Widget: Codable, Sendable, Equatable {
        var kind: String
        var slot: Int
        var budgetUsed: Int
        var intentsFinished: Int
        var reloading: Bool
        /// True while none of its code runs because it crashed the face last time.
        var quarantined = false
    }

    var board: String
    var state: String
    var slots: [Slot]
    var widgets: [Widget]
    var nextWakeUp: Date?
    var frames: Int
    var wakeUps: Int
    var panelHealthy: Bool
    /// Button events seen, newest last (at most 50): "A click", "up long-press".
    var buttonEvents: [String]
    /// Intents run, newest last (at most 50), by name.
    var intents: [String]
    /// E-paper refreshes since the start, by kind (`partial`, `full`); nil on other panels.
    var refreshes: [String: Int]? = nil
    /// What the OLED panel has been through (its wear map's summary); nil on other panels.
    var wear: Wear? = nil
    /// What the panel's frames cost per day, by widget kind (the power estimate); nil for
    /// panels without a power model (framebuffers).
    var energy: Energy? = nil

    /// A wear map's summary, in hours at full drive.
    struct Wear: Codable, Sendable, Equatable {
        var hottestHours: Double
        var medianLitHours: Double
        /// Hottest over the median of the lit pixels (1 is perfectly even).
        var unevenness: Double
        var litHours: Double
        var observedHours: Double

        init(_ summary: WearMap.Summary) {
            hottestHours = summary.hottestHours
            medianLitHours = summary.litMedianHours
            unevenness = summary.unevenness
            litHours = summary.litHours
            observedHours = summary.observedHours
        }
    }

    /// The power estimate (`EnergyLedger`), averaged over the hours accounted since the start.
    struct Energy: Codable, Sendable, Equatable {
        /// One widget kind's part.
        struct Widget: Codable, Sendable, Equatable {
            var kind: String
            var milliwattHoursPerDay: Double
            /// Of `totalMilliwattHoursPerDay`, 0…1.
            var share: Double
        }

        /// The controller and where the model's figures come from.
        var model: String
        /// Hours accounted: the averages are over these.
        var hours: Double
        /// Each widget kind shown (a live activity as "live activity"), dearest first.
        var widgets: [Widget]
        /// Pixels lit outside every slot (a focus ring, gaps), mWh per day.
        var outsideSlotsMilliwattHoursPerDay: Double
        /// The panel itself: on with nothing lit, asleep, refreshes that changed nothing; mWh per day.
        var panelMilliwattHoursPerDay: Double
        /// Everything, mWh per day.
        var totalMilliwattHoursPerDay: Double

        init(_ report: EnergyLedger.Report) {
            model = report.model
            hours = report.seconds / 3600
            widgets = report.lines.filter { $0.key != EnergyLedger.outsideKey && $0.key != EnergyLedger.panelKey }
                .map { Widget(kind: $0.key, milliwattHoursPerDay: $0.milliwattHoursPerDay, share: $0.share) }
            outsideSlotsMilliwattHoursPerDay = report.line(EnergyLedger.outsideKey)?.milliwattHoursPerDay ?? 0
            panelMilliwattHoursPerDay = report.line(EnergyLedger.panelKey)?.milliwattHoursPerDay ?? 0
            totalMilliwattHoursPerDay = report.total.milliwattHoursPerDay
        }
    }
}

/// A live-activity request from `glance ctl activity`.
struct ActivityControlRequest: Codable, Sendable, Equatable {
    enum Action: String, Codable, Sendable {
        case start, update, end
    }

    var action: Action
    /// `start`: the attributes type's name, with or without its module (`TimerAttributes`).
    var type: String?
    /// `update`/`end`: the activity's identifier.
    var id: String?
    /// `start`: the attributes as JSON.
    var attributes: JSONValue?
    /// The content state as JSON.
    var state: JSONValue?
    /// When the content goes stale; nil for never (an update without it clears it).
    var staleDate: Date?
    /// The relevance score; nil means 0 on `start` and the current score on `update`/`end`.
    var relevanceScore: Double?
    /// `end`: `immediate`, `default`, or an ISO 8601 date to dismiss at.
    var dismissal: String?
}

/// Arbitrary JSON carried through requests.
indirect enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as JSON bytes.
    func data() throws -> Data {
        try JSONEncoder().encode(self)
    }
}

/// A control request that cannot be carried out, with what would work instead.
struct ControlError: Error, CustomStringConvertible, Sendable {
    let description: String

    static func unknown(_ what: String, _ name: String, known: [String]) -> ControlError {
        ControlError(description: "no \(what) '\(name)' (known: \(known.joined(separator: ", ")))")
    }
}
