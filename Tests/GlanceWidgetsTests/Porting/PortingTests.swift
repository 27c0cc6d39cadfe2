import Foundation
import GlanceTesting
import Testing
@testable import GlanceWidgets

/// Issue 14: widget code written for WidgetKit, App Intents and ActivityKit compiles and
/// behaves as on Apple platforms (the widgets are in this folder).
@Suite struct PortingTests {
    // MARK: - App Intents

    @Test func parametersHaveReferenceSemanticsAsApplesDo() {
        let intent = SelectRoomIntent()
        intent.unit = .fahrenheit
        intent.refreshMinutes = 30
        let copy = intent
        #expect(copy.unit == .fahrenheit && copy.refreshMinutes == 30, "a copy shares its parameters, as with Apple's class")
        #expect(intent.label == "Home" && intent.showHumidity == false, "defaults")
        #expect(intent.room == nil, "an optional parameter without a value is nil")
        #expect(SelectRoomIntent().unit == .celsius, "a new intent has its own parameters")
        #expect(intent.$unit.title == "Unit")
    }

    @Test func intentsWithDifferentParametersStayDistinctReferences() {
        let a = IntentReference(TapIntent(tag: "a")), b = IntentReference(TapIntent(tag: "b"))
        #expect(a != b, "references compare by parameter values, not by the parameters' identities")
        #expect(a == IntentReference(TapIntent(tag: "a")))
    }

    @Test func entityParametersResolveThroughTheirQuery() async throws {
        let byID = try await IntentConfigurator.intent(SelectRoomIntent.self, values: [("room", "bath"), ("unit", "Fahrenheit")])
        #expect(byID.room?.name == "Bathroom" && byID.unit == .fahrenheit)
        let byTitle = try await IntentConfigurator.intent(SelectRoomIntent.self, values: [("Room", "kitchen"), ("Show Humidity", "yes")])
        #expect(byTitle.room?.id == "kitchen" && byTitle.showHumidity)
        // Not an identifier: the string query's single match.
        let byText = try await IntentConfigurator.intent(SelectRoomIntent.self, values: [("room", "bath")])
        #expect(byText.room?.id == "bath")
        let annex = try await IntentConfigurator.intent(SelectRoomIntent.self, values: [("room", "annex")])
        #expect(annex.room?.id == "living-2")
        // Not given: the query's default result.
        let unset = try await IntentConfigurator.intent(SelectRoomIntent.self, values: [("refreshMinutes", "45")])
        #expect(unset.room?.id == "kitchen" && unset.refreshMinutes == 45)
        // An enumerable query, a UUID identifier, and other value types.
        let thermostat = try await IntentConfigurator.intent(PickThermostatIntent.self, values: [
            ("thermostat", "5B1E06C3-6B0D-4A7F-9B0A-6C1D3C0E7A11"), ("since", "2026-11-21T08:30:00Z"),
            ("page", "https://example.com/hall"), ("target", "21.5"),
        ])
        #expect(thermostat.thermostat.name == "Hall" && thermostat.target == 21.5)
        #expect(thermostat.since == Date(timeIntervalSince1970: 1_795_249_800) && thermostat.page?.host == "example.com")
        let named = try await IntentConfigurator.intent(PickThermostatIntent.self, values: [("thermostat", "hall")])
        #expect(named.thermostat.id == ThermostatEntity.hall.id, "by title among the suggested entities")
    }

