import Foundation
import GlanceWidgets
import Testing

// A page picker written as an app's widget writes it: the string query returns its matches as an
// `IntentItemCollection` in sections, the configuration intent's summary is empty, and the
// widget accepts background URL session events.

struct PanelEntity: AppEntity {
    let id: String
    let title: String
    let server: String

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Panel"
    static let defaultQuery = PanelQuery()
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(title)") }

    static let all = [
        PanelEntity(id: "home-map", title: "Map", server: "Home"),
        PanelEntity(id: "home-energy", title: "Energy", server: "Home"),
        PanelEntity(id: "cabin-energy", title: "Cabin Energy", server: "Cabin"),
    ]
}

struct PanelQuery: EntityQuery, EntityStringQuery {
    func entities(for identifiers: [String]) async throws -> [PanelEntity] {
        PanelEntity.all.filter { identifiers.contains($0.id) }
    }

    func entities(matching string: String) async throws -> IntentItemCollection<PanelEntity> {
        let servers = Dictionary(grouping: PanelEntity.all.filter { $0.title.lowercased().contains(string.lowercased()) }, by: \.server)
        return .init(sections: servers.keys.sorted().map { server in
            .init(.init(stringLiteral: server), items: servers[server] ?? [])
        })
    }
}

struct OpenPanelIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Open Panel"

    @Parameter(title: "Panel")
    var panel: PanelEntity?

    static var parameterSummary: some ParameterSummary {
        Summary()
    }
}

@Suite struct IntentItemCollectionTests {
    @Test func aCollectionKeepsItsSectionsAndListsItsItemsInOrder() {
        let collection = IntentItemCollection<PanelEntity>(sections: [
            IntentItemSection("Home", items: Array(PanelEntity.all.prefix(2))),
            IntentItemSection("Cabin", items: [PanelEntity.all[2]]),
        ])
        #expect(collection.sections.map { $0.title.map { String(localized: $0) } } == ["Home", "Cabin"])
        #expect(collection.results.map(\.id) == ["home-map", "home-energy", "cabin-energy"])
        #expect(IntentItemCollection(items: [PanelEntity.all[0]]).sections.count == 1)
    }

    @Test func aStringQueryReturningACollectionResolvesAParameterByText() async throws {
        let byText = try await IntentConfigurator.intent(OpenPanelIntent.self, values: [("panel", "map")])
        #expect(byText.panel?.id == "home-map")
        let byID = try await IntentConfigurator.intent(OpenPanelIntent.self, values: [("panel", "cabin-energy")])
        #expect(byID.panel?.title == "Cabin Energy")
    }

    @Test func anEmptySummaryHasNoSentenceAndBackgroundSessionEventsAreAccepted() {
        _ = StaticConfiguration(kind: "panel", provider: PanelProvider()) { _ in Text(verbatim: "") }
            .onBackgroundURLSessionEvents { identifier, completion in completion() }
        #expect(OpenPanelIntent().summaryText == nil)
    }
}

private struct PanelProvider: TimelineProvider {
    func placeholder(in context: Context) -> PanelEntry { PanelEntry(date: Date(timeIntervalSince1970: 0)) }
    func getSnapshot(in context: Context, completion: @escaping (PanelEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<PanelEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

private struct PanelEntry: TimelineEntry { let date: Date }
