import Foundation
import GlanceFace
import GlancePanels
import GlanceTesting
import Logging
import Testing
@testable import GlanceHost
import GlanceUI
import GlanceWidgets

private struct Tick: TimelineEntry {
    let date: Date
}

private struct TickProvider: TimelineProvider {
    func placeholder(in context: Context) -> Tick { Tick(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (Tick) -> Void) { completion(Tick(date: .distantPast)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Tick>) -> Void) {
        completion(Timeline(entries: [Tick(date: .distantPast)], policy: .never))
    }
}

/// A widget as iOS code writes it: a setting from the app group, a named color, and a
/// symbol name Glance's catalog does not have.
private struct SettingView: View {
    @AppStorage("big", store: UserDefaults(suiteName: "group.example")) var big = false
    var body: some View {
        HStack {
            Image(systemName: "no.such.symbol")
            Rectangle().fill(Color("Accent")).frame(width: big ? 60 : 10, height: 20)
        }
    }
}

private struct SettingWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "setting", provider: TickProvider()) { _ in SettingView() }
            .supportedFamilies([.accessoryRectangular])
    }
}

private struct SettingBundle: WidgetBundle {
    var body: some Widget { SettingWidget() }
}

/// What the host injects into every view: assets, the app group's defaults, the warning log.
@Suite struct InjectionTests {
    @Test func appStorageAssetsAndMissingNamesReachTheViewsThroughTheHost() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("glance-inject-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: state) }
        let group = AppGroup(name: "glance", root: state)
        try group.saveDefaults(MemoryKeyValueStore(["big": .bool(false)]))
        let lines = LineLog()
        let logger = Logger(label: "test") { label in GlanceLogHandler(label: label, level: .info, destination: .sink { lines.append($0) }) }
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_795_257_720))
        let host = try await FaceAssembly.make(.init(
            board: try BoardCatalog.board("simulator"), face: nil, facePath: nil,
            bundle: BundleContents(widgets: SettingBundle().widgetDescriptors), clock: clock, logger: logger,
            stateDirectory: state, capture: nil, frameFolder: nil, screen: nil,
            assets: MemoryAssetCatalog(colors: ["Accent": .white])))
        await host.start()
        await host.drain()
        let narrow = try #require(await host.shownFrame?.bitmap)
        #expect(narrow.pixels.filter { $0 > 0 }.count > 0, "the named color drew")

        // Another program changes the setting; the face reloads and the view reads the new value.
        try group.saveDefaults(MemoryKeyValueStore(["big": .bool(true)]))
        host.post(FaceHost.Event.appGroupChanged(AppGroup.defaultsFileName))
        await host.drain()
        let wide = try #require(await host.shownFrame?.bitmap)
        #expect(wide.pixels.filter { $0 > 0 }.count > narrow.pixels.filter { $0 > 0 }.count, "@AppStorage read the new value")

        // The missing symbol was named in the log once, however often it was drawn.
        #expect(lines.all.filter { $0.contains("no symbol named \"no.such.symbol\"") }.count == 1)
        #expect(lines.all.allSatisfy { !$0.contains("Accent") }, "the named color was found")
    }
}
