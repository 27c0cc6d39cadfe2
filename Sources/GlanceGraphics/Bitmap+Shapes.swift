#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The drawing primitives: lines, rectangles, rounded rectangles, capsules, ellipses,
// circles, polygons, arcs and annular sectors.
//
// Conventions
// - Pixel-addressed primitives (`Point`, `Rect`, integer radius) describe whole pixels: a
//   line from `Point` a to b lights both end pixels; a rectangle's shape is exactly its pixels.
// - Strokes of rectangle-based shapes (rect, rounded rect, capsule, ellipse, circle) lie
//   *inside* the shape (SwiftUI's `strokeBorder`), so a 1-pixel stroke of an integer rectangle
//   is exactly its outermost ring of pixels. On crisp bitmaps a 1-pixel border is the set of
//   fill pixels with a 4-neighbour outside the fill (thin and 8-connected, the midpoint circle
//   for circles); wider borders are the fill minus the fill of the shape inset by the width.
//   Path, line and arc strokes are centred on the geometry (SwiftUI's `stroke`).
// - Angles are in degrees, 0° at 3 o'clock, increasing clockwise on screen (90° is 6 o'clock).
// - Crisp bitmaps light a pixel when its centre is inside the shape. For the curved
//   pixel-addressed shapes the curve is first pulled 0.1 px inwards, so that pixel centres
//   lying almost on the curve (like the corners of a 3×3 circle) stay dark: circles then match
//   the midpoint-circle algorithm, and rounded corners are identical in all four corners.
//   Anti-aliased bitmaps blend each pixel by its covered fraction.

/// How far crisp curved pixel shapes are pulled inwards before sampling pixel centres.
private let crispCurveInset = 0.1

/// Flattening tolerance of arcs, sectors and round caps: finer than for general paths because
/// crisp gauges sample pixel centres that can lie close to the ring's edges.
private let arcTolerance = 0.01

extension Bitmap {
    // MARK: - Lines

    /// Draws a straight line between two pixels, both of which are lit.
    ///
    /// A 1-pixel line on a crisp bitmap is a Bresenham line: exactly one pixel per step along
    /// the major axis, the same pixels whichever end is given first (ties round towards +y,
    /// or +x for steep lines). Wider lines are `width`-pixel bands around the line through
    /// the pixel centres; for even widths the extra pixel row or column lies towards −y / −x.
    /// - Parameters:
    ///   - from: The first end pixel.
    ///   - to: The last end pixel.
    ///   - width: Width in pixels; lines narrower than 1 draw nothing.
    ///   - cap: `.butt` ends at the outer edge of the end pixels, `.square` extends the band
    ///     by half the width beyond the end pixel centres, `.round` adds discs of the line's
    ///     width centred on the end pixels.
    ///   - value: Gray level to paint.
    ///   - opacity: How strongly to paint (0 nothing … 255 opaque).
    public mutating func drawLine(from: Point, to: Point, width: Int = 1, cap: LineCap = .butt,
                                  value: UInt8, opacity: UInt8 = 255) {
        guard width >= 1 else { return }
        let limit = 1 << 28
        let small = [from.x, from.y, to.x, to.y].allSatisfy { $0 > -limit && $0 < limit }
        if width == 1, !antialiasing, small {
            bresenham(from: from, to: to, value: value, opacity: opacity)
            return
        }
        let a = PointF(x: Double(from.x) + 0.5, y: Double(from.y) + 0.5)
        let b = PointF(x: Double(to.x) + 0.5, y: Double(to.y) + 0.5)
        let w = Double(width)
        if a == b {
            let style = StrokeStyle(lineWidth: w, lineCap: cap == .round ? .round : .square)
            strokeSegment(from: a, to: b, style: style, value: value, opacity: opacity)
            return
        }
        switch cap {
        case .butt:
            // The band reaches the outer edges of the end pixels: half a pixel past their centres.
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            let ex = dx / length * 0.5, ey = dy / length * 0.5
            strokeSegment(from: PointF(x: a.x - ex, y: a.y - ey), to: PointF(x: b.x + ex, y: b.y + ey),
                          style: StrokeStyle(lineWidth: w, lineCap: .butt), value: value, opacity: opacity)
        case .round, .square:
            strokeSegment(from: a, to: b, style: StrokeStyle(lineWidth: w, lineCap: cap), value: value, opacity: opacity)
        }
    }

