import Foundation

/// An angle, as in SwiftUI: `.degrees(90)`, `.radians(.pi)`.
public struct Angle: Hashable, Sendable, Comparable {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    /// Creates an angle from radians.
    public init(radians: Double) { self.radians = radians }
    /// Creates an angle from degrees.
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }
    /// Zero.
    public init() { radians = 0 }

    public static let zero = Angle()
    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }
    public static func radians(_ value: Double) -> Angle { Angle(radians: value) }
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
}

/// A 2-D outline that fills the frame it is given, as SwiftUI's `Shape`.
public protocol Shape: View, Sendable {
    /// The outline inside `rect` (pixel coordinates, y down).
    func path(in rect: CGRect) -> Path
}

extension Shape {
    public var body: some View { ShapeView(shape: self, paint: .fill(AnyShapeStyle(ForegroundStyle()))) }

    /// Fills the shape with `style` (the foreground style by default).
    public func fill<S: ShapeStyle>(_ style: S = ForegroundStyle(), style fillStyle: FillStyle = FillStyle()) -> some View {
        ShapeView(shape: self, paint: .fill(AnyShapeStyle(style)), fillStyle: fillStyle)
    }

    /// Strokes the outline, centred on it, `lineWidth` pixels wide.
    public func stroke<S: ShapeStyle>(_ style: S = ForegroundStyle(), lineWidth: CGFloat = 1) -> some View {
        ShapeView(shape: self, paint: .stroke(AnyShapeStyle(style), StrokeStyle(lineWidth: Double(lineWidth))))
    }

    /// Strokes the outline with a full stroke style.
    public func stroke<S: ShapeStyle>(_ content: S = ForegroundStyle(), style: StrokeStyle) -> some View {
        ShapeView(shape: self, paint: .stroke(AnyShapeStyle(content), style))
    }

    /// Strokes the outline inside the frame (inset by half the line width).
    public func strokeBorder<S: ShapeStyle>(_ content: S = ForegroundStyle(), lineWidth: CGFloat = 1) -> some View {
        ShapeView(shape: InsetShape(base: self, amount: Double(lineWidth) / 2), paint: .stroke(AnyShapeStyle(content), StrokeStyle(lineWidth: Double(lineWidth))), isBorder: true)
    }

    /// Strokes the outline inside the frame with a full stroke style.
    public func strokeBorder<S: ShapeStyle>(_ content: S = ForegroundStyle(), style: StrokeStyle) -> some View {
        ShapeView(shape: InsetShape(base: self, amount: style.lineWidth / 2), paint: .stroke(AnyShapeStyle(content), style), isBorder: true)
    }

    /// The part of the outline between fractions `from` and `to` of its length.
    public func trim(from: CGFloat = 0, to: CGFloat = 1) -> some Shape {
        TrimmedShape(base: self, from: Double(from), to: Double(to))
    }

    /// The shape rotated by `angle` about `anchor` of its frame.
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> some Shape {
        RotatedShape(base: self, angle: angle, anchor: anchor)
    }

    /// The shape shrunk by `amount` on every side.
    public func inset(by amount: CGFloat) -> some Shape {
        InsetShape(base: self, amount: Double(amount))
    }
}

/// Fill options of `Shape.fill(_:style:)`.
public struct FillStyle: Hashable, Sendable {
    /// True for the even-odd rule, false for non-zero winding.
    public var isEOFilled: Bool
    /// Accepted for compatibility; the target panel decides.
    public var isAntialiased: Bool

    /// Creates fill options.
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// A point in a view's bounds in unit coordinates: (0, 0) top-leading, (1, 1) bottom-trailing.
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    /// Creates a unit point.
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

// MARK: - Built-in shapes

/// A rectangle filling its frame.
public struct Rectangle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape {
    /// Corner radius in pixels.
    public var cornerSize: CGSize
    /// Accepted for compatibility; corners are circular.
    public var style: RoundedCornerStyle

    /// Creates a rounded rectangle with `cornerRadius` pixels.
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }

    /// Creates a rounded rectangle with the given corner size.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }

    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerSize: cornerSize) }
}

/// Corner shapes; Glance draws both as circular arcs.
public enum RoundedCornerStyle: Sendable, Hashable { case circular, continuous }

