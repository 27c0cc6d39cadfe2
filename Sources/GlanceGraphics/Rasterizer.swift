// Scan conversion shared by every filled shape, path and stroke.
//
// A shape is anything that can list, for one horizontal sample line, the x intervals it
// covers (`SpanSource`). Crisp bitmaps sample each row once at the pixel centres; anti-aliased
// bitmaps sample 16 sub-scanlines per row and accumulate the exact horizontal coverage of every
// interval, so a pixel's gray level is its covered area quantised to 1/16 vertically.

/// Something that can be scan-converted: the x intervals it covers on horizontal lines.
protocol SpanSource {
    /// The vertical extent; sample lines outside it are not asked for.
    var minY: Double { get }
    var maxY: Double { get }
    /// Appends the covered intervals `[a, b)` on the line at height `y` to `spans` as
    /// consecutive pairs `a, b`. Intervals must not overlap; `y` only ever increases between calls.
    mutating func spans(atY y: Double, into spans: inout [Double])
}

/// Sub-scanlines per pixel row in anti-aliased mode.
private let subsamples = 16

extension Bitmap {
    /// Paints `value` wherever `source` covers, respecting clip and translation.
    mutating func rasterize<S: SpanSource>(_ source: inout S, value: UInt8, opacity: UInt8) {
        let clip = clipInDrawingSpace
        guard opacity > 0, !clip.isEmpty, source.minY.isFinite, source.maxY.isFinite, source.minY < source.maxY else { return }
        let firstRow = max(clip.minY, clampedInt(source.minY.rounded(.down)))
        let endRow = min(clip.maxY, clampedInt(source.maxY.rounded(.up)))
        guard firstRow < endRow else { return }
        var spans: [Double] = []
        spans.reserveCapacity(16)
        if antialiasing {
            rasterizeSmooth(&source, rows: firstRow..<endRow, clip: clip, spans: &spans, value: value, opacity: opacity)
        } else {
            rasterizeCrisp(&source, rows: firstRow..<endRow, clip: clip, spans: &spans, value: value, opacity: opacity)
        }
    }

    /// One sample per pixel at its centre: pixel x is covered when `a ≤ x + 0.5 < b`.
    private mutating func rasterizeCrisp<S: SpanSource>(_ source: inout S, rows: Range<Int>, clip: Rect,
                                                        spans: inout [Double], value: UInt8, opacity: UInt8) {
        let left = Double(clip.minX) - 1, right = Double(clip.maxX) + 1
        for y in rows {
            spans.removeAll(keepingCapacity: true)
            source.spans(atY: Double(y) + 0.5, into: &spans)
            var i = 0
            while i + 1 < spans.count {
                let a = min(max(spans[i], left), right), b = min(max(spans[i + 1], left), right)
                i += 2
                guard a < b else { continue }
                let x0 = Int((a - 0.5).rounded(.up)), x1 = Int((b - 0.5).rounded(.up))
                if x0 < x1 { blendSpan(y: y, from: x0, to: x1, value: value, coverage: opacity) }
            }
        }
    }