    /// Strokes the straight segment between two points in continuous coordinates, centred on it.
    /// - Parameters:
    ///   - from: Start point (pixel (x, y) covers [x, x+1) × [y, y+1)).
    ///   - to: End point.
    ///   - lineWidth: Width in pixels.
    ///   - cap: Shape of both ends.
    ///   - value: Gray level to paint.
    ///   - opacity: How strongly to paint (0 nothing … 255 opaque).
    public mutating func strokeLine(from: PointF, to: PointF, lineWidth: Double = 1, cap: LineCap = .butt,
                                    value: UInt8, opacity: UInt8 = 255) {
        strokeSegment(from: from, to: to, style: StrokeStyle(lineWidth: lineWidth, lineCap: cap), value: value, opacity: opacity)
    }

    private mutating func strokeSegment(from a: PointF, to b: PointF, style: StrokeStyle, value: UInt8, opacity: UInt8) {
        guard var stroker = Stroker(style: style, tolerance: flatteningTolerance),
              let a = a.sanitized, let b = b.sanitized else { return }
        stroker.add(Polyline(points: a == b ? [a] : [a, b], closed: false))
        var outline = stroker.outline
        rasterize(&outline, value: value, opacity: opacity)
    }

    /// One pixel per major-axis step, each at the rounded exact position (integer arithmetic).
    private mutating func bresenham(from a: Point, to b: Point, value: UInt8, opacity: UInt8) {
        let clip = clipInDrawingSpace
        let dx = b.x - a.x, dy = b.y - a.y
        if a == b {
            blend(x: a.x, y: a.y, value: value, coverage: opacity)
        } else if abs(dx) >= abs(dy) {
            let (p, q) = dx > 0 ? (a, b) : (b, a)
            let run = q.x - p.x, rise = q.y - p.y
            let x0 = max(p.x, clip.minX), x1 = min(q.x, clip.maxX - 1)
            guard x0 <= x1 else { return }
            for x in x0...x1 {
                let y = p.y + floorDivide(2 * (x - p.x) * rise + run, 2 * run)
                blend(x: x, y: y, value: value, coverage: opacity)
            }
        } else {
            let (p, q) = dy > 0 ? (a, b) : (b, a)
            let run = q.y - p.y, rise = q.x - p.x
            let y0 = max(p.y, clip.minY), y1 = min(q.y, clip.maxY - 1)
            guard y0 <= y1 else { return }
            for y in y0...y1 {
                let x = p.x + floorDivide(2 * (y - p.y) * rise + run, 2 * run)
                blend(x: x, y: y, value: value, coverage: opacity)
            }
        }
    }

    // MARK: - Rectangles

    /// Fills the pixels of `rect` (anti-aliasing makes no difference for integer rectangles).
    public mutating func fillRect(_ rect: Rect, value: UInt8, opacity: UInt8 = 255) {
        fillRoundedBox(pixelBox(rect, radiusX: 0, radiusY: 0), value: value, opacity: opacity)
    }

    /// Paints a border `lineWidth` pixels wide just inside `rect`.
    public mutating func strokeRect(_ rect: Rect, lineWidth: Double = 1, value: UInt8, opacity: UInt8 = 255) {
        strokeRoundedBox(pixelBox(rect, radiusX: 0, radiusY: 0), lineWidth: lineWidth, value: value, opacity: opacity)
    }