/// A capsule: a rounded rectangle whose corner radius is half its short side.
public struct Capsule: Shape {
    public var style: RoundedCornerStyle
    /// Creates a capsule.
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    public func path(in rect: CGRect) -> Path {
        let radius = min(rect.width, rect.height) / 2
        return Path(roundedRect: rect, cornerSize: CGSize(width: radius, height: radius))
    }
}

/// The largest circle centred in the frame. Its outline starts at 3 o'clock and runs
/// clockwise, as SwiftUI's does (so `trim` plus `rotationEffect(.degrees(-90))` makes rings).
public struct Circle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let radius = min(rect.width, rect.height) / 2
        var path = Path()
        path.addArc(center: PointF(x: Double(rect.midX), y: Double(rect.midY)), radius: Double(radius), startAngle: 0, endAngle: 360, clockwise: true)
        path.closeSubpath()
        return path
    }
}

/// An ellipse filling the frame.
public struct Ellipse: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

/// The shape of the container the widget is drawn in: a circle on circular slots, a
/// rounded rectangle on rectangular ones.
public struct ContainerRelativeShape: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        // The family decides at layout time (see ShapeNode); drawn alone this is the slot.
        Rectangle().path(in: rect)
    }
}

extension Path: Shape {
    /// A path is drawn where it is; the frame does not move it.
    public func path(in rect: CGRect) -> Path { self }
}

// MARK: - Shape adapters

struct InsetShape<Base: Shape>: Shape {
    let base: Base
    let amount: Double
    func path(in rect: CGRect) -> Path { base.path(in: rect.insetBy(dx: amount, dy: amount)) }
}

struct TrimmedShape<Base: Shape>: Shape {
    let base: Base
    let from: Double
    let to: Double
    func path(in rect: CGRect) -> Path { base.path(in: rect).trimmed(from: from, to: to) }
}

struct RotatedShape<Base: Shape>: Shape {
    let base: Base
    let angle: Angle
    let anchor: UnitPoint
    func path(in rect: CGRect) -> Path {
        let center = PointF(x: Double(rect.minX + rect.width * anchor.x), y: Double(rect.minY + rect.height * anchor.y))
        let c = cos(angle.radians), s = sin(angle.radians)
        return base.path(in: rect).mapPoints { p in
            let dx = p.x - center.x, dy = p.y - center.y
            return PointF(x: center.x + dx * c - dy * s, y: center.y + dx * s + dy * c)
        }
    }
}

/// A type-erased shape.
public struct AnyShape: Shape {
    private let make: @Sendable (CGRect) -> Path
    /// Wraps `shape`.
    public init<S: Shape>(_ shape: S) { make = { shape.path(in: $0) } }
    public func path(in rect: CGRect) -> Path { make(rect) }
}

// MARK: - Drawing

/// A shape with its paint: what `fill` and `stroke` return.
struct ShapeView<S: Shape>: View, PrimitiveView {
    enum Paint {
        case fill(AnyShapeStyle)
        case stroke(AnyShapeStyle, StrokeStyle)
    }

    let shape: S
    let paint: Paint
    var fillStyle = FillStyle()
    /// True for `strokeBorder`, whose outline is already inset by half the line width.
    var isBorder = false

    var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        switch paint {
        case .fill(let style):
            let node = ShapeNode(shape: shape, fill: style.resolve(in: environment), stroke: nil, environment: environment, evenOdd: fillStyle.isEOFilled)
            node.gradient = gradientPaint(of: style, in: environment)
            return [node]
        case .stroke(let style, let strokeStyle):
            let node = ShapeNode(shape: shape, fill: nil, stroke: (style.resolve(in: environment), strokeStyle), environment: environment,
                                 centredOnEdge: !isBorder)
            node.gradient = gradientPaint(of: style, in: environment)
            return [node]
        }
    }
}

/// A node filling `shape` with `style` (a gradient or one tone), as `Shape.fill` draws it.
func fillNode(_ shape: some Shape, style: some ShapeStyle, environment: EnvironmentValues, evenOdd: Bool = false) -> ShapeNode {
    let node = ShapeNode(shape: shape, fill: style.resolve(in: environment), stroke: nil, environment: environment, evenOdd: evenOdd)
    node.gradient = gradientPaint(of: style, in: environment)
    return node
}

