import GlanceGraphics
import Testing

@Suite struct BitmapTests {
    @Test func clipStackLimitsWrites() {
        var bitmap = Bitmap(width: 6, height: 4)
        bitmap.withClip(Rect(x: 1, y: 1, width: 3, height: 2)) { inner in
            inner.fill(Rect(x: -5, y: -5, width: 20, height: 20), value: 255)
            inner.withClip(Rect(x: 3, y: 0, width: 9, height: 9)) { $0.clear(128) }
        }
        bitmap.fill(Rect(x: 5, y: 3, width: 4, height: 4), value: 255)
        #expect(bitmap.asciiGray() == """
                  
             @@=  
             @@=  
                 @
            """)
    }

    @Test func regionsTranslateAndClip() {
        var bitmap = Bitmap(width: 6, height: 3)
        bitmap.withRegion(Rect(x: 2, y: 1, width: 3, height: 2)) { region in
            #expect(region.clipInDrawingSpace == Rect(x: 0, y: 0, width: 3, height: 2))
            region.fill(Rect(x: -1, y: 0, width: 3, height: 1), value: 255)
            region.blend(x: 2, y: 1, value: 255)
            region.blend(x: 3, y: 1, value: 255)   // outside the region: dropped
        }
        bitmap.blend(x: -1, y: 0, value: 255)      // outside the bitmap: dropped
        #expect(bitmap.ascii() == """
            ......
            ..##..
            ....#.
            """)
    }

    @Test func blitsBlendWithAlpha() {
        var bitmap = Bitmap(width: 3, height: 1, value: 100)
        let source = Bitmap(width: 2, height: 1, value: 200)
        bitmap.draw(source, at: Point(x: -1, y: 0), opacity: 128)
        #expect(bitmap.pixels == [150, 100, 100])
        let mask = Bitmap(width: 3, height: 1, pixels: [0, 255, 51])!
        bitmap.draw(mask: mask, at: .zero, value: 0)
        #expect(bitmap.pixels == [150, 0, 80])
        let alpha = Bitmap(width: 3, height: 1, pixels: [255, 0, 255])!
        bitmap.draw(Bitmap(width: 3, height: 1, value: 9), alpha: alpha, at: .zero)
        #expect(bitmap.pixels == [9, 0, 9])
    }

    @Test func croppingAndLitBounds() {
        var bitmap = Bitmap(width: 5, height: 5)
        bitmap[2, 1] = 255
        bitmap[3, 3] = 40
        #expect(bitmap.litBounds() == Rect(x: 2, y: 1, width: 2, height: 3))
        #expect(bitmap.litBounds(threshold: 50) == Rect(x: 2, y: 1, width: 1, height: 1))
        #expect(Bitmap(width: 3, height: 3).litBounds().isEmpty)
        let crop = bitmap.cropped(to: Rect(x: 1, y: -1, width: 3, height: 3))
        #expect(crop.pixels == [0, 0, 0, 0, 0, 0, 0, 255, 0])
    }
}
