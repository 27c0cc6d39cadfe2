import Foundation
import GlancePanels
import GlanceInput

/// What the control socket (`glance ctl …`) can ask a running face. The run loop implements
/// it; the socket server translates requests to these calls and their results to JSON.
package protocol ControlTarget: Sendable {
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
package struct ControlStatus: Codable, Sendable, Equatable {
    package struct Slot: Codable, Sendable, Equatable {
        package var family: String
        /// The shown widget's kind; nil while a live activity shows.
        package var kind: String?
        package var placeholder: Bool
        package var invalidated: Bool
        package var activity: String?
        package var activityStale: Bool
        /// Labels of the interactive views and which one has the focus ring.
        package var controls: [String]
        package var focused: Int?

        package init(family: String, kind: String?, placeholder: Bool, invalidated: Bool, activity: String?, activityStale: Bool,
                     controls: [String], focused: Int?) {
            self.family = family
            self.kind = kind
            self.placeholder = placeholder
            self.invalidated = invalidated
            self.activity = activity
            self.activityStale = activityStale
            self.controls = controls
            self.focused = focused
        }
    }

    package struct Widget: Codable, Sendable, Equatable {
        package var kind: String
        package var slot: Int
        package var budgetUsed: Int
        package var intentsFinished: Int
        package var reloading: Bool
        /// True while none of its code runs because it crashed the face last time.
        package var quarantined = false

        package init(kind: String, slot: Int, budgetUsed: Int, intentsFinished: Int, reloading: Bool, quarantined: Bool = false) {
            self.kind = kind
            self.slot = slot
            self.budgetUsed = budgetUsed
            self.intentsFinished = intentsFinished
            self.reloading = reloading
            self.quarantined = quarantined
        }
    }

    package var board: String
    package var state: String
    package var slots: [Slot]
    package var widgets: [Widget]
    package var nextWakeUp: Date?
    package var frames: Int
    package var wakeUps: Int
    package var panelHealthy: Bool
    /// Button events seen, newest last (at most 50): "A click", "up long-press".
    package var buttonEvents: [String]
    /// Intents run, newest last (at most 50), by name.
    package var intents: [String]
    /// E-paper refreshes since the start, by kind (`partial`, `full`); nil on other panels.
    package var refreshes: [String: Int]? = nil
    /// What the OLED panel has been through (its wear map's summary); nil on other panels.
    package var wear: Wear? = nil
    /// What the panel's frames cost per day, by widget kind (the power estimate); nil for
    /// panels without a power model (framebuffers).
    package var energy: Energy? = nil

    package init(board: String, state: String, slots: [Slot], widgets: [Widget], nextWakeUp: Date?, frames: Int, wakeUps: Int,
                 panelHealthy: Bool, buttonEvents: [String], intents: [String], refreshes: [String: Int]? = nil, wear: Wear? = nil,
                 energy: Energy? = nil) {
        self.board = board
        self.state = state
        self.slots = slots
        self.widgets = widgets
        self.nextWakeUp = nextWakeUp
        self.frames = frames
        self.wakeUps = wakeUps
        self.panelHealthy = panelHealthy
        self.buttonEvents = buttonEvents
        self.intents = intents
        self.refreshes = refreshes
        self.wear = wear
        self.energy = energy
    }

    /// A wear map's summary, in hours at full drive.
    package struct Wear: Codable, Sendable, Equatable {
        package var hottestHours: Double
        package var medianLitHours: Double
        /// Hottest over the median of the lit pixels (1 is perfectly even).
        package var unevenness: Double
        package var litHours: Double
        package var observedHours: Double

        package init(_ summary: WearMap.Summary) {
            hottestHours = summary.hottestHours
            medianLitHours = summary.litMedianHours
            unevenness = summary.unevenness
            litHours = summary.litHours
            observedHours = summary.observedHours
        }
    }

    /// The power estimate (`EnergyLedger`), averaged over the hours accounted since the start.
    package struct Energy: Codable, Sendable, Equatable {
        /// One widget kind's part.
        package struct Widget: Codable, Sendable, Equatable {
            package var kind: String
            package var milliwattHoursPerDay: Double
            /// Of `totalMilliwattHoursPerDay`, 0…1.
            package var share: Double
        }

        /// The controller and where the model's figures come from.
        package var model: String
        /// Hours accounted: the averages are over these.
        package var hours: Double
        /// Each widget kind shown (a live activity as "live activity"), dearest first.
        package var widgets: [Widget]
        /// Pixels lit outside every slot (a focus ring, gaps), mWh per day.
        package var outsideSlotsMilliwattHoursPerDay: Double
        /// The panel itself: on with nothing lit, asleep, refreshes that changed nothing; mWh per day.
        package var panelMilliwattHoursPerDay: Double
        /// Everything, mWh per day.
        package var totalMilliwattHoursPerDay: Double

        package init(_ report: EnergyLedger.Report) {
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
package struct ActivityControlRequest: Codable, Sendable, Equatable {
    package enum Action: String, Codable, Sendable {
        case start, update, end
    }

    package var action: Action
    /// `start`: the attributes type's name, with or without its module (`TimerAttributes`).
    package var type: String?
    /// `update`/`end`: the activity's identifier.
    package var id: String?
    /// `start`: the attributes as JSON.
    package var attributes: JSONValue?
    /// The content state as JSON.
    package var state: JSONValue?
    /// When the content goes stale; nil for never (an update without it clears it).
    package var staleDate: Date?
    /// The relevance score; nil means 0 on `start` and the current score on `update`/`end`.
    package var relevanceScore: Double?
    /// `end`: `immediate`, `default`, or an ISO 8601 date to dismiss at.
    package var dismissal: String?

    package init(action: Action, type: String? = nil, id: String? = nil, attributes: JSONValue? = nil, state: JSONValue? = nil,
                 staleDate: Date? = nil, relevanceScore: Double? = nil, dismissal: String? = nil) {
        self.action = action
        self.type = type
        self.id = id
        self.attributes = attributes
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
        self.dismissal = dismissal
    }
}

/// Arbitrary JSON carried through requests.
package indirect enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    package func encode(to encoder: Encoder) throws {
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
    package func data() throws -> Data {
        try JSONEncoder().encode(self)
    }
}

/// A control request that cannot be carried out, with what would work instead.
package struct ControlError: Error, CustomStringConvertible, Sendable {
    package let description: String

    package init(description: String) {
        self.description = description
    }

    package static func unknown(_ what: String, _ name: String, known: [String]) -> ControlError {
        ControlError(description: "no \(what) '\(name)' (known: \(known.joined(separator: ", ")))")
    }
}
