import Foundation
import GlanceGraphics
import GlanceTesting
import Testing

@Suite struct SpecimenTests {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/specimen.png").path
    private let symbolsGolden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/symbols.png").path

    @Test func everyEmbeddedFontParses() {
        #expect(FontCatalog.standard.problems.isEmpty, "\(FontCatalog.standard.problems)")
        #expect(FontCatalog.standard.sizes() == [8, 10, 12, 13, 15, 17, 20, 22])
        #expect(FontCatalog.standard.sizes(family: FontCatalog.numeralFamily) == [28, 34])
        for face in FontCatalog.standard.faces where face.family == FontCatalog.textFamily {
            #expect(face.pixelSize == face.lineHeight, "\(face.family) \(face.pixelSize)")
            for scalar in "Aa0°…•–←↑→↓ÆØßé€".unicodeScalars where scalar != "€" {
                #expect(face.contains(scalar), "\(face.family) \(face.pixelSize) \(face.weight) lacks \(scalar)")
            }
        }
    }

    @Test func digitsAreTabular() {
        for face in FontCatalog.standard.faces {
            let widths = Set("0123456789".unicodeScalars.map { face.glyph(for: $0).advance })
            #expect(widths.count == 1, "\(face.family) \(face.pixelSize) \(face.weight): \(widths)")
        }
    }

    @Test func fontLookupPicksTheNearestSmallerSize() throws {
        let catalog = FontCatalog.standard
        #expect(catalog.font(size: 14)?.pixelSize == 13)
        #expect(catalog.font(size: 12, weight: .bold)?.weight == .bold)
        #expect(catalog.font(size: 4)?.pixelSize == 8)
        #expect(catalog.font(size: 40, family: FontCatalog.numeralFamily)?.pixelSize == 34)
        #expect(catalog.font(size: 12, family: "No Such Family") == nil)
    }

    /// A tiny face of `size` pixels whose one glyph has `rows` as its bitmap.
    private static func tinyFont(size: Int, rows: String) -> String {
        """
        STARTFONT 2.1
        FONT -test-tiny-\(size)
        SIZE \(size) 75 75
        FONTBOUNDINGBOX 1 1 0 0
        STARTPROPERTIES 5
        CHARSET_REGISTRY "ISO10646"
        FAMILY_NAME "Tiny"
        PIXEL_SIZE \(size)
        FONT_ASCENT \(size)
        FONT_DESCENT 0
        ENDPROPERTIES
        CHARS 1
        STARTCHAR dot
        ENCODING 46
        DWIDTH 2 0
        BBX 1 1 0 0
        BITMAP
        \(rows)
        ENDCHAR
        ENDFONT
        """
    }

    /// The catalog reads headers only; a face's glyphs are parsed when text first asks for it,
    /// so a broken file is found when chosen, left out, and the next face chosen instead.
    @Test func facesAreParsedWhenFirstAskedForAndABrokenOneIsLeftOut() throws {
        let header = try BDFFile(parsingHeaderOf: Self.tinyFont(size: 8, rows: "80"), file: "eight.bdf")
        #expect(header.properties["FAMILY_NAME"] == "Tiny" && header.integer("PIXEL_SIZE") == 8)
        #expect(header.glyphs.isEmpty, "the header stops at CHARS")
        let catalog = FontCatalog(files: [("eight.bdf", Self.tinyFont(size: 8, rows: "80")),
                                          ("ten.bdf", Self.tinyFont(size: 10, rows: "ZZ"))])
        #expect(catalog.sizes(family: "Tiny") == [8, 10], "both headers are read")
        #expect(catalog.font(size: 8, family: "Tiny")?.pixelSize == 8)
        // Ten pixels is asked for: its glyphs do not parse, so the 8 px face answers.
        #expect(catalog.font(size: 12, family: "Tiny")?.pixelSize == 8)
        #expect(catalog.problems.map(\.description) == ["ten.bdf:18: glyph \"dot\": bitmap row \"ZZ\" should be 2 hex digits"])
        #expect(catalog.faces.map(\.pixelSize) == [8])
    }

    @Test func specimenSheetMatchesGolden() {
        let sheet = SpecimenSheet().render()
        #expect(sheet.width == 512)
        if let problem = Golden.mismatch(sheet, path: golden) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    /// The symbol catalog alone, grouped by category: the sheet to review when a drawing changes.
    @Test func symbolSheetMatchesGolden() {
        let sheet = SpecimenSheet(width: 512, showsFonts: false).render()
        #expect(sheet.width == 512)
        if let problem = Golden.mismatch(sheet, path: symbolsGolden) {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
