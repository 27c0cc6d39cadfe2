import GlanceGraphics
import Testing

@Suite struct LineTests {
    // MARK: - 1-pixel Bresenham lines

    /// Each shallow or steep line is tested from both ends, which covers all eight octants.
    @Test(arguments: [
        (Point(x: 0, y: 0), Point(x: 6, y: 2), """
        ##.....
        ..###..
        .....##
        """),
        (Point(x: 6, y: 0), Point(x: 0, y: 2), """
        .....##
        ..###..
        ##.....
        """),
        (Point(x: 0, y: 0), Point(x: 2, y: 6), """
        #..
        #..
        .#.
        .#.
        .#.
        ..#
        ..#
        """),
        (Point(x: 2, y: 0), Point(x: 0, y: 6), """
        ..#
        ..#
        .#.
        .#.
        .#.
        #..
        #..
        """),
    ])
    func bresenhamOctants(a: Point, b: Point, expected: String) {
        let width = max(a.x, b.x) + 1, height = max(a.y, b.y) + 1
        #expect(ascii(width: width, height: height) { $0.drawLine(from: a, to: b, value: 255) } == expected)
        #expect(ascii(width: width, height: height) { $0.drawLine(from: b, to: a, value: 255) } == expected)
    }

    @Test func axisAlignedAndDiagonalLines() {
        #expect(ascii(width: 5, height: 5) { bitmap in
            bitmap.drawLine(from: Point(x: 0, y: 0), to: Point(x: 4, y: 4), value: 255)
            bitmap.drawLine(from: Point(x: 4, y: 0), to: Point(x: 0, y: 0), value: 255)
            bitmap.drawLine(from: Point(x: 0, y: 4), to: Point(x: 0, y: 2), value: 255)
        } == """
        #####
        .#...
        #.#..
        #..#.
        #...#
        """)
        #expect(ascii(width: 3, height: 3) { $0.drawLine(from: Point(x: 1, y: 1), to: Point(x: 1, y: 1), value: 255) } == """
        ...
        .#.
        ...
        """)
    }

    @Test func tiesRoundTowardsPositiveYWhicheverEndComesFirst() {
        let expected = """
        ##...
        ..###
        """
        #expect(ascii(width: 5, height: 2) { $0.drawLine(from: Point(x: 0, y: 0), to: Point(x: 4, y: 1), value: 255) } == expected)
        #expect(ascii(width: 5, height: 2) { $0.drawLine(from: Point(x: 4, y: 1), to: Point(x: 0, y: 0), value: 255) } == expected)
    }

    @Test func randomLinesHaveOnePixelPerMajorStepAndDoNotDependOnDirection() {
        var random = TestRandom(seed: 7)
        for _ in 0..<200 {
            let a = Point(x: random.next(in: 0...19), y: random.next(in: 0...19))
            let b = Point(x: random.next(in: 0...19), y: random.next(in: 0...19))
            let forward = render(width: 20, height: 20) { $0.drawLine(from: a, to: b, value: 255) }
            let backward = render(width: 20, height: 20) { $0.drawLine(from: b, to: a, value: 255) }
            #expect(forward == backward, "\(a) → \(b)")
            let lit = forward.litPixels()
            #expect(lit.count == max(abs(b.x - a.x), abs(b.y - a.y)) + 1, "\(a) → \(b)")
            #expect(forward[a] == 255 && forward[b] == 255, "\(a) → \(b)")
            // 8-connected: every pixel but the ends has a lit neighbour on both sides along the line.
            let steep = abs(b.y - a.y) > abs(b.x - a.x)
            let majors = Set(lit.map { steep ? $0.y : $0.x })
            #expect(majors.count == lit.count, "\(a) → \(b)")
        }
    }

    // MARK: - Wide lines and caps

    @Test func wideHorizontalLines() {
        #expect(ascii(width: 8, height: 5) { $0.drawLine(from: Point(x: 1, y: 2), to: Point(x: 6, y: 2), width: 3, value: 255) } == """
        ........
        .######.
        .######.
        .######.
        ........
        """)
        // Even widths put the extra row towards −y.
        #expect(ascii(width: 8, height: 5) { $0.drawLine(from: Point(x: 6, y: 2), to: Point(x: 1, y: 2), width: 2, value: 255) } == """
        ........
        .######.
        .######.
        ........
        ........
        """)
        #expect(ascii(width: 5, height: 7) { $0.drawLine(from: Point(x: 2, y: 1), to: Point(x: 2, y: 5), width: 2, value: 255) } == """
        .....
        .##..
        .##..
        .##..
        .##..
        .##..
        .....
        """)
    }

    @Test func squareCapsExtendByHalfTheWidth() {
        #expect(ascii(width: 10, height: 5) { $0.drawLine(from: Point(x: 3, y: 2), to: Point(x: 6, y: 2), width: 3, cap: .square, value: 255) } == """
        ..........
        ..######..
        ..######..
        ..######..
        ..........
        """)
    }

    @Test func roundCapsAreDiscsOnTheEndPixels() {
        #expect(ascii(width: 17, height: 9) { $0.drawLine(from: Point(x: 4, y: 4), to: Point(x: 10, y: 4), width: 5, cap: .round, value: 255) } == """
        .................
        .................
        ...#########.....
        ..###########....
        ..###########....
        ..###########....
        ...#########.....
        .................
        .................
        """)
        // A zero-length round line is a dot of the line's width.
        #expect(ascii(width: 7, height: 7) { $0.drawLine(from: Point(x: 3, y: 3), to: Point(x: 3, y: 3), width: 5, cap: .round, value: 255) } == """
        .......
        ..###..
        .#####.
        .#####.
        .#####.
        ..###..
        .......
        """)
    }

    @Test func wideDiagonalLineIsSymmetric() {
        let line = render(width: 12, height: 12) { $0.drawLine(from: Point(x: 2, y: 2), to: Point(x: 9, y: 9), width: 3, value: 255) }
        #expect(line == line.transposed())
        #expect(line == line.mirroredHorizontally().mirroredVertically())
        #expect(line[2, 2] == 255 && line[9, 9] == 255 && line[5, 5] == 255)
        #expect(line[2, 9] == 0 && line[9, 2] == 0)
        // Three pixels across the band on the anti-diagonal through the middle pixel.
        #expect((1..<12).filter { line[$0, 12 - $0] == 255 } == [5, 6, 7])
    }

    @Test func strokeLineUsesContinuousCoordinates() {
        // A 1-pixel line along y = 2.5 covers row 2 from x = 1 up to (not including) x = 5.
        #expect(ascii(width: 7, height: 4) { $0.strokeLine(from: PointF(x: 1, y: 2.5), to: PointF(x: 5, y: 2.5), value: 255) } == """
        .......
        .......
        .####..
        .......
        """)
        #expect(ascii(width: 7, height: 4) { $0.strokeLine(from: PointF(x: 1, y: 2), to: PointF(x: 5, y: 2), lineWidth: 2, cap: .square, value: 255) } == """
        .......
        ######.
        ######.
        .......
        """)
    }

    // MARK: - Clipping

    @Test func linesAreClippedAtEdgesAndNegativeCoordinates() {
        #expect(ascii(width: 4, height: 4) { $0.drawLine(from: Point(x: -3, y: -3), to: Point(x: 6, y: 6), value: 255) } == """
        #...
        .#..
        ..#.
        ...#
        """)
        #expect(ascii(width: 4, height: 3) { $0.drawLine(from: Point(x: -10, y: 1), to: Point(x: 10, y: 1), width: 3, cap: .round, value: 255) } == """
        ####
        ####
        ####
        """)
    }

    @Test func hugeCoordinatesDoNotCrash() {
        var bitmap = Bitmap(width: 8, height: 8)
        bitmap.drawLine(from: Point(x: Int.min, y: 0), to: Point(x: Int.max, y: 0), value: 255)
        bitmap.drawLine(from: Point(x: 0, y: Int.max), to: Point(x: 3, y: 3), width: 4, cap: .round, value: 255)
        bitmap.strokeLine(from: PointF(x: .nan, y: 0), to: PointF(x: 4, y: 4), value: 255)
        bitmap.strokeLine(from: PointF(x: -.infinity, y: 1), to: PointF(x: .infinity, y: 1), lineWidth: .infinity, value: 255)
        bitmap.drawLine(from: Point(x: 0, y: 0), to: Point(x: 7, y: 7), width: 0, value: 255)
        #expect(bitmap[3, 0] == 255)
    }
}
