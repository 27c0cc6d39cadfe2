import Foundation
import GlanceTesting
import Logging
import Testing
@testable import GlanceHost
import GlanceUI
import GlanceWidgets

private struct Blank: TimelineEntry {
    let date: Date
}

private struct BlankProvider: TimelineProvider {
    func placeholder(in context: Context) -> Blank { Blank(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (Blank) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Blank>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

private struct BlankWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "blank", provider: BlankProvider()) { _ in Text("·") }
            .supportedFamilies([.accessoryRectangular])
    }
}

/// The app-group folder watch follows the face file: read again on SIGHUP with another
/// `app-group:`, the face watched the old folder and reloaded nothing, logging nothing.
@Suite struct AppGroupSourceTests {
    @Test(.timeLimit(.minutes(1))) func sighupWithAnotherAppGroupMovesTheWatch() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("glance-follow-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let facePath = state.appendingPathComponent("glance.yaml")
        try Data("app-group: first\n".utf8).write(to: facePath)
        let lines = LineLog()
        let logger = Logger(label: "test") { label in GlanceLogHandler(label: label, level: .info, destination: .sink { lines.append($0) }) }
        let host = try await FaceAssembly.make(.init(
            board: try BoardCatalog.board("simulator"), face: try FaceConfiguration(contentsOf: facePath.path), facePath: facePath.path,
            bundle: BundleContents(widgets: BlankWidget().descriptors), clock: ManualClock(now: Date(timeIntervalSince1970: 1_795_257_720)),
            logger: logger, stateDirectory: state, capture: nil, frameFolder: nil, screen: nil))
        await host.start()
        let source = AppGroupSource(directory: AppGroup(name: "first", root: state).directory, moves: await host.appGroupFolders(), logger: logger)
        let (events, delivered) = AsyncStream.makeStream(of: String.self)
        try await source.connect { event in
            if case .appGroupChanged(let file) = event { delivered.yield(file) }
        }
        let first = AppGroup(name: "first", root: state).directory, second = AppGroup(name: "second", root: state).directory
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: second.appendingPathComponent("before.json"))
        try Data("app-group: second\n".utf8).write(to: facePath)
        host.post(.reloadFace)
        await host.drain()
        #expect(await host.plan.appGroup == "second")
        var iterator = events.makeAsyncIterator()
        // The new group's files are reported once it is watched, then what is written there;
        // nothing written in the old group is (its watch stopped before the new one started).
        #expect(await iterator.next() == "before.json")
        try Data("{}".utf8).write(to: first.appendingPathComponent("old.json"))
        try Data("{}".utf8).write(to: second.appendingPathComponent("news.json"))
        let seen = await iterator.next()
        await source.disconnect()
        #expect(seen == "news.json", "\(seen ?? "nothing")")
        #expect(lines.all.contains { $0.contains("now watching \(second.path)") }, "\(lines.all)")
    }
}
