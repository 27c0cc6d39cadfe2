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
