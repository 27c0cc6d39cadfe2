import Foundation
import GlanceTesting
import Testing
@testable import GlanceWidgets

enum Room: String, AppEnum {
    case kitchen, livingRoom
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Room"
    static let caseDisplayRepresentations: [Room: DisplayRepresentation] = [.kitchen: "Kitchen", .livingRoom: "Living Room"]
}

struct PickRoomIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Pick Room"
    @Parameter(title: "Room", default: .kitchen)
    var room: Room
    @Parameter(title: "Note")
    var note: String?
    init() {}
}

struct RoomProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> TestEntry { TestEntry(date: .distantPast) }
    func snapshot(for configuration: PickRoomIntent, in context: Context) async -> TestEntry { TestEntry(date: t0, value: 1) }
    func timeline(for configuration: PickRoomIntent, in context: Context) async throws -> Timeline<TestEntry> {
        Timeline(entries: [TestEntry(date: t0, value: configuration.room == .kitchen ? 1 : 2)], policy: .never)
    }
}

struct StaticProvider: TimelineProvider {
    func placeholder(in context: Context) -> TestEntry { TestEntry(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (TestEntry) -> Void) { completion(TestEntry(date: t0)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<TestEntry>) -> Void) {
        completion(Timeline(entries: [TestEntry(date: t0, value: 3)], policy: .never))
    }
}

struct RoomWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "room", intent: PickRoomIntent.self, provider: RoomProvider()) { ValueView(entry: $0) }
            .configurationDisplayName("Room")
            .description("Which room.")
            .supportedFamilies([.accessoryInline])
    }
}

struct PlainWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "plain", provider: StaticProvider()) { ValueView(entry: $0) }
            .contentMarginsDisabled()
    }
}

struct TestBundle: WidgetBundle {
    static var intents: [any AppIntent.Type] { [TapIntent.self] }
    var body: some Widget {
        RoomWidget()
        PlainWidget()
    }
}

/// The API surface: App Intents, bundles, time sources, the completion bridge, previews, the run loop.
@Suite struct APITests {
    @Test func appIntentsParametersEnumsAndTheRegistry() throws {
        let intent = PickRoomIntent()
        #expect(intent.room == .kitchen && intent.note == nil)
        #expect(intent.missingParameters.isEmpty, "defaulted and optional parameters are never missing")
        intent.room = .livingRoom
        #expect(intent.$room.title == "Room")
        #expect(Room.livingRoom.localizedStringResource == "Living Room")
        #expect(Room(named: "living room") == .livingRoom && Room(named: "kitchen") == .kitchen && Room(named: "attic") == nil)
        #expect(TurnOnRoomIntent().missingParameters == ["Room"])
        #expect(TurnOnRoomIntent.description.description == "Switches a room's lights on.")
        let registry = TestBundle().intentRegistry
        #expect(registry.type(named: "PickRoomIntent") == PickRoomIntent.self)
        #expect(registry.type(named: "pick room") == PickRoomIntent.self)
        #expect(registry.type(named: "Tap") == TapIntent.self)
        #expect(throws: IntentRegistryError.self) { try registry.intent(named: "Nope") }
        let message = String(describing: IntentRegistryError.unknownIntent(name: "Nope", known: ["TapIntent (“Tap”)"]))
        #expect(message == "no intent is named “Nope” (by type name or title); known intents: TapIntent (“Tap”)")
    }

