import GlanceGraphics
import Testing

@Suite struct ToneTests {
    @Test func thresholdSplitsAtTheGivenLevel() {
        let ramp = Bitmap(width: 4, height: 1, pixels: [0, 127, 128, 255])!
        #expect(ramp.monochrome(.threshold).pixels == [0, 0, 255, 255])
        #expect(ramp.monochrome(.threshold, threshold: 200).pixels == [0, 0, 0, 255])
    }

    @Test func orderedDitherPatterns() {
        #expect(Bitmap(width: 8, height: 8, value: 0).monochrome().ascii().contains("#") == false)
        #expect(Bitmap(width: 8, height: 8, value: 255).monochrome().ascii().contains(".") == false)
        #expect(Bitmap(width: 8, height: 4, value: 128).monochrome().ascii() == """
            #.#.#.#.
            .#.#.#.#
            #.#.#.#.
            .#.#.#.#
            """)
        #expect(Bitmap(width: 8, height: 4, value: 64).monochrome().ascii() == """
            #.#.#.#.
            ........
            #.#.#.#.
            ........
            """)
        // Each of the 65 levels lights its share of an 8×8 tile.
        for level in stride(from: 0, through: 255, by: 17) {
            let lit = Bitmap(width: 8, height: 8, value: UInt8(level)).monochrome().pixels.filter { $0 == 255 }.count
            #expect(abs(lit - level * 64 / 255) <= 1, "level \(level) lit \(lit)")
        }
    }

    /// Every gray level on every cell of the matrix lights exactly as the rule says
    /// (L*64/255, rounded, above the Bayer entry); the conversion compares with thresholds.
    @Test func orderedDitherFollowsTheRuleForEveryLevelAndCell() {
        let bayer: [Int] = [0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38,
                            60, 28, 52, 20, 62, 30, 54, 22, 3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
                            15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21]
        for level in 0...255 {
            // 11 × 9 pixels: the pattern wraps around both ways.
            let pixels = Bitmap(width: 11, height: 9, value: UInt8(level)).monochrome().pixels
            let expected = (0..<(11 * 9)).map { index -> UInt8 in
                let (x, y) = (index % 11, index / 11)
                return (level * 64 + 127) / 255 > bayer[(y & 7) * 8 + (x & 7)] ? 255 : 0
            }
            #expect(pixels == expected, "gray \(level)")
        }
    }

    @Test func ditherIsAnchoredToTheBitmap() {
        // The same tone over the same area gives the same pixels wherever it is drawn from.
        var a = Bitmap(width: 16, height: 8)
        a.fill(Rect(x: 3, y: 0, width: 8, height: 8), value: 153)
        var b = Bitmap(width: 16, height: 8)
        b.fill(Rect(x: 3, y: 0, width: 4, height: 8), value: 153)
        b.fill(Rect(x: 7, y: 0, width: 4, height: 8), value: 153)
        #expect(a.monochrome() == b.monochrome())
    }

    @Test func gray4QuantizesToSixteenLevels() {
        let ramp = Bitmap(width: 6, height: 1, pixels: [0, 8, 9, 128, 247, 255])!
        #expect(ramp.quantizedToGray4().pixels == [0, 0, 17, 136, 255, 255])
        #expect(Set(Bitmap(width: 256, height: 1, pixels: (0...255).map(UInt8.init))!.converted(to: .gray4).pixels).count == 16)
        #expect(PixelFormat.mono1.levels == 2 && PixelFormat.gray4.bitsPerPixel == 4)
    }
}
