import Foundation
import GlanceReferenceViews
import Testing
@testable import GlanceUI

/// The inline line, circular gauge labels, and redaction of every kind of content (Docs/Contract.md, "Families and sizes",
/// "Tones and rendering modes" and "Views and redaction").
@Suite struct FidelityTests {
    private func gaugeNode(_ node: LayoutNode) -> GaugeNode? {
        if let gauge = node as? GaugeNode { return gauge }
        return node.children.lazy.compactMap(gaugeNode).first
    }

    private func texts(_ node: LayoutNode) -> [String] {
        ((node as? TextNode).map { [$0.plainText] } ?? []) + node.children.flatMap(texts)
    }

    @Test(arguments: [48, 64, 76])
    func circularGaugeRangeLabelsSitInsideTheSlot(side: Int) throws {
        let root = ViewRenderer.layout(GaugeSample(style: .circular), size: Size(width: side, height: side),
                                       environment: testEnvironment(.accessoryCircular), at: referenceDate, antialiased: false)
        let gauge = try #require(gaugeNode(root))
        let minimum = try #require(gauge.minimum), maximum = try #require(gauge.maximum)
        let radius = Double(side) / 2
        for frame in [minimum.frame, maximum.frame] {
            #expect(!frame.isEmpty)
            for (x, y) in [(frame.minX, frame.minY), (frame.maxX, frame.minY), (frame.minX, frame.maxY), (frame.maxX, frame.maxY)] {
                let dx = Double(x) - radius, dy = Double(y) - radius
                #expect((dx * dx + dy * dy).squareRoot() <= radius + 0.5, "corner (\(x), \(y)) of a range label is outside the slot")
            }
            // In the gap: below the centre and below the value label.
            #expect(frame.minY > side / 2)
        }
        #expect(minimum.frame.maxX <= side / 2 && maximum.frame.minX >= side / 2)
        // The labels really are drawn: rendering without them changes the bottom of the slot.
        let withLabels = ViewRenderer.render(GaugeSample(style: .circular), size: Size(width: side, height: side),
                                             environment: testEnvironment(.accessoryCircular), at: referenceDate).bitmap
        let withoutLabels = ViewRenderer.render(Gauge(value: 68, in: 50...90) { EmptyView() } currentValueLabel: { Text("68") }
            .gaugeStyle(.accessoryCircular), size: Size(width: side, height: side), environment: testEnvironment(.accessoryCircular), at: referenceDate).bitmap
        #expect(withLabels.cropped(to: minimum.frame) != withoutLabels.cropped(to: minimum.frame))
    }

    @Test func circularGaugeShowsItsLabelInTheGapWithoutARange() throws {
        let gauge = Gauge(value: 0.5) { Text("°F") } currentValueLabel: { Text("68") }.gaugeStyle(.accessoryCircular)
        let root = ViewRenderer.layout(gauge, size: Size(width: 48, height: 48), environment: testEnvironment(.accessoryCircular),
                                       at: referenceDate, antialiased: false)
        let node = try #require(gaugeNode(root))
        let label = try #require(node.label)
        #expect(texts(node).contains("°F"))
        #expect(label.frame.minY > 24 && abs(label.frame.minX + label.frame.width / 2 - 24) <= 1)
        // With a range, the range takes the gap and the label is not drawn.
        let ranged = ViewRenderer.layout(GaugeSample(style: .circular), size: Size(width: 48, height: 48),
                                         environment: testEnvironment(.accessoryCircular), at: referenceDate, antialiased: false)
        #expect(!texts(ranged).contains("°F"))
    }

