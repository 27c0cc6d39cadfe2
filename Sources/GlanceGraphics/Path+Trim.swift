extension Path {
    /// The part of the path between fractions `from` and `to` (0…1) of its total length,
    /// following subpaths in order (curves are flattened first). Used by `trim(from:to:)`.
    public func trimmed(from start: Double, to end: Double) -> Path {
        let start = max(0, min(1, start.isFinite ? start : 0)), end = max(0, min(1, end.isFinite ? end : 1))
        guard end > start else { return Path() }
        if start == 0 && end == 1 { return self }
        let polylines = flattened(tolerance: 0.05)
        var segments = [(PointF, PointF, Double)]()
        var starts = Set<Int>()
        for polyline in polylines {
            var points = polyline.points
            if polyline.closed, let first = points.first { points.append(first) }
            guard points.count > 1 else { continue }
            starts.insert(segments.count)
            for index in 1..<points.count {
                let a = points[index - 1], b = points[index]
                segments.append((a, b, ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()))
            }
        }
        let total = segments.reduce(0) { $0 + $1.2 }
        guard total > 0 else { return Path() }
        let from = start * total, to = end * total
        var result = Path()
        var position = 0.0
        var drawing = false
        for (index, (a, b, length)) in segments.enumerated() {
            let segmentStart = position, segmentEnd = position + length
            position = segmentEnd
            if starts.contains(index) { drawing = false }
            guard segmentEnd > from, segmentStart < to, length > 0 else { continue }
            func point(at distance: Double) -> PointF {
                let t = (distance - segmentStart) / length
                return PointF(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            }
            if !drawing {
                result.move(to: point(at: max(from, segmentStart)))
                drawing = true
            }
            result.addLine(to: point(at: min(to, segmentEnd)))
        }
        return result
    }
}