    @Test func configurationErrorsNameTheParameterAndWhatWouldDo() async {
        await #expect(throws: IntentConfigurationError.entityNotFound(
            parameter: "room", entityType: "RoomEntity", text: "garage",
            suggestions: ["kitchen (Kitchen)", "living (Living Room)", "living-2 (Living Room Annex)", "bath (Bathroom)"])) {
            _ = try await IntentConfigurator.intent(SelectRoomIntent.self, values: [("room", "garage")])
        }
        await #expect(throws: IntentConfigurationError.ambiguousEntity(
            parameter: "room", entityType: "RoomEntity", text: "Living",
            matches: ["living (Living Room)", "living-2 (Living Room Annex)"]).self) {
            _ = try await IntentConfigurator.intent(SelectRoomIntent.self, values: [("room", "Living")])
        }
        do {
            _ = try await IntentConfigurator.intent(SelectRoomIntent.self, values: [("unit", "kelvin")])
            Issue.record("kelvin is not a unit")
        } catch {
            #expect(error.parameter == "unit")
            #expect(error.description == "parameter “unit”: “kelvin” is not valid; expected one of celsius, fahrenheit")
        }
        do {
            _ = try await IntentConfigurator.intent(SelectRoomIntent.self, values: [("colour", "red")])
            Issue.record("there is no colour parameter")
        } catch {
            #expect(error == .unknownParameter(name: "colour", intent: "SelectRoomIntent",
                                               known: ["room", "unit", "showHumidity", "label", "refreshMinutes"]))
        }
        await #expect(throws: IntentConfigurationError.invalidValue(parameter: "refreshMinutes", value: "soon", expected: "a Int")) {
            _ = try await IntentConfigurator.intent(SelectRoomIntent.self, values: [("refreshMinutes", "soon")])
        }
        await #expect(throws: IntentConfigurationError.missingValue(parameter: "thermostat", title: "Thermostat", intent: "PickThermostatIntent")) {
            _ = try await IntentConfigurator.intent(PickThermostatIntent.self, values: [("target", "19")])
        }
        await #expect(throws: IntentConfigurationError.invalidValue(parameter: "showHumidity", value: "maybe", expected: "true or false")) {
            _ = try await IntentConfigurator.intent(SelectRoomIntent.self, values: [("showHumidity", "maybe")])
        }
    }

    @Test func listParametersTakeCommaSeparatedValues() async throws {
        let intent = try await IntentConfigurator.intent(PickRoomsIntent.self, values: [("rooms", "kitchen, Bathroom"), ("limits", "17,25")])
        #expect(intent.rooms?.map(\.id) == ["kitchen", "bath"])
        #expect(intent.limits == [17, 25])
        #expect(PickRoomsIntent().limits == [18, 24] && PickRoomsIntent().rooms == nil)
        await #expect(throws: IntentConfigurationError.invalidValue(parameter: "limits", value: "x", expected: "a Int")) {
            _ = try await IntentConfigurator.intent(PickRoomsIntent.self, values: [("limits", "17, x")])
        }
    }

    @Test func displayRepresentationsKeepWhatTheyAreGiven() {
        let room = RoomEntity.all[0].displayRepresentation
        #expect(room.title == "Kitchen" && room.subtitle == "21°" && room.image?.systemName == "house" && room.image?.isTemplate == true)
        let photo = DisplayRepresentation(title: "Cat", image: .init(named: "cat"), synonyms: ["Kitty"])
        #expect(photo.image?.name == "cat" && photo.image?.systemName == nil && photo.image?.isTemplate == false && photo.synonyms == ["Kitty"])
    }

    @Test func parametersAreListedWithTheirTypes() {
        let listed = IntentConfigurator.parameters(of: PickThermostatIntent.self)
        #expect(listed.map(\.name) == ["thermostat", "since", "page", "target"])
        #expect(listed.map(\.typeName) == ["ThermostatEntity", "Date", "URL", "Double"])
        #expect(listed.map(\.isRequired) == [true, false, false, false])
    }

    @Test func parameterSummariesReadAsTheirBuilderSays() async throws {
        let bath = try await IntentConfigurator.intent(SelectRoomIntent.self, values: [("room", "bath")])
        #expect(bath.summaryText == "Show Bathroom")
        bath.unit = .fahrenheit
        #expect(bath.summaryText == "Show Bathroom in °F", "Switch takes the matching Case")
        bath.showHumidity = true
        #expect(bath.summaryText == "Show Bathroom in Fahrenheit with humidity", "When takes its first branch")
        #expect(SelectRoomIntent().summaryText == "Show Room", "a parameter without a value reads as its title")
        #expect(PickThermostatIntent().summaryText == nil, "no summary declared")
        let alarm = AlarmIntent()
        #expect(alarm.summaryText == nil, "no label, not less than 5 minutes, and no otherwise")
        alarm.minutes = 3
        #expect(alarm.summaryText == "Soon")
        alarm.label = "Tea"
        #expect(alarm.summaryText == "Tea in 3 minutes")
        alarm.minutes = 45
        #expect(alarm.summaryText == "Tea in 45 minutes, later")
        #expect((BoostHeatingIntent.predictionConfiguration as? IntentPredictions<BoostHeatingIntent>)?.count == 2)
    }

    @Test func propertyQueriesDeclareTheirComparatorsAndSorts() async throws {
        let properties = BookQuery.properties.properties
        #expect(properties.map(\.comparatorNames) == [["EqualToComparator", "ContainsComparator"], ["LessThanComparator", "GreaterThanComparator"]])
        #expect(properties[0].keyPath == \BookEntity.$title)
        #expect(BookQuery.sortingOptions.sortableBy == [\BookEntity.$title, \BookEntity.$pages])
        let short = try await BookQuery().entities(matching: [{ $0.pages < 350 }], mode: .and, sortedBy: [], limit: nil)
        #expect(short.map(\.title) == ["Momo"])
        let book = BookEntity.shelf[0]
        #expect(book.$title.title == "Title" && book.pages == 412)
        // A property query is still an entity query: configuration finds books by identifier or title.
        let byTitle = try await IntentConfigurator.convert("Momo", to: BookEntity.self, parameter: "book") as? BookEntity
        #expect(byTitle?.pages == 304)
    }

    // MARK: - WidgetKit

    @Test func recommendationsConfigureAWidgetPlacedWithoutAnIntent() async throws {
        let descriptor = try #require(RoomTemperatureWidget().descriptors.first)
        let engine = try #require(descriptor.timeline)
        #expect(engine.recommendations().map(\.description) == ["Living Room Annex"])
        #expect((engine.defaultConfiguration as? SelectRoomIntent)?.room?.id == "living-2")
        #expect(descriptor.supportedFamilies == [.accessoryRectangular, .accessoryInline])
        let context = TimelineProviderContext(family: .accessoryRectangular, displaySize: Size(width: 128, height: 32), isPreview: false)
        guard case .async(let unconfigured) = engine.timeline(context, nil),
              case .async(let configured) = engine.timeline(context, SelectRoomIntent(room: RoomEntity.all[3])) else {
            Issue.record("an AppIntentTimelineProvider is called as an async function")
            return
        }
        #expect((try await unconfigured().entries.first?.value as? RoomEntry)?.room?.id == "living-2", "the first recommendation")
        #expect((try await configured().entries.first?.value as? RoomEntry)?.room?.id == "bath", "the placed configuration wins")
    }

    @Test func anIntentConfigurationWidgetRunsWithItsFirstRecommendation() async throws {
        let descriptor = try #require(OlderWeatherWidget().descriptors.first)
        #expect(descriptor.kind == "OlderWeather" && descriptor.displayName == "My Widget")
        let engine = try #require(descriptor.timeline)
        #expect(engine.intentType == nil)
        let context = TimelineProviderContext(family: .accessoryRectangular, displaySize: Size(width: 128, height: 32), isPreview: false)
        guard case .completion(let call) = engine.timeline(context, nil) else {
            Issue.record("an IntentTimelineProvider is called with a completion handler")
            return
        }
        let received = Locked<AnyTimeline?>(nil)
        call { timeline in received.withLock { $0 = timeline } }
        let timeline = try #require(received.withLock { $0 })
        #expect(timeline.entries.count == 3 && timeline.policy == .atEnd)
        #expect((timeline.entries[0].value as? SimpleEntry)?.configuration.city == "Oslo")
        let view = engine.content(timeline.entries[0])
        #expect(render(view, 40, 8) == render(Text("Oslo"), 40, 8))
    }

    @Test func emptyConfigurationsListNoWidget() {
        #expect(NothingHereWidget().descriptors.isEmpty)
        #expect(CountdownWidget().descriptors.map(\.kind) == ["Countdown"])
    }

    // MARK: - ActivityKit

    private func delivery(minutes: Int) -> ActivitySnapshot {
        ActivitySnapshot(id: "d1", attributesType: String(reflecting: ParcelAttributes.self), attributes: ParcelAttributes(courier: "Ana"),
                         content: ActivityContent(state: ParcelAttributes.ContentState(minutesLeft: minutes), staleDate: nil),
                         staleDate: nil, relevanceScore: 0, sequence: 0)
    }

    private func engine<W: Widget>(_ widget: W) throws -> ActivityEngine {
        guard case .activity(let engine) = try #require(widget.descriptors.first).engine else {
            throw PortingFailure("not an activity configuration")
        }
        return engine
    }

    @Test func eachSlotFamilyShowsTheMatchingActivityPresentation() throws {
        let engine = try engine(DeliveryLiveActivity())
        let snapshot = delivery(minutes: 7)
        let lockScreen = VStack(alignment: .leading) { Text("Ana"); Text("7 min left") }
        let rectangular = render(engine.view(for: .accessoryRectangular, snapshot, isStale: false), 80, 24)
        #expect(rectangular == render(lockScreen, 80, 24), "the lock-screen view")
        #expect(render(engine.content((snapshot, false)), 80, 24) == rectangular, "`content` stays the lock-screen view")
        let inline = render(engine.view(for: .accessoryInline, snapshot, isStale: false), 60, 8)
        #expect(inline == render(HStack(spacing: 4) { Text("ETA"); Text("7m") }, 60, 8), "compact leading and trailing side by side")
        #expect(inline != render(lockScreen, 60, 8))
        let circular = render(engine.view(for: .accessoryCircular, snapshot, isStale: false), 24, 24)
        #expect(circular == render(Text("7"), 24, 24), "the minimal view")
        #expect(render(engine.view(for: .accessoryCorner, snapshot, isStale: false), 24, 24) == circular)
        let url = ViewRenderer.render(engine.view(for: .accessoryInline, snapshot, isStale: false), size: Size(width: 60, height: 8), at: t0).widgetURLs
        #expect(url == [URL(string: "delivery://track")!], "the island's widgetURL goes with its presentations")
    }

    @Test func withoutADynamicIslandEverySlotShowsTheLockScreenView() throws {
        let engine = try engine(ActivityWidget())
        let snapshot = delivery(minutes: 3)
        for family in [WidgetFamily.accessoryInline, .accessoryCircular, .accessoryRectangular] {
            #expect(render(engine.view(for: family, snapshot, isStale: false), 60, 8) == render(Text("3 min"), 60, 8))
        }
    }

    private func render(_ view: some View, _ width: Int, _ height: Int) -> Bitmap {
        ViewRenderer.render(view, size: Size(width: width, height: height), at: t0).bitmap
    }
}

