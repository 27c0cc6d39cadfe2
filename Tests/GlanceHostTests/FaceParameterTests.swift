import Foundation
import Glance
import Testing
import GlanceFace
@testable import GlanceHost

// A configurable widget as WidgetKit code writes one: an entity chosen through its query and
// an enum, configured in the face file under `parameters:`.
private struct Room: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Room"
    static let defaultQuery = RoomQuery()
    let id: String
    let name: String
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
    static let all = [Room(id: "kitchen", name: "Kitchen"), Room(id: "hall", name: "Hall")]
}

private struct RoomQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [Room] { Room.all.filter { identifiers.contains($0.id) } }
    func suggestedEntities() async throws -> [Room] { Room.all }
}

private enum Reading: String, AppEnum {
    case temperature, humidity
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Reading"
    static let caseDisplayRepresentations: [Reading: DisplayRepresentation] = [.temperature: "Temperature", .humidity: "Humidity"]
}

private struct RoomIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Room"
    @Parameter(title: "Room") var room: Room?
    @Parameter(title: "Reading", default: .temperature) var reading: Reading
}

private struct RoomEntry: TimelineEntry {
    let date: Date
    let text: String
}

private struct RoomProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> RoomEntry { RoomEntry(date: .now, text: "…") }
    func snapshot(for configuration: RoomIntent, in context: Context) async -> RoomEntry {
        RoomEntry(date: .now, text: "\(configuration.room?.name ?? "none") \(configuration.reading.rawValue)")
    }
    func timeline(for configuration: RoomIntent, in context: Context) async -> Timeline<RoomEntry> {
        Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never)
    }
}

private struct RoomWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "room", intent: RoomIntent.self, provider: RoomProvider()) { entry in
            Text(verbatim: entry.text)
        }
    }
}

private struct Plain: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "plain", provider: RoomPlainProvider()) { _ in Text(verbatim: "plain") }
    }
}

private struct RoomPlainProvider: TimelineProvider {
    func placeholder(in context: Context) -> RoomEntry { RoomEntry(date: .now, text: "") }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (RoomEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<RoomEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

/// Issue 14: configured widgets take their parameters from glance.yaml (validated with
/// line:column errors) and previews take them with --parameter.
@Suite struct FaceParameterTests {
    static let bundle = BundleContents(widgets: RoomWidget().descriptors + Plain().descriptors)

    static func plan(_ widgets: String) async throws -> FacePlan {
        let yaml = """
            slots:
              - family: accessoryRectangular
                widgets:
            \(widgets)
            """
        let face = try FaceConfiguration(yaml: yaml, file: "glance.yaml")
        return try await FacePlan.make(board: try BoardCatalog.board("simulator"), configuration: face, bundle: bundle,
                                       pictureSize: Size(width: 128, height: 64))
    }

    @Test func parametersConfigureTheIntentWithEntitiesResolvedThroughTheirQuery() async throws {
        let plan = try await Self.plan("""
                  - kind: room
                    parameters:
                      room: Hall
                      Reading: humidity
                  - room
                  - plain
            """)
        let placements = plan.face.slots[0].widgets
        #expect(placements.map(\.kind) == ["room", "room", "plain"])
        let configured = try #require(placements[0].configuration as? RoomIntent)
        #expect(configured.room?.id == "hall")
        #expect(configured.reading == .humidity)
        #expect(placements[1].configuration == nil)
        #expect(placements[2].configuration == nil)
    }

    @Test func badParametersAreReportedWhereTheyAreWritten() async throws {
        await #expect(throws: ConfigurationError(file: "glance.yaml", line: 6, column: 11,
                                                 message: "widget 'room': \(IntentConfigurationError.unknownParameter(name: "rom", intent: "RoomIntent", known: ["room", "reading"]))",
                                                 suggestion: "room")) {
            _ = try await Self.plan("""
                      - kind: room
                        parameters:
                          rom: Hall
                """)
        }
        await #expect(throws: ConfigurationError.self) {
            _ = try await Self.plan("""
                      - kind: room
                        parameters:
                          reading: pressure
                """)
        }
        do {
            _ = try await Self.plan("""
                      - kind: room
                        parameters:
                          room: Attic
                """)
            Issue.record("an unknown room was accepted")
        } catch let error as ConfigurationError {
            #expect(error.line == 6 && error.column == 17, "\(error)")
            #expect(error.message.contains("Attic") && error.message.contains("kitchen (Kitchen)"), "\(error.message)")
        }
        do {
            _ = try await Self.plan("""
                      - kind: plain
                        parameters:
                          room: Hall
                """)
            Issue.record("parameters on a static widget were accepted")
        } catch let error as ConfigurationError {
            #expect(error.line == 6 && error.column == 11, "\(error)")
            #expect(error.message.contains("no configuration intent"))
        }
    }

    @Test func previewTakesParameters() async throws {
        let widget = try Self.bundle.widget(kind: "room")
        let configured = try await IntentConfigurator.configurationIntent(try #require(widget.timeline?.intentType),
                                                                          values: [("room", "kitchen")])
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_795_257_720), advancesOnSleep: false)
        let kitchen = try await WidgetPreview.render(widget, family: .accessoryRectangular, time: clock, configuration: configured)
        let plain = try await WidgetPreview.render(widget, family: .accessoryRectangular, time: clock)
        #expect(kitchen != plain)
        #expect(kitchen == ViewRenderer.render(Text(verbatim: "Kitchen temperature"), size: Size(width: 128, height: 64),
                                               at: clock.now).bitmap)
        #expect(PreviewCommand.parseParameter("room=Living room")! == ("room", "Living room"))
        #expect(PreviewCommand.parseParameter("=x") == nil)
        #expect(throws: (any Error).self) { try PreviewCommand.parse(["room", "--family", "rectangular", "--out", "x.png", "--parameter", "room"]) }
        #expect(throws: (any Error).self) { try PreviewCommand.parse(["--all"]) }
        #expect(throws: (any Error).self) { try PreviewCommand.parse(["room", "--all", "--sheet", "s.png"]) }
        _ = try PreviewCommand.parse(["--all", "--sheet", "s.png"])
    }
}