    @Test func redactedImagesBecomeFilledShapesOfTheirSize() throws {
        let pattern = try #require(Bitmap(ascii: """
            #..#
            .##.
            .##.
            #..#
            """))
        var redacted = testEnvironment()
        redacted.redactionReasons = .placeholder
        let image = Image(bitmap: pattern).renderingMode(.template)
        #expect(ascii(image, width: 6, height: 6) == """
            ......
            .#..#.
            ..##..
            ..##..
            .#..#.
            ......
            """)
        let bitmap = ViewRenderer.render(image, size: Size(width: 6, height: 6), environment: redacted, at: referenceDate).bitmap
        #expect(bitmap.ascii(threshold: 1) == """
            ......
            .####.
            .####.
            .####.
            .####.
            ......
            """)
        // Symbols too, and privacy redaction inside privacySensitive().
        var privacy = testEnvironment()
        privacy.redactionReasons = .privacy
        let symbol = Image(systemName: "bolt.fill").font(.body)
        let shown = ViewRenderer.render(symbol, size: Size(width: 20, height: 20), environment: privacy, at: referenceDate).bitmap
        let hidden = ViewRenderer.render(symbol.privacySensitive(), size: Size(width: 20, height: 20), environment: privacy, at: referenceDate).bitmap
        let placeholder = ViewRenderer.render(symbol, size: Size(width: 20, height: 20), environment: redacted, at: referenceDate).bitmap
        #expect(shown != hidden && hidden == placeholder)
        // The filled shape is the image's own frame.
        #expect(hidden.litBounds() == leafFrames(symbol.privacySensitive(), width: 20, height: 20, environment: privacy)[0])
    }

    @Test(arguments: [RedactionReasons.placeholder, .privacy])
    func redactedGaugesAndProgressShowTheirTrackOnly(reason: RedactionReasons) {
        var environment = testEnvironment()
        environment.redactionReasons = reason
        func render<V: View>(_ view: V, _ width: Int, _ height: Int) -> Bitmap {
            ViewRenderer.render(view.privacySensitive(), size: Size(width: width, height: height), environment: environment, at: referenceDate).bitmap
        }
        let full = render(Gauge(value: 0.9) { EmptyView() }.gaugeStyle(.accessoryLinearCapacity), 40, 4)
        let empty = render(Gauge(value: 0.1) { EmptyView() }.gaugeStyle(.accessoryLinearCapacity), 40, 4)
        #expect(full == empty)
        #expect(full != ViewRenderer.render(Gauge(value: 0.9) { EmptyView() }.gaugeStyle(.accessoryLinearCapacity), size: Size(width: 40, height: 4),
                                            environment: testEnvironment(), at: referenceDate).bitmap)
        #expect(render(Gauge(value: 0.9) { EmptyView() }.gaugeStyle(.accessoryCircular), 40, 40)
                == render(Gauge(value: 0.2) { EmptyView() }.gaugeStyle(.accessoryCircular), 40, 40))
        #expect(render(Gauge(value: 0.9) { EmptyView() }.gaugeStyle(.accessoryLinear), 40, 4)
                == render(Gauge(value: 0.2) { EmptyView() }.gaugeStyle(.accessoryLinear), 40, 4))
        #expect(render(ProgressView(value: 0.8), 40, 4) == render(ProgressView(value: 0.3), 40, 4))
        #expect(render(ProgressView(value: 0.8).progressViewStyle(.circular), 30, 30)
                == render(ProgressView(value: 0.3).progressViewStyle(.circular), 30, 30))
        // The track is still there.
        #expect(full.pixels.contains { $0 > 0 })
    }

    @Test func inlineShowsOneImageAndOneTextOnly() {
        let crowded = HStack {
            Text("72°")
            Image(systemName: "cloud.fill")
            VStack { Text("Partly Cloudy"); Text("H:79° L:58°") }
            Image(systemName: "sun.max.fill")
            Rectangle().frame(width: 10, height: 10)
        }
        let root = ViewRenderer.layout(crowded, size: Size(width: 128, height: 16), environment: testEnvironment(.accessoryInline),
                                       at: referenceDate, antialiased: false)
        #expect(texts(root) == ["72°"])
        let expected = HStack(spacing: 3) { Image(systemName: "cloud.fill"); Text("72°") }
        #expect(ascii(crowded, width: 128, height: 16, environment: testEnvironment(.accessoryInline))
                == ascii(expected, width: 128, height: 16, environment: testEnvironment(.accessoryInline)))
    }

    @Test func inlineTruncatesInsteadOfWrapping() throws {
        let long = Text("A very long inline complication text that cannot fit")
        let root = ViewRenderer.layout(long, size: Size(width: 60, height: 16), environment: testEnvironment(.accessoryInline),
                                       at: referenceDate, antialiased: false)
        func textNode(_ node: LayoutNode) -> TextNode? { (node as? TextNode) ?? node.children.lazy.compactMap(textNode).first }
        let node = try #require(textNode(root))
        let layout = node.layout(for: ProposedSize(width: 60, height: 16))
        #expect(layout.lines.count == 1 && layout.truncated)
        // widgetURL survives the flattening.
        let result = ViewRenderer.render(long.widgetURL(URL(string: "glance://x")!), size: Size(width: 60, height: 16),
                                         environment: testEnvironment(.accessoryInline), at: referenceDate)
        #expect(result.widgetURLs == [URL(string: "glance://x")!])
    }
}
