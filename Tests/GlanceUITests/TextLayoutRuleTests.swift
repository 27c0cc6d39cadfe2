import Foundation
import Testing
@testable import GlanceUI

/// SwiftUI's documented layout rules for labels, text and gauges (Docs/Views.md, "Text
/// layout rules"), each checked on the case that real widget code hit.
@Suite struct TextLayoutRuleTests {
    /// The text node `view` resolves to, laid out in `width`×`height`.
    private func textNode(_ view: some View, width: Int, height: Int, environment: EnvironmentValues = testEnvironment()) throws -> TextNode {
        try #require(ViewRenderer.layout(view, size: Size(width: width, height: height), environment: environment,
                                         at: referenceDate, antialiased: false) as? TextNode)
    }

    /// The characters of each line of `view` offered `width` (and `height`), "…" included.
    private func lines(_ view: some View, width: Int, height: Int? = nil) throws -> [String] {
        let node = try textNode(view, width: width, height: height ?? 200)
        return node.layout(for: ProposedSize(width: width, height: height)).lines.map { $0.fragments.map(\.text).joined() }
    }

    /// Every text node under `root`, in drawing order.
    private func textNodes(_ root: LayoutNode) -> [TextNode] {
        var found = [TextNode]()
        func walk(_ node: LayoutNode) {
            if let text = node as? TextNode { found.append(text) }
            node.children.forEach(walk)
        }
        walk(root)
        return found
    }

    // MARK: - Labels

    /// Apple's Food Truck parking-spot widget gives a `Label` a title of three `Text`s with no
    /// stack. The title is one view, and several views where one is expected are stacked
    /// vertically: three lines beside the icon, each word whole.
    @Test func labelTitleOfSeveralTextsStacksThem() throws {
        let label = Label {
            Text("Parking Spot")
            Text("Infinite Loop")
            Text("Cupertino")
        } icon: {
            Rectangle().frame(width: 6, height: 6)
        }
        .font(.system(size: 8))
        let root = ViewRenderer.layout(label, size: Size(width: 128, height: 64), environment: testEnvironment(),
                                       at: referenceDate, antialiased: false)
        let texts = textNodes(root)
        #expect(texts.map(\.plainText) == ["Parking Spot", "Infinite Loop", "Cupertino"])
        for (upper, lower) in zip(texts, texts.dropFirst()) {
            #expect(lower.frame.minY >= upper.frame.maxY, "\(lower.plainText) is below \(upper.plainText)")
        }
        for text in texts {
            let layout = text.layout(for: ProposedSize(text.frame.size))
            #expect(layout.lines.count == 1 && !layout.truncated, "\(text.plainText) keeps its words on one line")
        }
        // The column is centred on itself (an implicit stack's default) beside the icon.
        let centres = texts.map { $0.frame.minX * 2 + $0.frame.width }
        #expect(centres.max()! - centres.min()! <= 1)
        #expect(ascii(label, width: 64, height: 48) == """
            ................................................................
            ................................................................
            ................................................................
            ................................................................
            ................................................................
            ................................................................
            ................................................................
            ................................................................
            .............................#..................................
            ..........####...........#...................####............#..
            ..........#...#..##..##..#.#.#.###...###....#.....###...##..###.
            ..........####...###.#.#.##..#.#..#.#..#.....###..#..#.#..#..#..
            ..........#.....#..#.#...#.#.#.#..#.#..#........#.#..#.#..#..#..
            ..........#......###.#...#.#.#.#..#..###....####..###...##....#.
            .......................................#..........#.............
            .....................................##...........#.............
            ................................................................
            ................................................................
            ................................................................
            ................................................................
            .......................#......#.................................
            .######....#........##...........#..........#...................
            .######....#.###..###..#.###..#.###..##.....#.....##...##..###..
            .######....#.#..#..#...#.#..#.#..#..####....#....#..#.#..#.#..#.
            .######....#.#..#..#...#.#..#.#..#..#.......#....#..#.#..#.#..#.
            .######....#.#..#..#...#.#..#.#...#..###....####..##...##..###..
            .######....................................................#....
            ...........................................................#....
            ................................................................
            ................................................................
            ................................................................
            ................................................................
            ..............................................#.................
            ..................###......................#....................
            .................#...#.#..#.###...##..##..###.#.###...##........
            .................#.....#..#.#..#.####.#.#..#..#.#..#.#..#.......
            .................#...#.#..#.#..#.#....#....#..#.#..#.#..#.......
            ..................###...###.###...###.#.....#.#.#..#..##........
            ............................#...................................
            ............................#...................................
            ................................................................
            ................................................................
            ................................................................
            ................................................................
            ................................................................
            ................................................................
            ................................................................
            ................................................................
            """)
    }

    /// A title that is already a stack stays that stack: its alignment is the widget's.
    @Test func labelTitleStackKeepsItsAlignment() throws {
        let label = Label {
            VStack(alignment: .leading) {
                Text("a")
                Text("bbbbb")
            }
        } icon: {
            Rectangle().frame(width: 6, height: 6)
        }
        .font(.system(size: 8))
        let root = ViewRenderer.layout(label, size: Size(width: 64, height: 32), environment: testEnvironment(),
                                       at: referenceDate, antialiased: false)
        let texts = textNodes(root)
        #expect(texts.count == 2)
        #expect(texts[0].frame.minX == texts[1].frame.minX)
        #expect(texts[1].frame.minY >= texts[0].frame.maxY)
    }

    // MARK: - Line breaking

    /// Lines break between words; a word is broken between characters only when it alone is
    /// wider than the line.
    @Test func linesBreakBetweenWords() throws {
        let text = Text("Infinite Loop").font(.system(size: 8))
        let wide = try lines(text, width: 200)
        #expect(wide == ["Infinite Loop"])
        let infinite = try textNode(Text("Infinite").font(.system(size: 8)), width: 200, height: 40)
            .layout(for: ProposedSize(width: nil, height: nil)).size.width
        #expect(try lines(text, width: infinite + 8) == ["Infinite", "Loop"])
        #expect(try lines(text, width: infinite) == ["Infinite", "Loop"])
        // Narrower than "Infinite" alone: only then is it broken, and the next line goes on
        // from where the word broke.
        let broken = try lines(text, width: infinite - 1)
        #expect(broken.count == 2 && broken[0] + broken[1] == "Infinite Loop" && broken[1].hasSuffix(" Loop"))
    }

    /// With room to shrink (`minimumScaleFactor`), text is made smaller before any word is
    /// broken: a number 24 pixels tall in a 64-pixel-wide slot that would break over two
    /// lines is drawn whole, smaller, on one.
    @Test func textShrinksBeforeBreakingAWord() throws {
        let number = Text("12345678").font(.system(size: 24))
        let scaled = try textNode(number.minimumScaleFactor(0.4), width: 64, height: 64).layout(for: ProposedSize(width: 64, height: 64))
        #expect(scaled.lines.map { $0.fragments.map(\.text).joined() } == ["12345678"])
        #expect(!scaled.truncated)
        #expect(scaled.pieces[0].stack.pixelSize < 24)
        // Without a scale factor a word wider than the line is still broken, as SwiftUI does.
        let broken = try lines(number, width: 64, height: 64)
        #expect(broken.count == 2 && broken.joined() == "12345678")
        // With a line limit it is truncated instead.
        #expect(try lines(number.lineLimit(1), width: 64, height: 64).first?.hasSuffix("…") == true)
    }

    // MARK: - Truncation

    /// The last line shown holds the rest of the text and loses characters where the
    /// truncation mode says: the start, the middle or (by default) the end, one character at
    /// a time, not a word at a time.
    @Test func truncationModesCutWhereTheySay() throws {
        let digits = Text("1234567890").font(.system(size: 8)).monospacedDigit().lineLimit(1)
        let node = try textNode(digits, width: 200, height: 20)
        let digit = node.layout(for: ProposedSize(width: nil, height: nil)).size.width / 10
        let ellipsis = try #require(node.layout(for: ProposedSize(width: 1, height: nil)).lines.first?.width)
        let width = 5 * digit + ellipsis
        #expect(try lines(digits, width: width) == ["12345…"])
        #expect(try lines(digits.truncationMode(.tail), width: width) == ["12345…"])
        #expect(try lines(digits.truncationMode(.head), width: width) == ["…67890"])
        #expect(try lines(digits.truncationMode(.middle), width: width) == ["123…90"])
        // A tail truncation keeps what fits of the next word.
        let words = Text("Parking Spot Infinite Loop").font(.system(size: 8)).lineLimit(1)
        let parkingSpot = try textNode(words, width: 200, height: 20).layout(for: ProposedSize(width: nil, height: nil))
        let shown = try lines(words, width: parkingSpot.size.width / 2)
        #expect(shown.count == 1 && shown[0].hasSuffix("…") && shown[0].hasPrefix("Parking S"))
    }

    /// Over several lines the earlier lines wrap as usual and the last one shows the rest of
    /// the text cut at the mode's place.
    @Test func truncationOfTheLastOfSeveralLines() throws {
        let text = Text("alpha beta gamma delta epsilon").font(.system(size: 8)).lineLimit(2)
        let node = try textNode(text, width: 200, height: 40)
        let alphaBeta = node.layout(for: ProposedSize(width: nil, height: nil)).size.width * 10 / 30
        let tail = try lines(text, width: alphaBeta)
        let head = try lines(text.truncationMode(.head), width: alphaBeta)
        #expect(tail.count == 2 && head.count == 2 && tail[0] == head[0])
        #expect(tail[1].hasSuffix("…"))
        #expect(head[1].hasPrefix("…") && head[1].hasSuffix("epsilon"))
    }

    /// `allowsTightening` draws characters one pixel closer when that makes the line fit,
    /// before the text shrinks or truncates.
    @Test func tighteningComesBeforeShrinkingAndTruncating() throws {
        let word = Text("Cupertino").font(.system(size: 16)).lineLimit(1)
        let natural = try textNode(word, width: 200, height: 40).layout(for: ProposedSize(width: nil, height: nil)).size.width
        let width = natural - 4
        let truncated = try lines(word, width: width)
        #expect(truncated.first?.hasSuffix("…") == true)
        let tight = try textNode(word.allowsTightening(true), width: width, height: 40).layout(for: ProposedSize(width: width, height: 40))
        #expect(tight.lines.map { $0.fragments.map(\.text).joined() } == ["Cupertino"])
        #expect(tight.size.width <= width && !tight.truncated)
        // Allowed to shrink too, it keeps its size: tightening is tried first.
        let both = try textNode(word.allowsTightening(true).minimumScaleFactor(0.5), width: width, height: 40)
            .layout(for: ProposedSize(width: width, height: 40))
        #expect(both.pieces[0].stack.pixelSize == tight.pieces[0].stack.pixelSize && !both.truncated)
        // Far too wide to tighten into place: it shrinks, then truncates.
        let shrunk = try textNode(word.allowsTightening(true).minimumScaleFactor(0.5), width: natural * 2 / 3, height: 40)
            .layout(for: ProposedSize(width: natural * 2 / 3, height: 40))
        #expect(shrunk.pieces[0].stack.pixelSize < tight.pieces[0].stack.pixelSize)
    }

    // MARK: - Gauges

    /// An `.accessoryCircular` gauge puts its value in the centre and its bounds in the gap at
    /// the bottom, beside the ring's two ends: each bound has at most half the gap, so wide
    /// bounds never overlap each other.
    @Test func circularGaugeBoundsShareTheGap() throws {
        let gauge = Gauge(value: 120.0, in: 40...400) {
            Text("Not shown")
        } currentValueLabel: {
            Text("120")
        } minimumValueLabel: {
            Text("2.2222")
        } maximumValueLabel: {
            Text("22.222")
        }
        .gaugeStyle(.accessoryCircular)
        let root = ViewRenderer.layout(gauge, size: Size(width: 48, height: 48), environment: testEnvironment(.accessoryCircular),
                                       at: referenceDate, antialiased: false)
        let texts = textNodes(root)
        #expect(texts.map(\.plainText) == ["120", "2.2222", "22.222"], "the label is hidden when there are bounds")
        let (current, minimum, maximum) = (texts[0].frame, texts[1].frame, texts[2].frame)
        #expect(minimum.maxX <= maximum.minX, "bounds side by side: \(minimum) \(maximum)")
        #expect(minimum.minY > current.minY && maximum.minY > current.minY)
        #expect(minimum.minX >= 0 && maximum.maxX <= 48)
    }

    /// On a watch corner a gauge in the widget label is the corner's curved gauge: its bounds
    /// at the two ends of the bar, its label and current value not shown (whatever gauge
    /// style the code asks for), and the two bounds never drawn over each other.
    @Test func cornerGaugeShowsOnlyItsBoundsAtTheEnds() throws {
        let corner = Text("142")
            .font(.system(size: 20))
            .widgetLabel {
                Gauge(value: 142.0, in: 40...400) {
                    Text("Not shown")
                } currentValueLabel: {
                    Text("Not shown")
                } minimumValueLabel: {
                    Text("2.2222").font(.system(size: 8))
                } maximumValueLabel: {
                    Text("22.222").font(.system(size: 8))
                }
                .gaugeStyle(LinearCapacityGaugeStyle())
            }
        let root = ViewRenderer.layout(corner, size: Size(width: 48, height: 48), environment: testEnvironment(.accessoryCorner),
                                       at: referenceDate, antialiased: false)
        let texts = textNodes(root)
        #expect(texts.map(\.plainText) == ["142", "2.2222", "22.222"])
        let (minimum, maximum) = (texts[1].frame, texts[2].frame)
        #expect(minimum.maxX < maximum.minX, "bounds apart: \(minimum) \(maximum)")
        #expect(minimum.minX == 0 && maximum.maxX == 48)
        #expect(minimum.minY >= texts[0].frame.maxY)
    }
}
