import Foundation
import GlanceCore
import GlanceTesting
import Testing
@testable import GlanceUI

// Views written the way iOS lock-screen widgets write them (state wrappers, app-group
// storage, GeometryReader, Canvas, named assets, UIKit colors), with only the import
// changed. They must compile unchanged in Swift 6 mode and render sensibly.

private final class RingsModel: ObservableObject {
    @Published var move = 0.72
    @Published var exercise = 0.45
    @Published var stand = 0.9
}

private enum TemperatureUnit: String, CaseIterable {
    case celsius = "C"
    case fahrenheit = "F"
}

private struct WeatherRectangularView: View {
    @State private var refreshCount = 0
    @AppStorage("unit", store: UserDefaults(suiteName: "group.com.example.weather")) var unit = "C"
    @AppStorage("city", store: UserDefaults(suiteName: "group.com.example.weather")) private var city = "Cupertino"
    @Environment(\.widgetFamily) private var family
    let celsius: Double

    private var shown: Int {
        Int((unit == TemperatureUnit.fahrenheit.rawValue ? celsius * 9 / 5 + 32 : celsius).rounded())
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack(spacing: 4) {
                Image("logo")
                Text(city)
                    .font(.system(size: 13, weight: .semibold, design: .rounded))
                    .foregroundColor(Color("AccentText"))
            }
            Text("\(shown)°\(unit)")
                .font(.system(size: 22, weight: .bold))
                .monospacedDigit()
            Text("Was 19°")
                .font(.caption2)
                .strikethrough(color: Color(UIColor.secondaryLabel))
                .foregroundColor(Color(uiColor: .secondaryLabel))
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

private struct BatteryBarView: View {
    let level: Double

    var body: some View {
        VStack(alignment: .leading, spacing: 3) {
            HStack {
                Image(uiImage: UIImage(systemName: "bolt.fill")!)
                Text(LocalizedStringResource("battery.title", defaultValue: "Battery"))
                    .underline()
                Spacer()
                Text(level, format: .percent.precision(.fractionLength(0)))
                    .monospacedDigit()
            }
            .font(.caption)
            GeometryReader { geo in
                ZStack(alignment: .leading) {
                    Capsule().fill(Color(UIColor.systemGray3))
                    Capsule()
                        .fill(Color.white)
                        .frame(width: geo.size.width * level)
                }
            }
            .frame(height: 8)
        }
    }
}

private struct ActivityRingsView: View {
    @StateObject private var model = RingsModel()

    var body: some View {
        Canvas { context, size in
            let center = CGPoint(x: size.width / 2, y: size.height / 2)
            let progress = [model.move, model.exercise, model.stand]
            for (index, value) in progress.enumerated() {
                let radius = min(size.width, size.height) / 2 - 4 - CGFloat(index) * 7
                var track = Path()
                track.addArc(center: center, radius: radius, startAngle: .degrees(0), endAngle: .degrees(360), clockwise: false)
                context.stroke(track, with: .color(.white.opacity(0.25)), lineWidth: 4)
                var ring = Path()
                ring.addArc(center: center, radius: radius, startAngle: .degrees(-90),
                            endAngle: .degrees(-90 + 360 * value), clockwise: false)
                context.stroke(ring, with: .color(.white), style: StrokeStyle(lineWidth: 4, lineCap: .round))
            }
            context.fill(Path(ellipseIn: CGRect(x: center.x - 2, y: center.y - 2, width: 4, height: 4)), with: .color(.white))
        }
    }
}

private struct SparklineView: View {
    let samples: [Double]

    var body: some View {
        Canvas { context, size in
            guard samples.count > 1, let top = samples.max(), let bottom = samples.min() else { return }
            let step = size.width / CGFloat(samples.count - 1)
            func point(_ index: Int) -> CGPoint {
                let fraction = (samples[index] - bottom) / max(0.0001, top - bottom)
                return CGPoint(x: CGFloat(index) * step, y: size.height - 4 - fraction * (size.height - 14))
            }
            var line = Path()
            line.move(to: point(0))
            for index in 1..<samples.count { line.addLine(to: point(index)) }
            context.stroke(line, with: .foreground, lineWidth: 1.5)
            var fill = line
            fill.addLine(to: CGPoint(x: size.width, y: size.height))
            fill.addLine(to: CGPoint(x: 0, y: size.height))
            fill.closeSubpath()
            context.fill(fill, with: .style(.tertiary))
            let last = point(samples.count - 1)
            context.draw(Text("\(Int(samples.last!))").font(.caption2), at: CGPoint(x: last.x - 2, y: 0), anchor: .topTrailing)
        }
    }
}

private struct RTLCalendarView: View {
    var body: some View {
        HStack {
            Text("14:00")
            Spacer()
            Image(systemName: "calendar")
        }
        .font(.caption)
        .environment(\.layoutDirection, .rightToLeft)
        .dynamicTypeSize(.xSmall ... .accessibility1)
    }
}

/// Compile-only patterns seen in widget code; rendered once to check nothing traps.
private struct WidgetIdioms: View {
    @Environment(\.showsWidgetLabel) var showsWidgetLabel
    @Environment(\.layoutDirection) var direction
    @AppStorage("count", store: UserDefaults(suiteName: "group.com.example")!) var count = 1
    @AppStorage("since") var since: Date = .distantPast
    @State private var selection: Int?

    var body: some View {
        VStack {
            Color(.systemGray6)
            Color(uiColor: .systemBackground)
            Image(uiImage: UIImage(named: "photo") ?? UIImage())
            Image(uiImage: UIImage(named: "photo")!.withRenderingMode(.alwaysTemplate))
            Text("a").font(.system(.caption, design: .rounded)).italic().monospacedDigit().underline(true, color: .red)
            GeometryReader { proxy in
                Canvas { context, size in
                    var faded = context
                    faded.opacity = 0.4
                    faded.fill(Path(roundedRect: CGRect(origin: .zero, size: size), cornerRadius: 3), with: .color(.accentColor))
                    context.draw(Text("x"), in: CGRect(x: 0, y: 0, width: proxy.size.width, height: 10))
                    let resolved = context.resolve(Text("y"))
                    context.draw(resolved, at: .zero, anchor: .topLeading)
                    context.draw(Image(systemName: "star"), at: CGPoint(x: 2, y: 2))
                    context.clip(to: Path(ellipseIn: CGRect(origin: .zero, size: size)))
                }
            }
            if showsWidgetLabel { Text(direction == .leftToRight ? "l" : "r") }
            Text("\(count) \(selection ?? 0) \(since == .distantPast ? "never" : "once")")
        }
        .dynamicTypeSize(.large)
        .environment(\.layoutDirection, .rightToLeft)
    }
}

@Suite struct PortedViewTests {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/ported-views.png").path

    private var environment: EnvironmentValues {
        var environment = testEnvironment()
        environment.keyValueStore = MemoryKeyValueStore(["unit": .string("F"), "city": .string("Lisbon")])
        environment.assetCatalog = MemoryAssetCatalog(
            colors: ["AccentText": Color(white: 0.85)],
            images: ["logo": Bitmap(ascii: """
                ..####..
                .#....#.
                #..##..#
                #.####.#
                #.####.#
                #..##..#
                .#....#.
                ..####..
                """)!])
        return environment
    }

    @Test func portedWidgetViewsRenderAsGolden() throws {
        let cells: [(name: String, view: AnyView, family: WidgetFamily, size: Size)] = [
            ("weather", AnyView(WeatherRectangularView(celsius: 21.4)), .accessoryRectangular, Size(width: 120, height: 52)),
            ("battery", AnyView(BatteryBarView(level: 0.64)), .accessoryRectangular, Size(width: 120, height: 52)),
            ("rings", AnyView(ActivityRingsView()), .accessoryCircular, Size(width: 52, height: 52)),
            ("sparkline", AnyView(SparklineView(samples: [112, 118, 109, 131, 127, 140, 136])), .accessoryRectangular, Size(width: 120, height: 52)),
            ("rtl", AnyView(RTLCalendarView()), .accessoryRectangular, Size(width: 120, height: 20)),
        ]
        let label = try #require(FontCatalog.standard.font(size: 8))
        let cellWidth = 128, cellHeight = 52 + label.lineHeight + 8
        var sheet = Bitmap(width: 2 * cellWidth + 4, height: 3 * cellHeight + 4)
        for (index, cell) in cells.enumerated() {
            let x = 4 + index % 2 * cellWidth, y = 4 + index / 2 * cellHeight
            sheet.draw(cell.name, font: label, at: Point(x: x, y: y + label.ascent), value: 160)
            var environment = environment
            environment.widgetFamily = cell.family
            let result = ViewRenderer.render(cell.view, size: cell.size, environment: environment, at: referenceDate, antialiased: true)
            let top = y + label.lineHeight + 2
            sheet.strokeRect(Rect(x: x - 1, y: top - 1, width: cell.size.width + 2, height: cell.size.height + 2), value: 60)
            sheet.draw(result.bitmap, at: Point(x: x, y: top))
        }
        if let problem = Golden.mismatch(sheet, path: golden) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func widgetIdiomsRenderAndReportMissingAssets() {
        let log = Locked([String]())
        var environment = testEnvironment()
        environment.warningSink = .once { message in log.withLock { $0.append(message) } }
        let result = ViewRenderer.render(WidgetIdioms(), size: Size(width: 120, height: 120), environment: environment, at: referenceDate)
        #expect(result.bitmap.litBounds().width > 0)
        #expect(log.withLock { $0 } == ["no image named \"photo\" in the asset catalog; drawing the missing-image box"])
    }

    @Test func appStorageFallsBackToTheDeclaredDefaults() {
        // Without a store the declared defaults show: "Cupertino", 21°C.
        let root = ViewRenderer.layout(WeatherRectangularView(celsius: 21.4), size: Size(width: 120, height: 52),
                                       environment: testEnvironment(), at: referenceDate, antialiased: false)
        var texts = [String]()
        func walk(_ node: LayoutNode) {
            if let text = node as? TextNode { texts.append(text.plainText) }
            node.children.forEach(walk)
        }
        walk(root)
        #expect(texts == ["Cupertino", "21°C", "Was 19°"])
    }
}
