import Foundation
import Testing
@testable import GlanceUI

@Suite struct TextStyleTests {
    @Test func underlineAndStrikethroughDrawOnePixelLines() {
        #expect(ascii(Text("ab").font(.system(size: 8)).underline(), width: 12, height: 10) == """
            ............
            ............
            ......#.....
            ..##..###...
            ..###.#..#..
            .#..#.#..#..
            ..###.###...
            ............
            .##########.
            ............
            """)
        #expect(ascii(Text("ab").font(.system(size: 8)).strikethrough(), width: 12, height: 10) == """
            ............
            ............
            ......#.....
            ..##..###...
            ..###.#..#..
            .##########.
            ..###.###...
            ............
            ............
            ............
            """)
        #expect(ascii(Text("ab").font(.system(size: 8)).underline(pattern: .dot), width: 12, height: 10)
            .split(separator: "\n")[8] == ".#.#.#.#.#..")
        // The view modifiers reach text inside; inactive ones draw nothing.
        #expect(ascii(Text("ab").font(.system(size: 8)).underline(), width: 12, height: 10)
            == ascii(VStack { Text("ab") }.font(.system(size: 8)).underline(), width: 12, height: 10))
        #expect(ascii(Text("ab").font(.system(size: 8)).underline(false), width: 12, height: 10)
            == ascii(Text("ab").font(.system(size: 8)), width: 12, height: 10))
    }

    @Test func decorationColorsAreTheirOwn() {
        let bitmap = ViewRenderer.render(Text("ab").font(.system(size: 8)).strikethrough(color: Color(white: 0.4)),
                                         size: Size(width: 12, height: 10), environment: testEnvironment(), at: referenceDate).bitmap
        #expect(bitmap[1, 5] == 102)
    }

    @Test func italicIsDrawnUpright() {
        #expect(ascii(Text("ab").italic(), width: 20, height: 16) == ascii(Text("ab"), width: 20, height: 16))
        #expect(ascii(Text("ab").italic(true), width: 20, height: 16) == ascii(VStack { Text("ab") }.italic(), width: 20, height: 16))
    }

    /// A face whose digits have different widths: "1" advances 2, "8" advances 4.
    private let proportional: FontCatalog = FontCatalog(files: [("tiny.bdf", """
        STARTFONT 2.1
        FONT -test-tiny
        SIZE 5 75 75
        FONTBOUNDINGBOX 3 5 0 0
        STARTPROPERTIES 4
        FAMILY_NAME "Glance Sans"
        PIXEL_SIZE 5
        FONT_ASCENT 5
        FONT_DESCENT 0
        ENDPROPERTIES
        CHARS 2
        STARTCHAR one
        ENCODING 49
        DWIDTH 2 0
        BBX 1 5 0 0
        BITMAP
        80
        80
        80
        80
        80
        ENDCHAR
        STARTCHAR eight
        ENCODING 56
        DWIDTH 4 0
        BBX 3 5 0 0
        BITMAP
        E0
        A0
        E0
        A0
        E0
        ENDCHAR
        ENDFONT
        """)])

    @Test func monospacedDigitsTakeTheWidestDigitsCell() throws {
        let stack = try #require(FontStack(pixelSize: 5, weight: .regular, catalog: proportional))
        #expect(stack.width(of: "1181") == 10)
        #expect(stack.width(of: "1181", monospacedDigits: true) == 16)
        var bitmap = Bitmap(size: Size(width: 16, height: 5))
        var pen = Point(x: 0, y: 5)
        for scalar in "1181".unicodeScalars {
            pen = stack.draw(scalar, into: &bitmap, at: pen, tone: Tone(level: 255), monospacedDigits: true)
        }
        #expect(bitmap.ascii() == """
            .#...#..###..#..
            .#...#..#.#..#..
            .#...#..###..#..
            .#...#..#.#..#..
            .#...#..###..#..
            """)
        // The Glance faces already have tabular digits, so the modifier keeps their widths.
        let plain = leafFrames(Text("1118").font(.caption), width: 60, height: 20)
        let mono = leafFrames(Text("1118").font(.caption).monospacedDigit(), width: 60, height: 20)
        #expect(plain == mono)
        #expect(Font.body.monospacedDigit().usesMonospacedDigits && Font.body.monospaced().usesMonospacedDigits)
    }

    @Test func systemSizesPickTheNearestFace() {
        #expect([5, 9, 11, 14, 16, 19, 21, 24, 26, 40].map { Font.nearestFaceSize(to: $0) } == [8, 8, 10, 13, 15, 20, 20, 22, 28, 34])
        #expect(Font.system(size: 19, weight: .semibold, design: .rounded).pixelSize() == 20)
        #expect(Font.system(size: 19, weight: .semibold).faceWeight == .bold)
        #expect(Font.system(size: 12, weight: .light, design: .monospaced).faceWeight == .regular)
        let text = leafFrames(Text("A").font(.system(size: 19)), width: 60, height: 40)[0]
        #expect(text.height == FontStack(pixelSize: 20, weight: .regular)!.lineHeight)
    }

    @Test func rightToLeftMirrorsStacks() {
        var rtl = testEnvironment()
        rtl.layoutDirection = .rightToLeft
        let row = HStack(spacing: 1) { Rectangle().frame(width: 2, height: 3); Rectangle().frame(width: 1, height: 1) }
        #expect(ascii(row, width: 6, height: 3, environment: rtl) == """
            ...##.
            .#.##.
            ...##.
            """)
        #expect(ascii(row, width: 6, height: 3) == """
            .##...
            .##.#.
            .##...
            """)
        let column = VStack(alignment: .leading, spacing: 0) { Rectangle().frame(width: 4, height: 1); Rectangle().frame(width: 1, height: 1) }
        #expect(ascii(column, width: 4, height: 2, environment: rtl) == "####\n...#")
        #expect(ascii(column.environment(\.layoutDirection, .leftToRight), width: 4, height: 2, environment: rtl) == "####\n#...")
        // Multi-line text's leading edge is the right one.
        let lines = Text("a\nab").font(.system(size: 8))
        #expect(ascii(lines.multilineTextAlignment(.leading), width: 12, height: 20, environment: rtl)
            == ascii(lines.multilineTextAlignment(.trailing), width: 12, height: 20))
        #expect(ascii(lines.multilineTextAlignment(.leading), width: 12, height: 20, environment: rtl)
            != ascii(lines.multilineTextAlignment(.leading), width: 12, height: 20))
    }

    /// Text is cut into words by bytes when it is plain ASCII and by characters otherwise; a
    /// zero-width space (drawn as nothing) inside the first word sends the same text down the
    /// second way, and the lines must not change: runs of spaces, empty lines, a word too long
    /// for a line.
    @Test func wrappingIsTheSameForASCIIAndOtherText() throws {
        for text in ["ab  cd\n\nef gh ij", "  lead and trail  ", "\nnewline first\n", "unbreakablelongword ok", "x"] {
            var marked = text
            let letter = try #require(marked.firstIndex { $0.isLetter })
            marked.insert("\u{200B}", at: marked.index(after: letter))
            for width in [10, 24, 40] {
                let plain = ascii(Text(text).font(.system(size: 8)), width: width, height: 40)
                let unicode = ascii(Text(marked).font(.system(size: 8)), width: width, height: 40)
                #expect(plain == unicode, "\(text.debugDescription) at \(width) px")
                #expect(plain.contains("#"), "\(text.debugDescription) draws something")
            }
        }
    }

    /// A text node measures its words once and reuses the measurements (and layouts) for
    /// every proposal: each fragment must still be as wide as its characters measure alone,
    /// a line wider than the proposal holds a single character, no character is lost, and
    /// the answer does not depend on which proposals were asked before.
    @Test func layoutsMeasureEveryFragmentWhateverWasAskedBefore() throws {
        let texts = [Text("unbreakablelongword ok"), Text("12:45 and 3.5").monospacedDigit(), Text("wide tracked words").tracking(2),
                     Text("a\nbb  ccc\n"), Text("cafe\u{301} \u{2603}x")]
        func node(_ text: Text) throws -> TextNode {
            try #require(ViewRenderer.layout(text.font(.system(size: 8)), size: Size(width: 64, height: 64),
                                             environment: testEnvironment(), at: referenceDate, antialiased: false) as? TextNode)
        }
        let proposals = [0, 1, 3, 5, 7, 12, 20, 33, 200].flatMap { [ProposedSize(width: $0, height: nil), ProposedSize(width: $0, height: 9)] }
        for text in texts {
            let reused = try node(text)
            for proposal in proposals + proposals.reversed() {
                let layout = reused.layout(for: proposal)
                let fresh = try node(text).layout(for: proposal)
                #expect(layout.lines.map { $0.fragments.map(\.text) } == fresh.lines.map { $0.fragments.map(\.text) })
                #expect(layout.lines.map(\.width) == fresh.lines.map(\.width))
                for line in layout.lines {
                    for fragment in line.fragments {
                        let piece = layout.pieces[fragment.piece]
                        let measured = piece.stack.width(of: fragment.text, monospacedDigits: piece.monospacedDigits)
                            + piece.tracking * fragment.text.unicodeScalars.count
                        #expect(fragment.width == measured, "\(fragment.text.debugDescription) at \(proposal)")
                    }
                    #expect(line.width <= proposal.width! || line.fragments.map(\.text).joined().count == 1, "\(proposal)")
                }
                if !layout.truncated {
                    let shown = String(layout.lines.flatMap(\.fragments).map(\.text).joined().filter { $0 != " " })
                    #expect(shown == String(reused.plainText.filter { $0 != " " && $0 != "\n" }), "\(proposal)")
                }
            }
        }
    }

    /// Nodes showing the same characters in the same faces share one layout (a face renders
    /// its texts again every frame); paint is not part of what they share.
    @Test func sameTextSharesItsLayoutButNotItsPaint() throws {
        func render(_ view: some View) -> Set<UInt8> {
            Set(ViewRenderer.render(view, size: Size(width: 64, height: 12), environment: testEnvironment(), at: referenceDate, antialiased: true).bitmap.pixels)
        }
        let text = Text("Shared caption").font(.caption)
        #expect(render(text) == [0, 255])
        #expect(render(text.foregroundStyle(.secondary)) == [0, 153])
        #expect(render(text.underline().foregroundStyle(.secondary)) == [0, 153])
        func node(_ view: some View) throws -> TextNode {
            try #require(ViewRenderer.layout(view, size: Size(width: 64, height: 12), environment: testEnvironment(),
                                             at: referenceDate, antialiased: false) as? TextNode)
        }
        let first = try node(text), second = try node(text.foregroundStyle(.secondary))
        #expect(first.layout(for: ProposedSize(width: 30, height: nil)).lines.count > 1)
        #expect(try node(text).sharesShape(with: first) && second.sharesShape(with: first))
        #expect(try !node(Text("Shared caption").font(.title)).sharesShape(with: first))
        #expect(try !node(Text("Shared caption!").font(.caption)).sharesShape(with: first))
    }

    @Test func localizedStringResourcesShowTheirDefaultValue() {
        let plain: LocalizedStringResource = "Battery"
        let keyed = LocalizedStringResource("battery.title", defaultValue: "Charge", table: "Widgets", comment: "title")
        let interpolated: LocalizedStringResource = "Level \(42)%"
        #expect(plain.key == "Battery" && String(describing: plain) == "Battery")
        #expect(keyed.key == "battery.title" && keyed.description == "Charge" && keyed.table == "Widgets" && keyed.comment == "title")
        #expect(interpolated.description == "Level 42%")
        #expect(LocalizedStringResource("Low \(3)", bundle: .main).description == "Low 3")
        #expect(String(localized: keyed) == "Charge")
        #expect(String(localized: "Hello") == "Hello")
        #expect(String(localized: "k", defaultValue: "Value") == "Value")
        #expect(ascii(Text(keyed), width: 40, height: 16) == ascii(Text("Charge"), width: 40, height: 16))
        // A literal still means LocalizedStringKey (live dates keep working).
        let text = Text("Ends \(referenceDate, style: .time)")
        #expect(text.runs.contains { run in
            guard case .localized(let localized) = run.content else { return false }
            return localized.fallback.contains { if case .date = $0 { true } else { false } }
        })
    }

    @Test func acceptedEnvironmentValues() {
        var seen = [DynamicTypeSize]()
        struct Probe: View {
            let record: (DynamicTypeSize, Bool) -> Void
            @Environment(\.dynamicTypeSize) var size
            @Environment(\.showsWidgetLabel) var showsLabel
            var body: some View {
                let _ = record(size, showsLabel)
                Text("A")
            }
        }
        var labels = [Bool]()
        let probe = Probe { seen.append($0); labels.append($1) }
        _ = ascii(probe, width: 20, height: 20)
        _ = ascii(probe.dynamicTypeSize(.xxxLarge), width: 20, height: 20)
        _ = ascii(probe.dynamicTypeSize(...DynamicTypeSize.medium), width: 20, height: 20)
        _ = ascii(probe.dynamicTypeSize(.accessibility1...).environment(\.showsWidgetLabel, true), width: 20, height: 20)
        #expect(seen == [.large, .xxxLarge, .medium, .accessibility1])
        #expect(labels == [false, false, false, true])
        #expect(DynamicTypeSize.accessibility2.isAccessibilitySize && !DynamicTypeSize.large.isAccessibilitySize)
        // Text draws the same at every type size.
        #expect(ascii(Text("A").dynamicTypeSize(.accessibility5), width: 20, height: 20) == ascii(Text("A"), width: 20, height: 20))
    }
}