    /// Fills `rect` with circular corners of `cornerRadius` pixels (clamped to half the shorter side).
    public mutating func fillRoundedRect(_ rect: Rect, cornerRadius: Double, value: UInt8, opacity: UInt8 = 255) {
        fillRoundedBox(pixelBox(rect, cornerRadius: cornerRadius), value: value, opacity: opacity)
    }

    /// Paints a border `lineWidth` pixels wide just inside the rounded rectangle; its inner
    /// corners are concentric, with radius `cornerRadius - lineWidth`.
    public mutating func strokeRoundedRect(_ rect: Rect, cornerRadius: Double, lineWidth: Double = 1,
                                           value: UInt8, opacity: UInt8 = 255) {
        strokeRoundedBox(pixelBox(rect, cornerRadius: cornerRadius),
                         lineWidth: lineWidth, value: value, opacity: opacity)
    }

    /// Fills `rect` with fully rounded short ends (a pill; a circle when square).
    public mutating func fillCapsule(_ rect: Rect, value: UInt8, opacity: UInt8 = 255) {
        let r = Double(min(rect.width, rect.height)) / 2
        fillRoundedBox(pixelBox(rect, radiusX: r, radiusY: r), value: value, opacity: opacity)
    }

    /// Paints a border `lineWidth` pixels wide just inside the capsule filling `rect`.
    public mutating func strokeCapsule(_ rect: Rect, lineWidth: Double = 1, value: UInt8, opacity: UInt8 = 255) {
        let r = Double(min(rect.width, rect.height)) / 2
        strokeRoundedBox(pixelBox(rect, radiusX: r, radiusY: r), lineWidth: lineWidth, value: value, opacity: opacity)
    }

    // MARK: - Ellipses and circles

    /// Fills the ellipse inscribed in `rect`.
    public mutating func fillEllipse(in rect: Rect, value: UInt8, opacity: UInt8 = 255) {
        fillRoundedBox(pixelBox(rect, radiusX: Double(rect.width) / 2, radiusY: Double(rect.height) / 2),
                       value: value, opacity: opacity)
    }

    /// Paints a border `lineWidth` pixels wide just inside the ellipse inscribed in `rect`.
    public mutating func strokeEllipse(in rect: Rect, lineWidth: Double = 1, value: UInt8, opacity: UInt8 = 255) {
        strokeRoundedBox(pixelBox(rect, radiusX: Double(rect.width) / 2, radiusY: Double(rect.height) / 2),
                         lineWidth: lineWidth, value: value, opacity: opacity)
    }

    /// Fills the disc `2 * radius + 1` pixels across centred on pixel `center`; radius 0 is that
    /// single pixel, negative radii draw nothing.
    public mutating func fillCircle(center: Point, radius: Int, value: UInt8, opacity: UInt8 = 255) {
        guard let box = circleBox(center: center, radius: radius) else { return }
        fillRoundedBox(box, value: value, opacity: opacity)
    }

    /// Paints a ring `lineWidth` pixels wide just inside the disc of `fillCircle(center:radius:)`;
    /// a 1-pixel ring on a crisp bitmap is the midpoint circle of that radius.
    public mutating func strokeCircle(center: Point, radius: Int, lineWidth: Double = 1, value: UInt8, opacity: UInt8 = 255) {
        guard let box = circleBox(center: center, radius: radius) else { return }
        strokeRoundedBox(box, lineWidth: lineWidth, value: value, opacity: opacity)
    }

    /// Fills the disc of `radius` pixels around `center` in continuous coordinates (exact geometry,
    /// no crisp adjustment).
    public mutating func fillCircle(center: PointF, radius: Double, value: UInt8, opacity: UInt8 = 255) {
        guard let c = center.sanitized, radius.isFinite, radius > 0 else { return }
        let r = min(radius, coordinateLimit)
        var shape = RoundedBoxShape(outer: RoundedBox(minX: c.x - r, minY: c.y - r, maxX: c.x + r, maxY: c.y + r, rx: r, ry: r))
        rasterize(&shape, value: value, opacity: opacity)
    }

