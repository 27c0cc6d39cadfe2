import GlanceGraphics
import Testing

@Suite struct ArcTests {
    /// A quarter ring from 3 o'clock to 6 o'clock between radii 3.5 and 5.5 around (6, 6).
    private let quarterButt = """
        ............
        ............
        ............
        ............
        ............
        ............
        .........##.
        .........##.
        ........###.
        ......####..
        ......###...
        ............
        """

    @Test func quarterArcWithButtCapsEndsOnTheRadii() {
        let arc = render(width: 12, height: 12) {
            $0.strokeArc(center: PointF(x: 6, y: 6), radius: 4.5, startAngle: 0, endAngle: 90, lineWidth: 2, cap: .butt, value: 255)
        }
        #expect(arc.ascii() == quarterButt)
        // Drawing it the other way round (anticlockwise from 90° to 0°) covers the same pixels.
        let reversed = render(width: 12, height: 12) {
            $0.strokeArc(center: PointF(x: 6, y: 6), radius: 4.5, startAngle: 90, endAngle: 0, lineWidth: 2, cap: .butt, value: 255)
        }
        #expect(reversed == arc)
        #expect(arc == arc.transposed())
    }

    @Test func roundCapsAddHalfDiscsAtTheEnds() {
        let arc = render(width: 12, height: 12) {
            $0.strokeArc(center: PointF(x: 6, y: 6), radius: 4.5, startAngle: 0, endAngle: 90, lineWidth: 2, cap: .round, value: 255)
        }
        #expect(arc.ascii() == """
        ............
        ............
        ............
        ............
        ............
        ..........#.
        .........##.
        .........##.
        ........###.
        ......####..
        .....####...
        ............
        """)
    }

    @Test func squareCapsExtendAlongTheTangent() {
        let arc = render(width: 12, height: 12) {
            $0.strokeArc(center: PointF(x: 6, y: 6), radius: 4.5, startAngle: 0, endAngle: 90, lineWidth: 2, cap: .square, value: 255)
        }
        // The start extends upwards from 3 o'clock, the end leftwards from 6 o'clock, by 1 pixel.
        #expect(arc[9, 5] == 255 && arc[10, 5] == 255 && arc[9, 4] == 0)
        #expect(arc[5, 9] == 255 && arc[5, 10] == 255 && arc[4, 9] == 0)
        #expect(arc == arc.transposed())
    }

    @Test func gaugeRingIsSymmetricAndOpenAtTheBottom() {
        for antialiasing in [false, true] {
            let gauge = render(width: 48, height: 48, antialiasing: antialiasing) {
                $0.strokeArc(center: PointF(x: 24, y: 24), radius: 20, startAngle: 135, endAngle: 405, lineWidth: 4, cap: .round, value: 255)
            }
            #expect(gauge == gauge.mirroredHorizontally())
            let lit = { (x: Int, y: Int) in gauge[x, y] >= 128 }
            // Top, left and right of the ring are drawn at full thickness (radius 18...22).
            #expect((2..<6).allSatisfy { lit(23, $0) && lit(24, $0) && lit($0, 24) && lit(47 - $0, 24) })
            #expect(!lit(23, 1) && !lit(23, 6) && !lit(1, 24) && !lit(6, 24))
            // The bottom is open.
            #expect((30..<48).allSatisfy { !lit(24, $0) && !lit(23, $0) })
            // The round caps are centred on the 135° and 45° points, (24 ∓ 14.14, 38.14), radius 2.
            #expect(lit(9, 38) && lit(38, 38) && lit(11, 38) && lit(36, 38))
            #expect(!lit(9, 40) && !lit(38, 40) && !lit(11, 39) && !lit(36, 39))
        }
    }

    @Test func fullSweepIsAClosedRing() {
        let ring = render(width: 12, height: 12) {
            $0.strokeArc(center: PointF(x: 6, y: 6), radius: 4.5, startAngle: 30, endAngle: 390, lineWidth: 2, value: 255)
        }
        let sector = render(width: 12, height: 12) {
            $0.fillAnnularSector(center: PointF(x: 6, y: 6), innerRadius: 3.5, outerRadius: 5.5, startAngle: 0, endAngle: -720, value: 255)
        }
        #expect(ring == sector)
        #expect(ring == ring.transposed() && ring == ring.mirroredHorizontally() && ring == ring.mirroredVertically())
        // The bottom-right quadrant of the full ring is the quarter arc with butt caps.
        let quadrant = ring.cropped(to: Rect(x: 6, y: 6, width: 6, height: 6))
        let quarter = render(width: 12, height: 12) {
            $0.strokeArc(center: PointF(x: 6, y: 6), radius: 4.5, startAngle: 0, endAngle: 90, lineWidth: 2, cap: .butt, value: 255)
        }
        #expect(quadrant == quarter.cropped(to: Rect(x: 6, y: 6, width: 6, height: 6)))
    }

    @Test func annularSectorsAndPieSlices() {
        // The quarter between 12 o'clock (270°) and 3 o'clock (360°) of a disc of radius 4 at (4, 4).
        let pie = ascii(width: 8, height: 8) {
            $0.fillAnnularSector(center: PointF(x: 4, y: 4), innerRadius: 0, outerRadius: 4, startAngle: 270, endAngle: 360, value: 255)
        }
        #expect(pie == """
        ....##..
        ....###.
        ....####
        ....####
        ........
        ........
        ........
        ........
        """)
        let sector = render(width: 12, height: 12) {
            $0.fillAnnularSector(center: PointF(x: 6, y: 6), innerRadius: 3.5, outerRadius: 5.5, startAngle: 0, endAngle: 90, value: 255)
        }
        #expect(sector.ascii() == quarterButt)
        #expect(ascii(width: 8, height: 8) {
            $0.fillAnnularSector(center: PointF(x: 4, y: 4), innerRadius: 4, outerRadius: 2, startAngle: 0, endAngle: 90, value: 255)
        }.allSatisfy { $0 != "#" })
    }

    @Test func arcsAreClippedAndIgnoreInvalidInput() {
        var bitmap = Bitmap(width: 6, height: 6)
        bitmap.strokeArc(center: PointF(x: 0, y: 0), radius: 4.5, startAngle: -180, endAngle: 180, lineWidth: 2, value: 255)
        #expect(bitmap.ascii() == """
        ...##.
        ...##.
        ..###.
        ####..
        ###...
        ......
        """)
        bitmap.strokeArc(center: PointF(x: .nan, y: 0), radius: 3, startAngle: 0, endAngle: 90, lineWidth: 2, value: 0)
        bitmap.strokeArc(center: PointF(x: 3, y: 3), radius: .infinity, startAngle: 0, endAngle: 90, lineWidth: 2, value: 0)
        bitmap.strokeArc(center: PointF(x: 3, y: 3), radius: 2, startAngle: 0, endAngle: .infinity, lineWidth: 2, value: 0)
        bitmap.strokeArc(center: PointF(x: 3, y: 3), radius: 2, startAngle: 0, endAngle: 90, lineWidth: 0, value: 0)
        bitmap.fillAnnularSector(center: PointF(x: 3, y: 3), innerRadius: -1, outerRadius: .nan, startAngle: 0, endAngle: 90, value: 0)
        #expect(bitmap.litPixels().count == 14)
        // Huge values are clamped (here to a ring far larger than the bitmap), never a crash.
        var huge = Bitmap(width: 4, height: 4, antialiasing: true)
        huge.strokeArc(center: PointF(x: 1e300, y: -1e300), radius: 1e300, startAngle: 0, endAngle: 1e300, lineWidth: 1e300, value: 255)
        huge.fillAnnularSector(center: PointF(x: 2, y: 2), innerRadius: 0, outerRadius: 1e300, startAngle: -1e300, endAngle: 10, value: 255)
        #expect(huge.pixels.allSatisfy { $0 == 255 })
    }
}