/// Lays out a shape (it takes whatever it is offered; 10×10 when nothing is proposed, as in
/// SwiftUI) and paints it.
final class ShapeNode: LayoutNode {
    let shape: any Shape
    let fill: Tone?
    let stroke: (tone: Tone, style: StrokeStyle)?
    let evenOdd: Bool
    /// True for `stroke`, whose line is centred on the frame's edge (not for `strokeBorder`).
    let centredOnEdge: Bool
    /// Rotations applied by `rotationEffect`, innermost first.
    var rotations: [(angle: Angle, anchor: UnitPoint)] = []
    /// The gradient painting the fill or stroke instead of its single tone (nil for plain colors).
    var gradient: GradientPaint?

    init(shape: any Shape, fill: Tone?, stroke: (Tone, StrokeStyle)?, environment: EnvironmentValues, evenOdd: Bool = false,
         centredOnEdge: Bool = false) {
        self.shape = ContainerShapes.resolve(shape, family: environment.widgetFamily)
        self.centredOnEdge = centredOnEdge
        self.fill = fill
        self.stroke = stroke
        self.evenOdd = evenOdd
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        proposal.replacingUnspecified(with: Size(width: 10, height: 10)).clampedToFinite(Size(width: 10, height: 10))
    }

    /// The outline in this node's frame, rotated by `rotationEffect`.
    ///
    /// On 1-bit panels a stroke of odd width centred on the frame's edge would straddle pixel
    /// boundaries and come out ragged, so the outline moves half a pixel inwards there: the
    /// stroke then runs through pixel centres and stays regular on every side.
    func outline(crisp: Bool = false) -> Path {
        // A shape describes itself in its own frame, from (0, 0), as in SwiftUI (so a `Path`
        // drawn as a view keeps its own coordinates), and then moves to where it was placed.
        var rect = CGRect(x: 0, y: 0, width: frame.width, height: frame.height)
        if crisp, centredOnEdge, let stroke, CGFloat(stroke.style.lineWidth).pixels % 2 == 1 { rect = rect.insetBy(dx: 0.5, dy: 0.5) }
        var path = shape.path(in: rect)
        for rotation in rotations {
            path = RotatedShape(base: path, angle: rotation.angle, anchor: rotation.anchor).path(in: rect)
        }
        let dx = Double(frame.minX), dy = Double(frame.minY)
        return dx == 0 && dy == 0 ? path : path.mapPoints { PointF(x: $0.x + dx, y: $0.y + dy) }
    }

    override func draw(in context: inout RenderContext) {
        let path = outline(crisp: !context.bitmap.antialiasing)
        if let gradient {
            // Gradients take the slower per-pixel path; plain colors never get here.
            let shading = gradient.shading(in: frame)
            if fill != nil { context.bitmap.fill(path, shading: shading, rule: evenOdd ? .evenOdd : .nonZero) }
            if let stroke { context.bitmap.stroke(path, style: stroke.style, shading: shading) }
            return
        }
        if let fill, fill.opacity > 0 {
            context.bitmap.painting(fill.rgb) { $0.fill(path, value: fill.level, opacity: fill.opacity, rule: evenOdd ? .evenOdd : .nonZero) }
        }
        if let stroke, stroke.tone.opacity > 0 {
            context.bitmap.painting(stroke.tone.rgb) { $0.stroke(path, style: stroke.style, value: stroke.tone.level, opacity: stroke.tone.opacity) }
        }
    }
}

/// The outline of each family's slot, which `ContainerRelativeShape` stands for.
enum ContainerShapes {
    /// Circle for circular families, a rounded rectangle (radius 6) for rectangular, the
    /// bare rectangle otherwise.
    static func shape(for family: WidgetFamily) -> AnyShape {
        switch family {
        case .accessoryCircular, .accessoryCorner: AnyShape(Circle())
        case .accessoryRectangular: AnyShape(RoundedRectangle(cornerRadius: 6))
        default: AnyShape(Rectangle())
        }
    }