/// A live activity written before the Dynamic Island existed.
struct ActivityWidget: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: ParcelAttributes.self) { context in Text("\(context.state.minutesLeft) min") }
    }
}

struct PortingFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `Image.widgetAccentedRenderingMode(_:)` in a widget drawn in `accented` mode.
@Suite struct AccentedImageTests {
    private func draw(_ view: some View, mode: WidgetRenderingMode = .accented) -> [UInt8] {
        var environment = EnvironmentValues()
        environment.widgetRenderingMode = mode
        environment.accentedTones = AccentedTones(defaultLevel: 255, accentLevel: 100)
        let bitmap = ViewRenderer.render(view, size: Size(width: 12, height: 12), environment: environment, at: t0, antialiased: true).bitmap
        return bitmap.pixels
    }

    @Test func eachModeDrawsTheImageAsApplesDoes() {
        let symbol = Image(systemName: "circle.fill")
        // The symbol's brightest (fully covered) pixels carry its group's tone.
        let levels = { (pixels: [UInt8]) in pixels.max() ?? 0 }
        #expect(levels(draw(symbol)) == 255, "default group")
        #expect(levels(draw(symbol.widgetAccentedRenderingMode(.accented))) == 100, "accent group, as widgetAccentable()")
        #expect(draw(symbol.widgetAccentedRenderingMode(.accented)) == draw(symbol.widgetAccentable()))
        #expect(levels(draw(symbol.widgetAccentedRenderingMode(.accentedDesaturated))) == 100)
        #expect(levels(draw(symbol.widgetAccentedRenderingMode(.desaturated))) == 255)
        let dim = symbol.foregroundStyle(.secondary)
        #expect(draw(dim.widgetAccentedRenderingMode(nil)) == draw(dim), "nil changes nothing")
        #expect(draw(Image(systemName: "circle.fill").widgetAccentedRenderingMode(.fullColor).foregroundStyle(.secondary))
                == draw(dim, mode: .fullColor), "full color keeps the image's own tone")
        #expect(draw(symbol.widgetAccentedRenderingMode(.accented), mode: .vibrant) == draw(symbol, mode: .vibrant), "only accented mode changes")
    }
}