    private func circleBox(center: Point, radius: Int) -> RoundedBox? {
        guard radius >= 0 else { return nil }
        let r = min(Double(radius), coordinateLimit) + 0.5
        let cx = Double(center.x) + 0.5, cy = Double(center.y) + 0.5
        return RoundedBox(minX: cx - r, minY: cy - r, maxX: cx + r, maxY: cy + r, rx: r, ry: r)
    }

    /// The box of `rect` with circular corners of `cornerRadius`, clamped to half the shorter side.
    private func pixelBox(_ rect: Rect, cornerRadius: Double) -> RoundedBox {
        let r = min(cornerRadius.isNaN ? 0 : cornerRadius, Double(min(rect.width, rect.height)) / 2)
        return pixelBox(rect, radiusX: r, radiusY: r)
    }

    private func pixelBox(_ rect: Rect, radiusX: Double, radiusY: Double) -> RoundedBox {
        let x = Double(rect.minX), y = Double(rect.minY)
        return RoundedBox(minX: x, minY: y, maxX: x + Double(rect.width), maxY: y + Double(rect.height),
                          rx: radiusX.isNaN ? 0 : radiusX, ry: radiusY.isNaN ? 0 : radiusY)
    }

    private mutating func fillRoundedBox(_ box: RoundedBox, value: UInt8, opacity: UInt8) {
        let outer = antialiasing ? box : box.inset(by: crispCurveInset)
        guard !outer.isEmpty else { return }
        var shape = RoundedBoxShape(outer: outer)
        rasterize(&shape, value: value, opacity: opacity)
    }

    private mutating func strokeRoundedBox(_ box: RoundedBox, lineWidth: Double, value: UInt8, opacity: UInt8) {
        guard lineWidth.isFinite, lineWidth > 0 else { return }
        if !antialiasing && lineWidth == 1 {
            strokeCrispOutline(box.inset(by: crispCurveInset), value: value, opacity: opacity)
            return
        }
        let hole = box.inset(by: min(lineWidth, coordinateLimit))
        let outer = antialiasing ? box : box.inset(by: crispCurveInset)
        let inner = antialiasing ? hole : hole.inset(by: crispCurveInset)
        guard !outer.isEmpty else { return }
        var shape = RoundedBoxShape(outer: outer, inner: hole.isEmpty || inner.isEmpty ? nil : inner)
        rasterize(&shape, value: value, opacity: opacity)
    }

    /// Paints the pixels of the crisp fill of `box` that have a 4-neighbour outside it: a thin,
    /// 8-connected outline (the midpoint circle for circles). A geometric 1-pixel ring would
    /// double up pixels on diagonals.
    private mutating func strokeCrispOutline(_ box: RoundedBox, value: UInt8, opacity: UInt8) {
        let clip = clipInDrawingSpace
        guard !box.isEmpty, !clip.isEmpty else { return }
        // Spans are clamped a little outside the clip so clamping cannot create visible edges.
        let left = Double(clip.minX) - 2, right = Double(clip.maxX) + 2
        func pixelSpan(_ y: Int) -> (start: Int, end: Int)? {
            guard let (a, b) = box.span(atY: Double(y) + 0.5) else { return nil }
            let start = Int((min(max(a, left), right) - 0.5).rounded(.up))
            let end = Int((min(max(b, left), right) - 0.5).rounded(.up))
            return start < end ? (start, end) : nil
        }
        let firstRow = max(clip.minY, clampedInt(box.minY.rounded(.down)))
        let endRow = min(clip.maxY, clampedInt(box.maxY.rounded(.up)))
        guard firstRow < endRow else { return }
        var above = pixelSpan(firstRow - 1), current = pixelSpan(firstRow)
        for y in firstRow..<endRow {
            let below = pixelSpan(y + 1)
            if let span = current {
                // Interior pixels: not at the ends of their row and inside the rows above and below.
                var interiorStart = span.start + 1, interiorEnd = span.end - 1
                if let above, let below {
                    interiorStart = max(interiorStart, above.start, below.start)
                    interiorEnd = min(interiorEnd, above.end, below.end)
                } else {
                    interiorEnd = interiorStart
                }
                if interiorStart < interiorEnd {
                    blendSpan(y: y, from: span.start, to: interiorStart, value: value, coverage: opacity)
                    blendSpan(y: y, from: interiorEnd, to: span.end, value: value, coverage: opacity)
                } else {
                    blendSpan(y: y, from: span.start, to: span.end, value: value, coverage: opacity)
                }
            }
            above = current
            current = below
        }
    }

