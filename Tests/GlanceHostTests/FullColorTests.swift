import Foundation
import GlanceCore
import GlanceGraphics
import GlancePanels
import GlanceUI
import GlanceWidgets
import Logging
@testable import GlanceHost
import Testing

/// A widget that asks for colours, written as a WidgetKit widget would be.
private struct Swatch: TimelineEntry {
    let date: Date
}

private struct SwatchProvider: TimelineProvider {
    func placeholder(in context: Context) -> Swatch { Swatch(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (Swatch) -> Void) { completion(Swatch(date: .distantPast)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Swatch>) -> Void) {
        completion(Timeline(entries: [Swatch(date: .distantPast)], policy: .never))
    }
}

private struct SwatchView: View {
    var body: some View {
        HStack(spacing: 4) {
            Circle().fill(.red).frame(width: 30, height: 30)
            Rectangle().fill(Color.blue).frame(width: 30, height: 30)
            Text("GO").font(.title).foregroundStyle(.green)
            Rectangle().fill(LinearGradient(colors: [.yellow, .purple], startPoint: .leading, endPoint: .trailing))
                .frame(width: 30, height: 30)
        }
    }
}

private struct SwatchWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "swatch", provider: SwatchProvider()) { _ in SwatchView() }
            .supportedFamilies([.accessoryRectangular])
    }
}

/// Issue 20: `fullColor` rendering (`widgetRenderingMode`) for colour screens.
@Suite struct FullColorTests {
    private static let moment = Date(timeIntervalSince1970: 1_795_257_720)
    private static let size = Size(width: 160, height: 64)

    private static func render(_ mode: WidgetRenderingMode) -> Bitmap {
        var environment = EnvironmentValues()
        environment.widgetFamily = .accessoryRectangular
        environment.widgetRenderingMode = mode
        return ViewRenderer.render(SwatchView(), size: size, environment: environment, at: moment, antialiased: true).bitmap
    }

    /// Every colour in the columns `x`.
    private static func colors(in bitmap: Bitmap, x: Range<Int>) -> Set<RGB> {
        var found = Set<RGB>()
        for y in 0..<bitmap.height { for x in x { found.insert(bitmap.color(x: x, y: y)) } }
        return found
    }

    @Test func fullColorDrawsTheColoursAskedForAndTheSameGrays() throws {
        let color = Self.render(.fullColor), vibrant = Self.render(.vibrant), accented = Self.render(.accented)
        #expect(vibrant.colors == nil && accented.colors == nil, "gray panels keep no colour")
        let colors = try #require(color.colors)
        #expect(color.pixels == vibrant.pixels, "the gray of a colour frame is the vibrant frame")
        // The row is centred: circle, square, text, gradient from the left.
        let lit = color.litBounds()
        #expect(colors.contains(RGB(red: 255, green: 59, blue: 48)), "Color.red as sRGB (1, 0.23, 0.19)")
        #expect(colors.contains(RGB(red: 0, green: 122, blue: 255)), "Color.blue")
        #expect(colors.contains(RGB(red: 51, green: 199, blue: 89)), "the text in Color.green")
        let gradient = Self.colors(in: color, x: (lit.maxX - 29)..<(lit.maxX - 1))
        #expect(gradient.contains { $0.red > 200 && $0.green > 150 && $0.blue < 60 }, "the gradient starts yellow")
        #expect(gradient.contains { $0.blue > 180 && $0.green < 110 }, "and ends purple")
        // Anti-aliased edges mix the colour into the black behind it, never into another hue.
        let circle = Self.colors(in: color, x: lit.minX..<(lit.minX + 30))
        #expect(circle.allSatisfy { $0.red >= $0.green && $0.red >= $0.blue }, "\(circle.filter { $0.red < $0.green || $0.red < $0.blue })")
    }

