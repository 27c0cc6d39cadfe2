import GlanceGraphics
import Testing

@Suite struct GeometryTests {
    @Test func halfOpenRectangles() {
        let r = Rect(x: 2, y: 3, width: 4, height: 5)
        #expect(r.maxX == 6 && r.maxY == 8)
        #expect(r.contains(Point(x: 5, y: 7)))
        #expect(!r.contains(Point(x: 6, y: 7)))
        #expect(r.intersection(Rect(x: 6, y: 0, width: 3, height: 3)).isEmpty)
        #expect(r.intersection(Rect(x: 4, y: 4, width: 10, height: 1)) == Rect(x: 4, y: 4, width: 2, height: 1))
        #expect(r.union(.zero) == r)
        #expect(Size(width: -3, height: 2) == Size(width: 0, height: 2))
    }

    @Test func insets() {
        let r = Rect(x: 0, y: 0, width: 10, height: 6)
        #expect(r.inset(by: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)) == Rect(x: 2, y: 1, width: 4, height: 2))
        #expect(r.insetBy(dx: 6, dy: 0).isEmpty)
    }
}
