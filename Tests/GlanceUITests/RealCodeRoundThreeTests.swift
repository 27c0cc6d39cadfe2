import Foundation
import Testing
@testable import GlanceUI

// APIs that a further round of public widget code used and Glance lacked (issue 34, round
// three): written here in the same style as that code, not copied from it.

@Suite struct RealCodeRoundThreeTests {
    // `.clipShape(.capsule)`, `.background(_:in: .rect(cornerRadius:))`: the shapes as static
    // members draw exactly what the shape types draw.
    @Test func shapeMembersDrawTheirShapes() {
        let rounded = Color.white.frame(width: 12, height: 8).clipShape(.rect(cornerRadius: 3))
        #expect(ascii(rounded, width: 12, height: 8) == ascii(Color.white.frame(width: 12, height: 8).clipShape(RoundedRectangle(cornerRadius: 3)), width: 12, height: 8))
        let capsule = Color.white.frame(width: 12, height: 6).clipShape(.capsule)
        #expect(ascii(capsule, width: 12, height: 6) == ascii(Color.white.frame(width: 12, height: 6).clipShape(Capsule()), width: 12, height: 6))
        #expect(ascii(capsule, width: 12, height: 6) != ascii(Color.white.frame(width: 12, height: 6).clipShape(.rect), width: 12, height: 6))
        let disc = Color.clear.frame(width: 8, height: 8).background(.white, in: .circle)
        #expect(ascii(disc, width: 8, height: 8) == ascii(Circle().fill(.white).frame(width: 8, height: 8), width: 8, height: 8))
        #expect(ascii(Ellipse.ellipse.fill(.white), width: 10, height: 6) == ascii(Ellipse().fill(.white), width: 10, height: 6))
    }

    // `Color(hue:saturation:brightness:opacity:)` is the same colour as UIKit's HSB initializer.
    @Test func hueSaturationBrightnessColorsMatchUIKits() {
        let color = Color(hue: 120.0 / 360.0, saturation: 0.6, brightness: 0.9)
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        UIColor(color).getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        // 0.36, 0.9, 0.36, kept as 8-bit sRGB.
        #expect(abs(red - 0.36) < 0.5 / 255 + 0.001 && abs(green - 0.9) < 0.5 / 255 + 0.001 && abs(blue - 0.36) < 0.5 / 255 + 0.001 && alpha == 1)
        #expect(color == Color(UIColor(hue: 120.0 / 360.0, saturation: 0.6, brightness: 0.9, alpha: 1)))
        #expect(Color(hue: 0, saturation: 0, brightness: 1, opacity: 0.5) == Color(red: 1, green: 1, blue: 1, opacity: 0.5))
    }

    // `CGFloat(truncating:)` from an `NSNumber`, as Apple's Foundation offers it.
    @Test func cgFloatFromNSNumber() {
        #expect(CGFloat(truncating: NSNumber(value: 0.25)) == 0.25)
        #expect(CGFloat(truncating: NSDecimalNumber(string: "1.5")) == 1.5)
    }

    // `.fontWidth(.condensed)` is accepted: Glance's bitmap faces have one width.
    @Test func fontWidthIsAcceptedAndKeepsTheFacesWidth() {
        let text = Text(verbatim: "120")
        #expect(ascii(text.fontWidth(.condensed), width: 20, height: 10) == ascii(text, width: 20, height: 10))
        #expect(ascii(VStack { text }.fontWidth(.expanded), width: 20, height: 10) == ascii(text, width: 20, height: 10))
        #expect(Font.Width.condensed.value < Font.Width.standard.value && Font.Width.standard.value < Font.Width.expanded.value)
    }

    // `getRed(…)` is used for its out-parameters alone, as Objective-C's BOOL-returning methods
    // are in Swift: the call below compiles without a warning (the build has none).
    @Test func getRedsResultMayBeIgnored() {
        var alpha: CGFloat = 0
        UIColor(red: 1, green: 0, blue: 0, alpha: 0.5).getRed(nil, green: nil, blue: nil, alpha: &alpha)
        #expect(alpha == 0.5)
    }

    // SwiftUI's `Visibility`, which `.chartYAxis(.hidden)` and other modifiers take.
    @Test func visibilityHasSwiftUIsCases() {
        #expect(Visibility.allCases == [.automatic, .visible, .hidden])
    }

    // `ForEach` no longer requires view content at the type level (the Charts module makes it
    // chart content); as a view it draws one view per element, as before.
    @Test func forEachStillDrawsOneViewPerElement() {
        let list = VStack(spacing: 0) { ForEach(["1", "2"], id: \.self) { Text(verbatim: $0) } }
        #expect(ascii(list, width: 10, height: 20) == ascii(VStack(spacing: 0) { Text(verbatim: "1"); Text(verbatim: "2") }, width: 10, height: 20))
    }
}

@Suite struct AttributedHTMLTests {
    // A post's HTML read as UIKit reads it, then shown: its text, with paragraph ends as line
    // breaks and entities decoded (`NSAttributedString(data:options:documentAttributes:)`).
    @Test func htmlDocumentsReadAsTheirText() throws {
        let html = "<p>Caturday &amp; <a href=\"https://x\">#cats</a> &#128049;</p><p>2nd<br>line</p>"
        let string = try NSAttributedString(data: Data(html.utf8),
                                            options: [.documentType: NSAttributedString.DocumentType.html,
                                                      .characterEncoding: NSUTF8StringEncoding],
                                            documentAttributes: nil)
        #expect(string.string == "Caturday & #cats 🐱\n2nd\nline\n")
        let plain = try NSAttributedString(data: Data("<b>as is</b>".utf8), options: [:], documentAttributes: nil)
        #expect(plain.string == "<b>as is</b>")
        #expect(throws: CocoaError.self) {
            try NSAttributedString(data: Data([0xFF, 0xFE, 0xFD]), options: [.characterEncoding: String.Encoding.utf8.rawValue],
                                   documentAttributes: nil)
        }
    }

    // `Text(AttributedString)`, `AttributedString(NSAttributedString)` and UIKit's attribute keys.
    @Test func attributedStringsDrawTheirCharacters() {
        let styled = NSMutableAttributedString(string: "Hi #tag", attributes: [.foregroundColor: UIColor.red, .font: UIFont.systemFont(ofSize: 11)])
        styled.addAttribute(.link, value: "tag", range: NSRange(location: 3, length: 4))
        let text = Text(AttributedString(styled))
        #expect(ascii(text, width: 40, height: 10) == ascii(Text(verbatim: "Hi #tag"), width: 40, height: 10))
        #expect(NSAttributedString.Key.foregroundColor.rawValue == "NSColor" && NSAttributedString.Key.font.rawValue == "NSFont")
    }
}
