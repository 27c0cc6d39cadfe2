import GlanceGraphics
import Testing

@Suite struct SVGPathTests {
    private func p(_ x: Double, _ y: Double) -> PointF { PointF(x: x, y: y) }

    @Test func absoluteCommands() throws {
        let path = try Path(svgPathData: "M1 2 L3 4 H5 V6 Z")
        #expect(path.elements == [.move(to: p(1, 2)), .line(to: p(3, 4)), .line(to: p(5, 4)), .line(to: p(5, 6)), .closeSubpath])
    }

    @Test func relativeCommandsAndSubpathStart() throws {
        let path = try Path(svgPathData: "m1 2 l3 4 h5 v-6 z m1 1 l1 0")
        #expect(path.elements == [
            .move(to: p(1, 2)), .line(to: p(4, 6)), .line(to: p(9, 6)), .line(to: p(9, 0)), .closeSubpath,
            // After z the current point is the subpath start, so m1 1 is relative to (1, 2).
            .move(to: p(2, 3)), .line(to: p(3, 3)),
        ])
    }

    @Test func implicitRepeatsAndPackedNumbers() throws {
        // Extra pairs after a move are line-tos; "-" and a second "." start new numbers.
        #expect(try Path(svgPathData: "M0,0 10,0 10,10").elements == [.move(to: p(0, 0)), .line(to: p(10, 0)), .line(to: p(10, 10))])
        #expect(try Path(svgPathData: "m1 1 2 2").elements == [.move(to: p(1, 1)), .line(to: p(3, 3))])
        #expect(try Path(svgPathData: "M.5-1.5.5.5").elements == [.move(to: p(0.5, -1.5)), .line(to: p(0.5, 0.5))])
        #expect(try Path(svgPathData: "M0 0h1 2 3").elements == [.move(to: p(0, 0)), .line(to: p(1, 0)), .line(to: p(3, 0)), .line(to: p(6, 0))])
        #expect(try Path(svgPathData: "M1e1 2E-1").elements == [.move(to: p(10, 0.2))])
    }

    @Test func smoothCurvesReflectTheLastControlPoint() throws {
        let cubic = try Path(svgPathData: "M0 0 C0 5 5 10 10 10 S20 5 20 0")
        #expect(cubic.elements.last == .curve(to: p(20, 0), control1: p(15, 10), control2: p(20, 5)))
        let quad = try Path(svgPathData: "M0 0 Q5 10 10 0 T20 0")
        #expect(quad.elements.last == .quadCurve(to: p(20, 0), control: p(15, -10)))
        // Without a previous curve of the same kind the control point is the current point.
        #expect(try Path(svgPathData: "M1 1 T3 3").elements.last == .quadCurve(to: p(3, 3), control: p(1, 1)))
    }

    @Test func packedArcFlags() throws {
        // a rx ry rotation large-arc sweep dx dy, with the flags and dx packed as "0110".
        let packed = try Path(svgPathData: "M0 0 a1 1 0 0110 10")
        let spaced = try Path(svgPathData: "M0 0 a1 1 0 0 1 10 10")
        #expect(packed == spaced)
        #expect(packed.currentPoint == p(10, 10))
        // Radii too small are scaled up to a half circle: two quarter-circle cubics.
        #expect(packed.elements.count == 3)
    }

    @Test func arcsBecomeAccurateCubics() throws {
        // A quarter of the circle of radius 10 around the origin, clockwise on screen.
        let path = try Path(svgPathData: "M10 0 A10 10 0 0 1 0 10")
        guard case .curve(let end, let c1, let c2) = path.elements.last, path.elements.count == 2 else {
            Issue.record("expected one cubic, got \(path.elements)")
            return
        }
        #expect(end == p(0, 10))
        let t = 0.5, u = 1 - t
        let mid = PointF(x: u * u * u * 10 + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x,
                         y: 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * 10)
        #expect(abs((mid.x * mid.x + mid.y * mid.y).squareRoot() - 10) < 0.01)
        #expect(mid.x > 0 && mid.y > 0)
        // The other sweep goes the long way round the other centre: three quarters, three cubics.
        #expect(try Path(svgPathData: "M10 0 A10 10 0 1 0 0 10").elements.count == 4)
        // A zero radius is a straight line; an arc to the current point draws nothing.
        #expect(try Path(svgPathData: "M0 0 A0 5 0 0 1 4 4").elements == [.move(to: p(0, 0)), .line(to: p(4, 4))])
        #expect(try Path(svgPathData: "M3 3 A5 5 0 0 1 3 3").elements == [.move(to: p(3, 3))])
    }

    @Test func malformedDataThrowsWithAnOffset() {
        func failure(_ data: String) -> SVGPathError? {
            do { _ = try Path(svgPathData: data); return nil } catch let error as SVGPathError { return error } catch { return nil }
        }
        #expect(failure("L1 2") == SVGPathError(offset: 0, message: "path data must start with a move (M or m)"))
        #expect(failure("M1") == SVGPathError(offset: 2, message: "expected a number after 'M', found the end"))
        #expect(failure("M1 2 L3 x")?.offset == 8)
        #expect(failure("M1 2 X3 4")?.message == "unexpected character 'X'")
        #expect(failure("M0 0 A1 1 0 2 0 3 3")?.message == "expected an arc flag (0 or 1) after 'A'")
        #expect(failure("M0 0 Z 1 2")?.message == "unexpected character '1'")
        #expect(failure("M1e999 0")?.message == "number '1e999' is out of range")
        #expect(failure("") == nil)
        #expect(failure("M0 0 L1 2 ") == nil)
        #expect(String(describing: failure("M1")!) == "expected a number after 'M', found the end (at character 3)")
    }
}
