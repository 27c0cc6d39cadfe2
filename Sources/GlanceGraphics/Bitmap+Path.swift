// Filling and stroking arbitrary paths.

/// How far flattened curves may stray from the true curve, in pixels.
let flatteningTolerance = 0.025

extension Bitmap {
    /// Fills the inside of `path` (every subpath implicitly closed) with `value`.
    ///
    /// Crisp bitmaps light a pixel when its centre is inside; anti-aliased ones blend each
    /// pixel by the fraction of it that is inside. Points with NaN coordinates are ignored
    /// and huge ones are clamped, so no input can crash or hang the call.
    /// - Parameters:
    ///   - path: The outline, in drawing coordinates.
    ///   - value: Gray level to paint (0 black … 255 white).
    ///   - opacity: How strongly to paint (0 nothing … 255 opaque).
    ///   - rule: Which points count as inside where subpaths overlap or nest.
    public mutating func fill(_ path: Path, value: UInt8, opacity: UInt8 = 255, rule: FillRule = .nonZero) {
        var edges = EdgeList(rule: rule)
        for polyline in path.flattened(tolerance: flatteningTolerance) {
            edges.addPolygon(polyline.points)
        }
        rasterize(&edges, value: value, opacity: opacity)
    }

    /// Paints the outline of `path` with a stroke centred on it (SwiftUI's `stroke`, not `strokeBorder`).
    ///
    /// Open subpaths get `style.lineCap` at both ends; zero-length subpaths become dots for
    /// round and square caps. Overlapping parts of the stroke are painted once.
    /// - Parameters:
    ///   - path: The path to outline, in drawing coordinates.
    ///   - style: Width, caps, joins and miter limit.
    ///   - value: Gray level to paint.
    ///   - opacity: How strongly to paint (0 nothing … 255 opaque).
    public mutating func stroke(_ path: Path, style: StrokeStyle, value: UInt8, opacity: UInt8 = 255) {
        guard var stroker = Stroker(style: style, tolerance: flatteningTolerance) else { return }
        for polyline in path.flattened(tolerance: flatteningTolerance) {
            if style.dash.isEmpty {
                stroker.add(polyline)
            } else {
                for piece in polyline.dashed(style.dash, phase: style.dashPhase) { stroker.add(piece) }
            }
        }
        var outline = stroker.outline
        rasterize(&outline, value: value, opacity: opacity)
    }

    /// Paints the outline of `path` with a centred stroke `lineWidth` pixels wide, butt caps and miter joins.
    public mutating func stroke(_ path: Path, lineWidth: Double = 1, value: UInt8, opacity: UInt8 = 255) {
        stroke(path, style: StrokeStyle(lineWidth: lineWidth), value: value, opacity: opacity)
    }
}