    // MARK: - Polygons

    /// Fills the closed polygon through `points` (the last point connects back to the first).
    public mutating func fillPolygon(_ points: [PointF], rule: FillRule = .nonZero, value: UInt8, opacity: UInt8 = 255) {
        var edges = EdgeList(rule: rule)
        edges.addPolygon(points.compactMap(\.sanitized))
        rasterize(&edges, value: value, opacity: opacity)
    }

    // MARK: - Arcs and sectors

    /// Strokes a circular arc, centred on the circle of `radius`: progress rings and gauges.
    ///
    /// The arc runs from `startAngle` to `endAngle`, clockwise when `endAngle` is larger and
    /// anticlockwise when smaller; a difference of 360° or more draws a full ring (without caps).
    /// - Parameters:
    ///   - center: Centre of the circle, continuous coordinates (the centre of a 48×48 frame at
    ///     the origin is (24, 24)).
    ///   - radius: Radius of the stroke's centre line, in pixels.
    ///   - startAngle: Start angle in degrees (0° = 3 o'clock, 90° = 6 o'clock).
    ///   - endAngle: End angle in degrees.
    ///   - lineWidth: Thickness of the ring in pixels.
    ///   - cap: Shape of both ends: `.round` for gauges, `.butt` to end on the radius.
    ///   - value: Gray level to paint.
    ///   - opacity: How strongly to paint (0 nothing … 255 opaque).
    public mutating func strokeArc(center: PointF, radius: Double, startAngle: Double, endAngle: Double,
                                   lineWidth: Double, cap: LineCap = .round, value: UInt8, opacity: UInt8 = 255) {
        guard let c = center.sanitized, radius.isFinite, radius >= 0, lineWidth.isFinite, lineWidth > 0,
              startAngle.isFinite, endAngle.isFinite else { return }
        let r = min(radius, coordinateLimit), halfWidth = min(lineWidth, coordinateLimit) / 2
        let sweep = min(max(endAngle - startAngle, -360), 360)
        if abs(sweep) == 360 {
            fillRing(center: c, innerRadius: max(0, r - halfWidth), outerRadius: r + halfWidth, value: value, opacity: opacity)
            return
        }
        var edges = EdgeList(rule: .nonZero)
        let inner = max(0, r - halfWidth), outer = r + halfWidth
        addSector(to: &edges, center: c, innerRadius: inner, outerRadius: outer, startAngle: startAngle, sweep: sweep)
        let a0 = startAngle * .pi / 180, a1 = (startAngle + sweep) * .pi / 180
        switch cap {
        case .butt:
            break
        case .round:
            edges.addDisc(center: PointF(x: c.x + r * cos(a0), y: c.y + r * sin(a0)), radius: halfWidth,
                          tolerance: arcTolerance)
            edges.addDisc(center: PointF(x: c.x + r * cos(a1), y: c.y + r * sin(a1)), radius: halfWidth,
                          tolerance: arcTolerance)
        case .square:
            // Tangential extensions of half the width; the direction of travel is (−sin, cos) × sign.
            let direction = sweep < 0 ? -1.0 : 1.0
            for (angle, outward) in [(a0, -direction), (a1, direction)] {
                let ex = -sin(angle) * outward * halfWidth, ey = cos(angle) * outward * halfWidth
                let o = PointF(x: c.x + outer * cos(angle), y: c.y + outer * sin(angle))
                let i = PointF(x: c.x + inner * cos(angle), y: c.y + inner * sin(angle))
                edges.addOrientedPolygon([o, i, PointF(x: i.x + ex, y: i.y + ey), PointF(x: o.x + ex, y: o.y + ey)])
            }
        }
        rasterize(&edges, value: value, opacity: opacity)
    }

