import GlanceGraphics
import Testing

@Suite struct AntialiasingTests {
    private func polygon(_ points: [(Double, Double)]) -> Path {
        Path { $0.addPolygon(points.map { PointF(x: $0.0, y: $0.1) }) }
    }

    @Test func partialCoverageBecomesGray() {
        // Right half, bottom half, a quarter and a diagonal half of a pixel.
        let horizontal = render(width: 3, height: 1, antialiasing: true) { $0.fill(polygon([(0, 0), (2.5, 0), (2.5, 1), (0, 1)]), value: 255) }
        #expect(horizontal.pixels == [255, 255, 128])
        let vertical = render(width: 1, height: 2, antialiasing: true) { $0.fill(polygon([(0, 0), (1, 0), (1, 1.5), (0, 1.5)]), value: 255) }
        #expect(vertical.pixels == [255, 128])
        let quarter = render(width: 2, height: 2, antialiasing: true) { $0.fill(polygon([(0.5, 0.5), (1.5, 0.5), (1.5, 1.5), (0.5, 1.5)]), value: 255) }
        #expect(quarter.pixels == [64, 64, 64, 64])
        let diagonal = render(width: 1, height: 1, antialiasing: true) { $0.fill(polygon([(0, 0), (1, 0), (0, 1)]), value: 255) }
        #expect(diagonal.pixels == [128])
    }

    @Test func crispModeSamplesCentresOfTheSameShapes() {
        let horizontal = render(width: 3, height: 1) { $0.fill(polygon([(0, 0), (2.4, 0), (2.4, 1), (0, 1)]), value: 255) }
        #expect(horizontal.pixels == [255, 255, 0])
        let wider = render(width: 3, height: 1) { $0.fill(polygon([(0, 0), (2.6, 0), (2.6, 1), (0, 1)]), value: 255) }
        #expect(wider.pixels == [255, 255, 255])
    }

    @Test func coverageCombinesWithOpacityAndBackground() {
        var bitmap = Bitmap(width: 2, height: 1, value: 100, antialiasing: true)
        bitmap.fill(polygon([(0, 0), (1.5, 0), (1.5, 1), (0, 1)]), value: 200, opacity: 128)
        // Pixel 0: opacity 128 → halfway; pixel 1: coverage 128 × opacity 128 → a quarter of the way.
        #expect(bitmap.pixels == [150, 125])
        var dark = Bitmap(width: 1, height: 1, value: 255, antialiasing: true)
        dark.fill(polygon([(0, 0), (1, 0), (1, 0.5), (0, 0.5)]), value: 0)
        #expect(dark.pixels == [127])
    }

    @Test func thinAndStraddlingLines() {
        // A 1-pixel line along a pixel boundary half-covers the two rows it straddles.
        let straddling = render(width: 4, height: 3, antialiasing: true) {
            $0.strokeLine(from: PointF(x: 0, y: 1), to: PointF(x: 4, y: 1), value: 255)
        }
        #expect(straddling.pixels == [128, 128, 128, 128, 128, 128, 128, 128, 0, 0, 0, 0])
        let hairline = render(width: 3, height: 3, antialiasing: true) {
            $0.strokeLine(from: PointF(x: 0, y: 1.5), to: PointF(x: 3, y: 1.5), lineWidth: 0.5, value: 255)
        }
        // Half a pixel wide, centred in row 1: half of each pixel of that row.
        #expect(hairline.pixels == [0, 0, 0, 128, 128, 128, 0, 0, 0])
        // Pixel-addressed lines along an axis are exact whole pixels even when anti-aliased.
        let pixelLine = render(width: 5, height: 3, antialiasing: true) {
            $0.drawLine(from: Point(x: 0, y: 1), to: Point(x: 3, y: 1), value: 255)
        }
        #expect(pixelLine.pixels == [0, 0, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0])
    }

    @Test func discCoverageAddsUpToItsArea() {
        let radius = 7.3
        let disc = render(width: 20, height: 20, antialiasing: true) {
            $0.fillCircle(center: PointF(x: 10.2, y: 9.7), radius: radius, value: 255)
        }
        let area = disc.pixels.reduce(0.0) { $0 + Double($1) / 255 }
        #expect(abs(area - Double.pi * radius * radius) < 0.3)
        #expect(disc[10, 10] == 255 && disc[0, 0] == 0)
        // Edge pixels are gray, and a pixel straddling the edge gets about half.
        #expect(disc.pixels.contains { $0 > 0 && $0 < 255 })
        let edge = disc[2, 9]  // x from 2 to 3 around 10.2 − 7.3 = 2.9, y 9...10.
        #expect(edge > 10 && edge < 60)
    }

    @Test func ringCoverageIsSymmetric() {
        let ring = render(width: 24, height: 24, antialiasing: true) {
            $0.strokeArc(center: PointF(x: 12, y: 12), radius: 8.4, startAngle: 0, endAngle: 360, lineWidth: 2.3, value: 255)
        }
        #expect(ring == ring.mirroredHorizontally() && ring == ring.mirroredVertically())
        // Coverage is exact across a row but sampled on 16 sub-scanlines down a column, so the
        // diagonal mirror image may differ slightly.
        let transposed = ring.transposed()
        #expect(zip(ring.pixels, transposed.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 2 })
        let area = ring.pixels.reduce(0.0) { $0 + Double($1) / 255 }
        #expect(abs(area - 2 * Double.pi * 8.4 * 2.3) < 0.3)
    }

    @Test func antialiasedDrawingRespectsTheClip() {
        var bitmap = Bitmap(width: 10, height: 10, value: 50, antialiasing: true)
        bitmap.withRegion(Rect(x: 2, y: 2, width: 4, height: 4)) { region in
            region.fillCircle(center: PointF(x: 2, y: 2), radius: 5.5, value: 255)
            region.strokeArc(center: PointF(x: -3, y: -3), radius: 20, startAngle: 0, endAngle: 90, lineWidth: 3, value: 255)
        }
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (2..<6).contains(y)
                #expect((bitmap[x, y] == 255) == inside, "(\(x), \(y))")
            }
        }
    }
}
