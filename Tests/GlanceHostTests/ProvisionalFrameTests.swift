import Foundation
import GlanceFace
import GlanceInput
import GlancePanels
import GlanceTesting
import Logging
import Synchronization
import Testing
@testable import GlanceHost
import GlanceUI
import GlanceWidgets

/// How many times each test's intent has run; its widget shows the count.
private let counts = Mutex<[String: Int]>([:])

private struct CountEntry: TimelineEntry {
    let date: Date
    let count: Int
}

private struct CountProvider: TimelineProvider {
    let kind: String
    func placeholder(in context: Context) -> CountEntry { CountEntry(date: .distantPast, count: 0) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (CountEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<CountEntry>) -> Void) {
        completion(Timeline(entries: [CountEntry(date: .distantPast, count: counts.withLock { $0[kind, default: 0] })], policy: .never))
    }
}

/// The count, dimmed while an intent's reload is on its way (Docs/Contract.md, "Invalidated content").
private func countWidget(_ kind: String) -> some WidgetConfiguration {
    StaticConfiguration(kind: kind, provider: CountProvider(kind: kind)) { entry in
        Text("Count \(entry.count)").font(.title).invalidatableContent()
    }
    .supportedFamilies([.accessoryRectangular])
}

private struct QuickWidget: Widget {
    var body: some WidgetConfiguration { countWidget("quick") }
}

private struct SlowWidget: Widget {
    var body: some WidgetConfiguration { countWidget("slow") }
}

/// Opens once; whoever waits before then waits until it does.
private final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if now { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for continuation in waiting { continuation.resume() }
    }
}

private let slowGate = Gate()

/// Counts at once: its reload is ready long before a frame could reach the glass.
private struct QuickCountIntent: AppIntent {
    static let title: LocalizedStringResource = "Quick Count"
    func perform() async throws -> some IntentResult {
        counts.withLock { $0["quick", default: 0] += 1 }
        return .result()
    }
}

/// Counts when the test opens `slowGate`.
private struct SlowCountIntent: AppIntent {
    static let title: LocalizedStringResource = "Slow Count"
    func perform() async throws -> some IntentResult {
        await slowGate.wait()
        counts.withLock { $0["slow", default: 0] += 1 }
        return .result()
    }
}

/// Issue 19: the frame that dims an intent's views is drawn only when the reload has not drawn
/// within one frame time of the panel (`RuntimeSettings.provisionalHold`, set by the host);
/// otherwise the reload's frame alone goes to the glass.
@Suite struct ProvisionalFrameTests {
    private func host(kind: String, widgets: [WidgetDescriptor], intent: String, clock: ManualClock, folder: URL) async throws -> FaceHost {
        let face = """
            board: simulator
            slots:
              - family: accessoryRectangular
                widgets: [\(kind)]
            bindings:
              A: \(intent)
            """
        let host = try await FaceAssembly.make(.init(
            board: try BoardCatalog.board("simulator"), face: try FaceConfiguration(yaml: face, file: "glance.yaml"), facePath: nil,
            bundle: BundleContents(widgets: widgets,
                                   intents: IntentRegistry([QuickCountIntent.self, SlowCountIntent.self])),
            clock: clock, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, stateDirectory: folder,
            capture: nil, frameFolder: nil, screen: nil, adjustSettings: { _ in }, wrapI2C: { $0 }))
        await host.start()
        await host.drain()
        return host
    }

    @Test func aReloadReadyWithinOneFrameTimeSendsOnlyTheFinalState() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-quick-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_795_257_720))
        let host = try await host(kind: "quick", widgets: QuickWidget().descriptors, intent: "QuickCountIntent", clock: clock, folder: folder)
        let before = await host.framesShown
        let glassBefore = try #require(await host.assembly.glass?())

        try await host.press(button: "A", gesture: ButtonGesture.click)
        #expect(await host.framesShown == before, "the dimmed frame waits for its replacement")
        #expect(try #require(await host.assembly.glass?()) == glassBefore)
        await host.drain()
        #expect(await host.framesShown == before + 1, "only the reload's frame was shown")
        #expect(await host.runtime.status().slots[0].entry.map { ($0 as? CountEntry)?.count } == 1)
        #expect(try #require(await host.assembly.glass?()) != glassBefore)
    }

    @Test func aSlowReloadStillShowsTheDimmedViewsAfterOneFrameTime() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-slow-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_795_257_720))
        let host = try await host(kind: "slow", widgets: SlowWidget().descriptors, intent: "SlowCountIntent", clock: clock, folder: folder)
        let before = await host.framesShown
        let frameTime = host.assembly.pipeline.frameTime
        #expect(frameTime > Duration.milliseconds(20) && frameTime < Duration.milliseconds(30), "1 KiB at 400 kHz on the simulator's SSD1306: \(frameTime)")

        let pressed = clock.now
        try await host.press(button: "A", gesture: ButtonGesture.click)
        await host.round()
        #expect(await host.framesShown == before)
        // The loop waits until the hold runs out; the reload is still not there then, so the dimmed views go out.
        let next = try #require(await host.nextDeadline())
        #expect(abs(next.timeIntervalSince(pressed) - frameTime.timeInterval) < 0.000_001)
        clock.advance(to: next)
        await host.round()
        #expect(await host.framesShown == before + 1)
        #expect(await host.runtime.status().slots[0].isInvalidated)
        let dimmed = try #require(await host.assembly.glass?())

        slowGate.open()
        await host.drain()
        #expect(await host.framesShown == before + 2)
        #expect(await host.runtime.status().slots[0].isInvalidated == false)
        let final = try #require(await host.assembly.glass?())
        // Dimmed on a 1-bit panel is dithered: fewer lit pixels than the same text undimmed.
        #expect(dimmed.pixels.filter { $0 > 0 }.count < final.pixels.filter { $0 > 0 }.count)
    }
}
