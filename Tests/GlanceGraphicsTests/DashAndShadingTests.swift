import Testing
@testable import GlanceGraphics

@Suite struct DashAndShadingTests {
    private func rectangle(x: Double, y: Double, width: Double, height: Double) -> Path {
        var path = Path()
        path.move(to: PointF(x: x, y: y))
        path.addLine(to: PointF(x: x + width, y: y))
        path.addLine(to: PointF(x: x + width, y: y + height))
        path.addLine(to: PointF(x: x, y: y + height))
        path.closeSubpath()
        return path
    }

    private func line(width: Int, style: StrokeStyle) -> String {
        var bitmap = Bitmap(width: width, height: 1)
        var path = Path()
        path.move(to: PointF(x: 0, y: 0.5))
        path.addLine(to: PointF(x: Double(width), y: 0.5))
        bitmap.stroke(path, style: style, value: 255)
        return bitmap.ascii()
    }

    @Test func dashesAlternateOnAndOff() {
        #expect(line(width: 9, style: StrokeStyle(lineWidth: 1, dash: [2, 1])) == "##.##.##.")
        // The phase starts the walk one pixel into the pattern.
        #expect(line(width: 9, style: StrokeStyle(lineWidth: 1, dash: [2, 1], dashPhase: 1)) == "#.##.##.#")
        // An odd pattern repeats so on and off alternate: 1 on, 2 off, 1 on, 1 off, 2 on…
        #expect(line(width: 10, style: StrokeStyle(lineWidth: 1, dash: [1, 2, 1])) == "#..#.##.#.")
    }

    @Test func unusablePatternsDrawSolid() {
        #expect(line(width: 6, style: StrokeStyle(lineWidth: 1, dash: [0, 0])) == "######")
        #expect(line(width: 6, style: StrokeStyle(lineWidth: 1, dash: [2, -1])) == "######")
    }

    @Test func dashedRectangleHasGapsOnEverySide() {
        var bitmap = Bitmap(width: 8, height: 8)
        bitmap.stroke(rectangle(x: 0.5, y: 0.5, width: 7, height: 7), style: StrokeStyle(lineWidth: 1, dash: [2, 2]), value: 255)
        // Clockwise from the top-left corner: 2 on, 2 off all the way round (28 pixels).
        #expect(bitmap.ascii() == """
            ##..##..
            .......#
            #......#
            #.......
            ........
            .......#
            #......#
            #..##...
            """)
    }

    @Test func linearShadingRampsAcrossTheFill() {
        var bitmap = Bitmap(width: 4, height: 1)
        let shading = Shading(.linear(from: PointF(x: 0, y: 0), to: PointF(x: 4, y: 0)),
                              stops: [.init(location: 0, level: 0), .init(location: 1, level: 255)])
        bitmap.fill(rectangle(x: 0, y: 0, width: 4, height: 1), shading: shading)
        // Sampled at pixel centres: 1/8, 3/8, 5/8, 7/8 of the way.
        #expect(bitmap.pixels == [32, 96, 159, 223])
    }

    @Test func radialAndAngularShadingsFollowTheirGeometry() {
        let radial = Shading(.radial(center: PointF(x: 0, y: 0), startRadius: 0, endRadius: 10),
                             stops: [.init(location: 0, level: 255), .init(location: 1, level: 0)])
        #expect(radial.sample(x: 0, y: 0).level == 255)
        #expect(radial.sample(x: 5, y: 0).level == 128)
        #expect(radial.sample(x: 0, y: 20).level == 0)
        let angular = Shading(.angular(center: PointF(x: 0, y: 0), startAngle: 0, endAngle: 360),
                              stops: [.init(location: 0, level: 0), .init(location: 1, level: 200)])
        // Clockwise on screen from 3 o'clock: 6 o'clock is a quarter of the way, 12 o'clock three quarters.
        #expect(angular.sample(x: 0, y: 5).level == 50)
        #expect(angular.sample(x: 0, y: -5).level == 150)
    }

    @Test func strokeWithShadingPaintsOnlyTheStroke() {
        var bitmap = Bitmap(width: 4, height: 3)
        var path = Path()
        path.move(to: PointF(x: 0, y: 1.5))
        path.addLine(to: PointF(x: 4, y: 1.5))
        let shading = Shading(.linear(from: PointF(x: 0, y: 0), to: PointF(x: 4, y: 0)), stops: [.init(location: 0, level: 200), .init(location: 1, level: 200)])
        bitmap.stroke(path, style: StrokeStyle(lineWidth: 1), shading: shading)
        #expect(bitmap.pixels == [0, 0, 0, 0, 200, 200, 200, 200, 0, 0, 0, 0])
    }
}
