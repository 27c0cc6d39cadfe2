import GlanceGraphics
import Testing

@Suite struct OutputTests {
    private func sample() -> Bitmap {
        var bitmap = Bitmap(width: 5, height: 3)
        bitmap.fill(Rect(x: 1, y: 0, width: 3, height: 2), value: 255)
        bitmap[0, 2] = 128
        return bitmap
    }

    @Test func asciiRoundTrip() throws {
        let art = """
            .###.
            .###.
            #....
            """
        #expect(sample().ascii() == art)
        #expect(try #require(Bitmap(ascii: art)).ascii() == art)
        #expect(Bitmap(ascii: "##\n#") == nil)
        #expect(Bitmap(ascii: "#x") == nil)
    }

    @Test func pngRoundTripKeepsGrayValues() throws {
        let bitmap = sample()
        let png = try bitmap.png()
        #expect(png.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try PNG.decode(png) == bitmap)
    }

    @Test func scaledPNGRepeatsPixels() throws {
        let decoded = try PNG.decode(try sample().png(scale: 3))
        #expect(decoded.width == 15 && decoded.height == 9)
        #expect(decoded[3, 0] == 255 && decoded[2, 0] == 0 && decoded[2, 8] == 128)
    }

    @Test func panelLookTintsAndLeavesGaps() throws {
        let image = sample().rendered(scale: 4, look: .blue)
        #expect(image.width == 20 && image.height == 12)
        #expect(image[4, 0] == PanelLook.blue.lit)
        #expect(image[7, 0] == PanelLook.blue.gap)   // last column of the scaled pixel is the gap
        #expect(image[0, 0] == PanelLook.blue.dark)
        let band = Bitmap(width: 1, height: 20, value: 255).rendered(look: .yellowBlue)
        #expect(band[0, 15] == RGB(hex: 0xFFD83A) && band[0, 16] == PanelLook.blue.lit)
        // An RGB PNG decodes to its luminance.
        let gray = try PNG.decode(try sample().png(scale: 1, look: .white))
        #expect(gray[1, 0] > 200 && gray[0, 0] < 40)
    }

    @Test func pngDecodingRejectsGarbage() {
        #expect(throws: PNGError.self) { try PNG.decode([1, 2, 3]) }
    }

    @Test func pgmAndPbmRoundTrip() throws {
        let bitmap = sample()
        #expect(try Bitmap(pnm: bitmap.pgm()) == bitmap)
        let mono = try Bitmap(pnm: bitmap.pbm())
        #expect(mono.ascii() == bitmap.ascii())
        // One byte per row; a set bit is a dark pixel (PBM's black).
        #expect(Array(bitmap.pbm().suffix(3)) == [0b1000_1000, 0b1000_1000, 0b0111_1000])
        let plain = try Bitmap(pnm: Array("P2\n# comment\n2 1\n4\n0 4\n".utf8))
        #expect(plain.pixels == [0, 255])
        let p1 = try Bitmap(pnm: Array("P1 3 1 1 0 1".utf8))
        #expect(p1.pixels == [0, 255, 0])
    }

    @Test func pnmErrorsNameTheProblem() {
        #expect(throws: PNMError(message: "expected P1, P2, P4 or P5, found \"P6\"", offset: 0)) {
            try Bitmap(pnm: Array("P6 1 1 255 abc".utf8))
        }
        #expect(throws: PNMError(message: "pixel data ends after 2 of 4 bytes", offset: 13)) {
            try Bitmap(pnm: Array("P5 2 2 255\n".utf8) + [1, 2])
        }
        #expect(throws: PNMError(message: "expected a non-negative number, found \"x\"", offset: 3)) {
            try Bitmap(pnm: Array("P5 x 2 255\n".utf8))
        }
        #expect(throws: PNMError(message: "unexpected end of data", offset: 4)) {
            try Bitmap(pnm: Array("P5 1".utf8))
        }
    }

    @Test func terminalHalfBlocks() {
        let plain = TerminalRenderer(colorMode: .none)
        #expect(plain.render(sample()) == " ███ \n▀    \n")
        let colored = TerminalRenderer(look: .white).lines(sample())
        #expect(colored.count == 2)
        #expect(colored[0].hasPrefix("\u{1B}[38;2;16;18;20m\u{1B}[48;2;16;18;20m▀\u{1B}[38;2;242;246;255m"))
        #expect(colored[0].hasSuffix("\u{1B}[0m"))
        // A colour screen's glass keeps its colours: red over blue in one cell.
        var glass = Bitmap(width: 1, height: 2, color: true)
        glass.painting(RGB(hex: 0xFF0000)) { $0[0, 0] = 76 }
        glass.painting(RGB(hex: 0x0000FF)) { $0[0, 1] = 29 }
        #expect(TerminalRenderer(look: .white).line(glass, top: 0) == "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀\u{1B}[0m")
    }
}
