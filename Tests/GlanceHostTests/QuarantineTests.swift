import Foundation
import GlanceFace
import GlanceTesting
import Logging
import Testing
@testable import GlanceHost
import GlanceUI
import GlanceWidgets

private struct Reading: TimelineEntry {
    let date: Date
    let value: Int
}

private struct ConstantProvider: TimelineProvider {
    func placeholder(in context: Context) -> Reading { Reading(date: .distantPast, value: 0) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (Reading) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Reading>) -> Void) {
        completion(Timeline(entries: [Reading(date: .distantPast, value: 1)], policy: .never))
    }
}

/// Its data is `q-data.json` (the state file says so: it read it on an earlier run).
private struct ReaderWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "q-reader", provider: ConstantProvider()) { entry in Text("\(entry.value)") }
            .supportedFamilies([.accessoryRectangular])
    }
}

/// Its data is `q-other.json`.
private struct OtherWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "q-other", provider: ConstantProvider()) { entry in Text("\(entry.value)") }
            .supportedFamilies([.accessoryRectangular])
    }
}

/// A quarantined widget (it crashed the face) runs again when its own inputs change, and
/// only then: a write to another widget's file used to lift every quarantine, so a cron job
/// writing weather.json crashed the face again at every run.
@Suite struct QuarantineTests {
    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("glance-quarantine-\(UUID().uuidString.prefix(8))")
    }

    private func face(state: URL, saved: FaceRuntimeState) async throws -> FaceHost {
        try FileManager.default.createDirectory(at: state.appendingPathComponent("glance"), withIntermediateDirectories: true)
        try JSONEncoder().encode(saved).write(to: state.appendingPathComponent("face-simulator.json"))
        let widgets = ReaderWidget().descriptors + OtherWidget().descriptors
        return try await FaceAssembly.make(.init(
            board: try BoardCatalog.board("simulator"), face: nil, facePath: nil, bundle: BundleContents(widgets: widgets),
            clock: ManualClock(now: Date(timeIntervalSince1970: 1_795_257_720)), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
            stateDirectory: state, capture: nil, frameFolder: nil, screen: nil))
    }

    private func write(_ file: String, in state: URL, to host: FaceHost) async throws {
        try Data(#"{"value": 7}"#.utf8).write(to: state.appendingPathComponent("glance/\(file)"))
        host.post(.appGroupChanged(file))
        await host.drain()
    }

    @Test func onlyAFileTheQuarantinedWidgetReadLiftsItsQuarantine() async throws {
        let state = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let host = try await face(state: state, saved: FaceRuntimeState(quarantined: ["q-reader"], inputs: ["q-reader": ["q-data.json"], "q-other": ["q-other.json"]],
                                                                        code: FaceAssembly.codeIdentity))
        await host.start()
        await host.drain()
        #expect(await host.runtime.quarantined == ["q-reader"])
        try await write("unrelated.json", in: state, to: host)
        try await write("q-other.json", in: state, to: host)
        #expect(await host.runtime.quarantined == ["q-reader"], "another widget's file is not the quarantined widget's input")
        try await write("q-data.json", in: state, to: host)
        #expect(await host.runtime.quarantined.isEmpty)
    }

    @Test func aRebuiltFaceRunsItsQuarantinedWidgetsAgain() async throws {
        let state = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let host = try await face(state: state, saved: FaceRuntimeState(quarantined: ["q-reader"], code: "another build"))
        await host.start()
        await host.drain()
        #expect(await host.runtime.quarantined.isEmpty)
    }
}