    /// `shape`, with a `ContainerRelativeShape` (also inside an inset) replaced by the slot's shape.
    static func resolve(_ shape: any Shape, family: WidgetFamily) -> any Shape {
        if shape is ContainerRelativeShape { return self.shape(for: family) }
        if let inset = shape as? InsetShape<ContainerRelativeShape> { return InsetShape(base: self.shape(for: family), amount: inset.amount) }
        return shape
    }
}

extension StrokeStyle {
    /// Creates a stroke style from SwiftUI's `CGFloat` arguments (dash lengths in points).
    @_disfavoredOverload
    public init(lineWidth: CGFloat = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: CGFloat = 10,
                dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.init(lineWidth: Double(lineWidth), lineCap: lineCap, lineJoin: lineJoin, miterLimit: Double(miterLimit),
                  dash: dash.map(Double.init), dashPhase: Double(dashPhase))
    }
}

// MARK: - Path conveniences with SwiftUI's CoreGraphics types

extension Path {
    /// A rectangle.
    public init(_ rect: CGRect) {
        self.init()
        addRect(rect)
    }

    /// An ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) {
        self.init()
        addEllipse(in: rect)
    }

    /// A rounded rectangle.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(roundedRect: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rounded rectangle with corner size (the smaller of width and height is used).
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.init()
        addRoundedRect(in: rect, cornerSize: cornerSize)
    }

    /// Starts a subpath at `point`.
    public mutating func move(to point: CGPoint) { move(to: PointF(point)) }
    /// Adds a straight line to `point`.
    public mutating func addLine(to point: CGPoint) { addLine(to: PointF(point)) }
    /// Adds a quadratic curve.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        addQuadCurve(to: PointF(point), control: PointF(control))
    }
    /// Adds a cubic curve.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        addCurve(to: PointF(point), control1: PointF(control1), control2: PointF(control2))
    }
    /// Adds connected straight lines.
    public mutating func addLines(_ points: [CGPoint]) {
        addLines(points.map(PointF.init))
    }

    /// Adds a rectangle subpath.
    public mutating func addRect(_ rect: CGRect) {
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// Adds an ellipse inscribed in `rect`.
    public mutating func addEllipse(in rect: CGRect) {
        addEllipse(center: PointF(x: Double(rect.midX), y: Double(rect.midY)), radiusX: Double(rect.width / 2), radiusY: Double(rect.height / 2))
    }

    /// Adds a rounded-rectangle subpath.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        let r = Double(max(0, min(cornerSize.width, cornerSize.height, rect.width / 2, rect.height / 2)))
        let x0 = Double(rect.minX), y0 = Double(rect.minY), x1 = Double(rect.maxX), y1 = Double(rect.maxY)
        guard r > 0 else { return addRect(rect) }
        move(to: PointF(x: x0 + r, y: y0))
        addLine(to: PointF(x: x1 - r, y: y0))
        addArc(center: PointF(x: x1 - r, y: y0 + r), radius: r, startAngle: -90, endAngle: 0, clockwise: true)
        addLine(to: PointF(x: x1, y: y1 - r))
        addArc(center: PointF(x: x1 - r, y: y1 - r), radius: r, startAngle: 0, endAngle: 90, clockwise: true)
        addLine(to: PointF(x: x0 + r, y: y1))
        addArc(center: PointF(x: x0 + r, y: y1 - r), radius: r, startAngle: 90, endAngle: 180, clockwise: true)
        addLine(to: PointF(x: x0, y: y0 + r))
        addArc(center: PointF(x: x0 + r, y: y0 + r), radius: r, startAngle: 180, endAngle: 270, clockwise: true)
        closeSubpath()
    }

    /// Adds a circular arc with SwiftUI's conventions: angles measured clockwise on screen
    /// from 3 o'clock, and `clockwise` meaning what it means in SwiftUI's flipped coordinate
    /// space — so `clockwise: false` sweeps clockwise on screen, exactly as on Apple platforms.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        addArc(center: PointF(center), radius: Double(radius), startAngle: startAngle.degrees, endAngle: endAngle.degrees, clockwise: !clockwise)
    }
}

extension PointF {
    /// The point at `point`.
    public init(_ point: CGPoint) {
        self.init(x: Double(point.x), y: Double(point.y))
    }
}
