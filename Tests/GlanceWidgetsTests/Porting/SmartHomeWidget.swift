import Foundation
import GlanceWidgets

// A smart-home lock-screen widget written the way App Intents widgets are written for iOS 17:
// an entity with a query, a configuration intent with an entity parameter and a parameter
// summary, and an AppIntentConfiguration. Only the import differs from the iOS original.

struct RoomEntity: AppEntity {
    let id: String
    let name: String
    let temperature: Double

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Room"
    static let defaultQuery = RoomQuery()

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)", subtitle: "\(Int(temperature))°", image: .init(systemName: "house"))
    }

    static let all = [
        RoomEntity(id: "kitchen", name: "Kitchen", temperature: 21),
        RoomEntity(id: "living", name: "Living Room", temperature: 19.5),
        RoomEntity(id: "living-2", name: "Living Room Annex", temperature: 18),
        RoomEntity(id: "bath", name: "Bathroom", temperature: 23),
    ]
}

struct RoomQuery: EntityStringQuery {
    func entities(for identifiers: [RoomEntity.ID]) async throws -> [RoomEntity] {
        RoomEntity.all.filter { identifiers.contains($0.id) }
    }

    func entities(matching string: String) async throws -> [RoomEntity] {
        RoomEntity.all.filter { $0.name.localizedCaseInsensitiveContains(string) }
    }

    func suggestedEntities() async throws -> [RoomEntity] { RoomEntity.all }

    func defaultResult() async -> RoomEntity? { RoomEntity.all.first }
}

enum TemperatureUnit: String, AppEnum {
    case celsius, fahrenheit

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Unit"
    static let caseDisplayRepresentations: [TemperatureUnit: DisplayRepresentation] = [
        .celsius: "Celsius",
        .fahrenheit: "Fahrenheit",
    ]
}

struct SelectRoomIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Select Room"
    static let description = IntentDescription("Shows a room's temperature.")

    @Parameter(title: "Room")
    var room: RoomEntity?

    @Parameter(title: "Unit", default: .celsius)
    var unit: TemperatureUnit

    @Parameter(title: "Show Humidity", default: false)
    var showHumidity: Bool

    @Parameter(title: "Label", default: "Home", inputOptions: String.IntentInputOptions(capitalizationType: .words, autocorrect: false))
    var label: String

    @Parameter(title: "Refresh Minutes", default: 15, controlStyle: .stepper, inclusiveRange: (5, 60))
    var refreshMinutes: Int

    static var parameterSummary: some ParameterSummary {
        When(\.$showHumidity, .equalTo, true) {
            Summary("Show \(\.$room) in \(\.$unit) with humidity") {
                \.$label
                \.$refreshMinutes
            }
        } otherwise: {
            Switch(\.$unit) {
                Case(.fahrenheit) {
                    Summary("Show \(\.$room) in °F")
                }
                DefaultCase {
                    Summary("Show \(\.$room)")
                }
            }
        }
    }

    init() {}

    init(room: RoomEntity, unit: TemperatureUnit = .celsius) {
        self.room = room
        self.unit = unit
    }
}

struct RoomEntry: TimelineEntry {
    let date: Date
    let room: RoomEntity?
    let unit: TemperatureUnit
}

struct RoomTemperatureProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> RoomEntry {
        RoomEntry(date: .now, room: RoomEntity.all[0], unit: .celsius)
    }

    func snapshot(for configuration: SelectRoomIntent, in context: Context) async -> RoomEntry {
        RoomEntry(date: .now, room: configuration.room, unit: configuration.unit)
    }

    func timeline(for configuration: SelectRoomIntent, in context: Context) async -> Timeline<RoomEntry> {
        Timeline(entries: [RoomEntry(date: t0, room: configuration.room, unit: configuration.unit)], policy: .never)
    }

    func recommendations() -> [AppIntentRecommendation<SelectRoomIntent>] {
        [AppIntentRecommendation(intent: SelectRoomIntent(room: RoomEntity.all[2]), description: "Living Room Annex")]
    }
}

struct RoomTemperatureView: View {
    var entry: RoomEntry

    var body: some View {
        VStack(alignment: .leading) {
            Text(entry.room?.name ?? "No room")
            Text("\(Int(entry.room?.temperature ?? 0))°")
        }
    }
}

struct RoomTemperatureWidget: Widget {
    let kind = "RoomTemperature"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: SelectRoomIntent.self, provider: RoomTemperatureProvider()) { entry in
            RoomTemperatureView(entry: entry)
        }
        .configurationDisplayName("Room Temperature")
        .description("The temperature of one room.")
        .supportedFamilies([.accessoryRectangular, .accessoryInline])
    }
}

/// Turns a room's heating up; the intent a button in the widget would run.
struct BoostHeatingIntent: AppIntent, PredictableIntent, LiveActivityIntent {
    static let title: LocalizedStringResource = "Boost Heating"

    @Parameter(title: "Room")
    var room: RoomEntity

    @Parameter(title: "Minutes", default: 30)
    var minutes: Int

    static var predictionConfiguration: some IntentPredictionConfiguration {
        IntentPrediction(parameters: (\.$room)) { room in
            DisplayRepresentation(title: "Boost \(room.name)")
        }
        IntentPrediction(parameters: (\.$room, \.$minutes)) { room, minutes in
            DisplayRepresentation(title: "Boost \(room.name) for \(minutes) min")
        }
    }

    func perform() async throws -> some IntentResult {
        .result()
    }
}

/// The query every App Intents sample shows for a fixed list: `EnumerableEntityQuery`.
struct ThermostatEntity: AppEntity {
    let id: UUID
    let name: String
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Thermostat"
    static let defaultQuery = ThermostatQuery()
    var displayRepresentation: DisplayRepresentation { "\(name)" }

    static let hall = ThermostatEntity(id: UUID(uuidString: "5B1E06C3-6B0D-4A7F-9B0A-6C1D3C0E7A11")!, name: "Hall")
}

struct ThermostatQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [ThermostatEntity] { [ThermostatEntity.hall] }
}

struct PickThermostatIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Pick Thermostat"
    @Parameter(title: "Thermostat")
    var thermostat: ThermostatEntity
    @Parameter(title: "Since")
    var since: Date?
    @Parameter(title: "Page")
    var page: URL?
    @Parameter(title: "Target", default: 20.5)
    var target: Double
    init() {}
}

/// A widget showing several rooms: a list parameter of entities, sized per family.
struct PickRoomsIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Pick Rooms"
    @Parameter(title: "Rooms", size: [.accessoryRectangular: 3, .accessoryInline: 1])
    var rooms: [RoomEntity]?
    @Parameter(title: "Limits", default: [18, 24], size: 2)
    var limits: [Int]
    init() {}
}

/// Summaries that test for a value, and that have no `otherwise:`.
struct AlarmIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Alarm"
    @Parameter(title: "Label")
    var label: String?
    @Parameter(title: "Minutes", default: 10)
    var minutes: Int

    static var parameterSummary: some ParameterSummary {
        When(\.$label, .hasAnyValue) {
            When(\.$minutes, .greaterThan, 30) {
                Summary("\(\.$label) in \(\.$minutes) minutes, later")
            } otherwise: {
                Summary("\(\.$label) in \(\.$minutes) minutes")
            }
        } otherwise: {
            When(\.$minutes, .lessThan, 5) {
                Summary("Soon")
            }
        }
    }

    init() {}
}
