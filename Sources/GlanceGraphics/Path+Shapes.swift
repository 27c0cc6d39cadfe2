#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Shape builders, transforms and bounds for `Path`.
//
// Angles are in degrees: 0° points right (3 o'clock) and, because y grows downwards,
// positive angles turn clockwise on screen (90° is 6 o'clock), as in SwiftUI.

/// Control-point distance factor for approximating a quarter circle with one cubic Bézier.
private let quarterArcKappa = 0.552_284_749_830_793_4

extension Path {
    // MARK: - Shapes

    /// Adds an open polyline through `points` (a new subpath starting at the first point).
    public mutating func addLines(_ points: [PointF]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// Adds a closed polygon through `points`.
    public mutating func addPolygon(_ points: [PointF]) {
        guard !points.isEmpty else { return }
        addLines(points)
        closeSubpath()
    }

    /// Adds the outline of `rect` as a closed subpath, clockwise on screen from its top-left corner.
    public mutating func addRect(_ rect: Rect) {
        let x0 = Double(rect.minX), y0 = Double(rect.minY)
        let x1 = x0 + Double(rect.width), y1 = y0 + Double(rect.height)
        addPolygon([PointF(x: x0, y: y0), PointF(x: x1, y: y0), PointF(x: x1, y: y1), PointF(x: x0, y: y1)])
    }

    /// Adds `rect` with circular corners of `cornerRadius` pixels (clamped to half the shorter side), clockwise.
    public mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        let x0 = Double(rect.minX), y0 = Double(rect.minY)
        let x1 = x0 + Double(rect.width), y1 = y0 + Double(rect.height)
        let r = cornerRadius.isFinite ? min(max(0, cornerRadius), (x1 - x0) / 2, (y1 - y0) / 2) : 0
        guard r > 0 else { return addRect(rect) }
        let k = r * quarterArcKappa
        move(to: PointF(x: x0 + r, y: y0))
        addLine(to: PointF(x: x1 - r, y: y0))
        addCurve(to: PointF(x: x1, y: y0 + r), control1: PointF(x: x1 - r + k, y: y0), control2: PointF(x: x1, y: y0 + r - k))
        addLine(to: PointF(x: x1, y: y1 - r))
        addCurve(to: PointF(x: x1 - r, y: y1), control1: PointF(x: x1, y: y1 - r + k), control2: PointF(x: x1 - r + k, y: y1))
        addLine(to: PointF(x: x0 + r, y: y1))
        addCurve(to: PointF(x: x0, y: y1 - r), control1: PointF(x: x0 + r - k, y: y1), control2: PointF(x: x0, y: y1 - r + k))
        addLine(to: PointF(x: x0, y: y0 + r))
        addCurve(to: PointF(x: x0 + r, y: y0), control1: PointF(x: x0, y: y0 + r - k), control2: PointF(x: x0 + r - k, y: y0))
        closeSubpath()
    }

    /// Adds the ellipse with radii `radiusX` and `radiusY` around `center` as four cubic Béziers, clockwise from 0°.
    public mutating func addEllipse(center: PointF, radiusX: Double, radiusY: Double) {
        let rx = abs(radiusX), ry = abs(radiusY)
        let kx = rx * quarterArcKappa, ky = ry * quarterArcKappa
        let cx = center.x, cy = center.y
        move(to: PointF(x: cx + rx, y: cy))
        addCurve(to: PointF(x: cx, y: cy + ry), control1: PointF(x: cx + rx, y: cy + ky), control2: PointF(x: cx + kx, y: cy + ry))
        addCurve(to: PointF(x: cx - rx, y: cy), control1: PointF(x: cx - kx, y: cy + ry), control2: PointF(x: cx - rx, y: cy + ky))
        addCurve(to: PointF(x: cx, y: cy - ry), control1: PointF(x: cx - rx, y: cy - ky), control2: PointF(x: cx - kx, y: cy - ry))
        addCurve(to: PointF(x: cx + rx, y: cy), control1: PointF(x: cx + kx, y: cy - ry), control2: PointF(x: cx + rx, y: cy - ky))
        closeSubpath()
    }

    /// Adds the ellipse inscribed in `rect`.
    public mutating func addEllipse(in rect: Rect) {
        let w = Double(rect.width), h = Double(rect.height)
        addEllipse(center: PointF(x: Double(rect.minX) + w / 2, y: Double(rect.minY) + h / 2), radiusX: w / 2, radiusY: h / 2)
    }

    /// Adds a circle of `radius` pixels around `center`.
    public mutating func addCircle(center: PointF, radius: Double) {
        addEllipse(center: center, radiusX: radius, radiusY: radius)
    }

