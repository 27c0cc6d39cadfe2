import Foundation
import GlanceReferenceViews
import GlanceTesting
import Testing
@testable import GlanceUI

/// The views in GlanceReferenceViews are written as Apple's documentation writes them, with
/// only the import changed; these tests check that they compile (by existing) and render right.
@Suite struct CompatibilityTests {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/contact-sheet.png").path

    @Test func familySwitchPicksTheFamilysBranch() {
        let rectangular = ViewRenderer.layout(WeatherComplication(), size: Size(width: 128, height: 64),
                                              environment: testEnvironment(.accessoryRectangular), at: referenceDate, antialiased: false)
        let inline = ViewRenderer.layout(WeatherComplication(), size: Size(width: 128, height: 16),
                                         environment: testEnvironment(.accessoryInline), at: referenceDate, antialiased: false)
        func texts(_ node: LayoutNode) -> [String] {
            ((node as? TextNode).map { [$0.plainText] } ?? []) + node.children.flatMap(texts)
        }
        #expect(texts(rectangular).contains("72°"))
        #expect(texts(rectangular).contains("H:79° L:58°"))
        // Inline: ViewThatFits picks the longest text that fits on one 128-pixel line.
        #expect(texts(inline) == [" 72° Partly Cloudy"])
        let reduced = ViewRenderer.layout(WeatherComplication(), size: Size(width: 128, height: 64),
                                          environment: testEnvironment(.accessoryRectangular, reduced: true), at: referenceDate, antialiased: false)
        #expect(!texts(reduced).contains("H:79° L:58°"))
    }

    @Test func circularContentStaysInsideTheCircle() {
        let bitmap = ViewRenderer.render(WeatherComplication(), size: Size(width: 64, height: 64),
                                         environment: testEnvironment(.accessoryCircular), at: referenceDate).bitmap
        for y in 0..<64 {
            for x in 0..<64 where bitmap[x, y] > 0 {
                let dx = Double(x) + 0.5 - 32, dy = Double(y) + 0.5 - 32
                #expect(dx * dx + dy * dy <= 32 * 32, "lit pixel outside the circle at (\(x), \(y))")
            }
        }
    }

    @Test func progressRingCoversItsFraction() {
        var environment = testEnvironment(.accessoryCircular)
        environment.isAntialiased = true
        let bitmap = ViewRenderer.render(ProgressRing(progress: 0.25), size: Size(width: 64, height: 64),
                                         environment: environment, at: referenceDate, antialiased: true).bitmap
        // Full tone in the top-right quadrant (12 to 3 o'clock), the 30 % track elsewhere.
        #expect(bitmap[45, 7] == 255)
        #expect(bitmap[18, 7] < 120 && bitmap[18, 7] > 40)
        #expect(bitmap[45, 56] < 120)
    }

    @Test func gaugeStylesDrawTheirShapes() {
        let circular = ViewRenderer.render(GaugeSample(style: .circular), size: Size(width: 64, height: 64),
                                           environment: testEnvironment(.accessoryCircular), at: referenceDate).bitmap
        // The open ring has its gap at the bottom centre.
        #expect(circular[32, 62] == 0 && circular[3, 32] == 255)
        let linear = ViewRenderer.render(GaugeSample(style: .linearCapacity), size: Size(width: 128, height: 64),
                                         environment: testEnvironment(), at: referenceDate).bitmap
        #expect(linear.litBounds().width == 128)
    }

    @Test func contactSheetMatchesGolden() {
        let sheet = ReferenceGallery.contactSheet(at: referenceDate)
        if let problem = Golden.mismatch(sheet, path: golden) {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