    /// 16 sub-scanlines per row with exact horizontal coverage, accumulated per pixel.
    private mutating func rasterizeSmooth<S: SpanSource>(_ source: inout S, rows: Range<Int>, clip: Rect,
                                                         spans: inout [Double], value: UInt8, opacity: UInt8) {
        let columns = clip.width
        let left = Double(clip.minX), right = Double(clip.maxX)
        let weight = 1.0 / Double(subsamples)
        // area[x]: partial coverage of column x; step[x]: change of the running full coverage at x.
        var area = [Double](repeating: 0, count: columns + 1)
        var step = [Double](repeating: 0, count: columns + 1)
        let stride = width, originX = origin.x, originY = origin.y
        let opacityScale = Int(opacity)
        // On a colour surface each row's coverage is kept and blended into `colors` after it.
        let paintColor = paint ?? RGB(gray: value)
        var rowCoverage = [UInt8](repeating: 0, count: colors == nil ? 0 : columns)
        area.withUnsafeMutableBufferPointer { area in
            step.withUnsafeMutableBufferPointer { step in
                for y in rows {
                    var low = columns, high = -1
                    for s in 0..<subsamples {
                        spans.removeAll(keepingCapacity: true)
                        source.spans(atY: Double(y) + (Double(s) + 0.5) * weight, into: &spans)
                        var i = 0
                        while i + 1 < spans.count {
                            let a = max(spans[i], left) - left, b = min(spans[i + 1], right) - left
                            i += 2
                            guard a < b else { continue }
                            let ia = Int(a), ib = Int(b)
                            if ia == ib {
                                area[ia] += (b - a) * weight
                            } else {
                                area[ia] += (Double(ia + 1) - a) * weight
                                step[ia + 1] += weight
                                step[ib] -= weight
                                area[ib] += (b - Double(ib)) * weight
                            }
                            low = min(low, ia)
                            high = max(high, ib)
                        }
                    }
                    guard low <= high else { continue }
                    let rowBase = (y + originY) * stride + originX + clip.minX
                    var running = 0.0
                    pixels.withUnsafeMutableBufferPointer { pixels in
                        for x in low...high {
                            running += step[x]
                            let coverage = running + area[x]
                            step[x] = 0
                            area[x] = 0
                            guard x < columns else { continue }
                            var level = Int(coverage * 255 + 0.5)
                            guard level > 0 else { continue }
                            level = min(level, 255)
                            if opacityScale < 255 { level = (level * opacityScale + 127) / 255 }
                            let index = rowBase + x
                            pixels[index] = Bitmap.mix(pixels[index], value, UInt8(level))
                            if !rowCoverage.isEmpty { rowCoverage[x] = UInt8(level) }
                        }
                    }
                    guard !rowCoverage.isEmpty else { continue }
                    for x in low...min(high, columns - 1) where rowCoverage[x] > 0 {
                        colors![rowBase + x] = colors![rowBase + x].mixed(with: paintColor, rowCoverage[x])
                        rowCoverage[x] = 0
                    }
                }
            }
        }
    }
}

// MARK: - Polygons

/// A non-horizontal polygon edge, stored top to bottom.
struct Edge {
    var x0: Double
    var y0: Double
    var y1: Double
    var slope: Double
    /// +1 when the original edge ran downwards, −1 when upwards.
    var winding: Int
}

/// A set of closed polygons filled with a winding rule; edges are collected, then scanned.
struct EdgeList: SpanSource {
    private(set) var edges: [Edge] = []
    var rule: FillRule
    private(set) var minY = Double.infinity
    private(set) var maxY = -Double.infinity

    private var sorted = false
    private var next = 0
    private var active: [Int] = []
    private var crossings: [(x: Double, winding: Int)] = []

    init(rule: FillRule) {
        self.rule = rule
    }

    /// Adds the edge from `a` to `b`; horizontal and non-finite edges are skipped.
    mutating func addEdge(from a: PointF, to b: PointF) {
        guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let down = a.y < b.y
        let top = down ? a : b, bottom = down ? b : a
        edges.append(Edge(x0: top.x, y0: top.y, y1: bottom.y,
                          slope: (bottom.x - top.x) / (bottom.y - top.y), winding: down ? 1 : -1))
        minY = min(minY, top.y)
        maxY = max(maxY, bottom.y)
        sorted = false
    }

    /// Adds the closed polygon through `points` (the last point connects back to the first).
    mutating func addPolygon(_ points: [PointF]) {
        guard points.count > 1 else { return }
        var previous = points[points.count - 1]
        for point in points {
            addEdge(from: previous, to: point)
            previous = point
        }
    }

    /// Adds a simple (not self-intersecting) polygon made positively oriented (clockwise on
    /// screen), so that a non-zero fill of many of them is their union.
    mutating func addOrientedPolygon(_ points: [PointF]) {
        guard points.count > 2 else { return }
        var area = 0.0
        var previous = points[points.count - 1]
        for point in points {
            area += previous.x * point.y - point.x * previous.y
            previous = point
        }
        guard area != 0, area.isFinite else { return }
        if area > 0 {
            addPolygon(points)
        } else {
            addPolygon(points.reversed())
        }
    }