    @Test func bundlesListTheirWidgetsWithTheirOptions() async throws {
        let widgets = TestBundle().widgetDescriptors
        #expect(widgets.map(\.kind) == ["room", "plain"])
        #expect(widgets[0].displayName == "Room" && widgets[0].description == "Which room.")
        #expect(widgets[0].supportedFamilies == [.accessoryInline])
        #expect(widgets[1].supportedFamilies == WidgetDescriptor.defaultFamilies && widgets[1].contentMarginsDisabled)
        // A placed configuration reaches the provider; the face rejects what the widget cannot show.
        let clock = ManualClock(now: t0)
        let living = PickRoomIntent()
        living.room = .livingRoom
        let face = Face(size: Size(width: 128, height: 16), slots: [
            Slot(family: .accessoryInline, rect: Rect(x: 0, y: 0, width: 128, height: 16), widgets: [WidgetPlacement("room", configuration: living)]),
        ])
        let runtime = try FaceRuntime(bundle: TestBundle(), face: face, time: clock)
        await runtime.start()
        _ = await runtime.settle()
        #expect((await runtime.status().slots[0].entry as? TestEntry)?.value == 2)
        let infos = try await runtime.widgetCenter.currentConfigurations()
        #expect(infos.first?.widgetConfigurationIntent(of: PickRoomIntent.self)?.room == .livingRoom)
        #expect(throws: FaceError.unsupportedFamily(kind: "room", family: .accessoryCircular, slot: 0, supported: [.accessoryInline])) {
            _ = try FaceRuntime(bundle: TestBundle(), face: Face(size: Size(width: 64, height: 64), slots: [
                Slot(family: .accessoryCircular, rect: Rect(x: 0, y: 0, width: 64, height: 64), widgets: [WidgetPlacement("room")]),
            ]), time: clock)
        }
        #expect(throws: FaceError.unknownKind("nope", slot: 0, known: ["room", "plain"])) {
            _ = try FaceRuntime(bundle: TestBundle(), face: column(["nope"]), time: clock)
        }
    }

    @Test func manualClockMovesAtOnceOrWakesSleepersAtTheirDeadline() async throws {
        // By default a device wait moves the clock: simulated hardware takes simulated time.
        let device = ManualClock(now: t0)
        try await device.sleep(for: .milliseconds(1500))
        #expect(device.now == t0.addingTimeInterval(1.5) && device.uptime == .milliseconds(1500) && device.sleeps == [.milliseconds(1500)])
        // A wall-clock correction backwards leaves uptime alone; forwards moves both.
        device.set(t0)
        #expect(device.now == t0 && device.uptime == .milliseconds(1500))
        device.set(t0.addingTimeInterval(10))
        #expect(device.uptime == .milliseconds(11_500))

        // Without advancesOnSleep, sleepers wait for the test to move the clock.
        let clock = ManualClock(now: t0, advancesOnSleep: false)
        let woke = Locked([Int]())
        let first = Task { try await clock.sleep(for: .seconds(10)); woke.withLock { $0.append(1) } }
        let second = Task { try await clock.sleep(for: .seconds(20)); woke.withLock { $0.append(2) } }
        while clock.sleeperCount < 2 { await Task.yield() }
        clock.set(t0.addingTimeInterval(-100)) // a jump back wakes nobody
        #expect(clock.sleeperCount == 2)
        clock.advance(by: 15)
        try await first.value
        #expect(woke.withLock { $0 } == [1] && clock.sleeperCount == 1)
        second.cancel()
        await #expect(throws: CancellationError.self) { try await second.value }
        // No wait at all returns at once.
        try await clock.sleep(for: .zero)
    }

    @Test func completionBridgeTakesTheFirstAnswerOnly() {
        let early = CompletionBridge<Int>()
        early.complete(1)
        early.complete(2)
        #expect(early.finishCall { _ in Issue.record("no late answer expected") } == 1)
        let late = CompletionBridge<Int>()
        let received = Locked([Int]())
        #expect(late.finishCall { value in received.withLock { $0.append(value) } } == nil)
        late.complete(3)
        late.complete(4)
        #expect(received.withLock { $0 } == [3])
    }

    @Test func lateCompletionsAreDeliveredAndAfterTheTimeoutIgnored() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { _, _ in .later }
        let (runtime, log) = try makeRuntime([valueWidget("late", script)], face: column(["late"]), settings: testSettings(), clock: clock)
        await runtime.start()
        script.answerPending(with: Timeline(entries: [TestEntry(date: t0, value: 5)], policy: .never))
        // The answer travels to the actor in a task; update() once it has arrived.
        while await runtime.instanceStatus()[0].isReloading { await Task.yield() }
        await runtime.update()
        #expect((await runtime.status().slots[0].entry as? TestEntry)?.value == 5)
        runtime.widgetCenter.reloadAllTimelines()
        await runtime.update()
        clock.advance(by: 5)
        await runtime.wakeUp()
        script.answerPending(with: Timeline(entries: [TestEntry(date: t0, value: 6)], policy: .never))
        while !log.contains(kind: "late", level: .warning, "after its timeout") { await Task.yield() }
        #expect((await runtime.status().slots[0].entry as? TestEntry)?.value == 5)
    }

    @Test func previewDrawsEntriesAndExplainsFailures() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { _, now in .timeline([TestEntry(date: now, value: 1), TestEntry(date: now.addingTimeInterval(60), value: 2)], .never) }
        let descriptor = valueWidget("p", script)
        let second = try await WidgetPreview.render(descriptor, family: .accessoryRectangular, entry: .timeline(1), time: clock)
        #expect(second.size == Size(width: 128, height: 64))
        let placeholder = try await WidgetPreview.render(descriptor, family: .accessoryInline, entry: .placeholder, time: clock)
        #expect(placeholder.size == Size(width: 128, height: 16))
        await #expect(throws: PreviewError.entryOutOfRange(kind: "p", index: 2, count: 2)) {
            try await WidgetPreview.render(descriptor, family: .accessoryRectangular, entry: .timeline(2), time: clock)
        }
        let narrow = widget("n", script, families: [.accessoryInline]) { ValueView(entry: $0) }
        await #expect(throws: PreviewError.unsupportedFamily(kind: "n", family: .accessoryCircular, supported: [.accessoryInline])) {
            try await WidgetPreview.render(narrow, family: .accessoryCircular, time: clock)
        }
        // A provider that never answers times out on the preview's clock.
        let timer = ManualClock(now: t0, advancesOnSleep: false)
        let silent = valueWidget("s", Script(clock: timer) { _, _ in .silence })
        let preview = Task { try await WidgetPreview.render(silent, family: .accessoryRectangular, entry: .timeline(0), time: timer) }
        while timer.sleeperCount == 0 { await Task.yield() }
        timer.advance(by: 5)
        await #expect(throws: PreviewError.timedOut(kind: "s", seconds: 5)) { try await preview.value }
        #expect(WidgetPreview.Entry("snapshot") == .snapshot && WidgetPreview.Entry("3") == .timeline(3) && WidgetPreview.Entry("x") == nil)
    }

    @Test func theChangeHandlerFiresWhenWorkFinishesOnItsOwn() async throws {
        let clock = ManualClock(now: t0)
        let script = Script(clock: clock) { call, now in .timeline([TestEntry(date: now, value: call)], .never) }
        let (runtime, _) = try makeRuntime([valueWidget("r", script)], face: column(["r"]), settings: testSettings(idle: .seconds(86_400)), clock: clock)
        let rings = Locked(0)
        runtime.onChange { rings.withLock { $0 += 1 } }
        await runtime.start()
        let before = rings.withLock { $0 }
        // A WidgetCenter request is work for update(): the host hears of it at once.
        runtime.widgetCenter.reloadAllTimelines()
        #expect(rings.withLock { $0 } == before + 1)
        #expect(await runtime.update().count == 1)
        #expect(script.callCount == 2)
        runtime.onChange(nil)
        runtime.widgetCenter.reloadAllTimelines()
        #expect(rings.withLock { $0 } == before + 1, "a handler taken away is not called")
    }
}
