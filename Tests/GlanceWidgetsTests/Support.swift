import Foundation
import GlanceTesting
@testable import GlanceWidgets

/// Midnight UTC, 2026-11-21: every test's clock starts here.
let t0 = Date(timeIntervalSince1970: 1_795_219_200)

let utc = TimeZone(identifier: "UTC")!

/// Settings for tests: fixed locale and time zone, everything else at its documented default.
func testSettings(budget: Int? = 70, idle: Duration = .seconds(30), offTimeout: Duration? = nil, night: NightSchedule? = nil,
                  hidesSensitiveContent: Bool = false) -> RuntimeSettings {
    RuntimeSettings(reloadBudget: budget,
                    alwaysOn: AlwaysOnSettings(idleTimeout: idle, offTimeout: offTimeout, night: night,
                                               hidesSensitiveContent: hidesSensitiveContent),
                    locale: Locale(identifier: "en_US_POSIX"), timeZone: utc)
}

/// A plain entry: a value to draw and an optional relevance.
struct TestEntry: TimelineEntry {
    let date: Date
    var value: Int = 0
    var isOn = false
    var relevance: TimelineEntryRelevance?
}

/// What a scripted provider does on one call.
enum Answer: Sendable {
    /// Answers at once with this timeline.
    case timeline([TestEntry], TimelineReloadPolicy)
    /// Never calls the completion.
    case silence
    /// Keeps the completion for the test to call.
    case later
}

/// A completion-handler provider that follows a script and records every call.
final class Script: Sendable {
    private struct State {
        var calls: [Date] = []
        var contexts: [TimelineProviderContext] = []
        var snapshots = 0
        var pending: [@Sendable (Timeline<TestEntry>) -> Void] = []
    }

    private let state = Locked(State())
    let answer: @Sendable (_ call: Int, _ now: Date) -> Answer
    let clock: ManualClock

    init(clock: ManualClock, answer: @escaping @Sendable (_ call: Int, _ now: Date) -> Answer) {
        self.clock = clock
        self.answer = answer
    }

    var calls: [Date] { state.withLock { $0.calls } }
    var callCount: Int { calls.count }
    var contexts: [TimelineProviderContext] { state.withLock { $0.contexts } }
    var snapshots: Int { state.withLock { $0.snapshots } }

    func timeline(context: TimelineProviderContext, completion: @escaping @Sendable (Timeline<TestEntry>) -> Void) {
        let now = clock.now
        let call = state.withLock { state -> Int in
            state.calls.append(now)
            state.contexts.append(context)
            return state.calls.count - 1
        }
        switch answer(call, now) {
        case .timeline(let entries, let policy): completion(Timeline(entries: entries, policy: policy))
        case .silence: break
        case .later: state.withLock { $0.pending.append(completion) }
        }
    }

    func snapshot(context: TimelineProviderContext) -> TestEntry {
        state.withLock {
            $0.snapshots += 1
            $0.contexts.append(context)
        }
        return TestEntry(date: clock.now, value: -1)
    }

    /// Calls the completions kept by `.later` answers.
    func answerPending(with timeline: Timeline<TestEntry>) {
        let pending = state.withLock { state in
            defer { state.pending.removeAll() }
            return state.pending
        }
        for completion in pending { completion(timeline) }
    }
}

struct ScriptProvider: TimelineProvider {
    let script: Script

    func placeholder(in context: Context) -> TestEntry { TestEntry(date: .distantPast, value: 8888) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (TestEntry) -> Void) {
        completion(script.snapshot(context: context))
    }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<TestEntry>) -> Void) {
        script.timeline(context: context, completion: completion)
    }
}

/// Shows the entry's value as big text.
struct ValueView: View {
    let entry: TestEntry
    var body: some View {
        Text("\(entry.value)").font(.title)
    }
}

/// A timeline widget of `kind` driven by `script`, drawn by `content`.
func widget<V: View>(_ kind: String, _ script: Script, families: [WidgetFamily] = WidgetDescriptor.defaultFamilies,
                     @ViewBuilder content: @escaping @Sendable (TestEntry) -> V) -> WidgetDescriptor {
    var descriptor = StaticConfiguration(kind: kind, provider: ScriptProvider(script: script), content: content).descriptor
    descriptor.supportedFamilies = families
    return descriptor
}

/// A widget drawing its value as text.
func valueWidget(_ kind: String, _ script: Script) -> WidgetDescriptor {
    widget(kind, script) { ValueView(entry: $0) }
}