    /// Adds a circular arc as cubic Béziers, continuing the current subpath with a straight line
    /// to the arc's start (or starting a new subpath there when there is none).
    /// - Parameters:
    ///   - center: Centre of the circle.
    ///   - radius: Radius in pixels.
    ///   - startAngle: Where the arc starts, in degrees (0° = 3 o'clock, 90° = 6 o'clock).
    ///   - endAngle: Where the arc ends, in degrees.
    ///   - clockwise: Direction on screen; clockwise means increasing angles. A difference of
    ///     360° or more in the drawing direction gives a full circle.
    public mutating func addArc(center: PointF, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        let sweep = Path.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
        appendArc(center: center, radius: abs(radius), startAngle: startAngle, sweep: sweep)
    }

    /// The signed sweep in degrees from `start` to `end` going in the given direction, in -360...360.
    static func arcSweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        let difference = end - start
        if clockwise {
            if difference >= 360 { return 360 }
            let d = difference.truncatingRemainder(dividingBy: 360)
            return d < 0 ? d + 360 : d
        } else {
            if difference <= -360 { return -360 }
            let d = difference.truncatingRemainder(dividingBy: 360)
            return d > 0 ? d - 360 : d
        }
    }

    /// Appends an arc of `sweep` degrees (signed, |sweep| ≤ 360) starting at `startAngle`.
    mutating func appendArc(center: PointF, radius r: Double, startAngle: Double, sweep: Double) {
        let a0 = startAngle * .pi / 180
        let start = PointF(x: center.x + r * cos(a0), y: center.y + r * sin(a0))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        guard sweep != 0, r > 0 else { return }
        let count = max(1, Int((abs(sweep) / 90).rounded(.up)))
        let step = sweep * .pi / 180 / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4) * r
        var angle = a0
        var cosA = cos(angle), sinA = sin(angle)
        for index in 1...count {
            let next = index == count ? a0 + sweep * .pi / 180 : angle + step
            let cosB = cos(next), sinB = sin(next)
            let p0 = PointF(x: center.x + r * cosA, y: center.y + r * sinA)
            let p1 = PointF(x: center.x + r * cosB, y: center.y + r * sinB)
            addCurve(to: p1,
                     control1: PointF(x: p0.x - k * sinA, y: p0.y + k * cosA),
                     control2: PointF(x: p1.x + k * sinB, y: p1.y - k * cosB))
            angle = next
            cosA = cosB
            sinA = sinB
        }
    }

    // MARK: - Transforms

    /// A copy with every point and control point replaced by `transform(point)`; exact for affine maps.
    public func mapPoints(_ transform: (PointF) -> PointF) -> Path {
        var result = Path()
        for element in elements {
            switch element {
            case .move(let p): result.move(to: transform(p))
            case .line(let p): result.addLine(to: transform(p))
            case .quadCurve(let p, let c): result.addQuadCurve(to: transform(p), control: transform(c))
            case .curve(let p, let c1, let c2):
                result.addCurve(to: transform(p), control1: transform(c1), control2: transform(c2))
            case .closeSubpath: result.closeSubpath()
            }
        }
        return result
    }

    /// A copy moved by (`dx`, `dy`) pixels.
    public func offsetBy(dx: Double, dy: Double) -> Path {
        mapPoints { PointF(x: $0.x + dx, y: $0.y + dy) }
    }

    /// A copy scaled by `sx` horizontally and `sy` vertically about the origin.
    public func scaledBy(x sx: Double, y sy: Double) -> Path {
        mapPoints { PointF(x: $0.x * sx, y: $0.y * sy) }
    }

    // MARK: - Bounds

    /// The smallest pixel rectangle containing every point and control point, a conservative
    /// cover of what filling the path can touch; `.zero` when the path has no finite point.
    /// Coordinates are clamped to ±2³⁰.
    public var pixelBounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func include(_ p: PointF) {
            guard p.x.isFinite, p.y.isFinite else { return }
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): include(p)
            case .quadCurve(let p, let c): include(p); include(c)
            case .curve(let p, let c1, let c2): include(p); include(c1); include(c2)
            case .closeSubpath: break
            }
        }
        guard minX <= maxX else { return .zero }
        return Rect(minX: clampedInt(minX.rounded(.down)), minY: clampedInt(minY.rounded(.down)),
                    maxX: clampedInt(maxX.rounded(.up)), maxY: clampedInt(maxY.rounded(.up)))
    }
}

/// `value` converted to `Int` after clamping to ±2³⁰ (NaN becomes 0), so later integer arithmetic cannot overflow.
@inline(__always)
func clampedInt(_ value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    return Int(min(max(value, -1_073_741_824), 1_073_741_824))
}
