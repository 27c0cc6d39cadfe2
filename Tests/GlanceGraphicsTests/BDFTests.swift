import GlanceGraphics
import Testing

/// A tiny font: "A" 3×4 with a descender-free box, "g" with a descender, DEFAULT_CHAR 63 ("?").
private let tinyFont = #"""
    STARTFONT 2.1
    COMMENT a test font
    FONT -test-tiny-medium-r-normal--6-60-75-75-p-40-iso10646-1
    SIZE 6 75 75
    FONTBOUNDINGBOX 4 6 0 -1
    STARTPROPERTIES 6
    FAMILY_NAME "Tiny ""Test"""
    WEIGHT_NAME "Bold"
    PIXEL_SIZE 6
    FONT_ASCENT 5
    FONT_DESCENT 1
    DEFAULT_CHAR 63
    ENDPROPERTIES
    CHARS 3
    STARTCHAR A
    ENCODING 65
    SWIDTH 500 0
    DWIDTH 4 0
    BBX 3 4 0 0
    BITMAP
    40
    A0
    E0
    A0
    ENDCHAR
    STARTCHAR g
    ENCODING 103
    DWIDTH 4 0
    BBX 3 4 0 -1
    BITMAP
    E0
    A0
    E0
    20
    ENDCHAR
    STARTCHAR question
    ENCODING 63
    DWIDTH 3 0
    BBX 2 3 0 1
    BITMAP
    C0
    40
    80
    ENDCHAR
    ENDFONT
    """#

@Suite struct BDFTests {
    @Test func readsHeaderAndGlyphs() throws {
        let file = try BDFFile(parsing: tinyFont)
        #expect(file.name == "-test-tiny-medium-r-normal--6-60-75-75-p-40-iso10646-1")
        #expect(file.properties["FAMILY_NAME"] == "Tiny \"Test\"")
        #expect(file.boundingBox == (4, 6, 0, -1))
        #expect(file.glyphs.count == 3)
        let a = try #require(file.glyphs[65])
        #expect(a.advance == 4)
        #expect(a.mask.ascii() == """
            .#.
            #.#
            ###
            #.#
            """)
    }

    /// A font saved with Windows line endings reads the same (it failed with "file ends
    /// without ENDFONT": the string split at line feeds saw "\r\n" as one character).
    @Test func windowsLineEndingsReadTheSame() throws {
        let file = try BDFFile(parsing: tinyFont.replacingOccurrences(of: "\n", with: "\r\n"))
        let unix = try BDFFile(parsing: tinyFont)
        #expect(file.name == unix.name && file.properties == unix.properties && file.glyphs == unix.glyphs)
        #expect(try BDFFile(parsingHeaderOf: tinyFont.replacingOccurrences(of: "\n", with: "\r\n")).properties == unix.properties)
    }

    @Test func fontMetricsAndMeasurement() throws {
        let font = try BitmapFont(bdf: tinyFont)
        #expect(font.family == "Tiny \"Test\"")
        #expect(font.weight == .bold)
        #expect(font.ascent == 5 && font.descent == 1 && font.lineHeight == 6)
        // No CAP_HEIGHT property and no "H": capitals are taken to be as tall as the ascent.
        #expect(font.capHeight == 5)
        #expect(font.width(of: "Ag") == 8)
        // Missing characters measure as the DEFAULT_CHAR glyph ("?" is 3 wide).
        #expect(font.width(of: "AZ") == 7)
        // Combining marks take no room.
        #expect(font.width(of: "A\u{0301}") == 4)
        #expect(font.measure("gA") == TextMetrics(width: 8, ascent: 5, descent: 1))
    }

    @Test func drawsOnTheBaselineWithDescenders() throws {
        let font = try BitmapFont(bdf: tinyFont)
        var bitmap = Bitmap(width: 12, height: 6)
        let end = bitmap.draw("AgZ", font: font, at: Point(x: 0, y: 5))
        #expect(end == Point(x: 11, y: 5))
        #expect(bitmap.ascii() == """
            ............
            .#......##..
            #.#.###..#..
            ###.#.#.#...
            #.#.###.....
            ......#.....
            """)
    }

    @Test func missingDefaultCharDrawsABox() throws {
        let text = tinyFont.replacingDefaultChar()
        let font = try BitmapFont(bdf: text)
        var bitmap = Bitmap(width: 4, height: 6)
        bitmap.draw("\u{263A}", font: font, at: Point(x: 0, y: 5))
        #expect(bitmap.ascii() == """
            ###.
            #.#.
            #.#.
            #.#.
            ###.
            ....
            """)
    }

    @Test(arguments: [
        ("", "<memory>:1: empty file: expected STARTFONT 2.1"),
        ("STARTFONT 3.0\nENDFONT", "<memory>:1: unsupported BDF version 3.0; expected 2.1"),
        ("FONT x\n", "<memory>:1: expected STARTFONT, found \"FONT\""),
        ("STARTFONT 2.1\nFONTBOUNDINGBOX 4 x 0 0\nENDFONT", "<memory>:2: FONTBOUNDINGBOX: \"x\" is not a whole number"),
        ("STARTFONT 2.1\nFONTBOUNDINGBOX 4 6\nENDFONT", "<memory>:2: FONTBOUNDINGBOX needs 4 numbers, found 2"),
        ("STARTFONT 2.1\nSTARTPROPERTIES 1\nFOO 1\n", "<memory>:3: STARTPROPERTIES at line 2 has no ENDPROPERTIES"),
        ("STARTFONT 2.1\nSTARTPROPERTIES 1\nFOO \"bar\nENDPROPERTIES\nENDFONT", "<memory>:3: property FOO: unterminated string"),
        ("STARTFONT 2.1\nBOGUS 1\nENDFONT", "<memory>:2: unexpected \"BOGUS\" in the font header"),
        ("STARTFONT 2.1\nSTARTCHAR A\nENCODING 65\nDWIDTH 4 0\nBBX 3 2 0 0\nBITMAP\nE0\nENDCHAR\nENDFONT",
         "<memory>:8: glyph \"A\": BITMAP has 1 rows, BBX says 2"),
        ("STARTFONT 2.1\nSTARTCHAR A\nENCODING 65\nDWIDTH 4 0\nBBX 3 1 0 0\nBITMAP\nZ0\nENDCHAR\nENDFONT",
         "<memory>:7: glyph \"A\": bitmap row \"Z0\" should be 2 hex digits"),
        ("STARTFONT 2.1\nSTARTCHAR A\nENCODING 65\nDWIDTH 4 0\nBITMAP\n", "<memory>:5: glyph \"A\": BITMAP before BBX"),
        ("STARTFONT 2.1\nSTARTCHAR A\nENCODING 65\nBBX 1 1 0 0\nBITMAP\n80\nENDCHAR\nENDFONT",
         "<memory>:5: glyph \"A\": no DWIDTH for the glyph or the font"),
        ("STARTFONT 2.1\nSTARTCHAR A\nENCODING 65\nDWIDTH 4 0\nBBX 1 1 0 0\nBITMAP\n80\n", "<memory>:7: glyph \"A\": expected ENDCHAR after 1 bitmap rows"),
        ("STARTFONT 2.1\nSTARTCHAR A\nENCODING 55296\nDWIDTH 4 0\nBBX 1 1 0 0\nBITMAP\n80\nENDCHAR\nENDFONT",
         "<memory>:2: glyph \"A\": ENCODING 55296 is not a Unicode scalar value"),
        ("STARTFONT 2.1\nSTARTCHAR A\nENCODING 65\nDWIDTH 4 0\nBBX 99999 1 0 0\n", "<memory>:5: glyph \"A\": BBX 99999×1 is outside 0…1024"),
        ("STARTFONT 2.1\nSTARTCHAR A\nENCODING 65\n", "<memory>:3: glyph \"A\" starting at line 2 is not finished"),
        ("STARTFONT 2.1\nCHARS 0\nSTARTCHAR A\nENCODING 65\nDWIDTH 1 0\nBBX 1 1 0 0\nBITMAP\n80\nENDCHAR\nENDFONT",
         "<memory>:10: CHARS says 0 glyphs but the file has more (1)"),
        ("STARTFONT 2.1\nFONT x\n", "<memory>:2: file ends without ENDFONT"),
    ])
    func malformedFilesReportTheLine(text: String, message: String) {
        let error = #expect(throws: BDFError.self) { try BDFFile(parsing: text) }
        #expect(error?.description == message)
    }

    @Test func fileNamesAppearInErrors() {
        #expect(throws: BDFError(file: "Fonts/x.bdf", line: 1, message: "FONT_ASCENT and FONT_DESCENT properties are required")) {
            try BitmapFont(bdf: "STARTFONT 2.1\nENDFONT", fileName: "Fonts/x.bdf")
        }
    }
}

private extension String {
    func replacingDefaultChar() -> String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("DEFAULT_CHAR") }
            .map { $0 == "STARTPROPERTIES 6" ? "STARTPROPERTIES 5" : String($0) }
            .joined(separator: "\n")
    }
}

/// Found by the corpus's calendar and delivery widgets: `Text(date, style: .time)` gives
/// "11:17\u{202F}AM", and the narrow no-break space drew as the missing-glyph box.
@Suite struct SpaceFallbackTests {
    @Test func spacesTheFontLacksAreDrawnAsItsSpace() throws {
        let font = try #require(FontCatalog.standard.font(size: 10))
        #expect(!font.contains("\u{202F}"))
        #expect(font.width(of: "11:17\u{202F}AM") == font.width(of: "11:17 AM"))
        #expect(font.width(of: "1\u{00A0}2") == font.width(of: "1 2"))
        // Other missing characters still show the box.
        #expect(font.glyph(for: "\u{E000}").advance == font.glyph(for: "\u{E001}").advance)
    }
}