/// One slot per kind, stacked vertically on a 128-pixel-wide panel, each 128×`height`.
func column(_ kinds: [String], family: WidgetFamily = .accessoryRectangular, height: Int = 32) -> Face {
    Face(size: Size(width: 128, height: height * kinds.count),
         slots: kinds.enumerated().map { index, kind in
             Slot(family: family, rect: Rect(x: 0, y: index * height, width: 128, height: height), widgets: [WidgetPlacement(kind)])
         })
}

/// Collects log records.
final class LogBox: Sendable {
    private let records = Locked([RuntimeLogRecord]())
    var all: [RuntimeLogRecord] { records.withLock { $0 } }
    func add(_ record: RuntimeLogRecord) { records.withLock { $0.append(record) } }
    func contains(kind: String?, level: RuntimeLogRecord.Level, _ text: String) -> Bool {
        all.contains { $0.kind == kind && $0.level == level && $0.message.contains(text) }
    }
}

/// A runtime on a manual clock at `t0`, with a log.
func makeRuntime(_ widgets: [WidgetDescriptor], face: Face, settings: RuntimeSettings = testSettings(),
                 clock: ManualClock, intents: IntentRegistry = IntentRegistry(),
                 openURL: @escaping @Sendable (URL) -> Void = { _ in }) throws -> (FaceRuntime, LogBox) {
    let log = LogBox()
    let runtime = try FaceRuntime(widgets: widgets, intents: intents, face: face, settings: settings, time: clock,
                                  log: { log.add($0) }, openURL: openURL)
    return (runtime, log)
}

/// What a simulated run did.
struct RunRecord {
    var frames: [Frame] = []
    var wakeUps: [Date] = []
}

/// Moves the clock from wake-up to wake-up, processing each, while the next one is before `end`
/// (or at `end` when `inclusive`); leaves the clock at `end`.
func drive(_ runtime: FaceRuntime, _ clock: ManualClock, until end: Date, inclusive: Bool = false) async -> RunRecord {
    var record = RunRecord()
    while let next = await runtime.nextWakeUp, inclusive ? next <= end : next < end {
        clock.set(next)
        record.wakeUps.append(next)
        record.frames += await runtime.wakeUp()
    }
    clock.set(max(clock.now, end))
    return record
}

/// Lit pixels in `rect` of `bitmap` (value above 0).
func litCount(_ bitmap: Bitmap, in rect: Rect? = nil) -> Int {
    let area = rect ?? bitmap.bounds
    var count = 0
    for y in area.minY..<area.maxY { for x in area.minX..<area.maxX where bitmap[x, y] > 0 { count += 1 } }
    return count
}

/// The brightest pixel in `rect`.
func brightest(_ bitmap: Bitmap, in rect: Rect? = nil) -> UInt8 {
    let area = rect ?? bitmap.bounds
    var value: UInt8 = 0
    for y in area.minY..<area.maxY { for x in area.minX..<area.maxX { value = max(value, bitmap[x, y]) } }
    return value
}

// MARK: - Intents used by the tests

/// Records performed intents by tag, so parallel tests do not see each other.
enum IntentJournal {
    static let entries = Locked([String]())
    static func record(_ tag: String) { entries.withLock { $0.append(tag) } }
    static func count(_ tag: String) -> Int { entries.withLock { $0.filter { $0 == tag }.count } }
    static func values(_ prefix: String) -> [String] { entries.withLock { $0.filter { $0.hasPrefix(prefix) } } }
}

struct TapIntent: AppIntent {
    static let title: LocalizedStringResource = "Tap"
    @Parameter(title: "Tag", default: "")
    var tag: String

    init() {}
    init(tag: String) { self.tag = tag }

    func perform() async throws -> some IntentResult {
        IntentJournal.record(tag)
        return .result()
    }
}

struct SetLampIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Set Lamp"
    @Parameter(title: "Tag", default: "")
    var tag: String
    @Parameter(title: "On", default: false)
    var value: Bool

    init() {}
    init(tag: String) { self.tag = tag }

    func perform() async throws -> some IntentResult {
        IntentJournal.record("\(tag)=\(value)")
        return .result()
    }
}

struct TurnOnRoomIntent: AppIntent {
    static let title: LocalizedStringResource = "Turn On Room"
    static var description: IntentDescription { "Switches a room's lights on." }
    @Parameter(title: "Room")
    var room: String

    init() {}

    func perform() async throws -> some IntentResult {
        IntentJournal.record("room:\(room)")
        return .result()
    }
}

struct FailingIntent: AppIntent {
    static let title: LocalizedStringResource = "Always Fails"
    struct Broken: Error {}
    init() {}
    func perform() async throws -> EmptyIntentResult {
        IntentJournal.record("fail")
        throw Broken()
    }
}
