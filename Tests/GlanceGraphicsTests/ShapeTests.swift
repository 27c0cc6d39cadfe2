import GlanceGraphics
import Testing

@Suite struct ShapeTests {
    // MARK: - Rectangles

    @Test func rectangleFillAndOnePixelBorder() {
        #expect(ascii(width: 8, height: 6) { $0.fillRect(Rect(x: 1, y: 1, width: 6, height: 4), value: 255) } == """
        ........
        .######.
        .######.
        .######.
        .######.
        ........
        """)
        #expect(ascii(width: 8, height: 6) { $0.strokeRect(Rect(x: 1, y: 1, width: 6, height: 4), value: 255) } == """
        ........
        .######.
        .#....#.
        .#....#.
        .######.
        ........
        """)
        #expect(ascii(width: 6, height: 5) { $0.strokeRect(Rect(x: 0, y: 0, width: 6, height: 5), lineWidth: 2, value: 255) } == """
        ######
        ######
        ##..##
        ######
        ######
        """)
    }

    @Test func borderIsTheSameInAntialiasedMode() {
        let crisp = render(width: 8, height: 6) { $0.strokeRect(Rect(x: 1, y: 1, width: 6, height: 4), value: 200) }
        let smooth = render(width: 8, height: 6, antialiasing: true) { $0.strokeRect(Rect(x: 1, y: 1, width: 6, height: 4), value: 200) }
        #expect(crisp == smooth)
    }

    // MARK: - Rounded rectangles and capsules

    @Test func roundedRectangleCorners() {
        #expect(ascii(width: 10, height: 8) { $0.fillRoundedRect(Rect(x: 0, y: 0, width: 10, height: 8), cornerRadius: 3, value: 255) } == """
        ..######..
        .########.
        ##########
        ##########
        ##########
        ##########
        .########.
        ..######..
        """)
        #expect(ascii(width: 10, height: 8) { $0.strokeRoundedRect(Rect(x: 0, y: 0, width: 10, height: 8), cornerRadius: 3, value: 255) } == """
        ..######..
        .#......#.
        #........#
        #........#
        #........#
        #........#
        .#......#.
        ..######..
        """)
        #expect(ascii(width: 6, height: 4) { $0.fillRoundedRect(Rect(x: 0, y: 0, width: 6, height: 4), cornerRadius: 2, value: 255) } == """
        .####.
        ######
        ######
        .####.
        """)
    }

    @Test(arguments: [2.0, 3.0, 4.0, 5.0, 6.5, 9.0])
    func roundedCornersAreSymmetric(radius: Double) {
        for antialiasing in [false, true] {
            let filled = render(width: 21, height: 15, antialiasing: antialiasing) {
                $0.fillRoundedRect(Rect(x: 0, y: 0, width: 21, height: 15), cornerRadius: radius, value: 255)
            }
            #expect(filled == filled.mirroredHorizontally())
            #expect(filled == filled.mirroredVertically())
            let outlined = render(width: 21, height: 15, antialiasing: antialiasing) {
                $0.strokeRoundedRect(Rect(x: 0, y: 0, width: 21, height: 15), cornerRadius: radius, lineWidth: 2, value: 255)
            }
            #expect(outlined == outlined.mirroredHorizontally())
            #expect(outlined == outlined.mirroredVertically())
        }
    }

    @Test func capsules() {
        #expect(ascii(width: 14, height: 7) { $0.fillCapsule(Rect(x: 0, y: 0, width: 14, height: 7), value: 255) } == """
        ..##########..
        .############.
        ##############
        ##############
        ##############
        .############.
        ..##########..
        """)
        #expect(ascii(width: 14, height: 7) { $0.strokeCapsule(Rect(x: 0, y: 0, width: 14, height: 7), value: 255) } == """
        ..##########..
        .#..........#.
        #............#
        #............#
        #............#
        .#..........#.
        ..##########..
        """)
        // A vertical capsule is the transposed horizontal one.
        let wide = render(width: 14, height: 14) { $0.fillCapsule(Rect(x: 0, y: 3, width: 14, height: 7), value: 255) }
        let tall = render(width: 14, height: 14) { $0.fillCapsule(Rect(x: 3, y: 0, width: 7, height: 14), value: 255) }
        #expect(wide.transposed() == tall)
    }

    // MARK: - Circles and ellipses

    @Test(arguments: [
        (0, "#"),
        (1, """
        .#.
        ###
        .#.
        """),
        (2, """
        .###.
        #####
        #####
        #####
        .###.
        """),
        (3, """
        ..###..
        .#####.
        #######
        #######
        #######
        .#####.
        ..###..
        """),
        (4, """
        ...###...
        .#######.
        .#######.
        #########
        #########
        #########
        .#######.
        .#######.
        ...###...
        """),
        (5, """
        ...#####...
        ..#######..
        .#########.
        ###########
        ###########
        ###########
        ###########
        ###########
        .#########.
        ..#######..
        ...#####...
        """),
        (6, """
        ....#####....
        ...#######...
        ..#########..
        .###########.
        #############
        #############
        #############
        #############
        #############
        .###########.
        ..#########..
        ...#######...
        ....#####....
        """),
    ])
    func crispDiscs(radius: Int, expected: String) {
        let size = 2 * radius + 1
        #expect(ascii(width: size, height: size) { $0.fillCircle(center: Point(x: radius, y: radius), radius: radius, value: 255) } == expected)
    }

    @Test(arguments: [
        (1, """
        .#.
        #.#
        .#.
        """),
        (2, """
        .###.
        #...#
        #...#
        #...#
        .###.
        """),
        (3, """
        ..###..
        .#...#.
        #.....#
        #.....#
        #.....#
        .#...#.
        ..###..
        """),
        (4, """
        ...###...
        .##...##.
        .#.....#.
        #.......#
        #.......#
        #.......#
        .#.....#.
        .##...##.
        ...###...
        """),
        (6, """
        ....#####....
        ...#.....#...
        ..#.......#..
        .#.........#.
        #...........#
        #...........#
        #...........#
        #...........#
        #...........#
        .#.........#.
        ..#.......#..
        ...#.....#...
        ....#####....
        """),
    ])
    func crispRingsAreMidpointCircles(radius: Int, expected: String) {
        let size = 2 * radius + 1
        #expect(ascii(width: size, height: size) { $0.strokeCircle(center: Point(x: radius, y: radius), radius: radius, value: 255) } == expected)
    }

    @Test func radiusZeroRingIsOnePixelAndNegativeRadiusNothing() {
        #expect(ascii(width: 3, height: 3) { $0.strokeCircle(center: Point(x: 1, y: 1), radius: 0, value: 255) } == """
        ...
        .#.
        ...
        """)
        #expect(ascii(width: 3, height: 3) { $0.fillCircle(center: Point(x: 1, y: 1), radius: -1, value: 255) } == """
        ...
        ...
        ...
        """)
    }

    @Test func ellipseInRect() {
        #expect(ascii(width: 11, height: 7) { $0.fillEllipse(in: Rect(x: 0, y: 0, width: 11, height: 7), value: 255) } == """
        ...#####...
        .#########.
        ###########
        ###########
        ###########
        .#########.
        ...#####...
        """)
    }

    /// A border of 2 or more pixels plus the fill of the matching inset shape is exactly the
    /// filled shape, without overlap.
    @Test(arguments: [2, 3])
    func bordersTileWithInsetFills(lineWidth: Int) {
        let rects = [Rect(x: 0, y: 0, width: 17, height: 11), Rect(x: 1, y: 2, width: 12, height: 12), Rect(x: 0, y: 0, width: 9, height: 5)]
        for rect in rects {
            let inner = rect.insetBy(dx: lineWidth, dy: lineWidth)
            let w = Double(lineWidth)
            let cases: [(String, (inout Bitmap) -> Void, (inout Bitmap) -> Void, (inout Bitmap) -> Void)] = [
                ("ellipse",
                 { $0.fillEllipse(in: rect, value: 255) },
                 { $0.strokeEllipse(in: rect, lineWidth: w, value: 255) },
                 { $0.fillEllipse(in: inner, value: 255) }),
                ("rounded rect",
                 { $0.fillRoundedRect(rect, cornerRadius: 4.5, value: 255) },
                 { $0.strokeRoundedRect(rect, cornerRadius: 4.5, lineWidth: w, value: 255) },
                 { $0.fillRoundedRect(inner, cornerRadius: 4.5 - w, value: 255) }),
            ]
            for (name, fillWhole, strokeBorder, fillInner) in cases {
                let whole = render(width: 18, height: 15, fillWhole)
                let border = render(width: 18, height: 15, strokeBorder)
                let inside = render(width: 18, height: 15, fillInner)
                #expect(!border.litPixels().isEmpty, "\(name) \(rect) w\(lineWidth)")
                #expect(Set(border.litPixels()).isDisjoint(with: inside.litPixels()), "\(name) \(rect) w\(lineWidth)")
                #expect(Set(border.litPixels()).union(inside.litPixels()) == Set(whole.litPixels()), "\(name) \(rect) w\(lineWidth)")
            }
        }
    }

    /// A crisp 1-pixel border is exactly the fill's pixels that have a 4-neighbour outside the fill.
    @Test func onePixelBordersAreTheFillsBoundary() {
        for (w, h, radius) in [(17, 11, 4.0), (12, 12, 6.0), (9, 4, 2.0), (15, 9, 7.5), (13, 13, 6.5)] {
            let rect = Rect(x: 1, y: 1, width: w, height: h)
            let fill = render(width: 19, height: 15) { $0.fillRoundedRect(rect, cornerRadius: radius, value: 255) }
            let border = render(width: 19, height: 15) { $0.strokeRoundedRect(rect, cornerRadius: radius, value: 255) }
            var expected = Bitmap(width: 19, height: 15)
            for point in fill.litPixels() {
                let neighbours = [Point(x: point.x - 1, y: point.y), Point(x: point.x + 1, y: point.y),
                                  Point(x: point.x, y: point.y - 1), Point(x: point.x, y: point.y + 1)]
                if neighbours.contains(where: { fill[$0] == 0 }) { expected[point] = 255 }
            }
            #expect(border == expected, "\(rect) r\(radius)")
        }
    }

    @Test func discInContinuousCoordinatesMatchesTheGeometry() {
        // A disc of radius 2 centred on a pixel corner covers the 4×4 block minus its corners.
        #expect(ascii(width: 6, height: 6) { $0.fillCircle(center: PointF(x: 3, y: 3), radius: 2, value: 255) } == """
        ......
        ..##..
        .####.
        .####.
        ..##..
        ......
        """)
    }

    // MARK: - Clipping and translation

    @Test func shapesAreClippedAtEdgesAndNegativeCoordinates() {
        #expect(ascii(width: 3, height: 3) { $0.fillCircle(center: Point(x: 0, y: 0), radius: 2, value: 255) } == """
        ###
        ###
        ##.
        """)
        #expect(ascii(width: 5, height: 4) { $0.strokeRect(Rect(x: -2, y: -1, width: 5, height: 4), value: 255) } == """
        ..#..
        ..#..
        ###..
        .....
        """)
        #expect(ascii(width: 4, height: 4) { $0.fillEllipse(in: Rect(x: -7, y: -3, width: 11, height: 7), value: 255) } == """
        ####
        ####
        ###.
        #...
        """)
    }

    @Test func shapesRespectRegionsAndClips() {
        let text = ascii(width: 8, height: 5) { bitmap in
            bitmap.withRegion(Rect(x: 2, y: 1, width: 4, height: 3)) { region in
                region.fillCircle(center: Point(x: 0, y: 0), radius: 1, value: 255)
                region.drawLine(from: Point(x: -5, y: 2), to: Point(x: 10, y: 2), value: 255)
                region.fillRoundedRect(Rect(x: 3, y: -4, width: 10, height: 6), cornerRadius: 2, value: 255)
            }
        }
        #expect(text == """
        ........
        ..##.#..
        ..#.....
        ..####..
        ........
        """)
    }

    @Test func opacityBlendsWithWhatIsThere() {
        var bitmap = Bitmap(width: 2, height: 1, value: 100)
        bitmap.fillRect(Rect(x: 0, y: 0, width: 1, height: 1), value: 200, opacity: 128)
        #expect(bitmap.pixels == [150, 100])
    }

    @Test func hugeAndInvalidInputsDoNotCrash() {
        var bitmap = Bitmap(width: 8, height: 8, antialiasing: true)
        bitmap.fillCircle(center: Point(x: Int.max, y: Int.min), radius: Int.max, value: 255)
        #expect(bitmap.pixels.allSatisfy { $0 == 0 })
        bitmap.fillCircle(center: Point(x: 3, y: 3), radius: Int.max, value: 255)
        #expect(bitmap.pixels.allSatisfy { $0 == 255 })
        bitmap.fillRoundedRect(Rect(x: 0, y: 0, width: 8, height: 8), cornerRadius: .nan, value: 0)
        #expect(bitmap.pixels.allSatisfy { $0 == 0 })
        bitmap.strokeEllipse(in: Rect(x: 0, y: 0, width: 8, height: 8), lineWidth: .nan, value: 255)
        bitmap.strokeRect(Rect(x: 0, y: 0, width: 8, height: 8), lineWidth: -1, value: 255)
        bitmap.strokeRect(Rect(x: Int.max - 2, y: 0, width: 8, height: 8), lineWidth: 1, value: 255)
        bitmap.fillCircle(center: PointF(x: .infinity, y: 0), radius: 3, value: 255)
        bitmap.fillCircle(center: PointF(x: 1, y: 1), radius: .nan, value: 255)
        #expect(bitmap.pixels.allSatisfy { $0 == 0 })
        // An infinite corner radius is clamped like any other radius: a capsule.
        let clamped = render(width: 12, height: 6) { $0.fillRoundedRect(Rect(x: 0, y: 0, width: 12, height: 6), cornerRadius: .infinity, value: 255) }
        #expect(clamped == render(width: 12, height: 6) { $0.fillCapsule(Rect(x: 0, y: 0, width: 12, height: 6), value: 255) })
    }
}