    @Test func aColourImageKeepsItsColoursInFullColorOnly() throws {
        var picture = RGBImage(width: 8, height: 4, color: RGB(hex: 0xFF8000))
        for x in 4..<8 { for y in 0..<4 { picture[x, y] = RGB(hex: 0x0040FF) } }
        let image = try #require(UIImage(data: Data(try PNG.encode(picture))))
        func render(_ mode: WidgetRenderingMode) -> Bitmap {
            var environment = EnvironmentValues()
            environment.widgetRenderingMode = mode
            return ViewRenderer.render(Image(uiImage: image).resizable().frame(width: 16, height: 8), size: Size(width: 16, height: 8),
                                       environment: environment, at: Self.moment, antialiased: true).bitmap
        }
        let color = render(.fullColor), gray = render(.vibrant)
        #expect(color.color(x: 2, y: 2) == RGB(hex: 0xFF8000) && color.color(x: 12, y: 5) == RGB(hex: 0x0040FF), "scaled ×2 in its own colours")
        #expect(gray.colors == nil && gray.pixels == color.pixels, "a gray panel gets the same image in gray")
    }

    @Test func aTFTBoardRendersInFullColorThroughTheFramebuffer() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-color-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = ManualClock(now: Self.moment)
        let bundle = BundleContents(widgets: SwatchWidget().descriptors)
        func glass(on boardName: String) async throws -> Bitmap {
            let host = try await FaceAssembly.make(.init(
                board: try BoardCatalog.board(boardName), face: nil, facePath: nil, bundle: bundle, clock: clock,
                logger: .init(label: "test") { _ in SwiftLogNoOpLogHandler() }, stateDirectory: folder.appendingPathComponent(boardName),
                capture: nil, frameFolder: nil, screen: nil))
            await host.start()
            await host.drain()
            return await host.glassNow()
        }
        let tft = try await glass(on: "simulator-tft")
        let colors = try #require(tft.colors, "the TFT's glass is in colour")
        // RGB565 keeps 5 bits of red and blue and 6 of green: Color.red (255, 59, 48) arrives as (255, 56, 49).
        #expect(colors.contains(RGB(red: 255, green: 56, blue: 49)))
        #expect(colors.contains(RGB(red: 0, green: 121, blue: 255)))
        let oled = try await glass(on: "simulator")
        #expect(oled.colors == nil, "an OLED's glass is its own colour")
        #expect(oled.pixels.contains(255))
    }

    @Test func previewBoardWritesTheGlassOfEveryKindOfBoard() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-preview-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = BundleContents(widgets: SwatchWidget().descriptors)
        for (board, width, height, colorType) in [("simulator-tft", 320, 240, 2), ("simulator-sharp", 400, 240, 2), ("simulator", 128, 64, 2)] {
            let out = folder.appendingPathComponent("\(board).png").path
            // No --date: it would move Date() for the whole test process.
            let command = try PreviewCommand.parse(["--board", board, "--out", out])
            try await command.run(bundle: bundle)
            let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
            // IHDR: width and height big-endian at 16 and 20, colour type at 25 (2 = RGB: the board's look or the screen's colours).
            func word(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            #expect(word(16) == width && word(20) == height && Int(png[25]) == colorType, "\(board)")
        }
        #expect(throws: (any Error).self) { try PreviewCommand.parse(["--board", "simulator"]) }
        #expect(throws: (any Error).self) { try PreviewCommand.parse(["clock", "--board", "simulator", "--out", "x.png"]) }
        #expect(throws: (any Error).self) { try PreviewCommand.parse(["--board", "simulator", "--out", "x.png", "--family", "inline"]) }
        #expect(throws: (any Error).self) { try PreviewCommand.parse(["--config", "glance.yaml", "--all", "--sheet", "s.png"]) }
        let missing = await #expect(throws: CommandFailure.self) {
            try await PreviewCommand.parse(["--board", "no-such-board", "--out", folder.appendingPathComponent("x.png").path]).run(bundle: bundle)
        }
        #expect(missing?.description.contains("no-such-board") == true)
    }
}
