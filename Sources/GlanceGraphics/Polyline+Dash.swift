// Splitting stroked polylines into dashes before they are outlined.

extension Polyline {
    /// The painted runs of this polyline under a dash `pattern` (alternating on and off
    /// lengths in pixels) started `phase` pixels into the pattern, as open polylines.
    ///
    /// A pattern with no positive total length, or with a negative or non-finite entry, draws
    /// the polyline solid, as Core Graphics ignores such patterns. Closed polylines are walked
    /// through their closing segment; their dashes are open, so each gets the line's caps.
    func dashed(_ pattern: [Double], phase: Double) -> [Polyline] {
        let total = pattern.reduce(0, +)
        guard total > 0, total.isFinite, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return [self] }
        var vertices = points
        if closed, let first = vertices.first { vertices.append(first) }
        guard vertices.count > 1 else { return [self] }
        // An odd pattern repeats twice so that on and off alternate (as in SVG).
        let runs = pattern.count % 2 == 1 ? pattern + pattern : pattern
        // Where the walk starts in the pattern.
        var offset = phase.isFinite ? phase.truncatingRemainder(dividingBy: total * Double(runs.count / pattern.count)) : 0
        if offset < 0 { offset += total * Double(runs.count / pattern.count) }
        var index = 0
        while offset >= runs[index] {
            offset -= runs[index]
            index = (index + 1) % runs.count
        }
        var remaining = runs[index] - offset
        var painting = index % 2 == 0
        var result: [Polyline] = []
        var current: [PointF] = painting ? [vertices[0]] : []
        for i in 1..<vertices.count {
            var a = vertices[i - 1]
            let b = vertices[i]
            var length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            while length > 0 {
                if remaining >= length {
                    remaining -= length
                    if painting { current.append(b) }
                    length = 0
                } else {
                    let t = remaining / length
                    let cut = PointF(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                    if painting {
                        current.append(cut)
                        if current.count > 1 { result.append(Polyline(points: current, closed: false)) }
                        current = []
                    } else {
                        current = [cut]
                    }
                    length -= remaining
                    a = cut
                    painting.toggle()
                    index = (index + 1) % runs.count
                    remaining = runs[index]
                }
            }
        }
        if painting, current.count > 1 { result.append(Polyline(points: current, closed: false)) }
        return result
    }
}
