import Foundation
import GlanceTesting
import Testing
@testable import GlanceUI

/// One golden image with a labelled cell per view and modifier, so any change to how a
/// view draws shows up as a pixel difference (and can be looked at in the diff image).
@Suite struct GalleryTests {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/gallery.png").path

    private struct Cell {
        let name: String
        let view: AnyView
        var family: WidgetFamily = .accessoryRectangular
        var size = Size(width: 64, height: 32)
    }

    private var cells: [Cell] {
        let soon = referenceDate.addingTimeInterval(125)
        return [
            Cell(name: "Text", view: AnyView(Text("Hello, panel").font(.caption))),
            Cell(name: "wrap+lineLimit", view: AnyView(Text("A rather long caption that wraps").font(.caption).lineLimit(2))),
            Cell(name: "multiline centre", view: AnyView(Text("one two three four").font(.caption).multilineTextAlignment(.center))),
            Cell(name: "Text + Text", view: AnyView(Text("72").font(.title) + Text("°F").font(.caption).foregroundStyle(.secondary))),
            Cell(name: "largeTitle", view: AnyView(Text("12:45").font(.largeTitle))),
            Cell(name: "timer", view: AnyView(Text(soon, style: .timer).font(.title3))),
            Cell(name: "relative", view: AnyView(Text(soon, style: .relative).font(.caption))),
            Cell(name: "format", view: AnyView(Text(0.42, format: .percent).font(.body))),
            Cell(name: "HStack+Spacer", view: AnyView(HStack { Text("L").font(.caption); Spacer(); Text("R").font(.caption) })),
            Cell(name: "VStack+Divider", view: AnyView(VStack { Text("Top").font(.caption); Divider(); Text("Bottom").font(.caption) })),
            Cell(name: "ZStack", view: AnyView(ZStack(alignment: .bottomTrailing) { Rectangle().stroke(lineWidth: 1); Text("z").font(.caption) })),
            Cell(name: "ForEach", view: AnyView(HStack(spacing: 2) { ForEach(0..<5) { Capsule().frame(width: 6, height: CGFloat(4 + $0 * 5)) } })),
            Cell(name: "padding+border", view: AnyView(Text("pad").font(.caption).padding(4).overlay { RoundedRectangle(cornerRadius: 4).strokeBorder(lineWidth: 1) })),
            Cell(name: "background", view: AnyView(Text("inverse").font(.caption).foregroundStyle(.black).padding(2).background(Color.white))),
            Cell(name: "offset", view: AnyView(Circle().frame(width: 8, height: 8).offset(x: 12, y: -6))),
            Cell(name: "clipped", view: AnyView(Text("CLIPPED TEXT").font(.title3).frame(width: 40, height: 12).clipped())),
            Cell(name: "clipShape", view: AnyView(Rectangle().frame(width: 28, height: 28).clipShape(Circle()))),
            Cell(name: "mask", view: AnyView(Rectangle().frame(width: 60, height: 20).mask { Text("MASK").font(.title3) })),
            Cell(name: "opacity", view: AnyView(Rectangle().opacity(0.5))),
            Cell(name: "tertiary", view: AnyView(Rectangle().foregroundStyle(.tertiary))),
            Cell(name: "Ellipse", view: AnyView(Ellipse().stroke(lineWidth: 2))),
            Cell(name: "Path", view: AnyView(Path { p in
                p.move(to: CGPoint(x: 2, y: 28)); p.addLine(to: CGPoint(x: 20, y: 6)); p.addQuadCurve(to: CGPoint(x: 60, y: 26), control: CGPoint(x: 40, y: 0))
            }.stroke(lineWidth: 2))),
            Cell(name: "trim+rotation", view: AnyView(Circle().trim(from: 0, to: 0.6).stroke(style: StrokeStyle(lineWidth: 4, lineCap: .round)).rotationEffect(.degrees(-90)).padding(2))),
            Cell(name: "aspectRatio", view: AnyView(Rectangle().aspectRatio(2, contentMode: .fit))),
            Cell(name: "Image symbol", view: AnyView(HStack { Image(systemName: "bolt.fill"); Image(systemName: "wifi"); Image(systemName: "nope") }.font(.body))),
            Cell(name: "Label", view: AnyView(Label("Rain 80%", systemImage: "cloud.rain.fill").font(.caption))),
            Cell(name: "inline symbol", view: AnyView(Text("\(Image(systemName: "sun.max.fill")) 21°").font(.body))),
            Cell(name: "ProgressView", view: AnyView(ProgressView(value: 0.3).padding(.horizontal, 2))),
            Cell(name: "ProgressView timer", view: AnyView(ProgressView(timerInterval: referenceDate.addingTimeInterval(-60)...referenceDate.addingTimeInterval(240)).font(.caption))),
            Cell(name: "circular progress", view: AnyView(ProgressView(value: 0.7).progressViewStyle(.circular))),
            Cell(name: "Gauge default", view: AnyView(Gauge(value: 0.4) { Text("Fuel").font(.caption) })),
            Cell(name: "AWBackground", view: AnyView(ZStack { AccessoryWidgetBackground(); Text("AWB").font(.caption) }), family: .accessoryCircular, size: Size(width: 32, height: 32)),
            Cell(name: "widgetLabel", view: AnyView(Image(systemName: "heart.fill").font(.title3).widgetLabel("72 BPM")), family: .accessoryCircular, size: Size(width: 48, height: 48)),
            Cell(name: "redacted", view: AnyView(VStack(alignment: .leading) { Text("Meeting").font(.caption); Text("Room 4").font(.caption) }.redacted(reason: .placeholder))),
            Cell(name: "Button+Link", view: AnyView(HStack { Button(action: {}) { Text("Go").font(.caption) }; Link("Web", destination: URL(string: "https://example.com")!).font(.caption) })),
            Cell(name: "if/else+switch", view: AnyView(Switcher(value: 2))),
            Cell(name: "ViewThatFits", view: AnyView(ViewThatFits { Text("Much too long for here").font(.caption); Text("Short").font(.caption) })),
            Cell(name: "firstTextBaseline", view: AnyView(HStack(alignment: .firstTextBaseline, spacing: 1) { Text("42").font(.title); Text("km/h").font(.caption2) })),
        ]
    }

    private struct Switcher: View {
        let value: Int
        var body: some View {
            if value > 1 {
                switch value {
                case 2: Text("two").font(.caption)
                default: Text("many").font(.caption)
                }
            } else {
                Text("one").font(.caption)
            }
        }
    }

    @Test func everyViewAndModifierMatchesGolden() throws {
        let label = try #require(FontCatalog.standard.font(size: 8))
        let columns = 4, cellWidth = 70, cellHeight = 32 + 4 + label.lineHeight + 6
        let rows = (cells.count + columns - 1) / columns
        var sheet = Bitmap(width: columns * cellWidth + 4, height: rows * cellHeight + 4)
        for (index, cell) in cells.enumerated() {
            let x = 4 + index % columns * cellWidth, y = 4 + index / columns * cellHeight
            sheet.draw(cell.name, font: label, at: Point(x: x, y: y + label.ascent), value: 160)
            let result = ViewRenderer.render(cell.view, size: cell.size, environment: testEnvironment(cell.family), at: referenceDate)
            let top = y + label.lineHeight + 2
            sheet.strokeRect(Rect(x: x - 1, y: top - 1, width: cell.size.width + 2, height: cell.size.height + 2), value: 60)
            sheet.draw(result.bitmap.monochrome(), at: Point(x: x, y: top))
        }
        if let problem = Golden.mismatch(sheet, path: golden) {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
