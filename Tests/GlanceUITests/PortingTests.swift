import Foundation
import GlanceTesting
import Testing
@testable import GlanceUI

// Views written the way lock-screen widgets on iOS write them (only the import differs);
// that this file compiles is half the test, the golden sheet below is the other half.

private struct RingGaugeStyle: GaugeStyle {
    var lineWidth: CGFloat = 5

    func makeBody(configuration: Configuration) -> some View {
        ZStack {
            Circle()
                .stroke(.tertiary, lineWidth: lineWidth)
            Circle()
                .trim(from: 0, to: configuration.value)
                .stroke(.tint, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round))
                .rotationEffect(.degrees(-90))
            VStack(spacing: 0) {
                configuration.currentValueLabel
                    .font(.body)
                configuration.label
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
        }
        .padding(lineWidth / 2)
    }
}

private struct ActivityRings: View {
    var body: some View {
        Gauge(value: 0.72) {
            Text("MOVE")
        } currentValueLabel: {
            Text("72%")
        }
        .gaugeStyle(RingGaugeStyle())
        .tint(AngularGradient(colors: [.green, .mint, .yellow], center: .center))
    }
}

private struct CapsuleProgressStyle: ProgressViewStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: 2) {
            configuration.label
                .font(.caption)
            ZStack(alignment: .leading) {
                Capsule()
                    .fill(.fill.secondary)
                Capsule()
                    .fill(.tint)
                    .frame(width: 120 * (configuration.fractionCompleted ?? 0))
            }
            .frame(height: 6)
        }
    }
}

private struct VerticalLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 1) {
            configuration.icon
            configuration.title
                .font(.caption2)
        }
    }
}

private struct GroceryWidgetView: View {
    let items = ["Milk", "Eggs", "Bread"]

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text("Groceries")
                .font(.headline)
            ForEach(items, id: \.self) { item in
                Button(action: {}) {
                    Label(item, systemImage: "circle")
                        .font(.caption)
                }
                .buttonStyle(.plain)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

private struct BatteryWidgetView: View {
    var body: some View {
        HStack(spacing: 6) {
            ZStack {
                RoundedRectangle(cornerRadius: 4)
                    .stroke(style: StrokeStyle(lineWidth: 1, dash: [3, 2]))
                RoundedRectangle(cornerRadius: 3)
                    .fill(LinearGradient(colors: [.blue, .green], startPoint: .top, endPoint: .bottom))
                    .padding(3)
            }
            .frame(width: 36, height: 56)
            VStack(alignment: .leading, spacing: 4) {
                ProgressView(value: 0.64) {
                    Text("Phone")
                }
                .progressViewStyle(CapsuleProgressStyle())
                .tint(Color.green.gradient)
                HStack {
                    Label("Buds", systemImage: "speaker.fill")
                    Label("Watch", systemImage: "clock")
                }
                .labelStyle(VerticalLabelStyle())
                .font(.caption)
            }
        }
        .background()
    }
}

private struct NowPlayingView: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 3) {
            Text("Now Playing")
                .font(.caption)
                .foregroundStyle(.secondary)
            Text("Clair de Lune")
                .font(.headline)
            HStack(spacing: 4) {
                Button(action: {}) { Image(systemName: "chevron.left") }
                    .buttonStyle(.bordered)
                Button(action: {}) { Image(systemName: "pause.fill") }
                    .buttonStyle(.borderedProminent)
                Button(action: {}) { Image(systemName: "chevron.right") }
                    .buttonStyle(.borderless)
            }
            .font(.caption)
        }
        .padding(4)
        .background(.fill.quaternary, in: RoundedRectangle(cornerRadius: 6))
    }
}

private struct SpeedometerGaugeStyle: GaugeStyle {
    private var arcGradient = LinearGradient(gradient: Gradient(colors: [.white, .gray]), startPoint: .trailing, endPoint: .leading)

    func makeBody(configuration: GaugeStyleConfiguration) -> some View {
        ZStack {
            Circle()
                .trim(from: 0, to: 0.75)
                .stroke(Color.gray.opacity(0.4), style: StrokeStyle(lineWidth: 6, lineCap: .butt, dash: [2, 3]))
                .rotationEffect(.degrees(135))
            Circle()
                .trim(from: 0, to: 0.75 * CGFloat(configuration.value))
                .stroke(arcGradient, lineWidth: 6)
                .rotationEffect(.degrees(135))
            configuration.currentValueLabel
        }
    }
}

private struct SpeedView: View {
    var speed = 140.0

    var body: some View {
        Gauge(value: speed, in: 0...200) {} currentValueLabel: {
            Text("\(Int(speed))")
        }
        .gaugeStyle(SpeedometerGaugeStyle())
        .padding(4)
    }
}

@Suite struct PortingTests {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/porting.png").path

    private struct Cell {
        let view: AnyView
        let family: WidgetFamily
        let size: Size
    }

    private var cells: [Cell] {
        [
            Cell(view: AnyView(ActivityRings()), family: .accessoryCircular, size: Size(width: 64, height: 64)),
            Cell(view: AnyView(GroceryWidgetView()), family: .accessoryRectangular, size: Size(width: 128, height: 64)),
            Cell(view: AnyView(BatteryWidgetView()), family: .accessoryRectangular, size: Size(width: 128, height: 64)),
            Cell(view: AnyView(NowPlayingView()), family: .accessoryRectangular, size: Size(width: 128, height: 64)),
            Cell(view: AnyView(SpeedView()), family: .accessoryCircular, size: Size(width: 64, height: 64)),
        ]
    }

    @Test func lockScreenStyleCodeRendersAsGolden() {
        // Each view as a 1-bit panel shows it (dithered) and as a 4-bit gray panel.
        let width = 2 * (128 + 8) + 8
        var sheet = Bitmap(width: width, height: cells.count * (64 + 8) + 8)
        for (row, cell) in cells.enumerated() {
            for (column, gray) in [false, true].enumerated() {
                let result = ViewRenderer.render(cell.view, size: cell.size, environment: testEnvironment(cell.family), at: referenceDate, antialiased: gray)
                let x = 8 + column * (128 + 8), y = 8 + row * (64 + 8)
                sheet.strokeRect(Rect(x: x - 1, y: y - 1, width: cell.size.width + 2, height: cell.size.height + 2), value: 60)
                sheet.draw(gray ? result.bitmap.quantizedToGray4() : result.bitmap.monochrome(), at: Point(x: x, y: y))
            }
        }
        if let problem = Golden.mismatch(sheet, path: golden) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func plainButtonsStayActivatableAndBackgroundsAreRemoved() {
        let result = ViewRenderer.render(GroceryWidgetView(), size: Size(width: 128, height: 64), environment: testEnvironment(), at: referenceDate)
        #expect(result.interactiveRegions.map(\.label) == ["Milk", "Eggs", "Bread"])
        // The container background is removed on accessory slots: nothing behind the text is lit.
        #expect(result.bitmap[127, 63] == 0)
    }
}
