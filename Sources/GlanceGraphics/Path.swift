/// A point with sub-pixel precision. Pixel (x, y) covers the square [x, x+1) × [y, y+1),
/// so the centre of pixel (2, 3) is (2.5, 3.5).
public struct PointF: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    /// Creates a point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The corner of integer pixel `point`.
    public init(_ point: Point) {
        self.init(x: Double(point.x), y: Double(point.y))
    }

    public var description: String { "(\(x), \(y))" }
}

/// An outline made of subpaths of straight lines, quadratic and cubic Béziers and
/// circular arcs, in drawing coordinates (see `PointF`).
public struct Path: Hashable, Sendable {
    /// One drawing instruction of a path.
    public enum Element: Hashable, Sendable {
        case move(to: PointF)
        case line(to: PointF)
        case quadCurve(to: PointF, control: PointF)
        case curve(to: PointF, control1: PointF, control2: PointF)
        /// Closes the current subpath with a straight line to its first point.
        case closeSubpath
    }

    /// The instructions in order; arcs are stored already converted to cubic Béziers.
    public private(set) var elements: [Element] = []

    /// Creates an empty path.
    public init() {}

    /// Creates a path by running `build` on an empty one.
    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point the next segment starts from, if any.
    public private(set) var currentPoint: PointF?
    private var subpathStart: PointF?

    /// Starts a new subpath at `point`.
    public mutating func move(to point: PointF) {
        elements.append(.move(to: point))
        currentPoint = point
        subpathStart = point
    }

    /// Adds a straight segment to `point` (starting a subpath there when there is none).
    public mutating func addLine(to point: PointF) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.line(to: point))
        currentPoint = point
    }

    /// Adds a quadratic Bézier to `point` bent towards `control`.
    public mutating func addQuadCurve(to point: PointF, control: PointF) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    /// Adds a cubic Bézier to `point` with two control points.
    public mutating func addCurve(to point: PointF, control1: PointF, control2: PointF) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Closes the current subpath.
    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        elements.append(.closeSubpath)
        currentPoint = subpathStart
    }

    /// Appends every element of `other`.
    public mutating func addPath(_ other: Path) {
        for element in other.elements {
            switch element {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closeSubpath()
            }
        }
    }
}
