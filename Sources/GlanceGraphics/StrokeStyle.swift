// Fill and stroke parameters shared by paths and the shape primitives.

/// How overlapping or nested subpaths decide which points are inside a filled path.
public enum FillRule: Hashable, Sendable {
    /// Inside where the outline winds around the point a non-zero number of times
    /// (nested shapes drawn in the same direction stay filled).
    case nonZero
    /// Inside where a ray from the point crosses the outline an odd number of times
    /// (every nested shape punches a hole).
    case evenOdd

    @inline(__always)
    func contains(winding: Int) -> Bool {
        switch self {
        case .nonZero: winding != 0
        case .evenOdd: winding & 1 != 0
        }
    }
}

/// The shape drawn at the open ends of a stroked line.
public enum LineCap: Hashable, Sendable {
    /// The stroke stops exactly at the end point.
    case butt
    /// A half disc of the line's width is added beyond each end point.
    case round
    /// The stroke continues half its width beyond each end point.
    case square
}

/// The shape drawn where two stroked segments meet.
public enum LineJoin: Hashable, Sendable {
    /// The outer edges are extended until they meet, unless that is longer than
    /// `StrokeStyle.miterLimit` allows; then the corner is bevelled.
    case miter
    /// The corner is rounded with a disc of the line's width.
    case round
    /// The corner is cut off straight between the two outer edges.
    case bevel
}

/// How a path is outlined: width, caps, joins and dashes.
public struct StrokeStyle: Hashable, Sendable {
    /// Width of the stroke in pixels, centred on the path; non-finite or non-positive widths draw nothing.
    public var lineWidth: Double
    /// Shape of open subpath ends.
    public var lineCap: LineCap
    /// Shape of corners.
    public var lineJoin: LineJoin
    /// Longest allowed miter, as a multiple of `lineWidth`, before a miter join becomes a bevel (SVG semantics).
    public var miterLimit: Double
    /// Lengths of alternating painted and unpainted runs along the path, in pixels; empty
    /// (or all zero) draws a solid line. Each dash gets the line's caps, as in Core Graphics.
    public var dash: [Double]
    /// How far into the dash pattern the path starts, in pixels.
    public var dashPhase: Double

    /// Creates a stroke style; the defaults match SwiftUI's `StrokeStyle()` (width 1, butt caps,
    /// miter joins, limit 10, solid).
    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
                dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
