// Corpus: a smart-home room widget configured with an App Intent (the room is an AppEntity
// the user picks), with an interactive toggle for the room's lights.
import AppIntents
import SwiftUI
import WidgetKit

struct RoomEntity: AppEntity {
    let id: String
    let name: String
    let symbol: String

    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Room" }
    static let defaultQuery = RoomQuery()

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)")
    }

    static let all: [RoomEntity] = [
        RoomEntity(id: "kitchen", name: "Kitchen", symbol: "refrigerator.fill"),
        RoomEntity(id: "living", name: "Living Room", symbol: "sofa.fill"),
        RoomEntity(id: "bedroom", name: "Bedroom", symbol: "bed.double.fill"),
    ]
}

struct RoomQuery: EntityQuery {
    func entities(for identifiers: [RoomEntity.ID]) async throws -> [RoomEntity] {
        RoomEntity.all.filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [RoomEntity] {
        RoomEntity.all
    }

    func defaultResult() async -> RoomEntity? {
        RoomEntity.all.first
    }
}

struct SelectRoomIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Select Room" }
    static var description: IntentDescription { IntentDescription("Choose the room to show.") }

    @Parameter(title: "Room")
    var room: RoomEntity?
}

struct ToggleLightsIntent: AppIntent {
    static var title: LocalizedStringResource { "Toggle Lights" }

    @Parameter(title: "Room ID")
    var roomID: String

    init() {}

    init(roomID: String) {
        self.roomID = roomID
    }

    func perform() async throws -> some IntentResult {
        // The app's home controller would switch the lights here.
        return .result()
    }
}

struct RoomEntry: TimelineEntry {
    let date: Date
    let room: RoomEntity
    let temperature: Double
    let humidity: Int
    let lightsOn: Bool
}

struct RoomProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> RoomEntry {
        RoomEntry(date: .now, room: RoomEntity.all[0], temperature: 21.5, humidity: 44, lightsOn: true)
    }

    func snapshot(for configuration: SelectRoomIntent, in context: Context) async -> RoomEntry {
        entry(for: configuration.room ?? RoomEntity.all[0])
    }

    func timeline(for configuration: SelectRoomIntent, in context: Context) async -> Timeline<RoomEntry> {
        let entry = entry(for: configuration.room ?? RoomEntity.all[0])
        return Timeline(entries: [entry], policy: .after(.now.addingTimeInterval(15 * 60)))
    }

    /// Sample readings per room (the app would read these from its shared container).
    private func entry(for room: RoomEntity) -> RoomEntry {
        switch room.id {
        case "kitchen": RoomEntry(date: .now, room: room, temperature: 21.5, humidity: 44, lightsOn: true)
        case "living": RoomEntry(date: .now, room: room, temperature: 20.0, humidity: 40, lightsOn: false)
        default: RoomEntry(date: .now, room: room, temperature: 18.5, humidity: 51, lightsOn: false)
        }
    }
}

struct RoomEntryView: View {
    @Environment(\.widgetFamily) var family
    var entry: RoomEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                VStack(spacing: 1) {
                    Image(systemName: entry.lightsOn ? "lightbulb.fill" : "lightbulb")
                        .font(.title3)
                        .widgetAccentable()
                    Text(entry.temperature, format: .number.precision(.fractionLength(1)))
                        .font(.system(size: 13, weight: .semibold, design: .rounded))
                }
            }
        default:
            VStack(alignment: .leading, spacing: 2) {
                Label(entry.room.name, systemImage: entry.room.symbol)
                    .font(.headline)
                    .lineLimit(1)
                    .widgetAccentable()
                HStack(spacing: 6) {
                    Label("\(entry.temperature, specifier: "%.1f")°", systemImage: "thermometer.medium")
                    Label("\(entry.humidity)%", systemImage: "humidity.fill")
                }
                .font(.caption)
                .labelStyle(.titleAndIcon)
                Toggle(isOn: entry.lightsOn, intent: ToggleLightsIntent(roomID: entry.room.id)) {
                    Label("Lights", systemImage: "lightbulb.fill")
                        .font(.caption)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}

struct SmartHomeWidget: Widget {
    let kind: String = "corpus.smarthome"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: SelectRoomIntent.self, provider: RoomProvider()) { entry in
            RoomEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Room")
        .description("Climate and lights of a room.")
        .supportedFamilies([.accessoryRectangular, .accessoryCircular])
    }
}

extension SelectRoomIntent {
    static var kitchen: SelectRoomIntent {
        let intent = SelectRoomIntent()
        intent.room = RoomEntity.all[0]
        return intent
    }

    static var livingRoom: SelectRoomIntent {
        let intent = SelectRoomIntent()
        intent.room = RoomEntity.all[1]
        return intent
    }
}

#Preview(as: .accessoryRectangular, using: SelectRoomIntent.kitchen) {
    SmartHomeWidget()
} timelineProvider: {
    RoomProvider()
}

#Preview(as: .accessoryRectangular, using: SelectRoomIntent.livingRoom) {
    SmartHomeWidget()
} timelineProvider: {
    RoomProvider()
}

#Preview(as: .accessoryCircular, using: SelectRoomIntent.kitchen) {
    SmartHomeWidget()
} timelineProvider: {
    RoomProvider()
}