    mutating func spans(atY y: Double, into spans: inout [Double]) {
        if !sorted {
            edges.sort { $0.y0 < $1.y0 }
            sorted = true
            next = 0
            active.removeAll(keepingCapacity: true)
        }
        while next < edges.count, edges[next].y0 <= y {
            active.append(next)
            next += 1
        }
        crossings.removeAll(keepingCapacity: true)
        var i = 0
        while i < active.count {
            let edge = edges[active[i]]
            if edge.y1 <= y {
                active.swapAt(i, active.count - 1)
                active.removeLast()
                continue
            }
            crossings.append((edge.x0 + (y - edge.y0) * edge.slope, edge.winding))
            i += 1
        }
        guard crossings.count > 1 else { return }
        // Insertion sort: a handful of crossings, mostly in the order of the previous line.
        for j in 1..<crossings.count {
            let item = crossings[j]
            var k = j - 1
            while k >= 0, crossings[k].x > item.x {
                crossings[k + 1] = crossings[k]
                k -= 1
            }
            crossings[k + 1] = item
        }
        var winding = 0
        var start = 0.0
        for crossing in crossings {
            let wasInside = rule.contains(winding: winding)
            winding += crossing.winding
            let isInside = rule.contains(winding: winding)
            if isInside && !wasInside {
                start = crossing.x
            } else if wasInside && !isInside && crossing.x > start {
                spans.append(start)
                spans.append(crossing.x)
            }
        }
    }
}

// MARK: - Rounded boxes

/// An axis-aligned box with elliptical corners of radii `rx`, `ry`: covers rectangles,
/// rounded rectangles, capsules and ellipses (radii of half the size) exactly.
struct RoundedBox {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double
    var rx: Double
    var ry: Double

    /// Creates the box with radii clamped to half its size.
    init(minX: Double, minY: Double, maxX: Double, maxY: Double, rx: Double, ry: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
        self.rx = min(max(0, rx), max(0, (maxX - minX) / 2))
        self.ry = min(max(0, ry), max(0, (maxY - minY) / 2))
    }

    var isEmpty: Bool { !(minX < maxX && minY < maxY) }

    /// The box moved inwards by `distance` on every side, corner radii shrinking with it (a parallel curve).
    func inset(by distance: Double) -> RoundedBox {
        RoundedBox(minX: minX + distance, minY: minY + distance, maxX: maxX - distance, maxY: maxY - distance,
                   rx: rx - distance, ry: ry - distance)
    }

    /// The covered interval on the line at height `y`, or nil when the line misses the box.
    @inline(__always)
    func span(atY y: Double) -> (Double, Double)? {
        guard y >= minY, y < maxY else { return nil }
        var dy = 0.0
        if y < minY + ry {
            dy = minY + ry - y
        } else if y > maxY - ry {
            dy = y - (maxY - ry)
        }
        guard dy > 0, rx > 0 else { return (minX, maxX) }
        let t = dy / ry
        let inset = rx * (1 - max(0, 1 - t * t).squareRoot())
        return (minX + inset, maxX - inset)
    }
}

/// A rounded box, optionally minus an inner rounded box lying inside it: fills and borders.
struct RoundedBoxShape: SpanSource {
    var outer: RoundedBox
    var inner: RoundedBox?

    var minY: Double { outer.minY }
    var maxY: Double { outer.maxY }

    func spans(atY y: Double, into spans: inout [Double]) {
        guard let (a, b) = outer.span(atY: y), a < b else { return }
        if let inner, let (c, d) = inner.span(atY: y), c < d {
            let holeStart = min(max(c, a), b), holeEnd = min(max(d, holeStart), b)
            if a < holeStart { spans.append(a); spans.append(holeStart) }
            if holeEnd < b { spans.append(holeEnd); spans.append(b) }
        } else {
            spans.append(a)
            spans.append(b)
        }
    }
}
