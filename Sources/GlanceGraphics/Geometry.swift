// Integer geometry: one unit is one panel pixel.

/// A position in pixels; x grows to the right, y grows downwards.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// Creates a point at (`x`, `y`).
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(x), \(y))" }

    /// Component-wise sum.
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    /// Component-wise difference.
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
}

/// A non-negative extent in pixels; negative values given to the initializer become zero.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int { didSet { width = max(0, width) } }
    public var height: Int { didSet { height = max(0, height) } }

    /// The empty size, 0×0.
    public static let zero = Size(width: 0, height: 0)

    /// Creates a size; negative components are clamped to zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// `width × height`, the number of pixels.
    public var area: Int { width * height }

    public var description: String { "\(width)×\(height)" }
}

/// A half-open rectangle: it contains x in `minX..<maxX` and y in `minY..<maxY`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// Creates a rectangle from its top-left corner and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its top-left corner and size; negative sizes become zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// Creates the rectangle spanning `minX..<maxX` × `minY..<maxY` (empty when max ≤ min).
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var minX: Int { origin.x }
    public var minY: Int { origin.y }
    /// The first column to the right that is outside the rectangle.
    public var maxX: Int { origin.x + size.width }
    /// The first row below that is outside the rectangle.
    public var maxY: Int { origin.y + size.height }
    public var width: Int { size.width }
    public var height: Int { size.height }
    /// The centre, rounded towards the top-left.
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// True when the rectangle contains no pixel.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// True when pixel `point` lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when every pixel of `other` lies inside (an empty rectangle is contained everywhere).
    public func contains(_ other: Rect) -> Bool {
        other.isEmpty || (other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY)
    }

    /// The pixels both rectangles contain; empty (at the clamped origin) when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// True when the rectangles share at least one pixel.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rectangle containing both; an empty operand is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return Rect(minX: min(minX, other.minX), minY: min(minY, other.minY),
                    maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// The rectangle moved by (`dx`, `dy`).
    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(origin: Point(x: origin.x + dx, y: origin.y + dy), size: size)
    }

    /// The rectangle shrunk by `insets` (grown when they are negative); never smaller than empty.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.leading, y: minY + insets.top,
             width: width - insets.leading - insets.trailing,
             height: height - insets.top - insets.bottom)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Int, dy: Int) -> Rect {
        inset(by: EdgeInsets(top: dy, leading: dx, bottom: dy, trailing: dx))
    }

    public var description: String { "(\(minX), \(minY), \(width)×\(height))" }
}

/// Distances inset from each edge of a rectangle, in pixels (leading is the left edge).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Int
    public var leading: Int
    public var bottom: Int
    public var trailing: Int

    /// No inset.
    public static let zero = EdgeInsets()

    /// Creates insets per edge.
    public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on every edge.
    public init(all amount: Int) {
        self.init(top: amount, leading: amount, bottom: amount, trailing: amount)
    }

    /// `leading + trailing`.
    public var horizontal: Int { leading + trailing }
    /// `top + bottom`.
    public var vertical: Int { top + bottom }
}
