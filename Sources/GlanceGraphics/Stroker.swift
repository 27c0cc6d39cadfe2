#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Turning stroked polylines into fillable outlines.
//
// Rather than tracing one outline around the whole stroke (which self-intersects at inner
// joins and needs clean-up), every segment, join and cap becomes its own small polygon, all
// oriented the same way. Filled with the non-zero rule, their overlaps simply merge, so the
// result is the exact union without any polygon clipping.

/// Builds the outline polygons of a stroke into an `EdgeList` filled with the non-zero rule.
struct Stroker {
    let halfWidth: Double
    let style: StrokeStyle
    let tolerance: Double
    private(set) var outline = EdgeList(rule: .nonZero)

    /// Creates a stroker; nil when the style's width is not a positive finite number.
    init?(style: StrokeStyle, tolerance: Double) {
        guard style.lineWidth.isFinite, style.lineWidth > 0 else { return nil }
        self.halfWidth = min(style.lineWidth, coordinateLimit) / 2
        self.style = style
        self.tolerance = tolerance
    }

    /// Adds the stroke of one polyline.
    mutating func add(_ polyline: Polyline) {
        let points = polyline.points
        guard let first = points.first, let last = points.last else { return }
        if points.count == 1 {
            addDot(at: first)
            return
        }
        // A closed two-point subpath runs there and back: joins at both ends, no caps (as in SVG).
        let closed = polyline.closed
        let segmentCount = closed ? points.count : points.count - 1
        for i in 0..<segmentCount {
            var a = points[i], b = points[(i + 1) % points.count]
            let d = unitDirection(from: a, to: b)
            if !closed && style.lineCap == .square {
                if i == 0 { a = PointF(x: a.x - d.x * halfWidth, y: a.y - d.y * halfWidth) }
                if i == segmentCount - 1 { b = PointF(x: b.x + d.x * halfWidth, y: b.y + d.y * halfWidth) }
            }
            let nx = -d.y * halfWidth, ny = d.x * halfWidth
            polygon([PointF(x: a.x + nx, y: a.y + ny), PointF(x: b.x + nx, y: b.y + ny),
                     PointF(x: b.x - nx, y: b.y - ny), PointF(x: a.x - nx, y: a.y - ny)])
        }
        let joinRange = closed ? 0..<points.count : 1..<(points.count - 1)
        for i in joinRange {
            let previous = points[(i + points.count - 1) % points.count], vertex = points[i]
            let next = points[(i + 1) % points.count]
            addJoin(at: vertex, incoming: unitDirection(from: previous, to: vertex), outgoing: unitDirection(from: vertex, to: next))
        }
        if !closed && style.lineCap == .round {
            addDisc(center: first, radius: halfWidth)
            addDisc(center: last, radius: halfWidth)
        }
    }

    /// A zero-length subpath: a disc for round caps, a square for square caps, nothing for butt.
    private mutating func addDot(at point: PointF) {
        switch style.lineCap {
        case .butt: break
        case .round: addDisc(center: point, radius: halfWidth)
        case .square:
            let h = halfWidth
            polygon([PointF(x: point.x - h, y: point.y - h), PointF(x: point.x + h, y: point.y - h),
                     PointF(x: point.x + h, y: point.y + h), PointF(x: point.x - h, y: point.y + h)])
        }
    }

    private mutating func addJoin(at p: PointF, incoming u: PointF, outgoing v: PointF) {
        let cross = u.x * v.y - u.y * v.x
        let dot = u.x * v.x + u.y * v.y
        // Straight on: the two segment rectangles already meet edge to edge.
        if abs(cross) < 1e-12 && dot > 0 { return }
        // The outer side of the corner is opposite to the turn.
        let side = cross > 0 ? -halfWidth : halfWidth
        let a = PointF(x: p.x - u.y * side, y: p.y + u.x * side)
        let b = PointF(x: p.x - v.y * side, y: p.y + v.x * side)
        switch style.lineJoin {
        case .bevel:
            polygon([p, a, b])
        case .round:
            // A bevel is within tolerance of the round join for shallow turns.
            let cosHalfTurn = ((1 + dot) / 2).squareRoot()
            if halfWidth * (1 - cosHalfTurn) <= tolerance / 2 {
                polygon([p, a, b])
            } else {
                addDisc(center: p, radius: halfWidth)
            }
        case .miter:
            let cosHalfTurn = ((1 + dot) / 2).squareRoot()
            if cosHalfTurn > 1e-9, 1 / cosHalfTurn <= style.miterLimit {
                let scale = side / (1 + dot)
                let tip = PointF(x: p.x - (u.y + v.y) * scale, y: p.y + (u.x + v.x) * scale)
                polygon([p, a, tip, b])
            } else {
                polygon([p, a, b])
            }
        }
    }

    private mutating func addDisc(center: PointF, radius: Double) {
        outline.addDisc(center: center, radius: radius, tolerance: tolerance)
    }

    private mutating func polygon(_ points: [PointF]) {
        outline.addOrientedPolygon(points)
    }
}

/// The unit vector from `a` towards `b` (callers guarantee a ≠ b).
@inline(__always)
private func unitDirection(from a: PointF, to b: PointF) -> PointF {
    let dx = b.x - a.x, dy = b.y - a.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 0, length.isFinite else { return PointF(x: 1, y: 0) }
    return PointF(x: dx / length, y: dy / length)
}

extension EdgeList {
    /// Adds a positively oriented disc, a regular polygon whose vertices lie on the circle
    /// and whose chords stay within `tolerance` of it.
    mutating func addDisc(center: PointF, radius: Double, tolerance: Double) {
        guard radius > 0 else { return }
        let count = EdgeList.circleSegmentCount(radius: radius, tolerance: tolerance)
        var points: [PointF] = []
        points.reserveCapacity(count)
        for i in 0..<count {
            let angle = Double(i) * 2 * .pi / Double(count)
            points.append(PointF(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
        }
        addOrientedPolygon(points)
    }

    /// Chords per full circle so that a chord's distance from the arc stays within `tolerance`.
    static func circleSegmentCount(radius: Double, tolerance: Double) -> Int {
        guard radius > tolerance else { return 8 }
        let step = 2 * acos(1 - tolerance / radius)
        let count = (2 * .pi / step).rounded(.up)
        guard count.isFinite else { return 1024 }
        return Int(min(max(count, 8), 1024))
    }
}
