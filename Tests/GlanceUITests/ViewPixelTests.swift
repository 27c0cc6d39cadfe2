import Foundation
import Testing
@testable import GlanceUI

@Suite struct ViewPixelTests {
    @Test func shapesFillTheirFrames() {
        #expect(ascii(Rectangle().frame(width: 4, height: 2), width: 6, height: 4) == """
            ......
            .####.
            .####.
            ......
            """)
        #expect(ascii(Circle().frame(width: 7, height: 7), width: 7, height: 7) == """
            ..###..
            .#####.
            #######
            #######
            #######
            .#####.
            ..###..
            """)
        // On 1-bit panels a 1-pixel stroke runs through the frame's edge pixels.
        #expect(ascii(Capsule().stroke(lineWidth: 1).frame(width: 9, height: 5), width: 11, height: 7) == """
            ...........
            ..#######..
            .#.......#.
            .#.......#.
            .#.......#.
            ..#######..
            ...........
            """)
    }

    @Test func strokeBorderStaysInside() {
        #expect(ascii(RoundedRectangle(cornerRadius: 2).strokeBorder(lineWidth: 1).frame(width: 8, height: 6), width: 8, height: 6) == """
            .######.
            #......#
            #......#
            #......#
            #......#
            .######.
            """)
    }

    @Test func trimmedRotatedRingStartsAtTwelve() {
        let ring = Circle()
            .trim(from: 0, to: 0.25)
            .stroke(style: StrokeStyle(lineWidth: 2, lineCap: .butt))
            .rotationEffect(.degrees(-90))
            .frame(width: 12, height: 12)
        let art = ascii(ring, width: 12, height: 12)
        let rows = art.split(separator: "\n").map(Array.init)
        // The quarter from 12 to 3 o'clock: ink in the top-right quadrant only.
        #expect(rows[0][7] == "#" && rows[5][11] == "#")
        #expect(rows[0][3] == "." && rows[11][6] == "." && rows[6][0] == ".")
    }

    @Test func textDrawsOnItsBaselineAndTruncates() {
        let font = FontCatalog.standard.font(size: 8)!
        let text = Text("Hi").font(.system(size: 8))
        let bitmap = ViewRenderer.render(text, size: Size(width: 12, height: 8), environment: testEnvironment(), at: referenceDate).bitmap
        #expect(bitmap.litBounds().maxY <= font.ascent + 1)
        let truncated = leafFrames(Text("A long caption that never fits").font(.caption).lineLimit(1), width: 40, height: 20)
        #expect(truncated[0].width <= 40)
        let node = ViewRenderer.layout(Text("A long caption that never fits").font(.caption).lineLimit(1), size: Size(width: 40, height: 20),
                                       environment: testEnvironment(), at: referenceDate, antialiased: false) as? TextNode
        let layout = node?.layout(for: ProposedSize(width: 40, height: 20))
        #expect(layout?.truncated == true)
        #expect(layout?.lines.first?.fragments.last?.text == "…")
    }

    @Test func textWrapsAndHonoursLineLimits() throws {
        let node = try #require(ViewRenderer.layout(Text("one two three four").font(.caption), size: Size(width: 40, height: 100),
                                                    environment: testEnvironment(), at: referenceDate, antialiased: false) as? TextNode)
        let lines = node.layout(for: ProposedSize(width: 40, height: nil)).lines.map { $0.fragments.map(\.text).joined() }
        #expect(lines.count >= 2)
        #expect(lines.joined(separator: " ") == "one two three four")
        let limited = node.layout(for: ProposedSize(width: 40, height: 12))
        #expect(limited.lines.count == 1 && limited.truncated)
    }

    @Test func minimumScaleFactorStepsDownThroughFontSizes() throws {
        let view = Text("72° and sunny").font(.title).lineLimit(1).minimumScaleFactor(0.5)
        let node = try #require(ViewRenderer.layout(view, size: Size(width: 90, height: 30), environment: testEnvironment(),
                                                    at: referenceDate, antialiased: false) as? TextNode)
        let layout = node.layout(for: ProposedSize(width: 90, height: 30))
        #expect(!layout.truncated)
        #expect(layout.pieces[0].stack.pixelSize < 22)
    }

    @Test func secondaryToneDithersOnOneBitAndStaysGrayOnGray() {
        let view = Rectangle().foregroundStyle(.secondary).frame(width: 8, height: 2)
        let gray = ViewRenderer.render(view, size: Size(width: 8, height: 2), environment: testEnvironment(), at: referenceDate, antialiased: true).bitmap
        #expect(Set(gray.pixels) == [153])
        #expect(gray.monochrome().ascii() == """
            ###.###.
            .#.#.#.#
            """)
    }

    @Test func placeholderRedactionDrawsBars() {
        let text = Text("Secret").font(.caption)
        let normal = ascii(text, width: 40, height: 12)
        let redacted = ascii(text.redacted(reason: .placeholder), width: 40, height: 12)
        #expect(normal != redacted)
        #expect(ascii(text.unredacted().redacted(reason: .placeholder), width: 40, height: 12) == normal)
        // Privacy redaction applies only to privacy-sensitive content.
        var privacy = testEnvironment()
        privacy.redactionReasons = .privacy
        #expect(ascii(text, width: 40, height: 12, environment: privacy) == normal)
        #expect(ascii(text.privacySensitive(), width: 40, height: 12, environment: privacy) == redacted)
    }

    @Test func accentedModeFlattensGroups() {
        let view = HStack(spacing: 0) {
            Rectangle().foregroundStyle(.secondary).frame(width: 2, height: 1)
            Rectangle().frame(width: 2, height: 1).widgetAccentable()
        }
        var environment = testEnvironment()
        environment.widgetRenderingMode = .accented
        environment.accentedTones = AccentedTones(defaultLevel: 255, accentLevel: 100)
        let bitmap = ViewRenderer.render(view, size: Size(width: 4, height: 1), environment: environment, at: referenceDate, antialiased: true).bitmap
        // The default group keeps only its alpha (60 %); the accent group takes the accent tone.
        #expect(bitmap.pixels == [153, 153, 100, 100])
    }

    @Test func containerBackgroundOnlyWhereTheSlotShowsIt() {
        let view = Color.clear.frame(width: 4, height: 2).containerBackground(for: .widget) { Color.white }
        #expect(!ascii(view, width: 4, height: 2).contains("#"))
        var shows = testEnvironment()
        shows.showsWidgetContainerBackground = true
        #expect(ascii(view, width: 4, height: 2, environment: shows) == "####\n####")
    }

    @Test func circularFamilyIsClippedToItsCircle() {
        let bitmap = ViewRenderer.render(Color.white, size: Size(width: 10, height: 10), environment: testEnvironment(.accessoryCircular), at: referenceDate).bitmap
        #expect(bitmap[0, 0] == 0 && bitmap[5, 5] == 255 && bitmap[0, 5] == 255)
    }

    @Test func invalidatableContentDimsWhilePending() {
        let view = Rectangle().invalidatableContent().frame(width: 2, height: 1)
        var pending = testEnvironment()
        pending.redactionReasons = .invalidated
        let dimmed = ViewRenderer.render(view, size: Size(width: 2, height: 1), environment: pending, at: referenceDate, antialiased: true).bitmap
        #expect(dimmed.pixels == [102, 102])
        let normal = ViewRenderer.render(view, size: Size(width: 2, height: 1), environment: testEnvironment(), at: referenceDate, antialiased: true).bitmap
        #expect(normal.pixels == [255, 255])
    }

    @Test func imagesFromTheSymbolCatalog() {
        let known = ViewRenderer.render(Image(systemName: "heart.fill").font(.caption), size: Size(width: 16, height: 16), environment: testEnvironment(), at: referenceDate).bitmap
        let unknown = ViewRenderer.render(Image(systemName: "no.such.symbol").font(.caption), size: Size(width: 16, height: 16), environment: testEnvironment(), at: referenceDate).bitmap
        #expect(known.litBounds().width >= 10)
        #expect(unknown.litBounds().width >= 10)
        #expect(known != unknown)
        let label = leafFrames(Label("Rain", systemImage: "cloud.rain.fill").font(.caption), width: 60, height: 20)
        #expect(label.count == 2 && label[0].maxX < label[1].minX)
        #expect(leafFrames(Label("Rain", systemImage: "cloud.rain.fill").labelStyle(.iconOnly), width: 60, height: 20).count == 1)
    }

    @Test func interactiveRegionsAndURLs() {
        let view = VStack {
            Button(action: {}) { Text("Go").font(.caption) }
            Link("Web", destination: URL(string: "https://example.com")!)
        }
        .widgetURL(URL(string: "glance://a"))
        let result = ViewRenderer.render(view, size: Size(width: 64, height: 40), environment: testEnvironment(), at: referenceDate)
        #expect(result.interactiveRegions.count == 2)
        #expect(result.interactiveRegions[1].action == .url(URL(string: "https://example.com")!))
        #expect(result.widgetURLs == [URL(string: "glance://a")!])
        #expect(result.actions.count == 1)
    }
}

@Suite struct CircularClipTests {
    @Test func smallContentIsClippedToTheSlotCircleNotItsOwnFrame() {
        let bitmap = ViewRenderer.render(Color.white.frame(width: 20, height: 20), size: Size(width: 64, height: 64),
                                         environment: testEnvironment(.accessoryCircular), at: referenceDate).bitmap
        // The square's corners lie well inside the 64-pixel circle and must stay lit.
        #expect(bitmap[22, 22] == 255 && bitmap[41, 41] == 255)
        #expect(bitmap.litBounds() == Rect(x: 22, y: 22, width: 20, height: 20))
    }
}
