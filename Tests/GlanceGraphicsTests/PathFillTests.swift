import Foundation
import GlanceGraphics
import Testing

@Suite struct PathFillTests {
    /// The five-pointed star drawn in one stroke, whose inner pentagon is wound twice.
    private func pentagram(center: PointF, radius: Double) -> Path {
        Path { path in
            for i in 0..<5 {
                let angle = (-90 + Double(i) * 144) * Double.pi / 180
                let point = PointF(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
            }
            path.closeSubpath()
        }
    }

    // MARK: - Fill rules

    @Test func nestedSquaresWithBothFillRules() {
        var squares = Path()
        squares.addRect(Rect(x: 0, y: 0, width: 8, height: 6))
        squares.addRect(Rect(x: 2, y: 2, width: 4, height: 2))
        #expect(ascii(width: 8, height: 6) { $0.fill(squares, value: 255, rule: .nonZero) } == """
        ########
        ########
        ########
        ########
        ########
        ########
        """)
        #expect(ascii(width: 8, height: 6) { $0.fill(squares, value: 255, rule: .evenOdd) } == """
        ########
        ########
        ##....##
        ##....##
        ########
        ########
        """)
        // Winding the inner square the other way punches a hole with either rule.
        var reversed = Path()
        reversed.addRect(Rect(x: 0, y: 0, width: 8, height: 6))
        reversed.addPolygon([PointF(x: 2, y: 2), PointF(x: 2, y: 4), PointF(x: 6, y: 4), PointF(x: 6, y: 2)])
        #expect(ascii(width: 8, height: 6) { $0.fill(reversed, value: 255, rule: .nonZero) }
            == ascii(width: 8, height: 6) { $0.fill(squares, value: 255, rule: .evenOdd) })
    }

    @Test func pentagramCentreDependsOnTheFillRule() {
        let star = pentagram(center: PointF(x: 16, y: 16.5), radius: 15)
        let nonZero = render(width: 32, height: 32) { $0.fill(star, value: 255, rule: .nonZero) }
        let evenOdd = render(width: 32, height: 32) { $0.fill(star, value: 255, rule: .evenOdd) }
        #expect(nonZero[16, 16] == 255)
        #expect(evenOdd[16, 16] == 0)
        // The rules only disagree inside the inner pentagon (circumradius 15 × 0.382 ≈ 5.7).
        let difference = Set(nonZero.litPixels()).subtracting(evenOdd.litPixels())
        #expect(Set(evenOdd.litPixels()).isSubset(of: nonZero.litPixels()))
        #expect(difference.count > 40)
        #expect(difference.allSatisfy { abs(Double($0.x) + 0.5 - 16) < 6 && abs(Double($0.y) + 0.5 - 16.5) < 6 })
        // The star's tips: top point and the two upper arms.
        #expect(nonZero[15, 3] == 255 && nonZero[16, 3] == 255 && nonZero[15, 1] == 0)
        #expect(nonZero == nonZero.mirroredHorizontally())
    }

    @Test func triangleWithCentreSampling() {
        let triangle = Path { $0.addPolygon([PointF(x: 0, y: 0), PointF(x: 6, y: 0), PointF(x: 0, y: 6)]) }
        #expect(ascii(width: 6, height: 6) { $0.fill(triangle, value: 255) } == """
        #####.
        ####..
        ###...
        ##....
        #.....
        ......
        """)
        #expect(ascii(width: 6, height: 6) { $0.fillPolygon([PointF(x: 0, y: 0), PointF(x: 6, y: 0), PointF(x: 0, y: 6)], value: 255) }
            == ascii(width: 6, height: 6) { $0.fill(triangle, value: 255) })
    }

    // MARK: - Curves

    @Test func curvesAreFlattenedCloseToTheTrueShape() {
        // A circle built from Béziers against the analytic disc, anti-aliased.
        var circle = Path()
        circle.addCircle(center: PointF(x: 12, y: 12), radius: 9.3)
        let fromPath = render(width: 24, height: 24, antialiasing: true) { $0.fill(circle, value: 255) }
        let analytic = render(width: 24, height: 24, antialiasing: true) { $0.fillCircle(center: PointF(x: 12, y: 12), radius: 9.3, value: 255) }
        let worst = zip(fromPath.pixels, analytic.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 8)
        // A quadratic curve closing a D shape: the bulge reaches halfway to its control point.
        var d = Path()
        d.move(to: PointF(x: 1, y: 1))
        d.addQuadCurve(to: PointF(x: 1, y: 9), control: PointF(x: 13, y: 5))
        d.closeSubpath()
        let shape = render(width: 10, height: 10) { $0.fill(d, value: 255) }
        #expect(shape.litBounds() == Rect(x: 1, y: 1, width: 6, height: 8))
        #expect(shape[6, 4] == 255 && shape[6, 5] == 255 && shape[7, 4] == 0)
    }

    @Test func arcsAreAddedAsCubicsWithTheirEndPoints() {
        var path = Path()
        path.addArc(center: PointF(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: 90)
        #expect(path.elements.count == 2)
        #expect(approximatelyEqual(path.currentPoint, PointF(x: 10, y: 15)))
        // Anticlockwise from 0° to 90° goes the long way round, through 270° (12 o'clock).
        var long = Path()
        long.addArc(center: PointF(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: 90, clockwise: false)
        #expect(long.elements.count == 4)
        #expect(approximatelyEqual(long.currentPoint, PointF(x: 10, y: 15)))
        guard case .curve(let to, _, _) = long.elements[1] else {
            Issue.record("expected a curve")
            return
        }
        #expect(approximatelyEqual(to, PointF(x: 10, y: 5)))
        // Continuing an existing subpath draws a line to the arc's start.
        var pie = Path()
        pie.move(to: PointF(x: 10, y: 10))
        pie.addArc(center: PointF(x: 10, y: 10), radius: 5, startAngle: -90, endAngle: 0)
        pie.closeSubpath()
        guard case .line(let start) = pie.elements[1] else {
            Issue.record("expected a line")
            return
        }
        #expect(approximatelyEqual(start, PointF(x: 10, y: 5)))
    }

    @Test func shapeBuildersAndBounds() {
        var path = Path()
        path.addRoundedRect(Rect(x: 2, y: 3, width: 10, height: 6), cornerRadius: 2)
        path.addEllipse(in: Rect(x: -4, y: 0, width: 4, height: 2))
        #expect(path.pixelBounds == Rect(minX: -4, minY: 0, maxX: 12, maxY: 9))
        #expect(path.offsetBy(dx: 0.5, dy: -1).pixelBounds == Rect(minX: -4, minY: -1, maxX: 13, maxY: 8))
        #expect(path.scaledBy(x: 2, y: 1).pixelBounds == Rect(minX: -8, minY: 0, maxX: 24, maxY: 9))
        #expect(Path().pixelBounds == .zero)
        // A rounded-rect path fills like the rounded-rect primitive in anti-aliased mode.
        var rounded = Path()
        rounded.addRoundedRect(Rect(x: 1, y: 1, width: 14, height: 9), cornerRadius: 3)
        let fromPath = render(width: 16, height: 11, antialiasing: true) { $0.fill(rounded, value: 255) }
        let primitive = render(width: 16, height: 11, antialiasing: true) {
            $0.fillRoundedRect(Rect(x: 1, y: 1, width: 14, height: 9), cornerRadius: 3, value: 255)
        }
        #expect(zip(fromPath.pixels, primitive.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 6 })
    }

    // MARK: - Strokes

    @Test func closedPathStrokeIsCentredOnThePath() {
        let rect = Path { $0.addPolygon([PointF(x: 1.5, y: 1.5), PointF(x: 5.5, y: 1.5), PointF(x: 5.5, y: 4.5), PointF(x: 1.5, y: 4.5)]) }
        #expect(ascii(width: 7, height: 6) { $0.stroke(rect, lineWidth: 1, value: 255) } == """
        .......
        .#####.
        .#...#.
        .#...#.
        .#####.
        .......
        """)
    }

    @Test func joins() {
        let corner = Path { $0.addLines([PointF(x: 2.5, y: 3.5), PointF(x: 9.5, y: 3.5), PointF(x: 9.5, y: 10.5)]) }
        let miter = ascii(width: 13, height: 12) { $0.stroke(corner, style: StrokeStyle(lineWidth: 3, lineJoin: .miter), value: 255) }
        #expect(miter == """
        .............
        .............
        ..#########..
        ..#########..
        ..#########..
        ........###..
        ........###..
        ........###..
        ........###..
        ........###..
        .............
        .............
        """)
        let bevel = render(width: 13, height: 12) { $0.stroke(corner, style: StrokeStyle(lineWidth: 3, lineJoin: .bevel), value: 255) }
        #expect(bevel[10, 2] == 0 && bevel[9, 2] == 255)
        #expect(bevel.litPixels().count == miter.filter { $0 == "#" }.count - 1)
        // A 90° miter is √2 long: a limit below that bevels.
        let limited = render(width: 13, height: 12) {
            $0.stroke(corner, style: StrokeStyle(lineWidth: 3, lineJoin: .miter, miterLimit: 1.4), value: 255)
        }
        #expect(limited == bevel)
        let round = render(width: 13, height: 12) { $0.stroke(corner, style: StrokeStyle(lineWidth: 3, lineJoin: .round), value: 255) }
        #expect(round[10, 2] == 255 && round[11, 2] == 0)
    }

    @Test func capsOnOpenPaths() {
        let line = Path { $0.addLines([PointF(x: 3, y: 2), PointF(x: 7, y: 2)]) }
        #expect(ascii(width: 10, height: 4) { $0.stroke(line, style: StrokeStyle(lineWidth: 2, lineCap: .butt), value: 255) } == """
        ..........
        ...####...
        ...####...
        ..........
        """)
        #expect(ascii(width: 10, height: 4) { $0.stroke(line, style: StrokeStyle(lineWidth: 2, lineCap: .square), value: 255) } == """
        ..........
        ..######..
        ..######..
        ..........
        """)
        // Round caps of radius 1 around (3, 2) and (7, 2) reach the pixels whose centres are within 1.
        #expect(ascii(width: 10, height: 4) { $0.stroke(line, style: StrokeStyle(lineWidth: 2, lineCap: .round), value: 255) } == """
        ..........
        ..######..
        ..######..
        ..........
        """)
        // A zero-length subpath is a dot with round caps and nothing with butt caps.
        let dot = Path { $0.move(to: PointF(x: 2.5, y: 2.5)); $0.addLine(to: PointF(x: 2.5, y: 2.5)) }
        #expect(render(width: 5, height: 5) { $0.stroke(dot, style: StrokeStyle(lineWidth: 3, lineCap: .round), value: 255) }.litPixels().count == 9)
        #expect(render(width: 5, height: 5) { $0.stroke(dot, style: StrokeStyle(lineWidth: 3, lineCap: .butt), value: 255) }.litPixels().isEmpty)
        // A closed two-point subpath has (bevelled) joins at its ends instead of caps.
        let closedLine = Path { $0.addPolygon([PointF(x: 2, y: 2.5), PointF(x: 7, y: 2.5)]) }
        #expect(ascii(width: 9, height: 5) { $0.stroke(closedLine, style: StrokeStyle(lineWidth: 2, lineCap: .square), value: 255) } == """
        .........
        ..#####..
        ..#####..
        .........
        .........
        """)
        // A lone move-to draws nothing at all.
        let moveOnly = Path { $0.move(to: PointF(x: 2.5, y: 2.5)) }
        #expect(render(width: 5, height: 5) { $0.stroke(moveOnly, style: StrokeStyle(lineWidth: 3, lineCap: .round), value: 255) }.litPixels().isEmpty)
    }

    // MARK: - Robustness

    @Test func invalidPathsDoNotCrash() {
        var bitmap = Bitmap(width: 8, height: 8, antialiasing: true)
        var path = Path()
        path.move(to: PointF(x: .nan, y: 1))
        path.addLine(to: PointF(x: 4, y: .infinity))
        path.addCurve(to: PointF(x: 1e300, y: -1e300), control1: PointF(x: .nan, y: .nan), control2: PointF(x: 2, y: 2))
        path.addQuadCurve(to: PointF(x: 3, y: 3), control: PointF(x: -1e308, y: 1e308))
        path.closeSubpath()
        bitmap.fill(path, value: 255)
        bitmap.fill(path, value: 255, rule: .evenOdd)
        bitmap.stroke(path, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round), value: 255)
        bitmap.stroke(path, style: StrokeStyle(lineWidth: .nan), value: 255)
        bitmap.stroke(path, style: StrokeStyle(lineWidth: 1e300, lineJoin: .miter, miterLimit: .infinity), value: 255)
        var empty = Bitmap(width: 0, height: 0)
        empty.fill(path, value: 255)
        empty.stroke(path, lineWidth: 3, value: 255)
        #expect(bitmap.width == 8)
    }

    @Test func fillsAreClippedAndTranslated() {
        let triangle = Path { $0.addPolygon([PointF(x: -4, y: -4), PointF(x: 8, y: -4), PointF(x: -4, y: 8)]) }
        #expect(ascii(width: 4, height: 4) { $0.fill(triangle, value: 255) } == """
        ###.
        ##..
        #...
        ....
        """)
        let text = ascii(width: 6, height: 4) { bitmap in
            bitmap.withRegion(Rect(x: 1, y: 1, width: 4, height: 2)) { $0.fill(triangle, value: 255) }
        }
        #expect(text == """
        ......
        .###..
        .##...
        ......
        """)
    }
}

private func approximatelyEqual(_ a: PointF?, _ b: PointF) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
}
