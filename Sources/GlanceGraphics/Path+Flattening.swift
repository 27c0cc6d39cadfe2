// Turning a path's curves into polylines before filling or stroking.

/// One flattened subpath: the vertices of a polyline, and whether it was explicitly closed.
struct Polyline {
    var points: [PointF]
    var closed: Bool
}

/// Coordinates are clamped to this magnitude so that huge inputs stay finite in every later step.
let coordinateLimit = 16_777_216.0

extension PointF {
    /// The point with both coordinates clamped to ±`coordinateLimit`; nil when a coordinate is NaN.
    @inline(__always)
    var sanitized: PointF? {
        guard !x.isNaN, !y.isNaN else { return nil }
        return PointF(x: min(max(x, -coordinateLimit), coordinateLimit), y: min(max(y, -coordinateLimit), coordinateLimit))
    }
}

extension Path {
    /// The subpaths as polylines whose distance from the true curves stays below `tolerance` pixels.
    ///
    /// Points with a NaN coordinate are dropped and others are clamped to ±`coordinateLimit`;
    /// consecutive duplicate points are merged. Curves are split into evenly spaced parameter steps
    /// whose count follows from the curve's second derivative (at most 1024 per curve).
    func flattened(tolerance: Double) -> [Polyline] {
        var result: [Polyline] = []
        var current: [PointF] = []
        // Whether the subpath in `current` has a segment (a lone move-to draws nothing, but a
        // zero-length segment still gets round or square caps).
        var hasSegment = false
        // Where a segment following a `closeSubpath` starts.
        var reopenAt: PointF?
        var last: PointF?

        func finish(closed: Bool) {
            if hasSegment && !current.isEmpty { result.append(Polyline(points: current, closed: closed)) }
            current = []
            hasSegment = false
        }
        func append(_ point: PointF) {
            if current.isEmpty, let start = reopenAt { current = [start] }
            reopenAt = nil
            hasSegment = true
            guard let p = point.sanitized else { return }
            if let previous = current.last, previous == p { return }
            current.append(p)
        }

        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                reopenAt = nil
                if let q = p.sanitized { current = [q] }
                last = p.sanitized ?? last
            case .line(let p):
                append(p)
                last = p.sanitized ?? last
            case .quadCurve(let p, let c):
                guard let p0 = last, let p1 = c.sanitized, let p2 = p.sanitized else { append(p); continue }
                let ddx = p0.x - 2 * p1.x + p2.x, ddy = p0.y - 2 * p1.y + p2.y
                let n = Path.segmentCount(secondDifference: (ddx * ddx + ddy * ddy).squareRoot() * 2, tolerance: tolerance)
                for i in 1..<n {
                    let t = Double(i) / Double(n), u = 1 - t
                    append(PointF(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                                  y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y))
                }
                append(p2)
                last = p2
            case .curve(let p, let c1, let c2):
                guard let p0 = last, let p1 = c1.sanitized, let p2 = c2.sanitized, let p3 = p.sanitized else {
                    append(p); continue
                }
                let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
                let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
                let dd = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot()) * 6
                let n = Path.segmentCount(secondDifference: dd, tolerance: tolerance)
                for i in 1..<n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                    append(PointF(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
                                  y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y))
                }
                append(p3)
                last = p3
            case .closeSubpath:
                let start = current.first
                if current.count > 1, current.last == start { current.removeLast() }
                if current.count > 0 { hasSegment = true }
                finish(closed: true)
                reopenAt = start
                last = start ?? last
            }
        }
        finish(closed: false)
        return result
    }

    /// How many chords keep a curve whose second derivative is at most `secondDifference`
    /// within `tolerance` of the chord (deviation ≤ M / (8 n²)).
    static func segmentCount(secondDifference: Double, tolerance: Double) -> Int {
        let n = (secondDifference / (8 * tolerance)).squareRoot().rounded(.up)
        guard n.isFinite else { return 1024 }
        return Int(min(max(n, 1), 1024))
    }
}
