import GlanceWidgets

struct LampEntity: AppEntity {
    var id: String
    var name: String

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Lamp"
    static var defaultQuery = LampQuery()

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)")
    }
}

struct LampQuery: EntityQuery {
    func entities(for identifiers: [LampEntity.ID]) async throws -> [LampEntity] {
        identifiers.map { LampEntity(id: $0, name: $0.capitalized) }
    }

    func suggestedEntities() async throws -> [LampEntity] {
        [LampEntity(id: "desk", name: "Desk")]
    }
}

struct LampConfiguration: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Lamp"
    static var description = IntentDescription("Shows one lamp.")

    @Parameter(title: "Lamp")
    var lamp: LampEntity?

    @Parameter(title: "Brightness", default: 80, inclusiveRange: (0, 100))
    var brightness: Int

    static var parameterSummary: some ParameterSummary {
        Summary("Show \(\.$lamp) at \(\.$brightness)%")
    }
}

struct ToggleLampIntent: AppIntent {
    static var title: LocalizedStringResource = "Toggle Lamp"

    @Parameter(title: "Lamp")
    var lamp: LampEntity

    init() {}

    init(lamp: LampEntity) {
        self.lamp = lamp
    }

    func perform() async throws -> some IntentResult {
        .result()
    }
}

/// A view model class the entry holds, as many widgets pass one to their views.
final class LampModel {
    var name: String
    var isOn = false
    init(name: String) { self.name = name }
}

struct LampEntry: TimelineEntry {
    let date: Date
    let model: LampModel
}

/// A provider with a mutable cache: a class, and not Sendable.
class LampProvider: AppIntentTimelineProvider {
    var lastNames: [String] = []

    func placeholder(in context: Context) -> LampEntry {
        LampEntry(date: Date(), model: LampModel(name: "Lamp"))
    }

    func snapshot(for configuration: LampConfiguration, in context: Context) async -> LampEntry {
        placeholder(in: context)
    }

    func timeline(for configuration: LampConfiguration, in context: Context) async -> Timeline<LampEntry> {
        let name = configuration.lamp?.name ?? "Lamp"
        lastNames.append(name)
        return Timeline(entries: [LampEntry(date: Date(), model: LampModel(name: name))], policy: .atEnd)
    }

    func recommendations() -> [AppIntentRecommendation<LampConfiguration>] {
        let desk = LampConfiguration()
        desk.lamp = LampEntity(id: "desk", name: "Desk")
        return [AppIntentRecommendation(intent: desk, description: "Desk lamp")]
    }
}

struct LampWidget: Widget {
    let kind: String = "Lamp"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: LampConfiguration.self, provider: LampProvider()) { entry in
            HStack {
                Image(systemName: "lightbulb").widgetAccentedRenderingMode(.accented)
                Text(entry.model.name)
                Button(intent: ToggleLampIntent(lamp: LampEntity(id: "desk", name: "Desk"))) {
                    Text("Toggle")
                }
            }
        }
        .supportedFamilies([.accessoryRectangular])
    }
}

func reconfigure() {
    let intent = LampConfiguration()
    intent.brightness = 3
}

struct SceneEntity: AppEntity {
    var id: Int

    @Property(title: "Name")
    var name: String

    static var typeDisplayRepresentation = TypeDisplayRepresentation(name: "Scene")
    static var defaultQuery = SceneQuery()

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

struct SceneQuery: EntityPropertyQuery {
    static var properties = QueryProperties {
        Property(\SceneEntity.$name) {
            EqualToComparator { name in { (scene: SceneEntity) in scene.name == name } }
        }
    }

    static var sortingOptions = SortingOptions {
        SortableBy(\SceneEntity.$name)
    }

    func entities(for identifiers: [Int]) async throws -> [SceneEntity] {
        identifiers.map { SceneEntity(id: $0, name: "Scene \($0)") }
    }

    func entities(matching comparators: [(SceneEntity) -> Bool], mode: ComparatorMode, sortedBy: [Sort<SceneEntity>], limit: Int?) async throws -> [SceneEntity] {
        []
    }
}

struct FavoriteScenesIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Favorite Scenes"

    @Parameter(title: "Scenes", size: 3)
    var scenes: [SceneEntity]?
}
