import Foundation
import GlanceFace
import GlancePanels
import GlanceTesting
import Logging
import Testing
@testable import GlanceHost
import GlanceUI
import GlanceWidgets

/// Two widgets that draw their kind and the hour, so each frame shows which is on top.
private struct Plate: TimelineEntry {
    let date: Date
}

private struct PlateProvider: TimelineProvider {
    func placeholder(in context: Context) -> Plate { Plate(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (Plate) -> Void) { completion(Plate(date: .distantPast)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Plate>) -> Void) {
        completion(Timeline(entries: [Plate(date: .distantPast)], policy: .never))
    }
}

private struct PlateView: View {
    let kind: String
    var body: some View {
        VStack(spacing: 2) {
            Image(systemName: kind == "first" ? "star.fill" : "heart.fill").font(.title3)
            Text(kind.uppercased()).font(.headline)
        }
    }
}

private struct FirstWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "first", provider: PlateProvider()) { _ in PlateView(kind: "first") }
            .supportedFamilies([.accessoryRectangular])
    }
}

private struct SecondWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "second", provider: PlateProvider()) { _ in PlateView(kind: "second") }
            .supportedFamilies([.accessoryRectangular])
    }
}

private struct Plates: WidgetBundle {
    var body: some Widget {
        FirstWidget()
        SecondWidget()
    }
}

/// An I2C device that can be unplugged: writes fail with EREMOTEIO-like errors meanwhile.
private final class Plug: @unchecked Sendable {
    private let lock = NSLock()
    private var connected = true
    var isConnected: Bool {
        get { lock.lock(); defer { lock.unlock() }; return connected }
        set { lock.lock(); connected = newValue; lock.unlock() }
    }
}

private struct PluggedDevice: I2CDevice {
    struct Unplugged: Error, CustomStringConvertible { var description: String { "no device acknowledged (unplugged)" } }
    let inner: any I2CDevice
    let plug: Plug
    var bus: Int { inner.bus }
    var address: UInt8 { inner.address }
    var maximumTransactionLength: Int { inner.maximumTransactionLength }
    func write(_ bytes: [UInt8]) async throws {
        guard plug.isConnected else { throw Unplugged() }
        try await inner.write(bytes)
    }
}

@Suite struct EndToEndTests {
    private let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test func buttonsThroughTheControlTargetAndAFlakyBus() async throws {
        let board = try BoardCatalog.board("simulator")
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_795_257_720))
        let plug = Plug()
        let lines = LineLog()
        let logger = Logger(label: "test") { label in GlanceLogHandler(label: label, level: .info, destination: .sink { lines.append($0) }) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-e2e-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try await FaceAssembly.make(.init(
            board: board, face: nil, facePath: nil, bundle: BundleContents(widgets: Plates().widgetDescriptors), clock: clock,
            logger: logger, stateDirectory: folder, capture: nil, frameFolder: nil, screen: nil,
            adjustSettings: { settings in
                settings.locale = Locale(identifier: "en_US_POSIX")
                settings.timeZone = TimeZone(identifier: "UTC")
            },
            wrapI2C: { PluggedDevice(inner: $0, plug: plug) }))
        let assembly = host.assembly, session = host
        await host.start()
        await host.drain()
        let first = try #require(await assembly.glass?())
        if let problem = Golden.mismatch(first, path: goldens.appendingPathComponent("e2e-first.png").path) { Issue.record(Comment(rawValue: problem)) }
        #expect(await session.status().slots.first?.kind == "first")

        // The panel goes away: the press still moves the stack, the frame cannot be shown.
        plug.isConnected = false
        try await session.press(button: "down", gesture: .click)
        #expect(await session.status().slots.first?.kind == "second")
        #expect(await session.status().panelHealthy == false)
        // Back again: the next attempt (after the pipeline's backoff) redraws everything.
        plug.isConnected = true
        clock.advance(by: .seconds(1))
        try await session.press(button: "up", gesture: .click)
        try await session.press(button: "down", gesture: .click)
        #expect(await session.status().panelHealthy)
        let second = try #require(await assembly.glass?())
        if let problem = Golden.mismatch(second, path: goldens.appendingPathComponent("e2e-second.png").path) { Issue.record(Comment(rawValue: problem)) }
        #expect(first != second)
        #expect(lines.all.filter { $0.contains("stopped answering") }.count == 1)
        #expect(lines.all.filter { $0.contains("answers again") }.count == 1)
        #expect(await session.status().buttonEvents == ["down click", "up click", "down click"])

        // Unknown names are refused with what exists.
        await #expect(throws: ControlError.self) { try await session.press(button: "Z", gesture: .click) }
        await #expect(throws: ControlError.self) { try await session.reload(kind: "third") }
        await session.shutDown()
        let saved = try JSONDecoder().decode(FaceRuntimeState.self, from: try Data(contentsOf: folder.appendingPathComponent("face-simulator.json")))
        #expect(saved.shownKinds == ["second"])
    }
}

@Suite struct PanelTestCommandTests {
    /// `glance panel test` draws its pattern where it was drawn: no burn-in shift (found by
    /// the VM scenario that replays a capture of it into an emulator and compares).
    @Test func thePatternLandsUnshifted() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("glance-pattern-\(UUID().uuidString.prefix(8)).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let command = try PanelCommand.Test.parse(["--board", "simulator", "--out", out.path, "--scale", "1"])
        // At a moment when a face's burn-in shift would be one pixel to the right.
        try await command.run(clock: ManualClock(now: Date(timeIntervalSince1970: 300 * 9 * 1000 + 300)))
        let glass = try PNG.decode(Array(try Data(contentsOf: out)))
        let board = try BoardCatalog.board("simulator")
        let pipeline = try PanelAssembly.open(board: board, clock: ManualClock(), capture: nil, stateDirectory: FileManager.default.temporaryDirectory,
                                              shiftsAgainstBurnIn: false).pipeline
        let expected = pipeline.expectedGlass(for: PanelCommand.Test.pattern(size: pipeline.pictureSize, title: board.name))
        #expect(glass.size == expected.size && zip(glass.pixels, expected.pixels).allSatisfy { ($0 >= 128) == ($1 > 0) }, "lit on the glass (the panel look draws unlit pixels dark gray) where the unshifted pattern is lit")
    }
}