    /// Fills the part of the ring between `innerRadius` and `outerRadius` swept from `startAngle`
    /// to `endAngle` (degrees, as in `strokeArc`); an inner radius of 0 gives a pie slice and a
    /// sweep of 360° or more the whole ring.
    public mutating func fillAnnularSector(center: PointF, innerRadius: Double, outerRadius: Double,
                                           startAngle: Double, endAngle: Double, value: UInt8, opacity: UInt8 = 255) {
        guard let c = center.sanitized, innerRadius.isFinite, outerRadius.isFinite,
              startAngle.isFinite, endAngle.isFinite else { return }
        let inner = min(max(0, innerRadius), coordinateLimit), outer = min(outerRadius, coordinateLimit)
        guard outer > inner else { return }
        let sweep = min(max(endAngle - startAngle, -360), 360)
        if abs(sweep) == 360 {
            fillRing(center: c, innerRadius: inner, outerRadius: outer, value: value, opacity: opacity)
            return
        }
        var edges = EdgeList(rule: .nonZero)
        addSector(to: &edges, center: c, innerRadius: inner, outerRadius: outer, startAngle: startAngle, sweep: sweep)
        rasterize(&edges, value: value, opacity: opacity)
    }

    private mutating func fillRing(center c: PointF, innerRadius: Double, outerRadius: Double, value: UInt8, opacity: UInt8) {
        let outer = RoundedBox(minX: c.x - outerRadius, minY: c.y - outerRadius, maxX: c.x + outerRadius,
                               maxY: c.y + outerRadius, rx: outerRadius, ry: outerRadius)
        let inner = innerRadius > 0
            ? RoundedBox(minX: c.x - innerRadius, minY: c.y - innerRadius, maxX: c.x + innerRadius,
                         maxY: c.y + innerRadius, rx: innerRadius, ry: innerRadius)
            : nil
        var shape = RoundedBoxShape(outer: outer, inner: inner)
        rasterize(&shape, value: value, opacity: opacity)
    }

    /// Adds the sector outline: the outer arc forwards, then the inner arc (or the centre) backwards.
    private func addSector(to edges: inout EdgeList, center c: PointF, innerRadius: Double, outerRadius: Double,
                           startAngle: Double, sweep: Double) {
        let fullCircle = Double(EdgeList.circleSegmentCount(radius: outerRadius, tolerance: arcTolerance))
        let count = max(1, Int((abs(sweep) / 360 * fullCircle).rounded(.up)))
        let a0 = startAngle * .pi / 180, step = sweep * .pi / 180 / Double(count)
        var points: [PointF] = []
        points.reserveCapacity(2 * count + 2)
        for i in 0...count {
            let angle = a0 + Double(i) * step
            points.append(PointF(x: c.x + outerRadius * cos(angle), y: c.y + outerRadius * sin(angle)))
        }
        if innerRadius > 0 {
            for i in stride(from: count, through: 0, by: -1) {
                let angle = a0 + Double(i) * step
                points.append(PointF(x: c.x + innerRadius * cos(angle), y: c.y + innerRadius * sin(angle)))
            }
        } else {
            points.append(c)
        }
        edges.addOrientedPolygon(points)
    }
}

/// `numerator / denominator` rounded towards −∞ (`denominator` > 0).
@inline(__always)
private func floorDivide(_ numerator: Int, _ denominator: Int) -> Int {
    numerator >= 0 ? numerator / denominator : -((-numerator + denominator - 1) / denominator)
}
