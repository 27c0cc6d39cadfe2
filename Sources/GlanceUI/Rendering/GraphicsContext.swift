import Foundation

/// The drawing surface a `Canvas` renderer is handed, as SwiftUI's `GraphicsContext`.
///
/// It fills and strokes paths, draws text and images, and keeps a transform, an opacity and
/// a clip. Like SwiftUI's, it is a value whose copies draw into the same canvas but keep their
/// own transform, opacity and clip. Paths follow the whole transform (scale and rotation
/// included); text and images are bitmaps, so the transform moves them (and scales an image's
/// rectangle) but never rotates or slants their pixels.
public struct GraphicsContext {
    /// The pixels being drawn, shared by every copy of the context.
    final class Target {
        var bitmap: Bitmap
        /// The earliest moment live text drawn on the canvas changes, so the host redraws then.
        var nextChange: Date?
        init(bitmap: Bitmap) { self.bitmap = bitmap }
    }

    let target: Target
    /// From canvas coordinates to bitmap drawing coordinates (the canvas's placement).
    let base: CGAffineTransform
    /// Coverage (0…255) of the current clip over the whole bitmap; nil when unclipped.
    var clipMask: Bitmap?

    /// The environment of the canvas: fonts, tones, family and the rest.
    public private(set) var environment: EnvironmentValues
    /// The transform from user space to the canvas's own coordinates; identity at first.
    public var transform: CGAffineTransform = .identity
    /// The opacity of everything drawn from now on, 0…1.
    public var opacity: Double = 1
    /// How new drawing combines with what is there; accepted, always drawn as `.normal`.
    public var blendMode: BlendMode = .normal

    init(target: Target, origin: Point, environment: EnvironmentValues) {
        self.target = target
        self.base = CGAffineTransform(translationX: CGFloat(origin.x), y: CGFloat(origin.y))
        self.environment = environment
    }

    /// User space to bitmap drawing coordinates.
    var deviceTransform: CGAffineTransform { transform.concatenating(base) }

    // MARK: - Transform

    /// Moves the origin of user space.
    public mutating func translateBy(x: CGFloat, y: CGFloat) {
        transform = transform.translatedBy(x: x, y: y)
    }

    /// Scales user space about its origin.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) {
        transform = transform.scaledBy(x: x, y: y)
    }

    /// Rotates user space about its origin (clockwise on screen for positive angles).
    public mutating func rotate(by angle: Angle) {
        transform = transform.rotated(by: CGFloat(angle.radians))
    }

    /// Applies `matrix` before the current transform.
    public mutating func concatenate(_ matrix: CGAffineTransform) {
        transform = matrix.concatenating(transform)
    }

    // MARK: - Clip

    /// Options of `clip(to:style:options:)`.
    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Keep what is outside the path instead of inside.
        public static let inverse = ClipOptions(rawValue: 1)
    }

    /// Narrows drawing from now on to the inside (or, with `.inverse`, the outside) of `path`.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        var mask = Bitmap(width: target.bitmap.width, height: target.bitmap.height, antialiasing: target.bitmap.antialiasing)
        mask.fill(path.applying(deviceTransform), value: 255, rule: style.isEOFilled ? .evenOdd : .nonZero)
        let inverse = options.contains(.inverse)
        mask.pixels.withUnsafeMutableBufferPointer { coverage in
            for index in coverage.indices {
                var value = inverse ? 255 - coverage[index] : coverage[index]
                if let clipMask { value = min(value, clipMask.pixels[index]) }
                coverage[index] = value
            }
        }
        clipMask = mask
    }

    /// The bounds of the current clip in user space (the canvas when unclipped).
    public var clipBoundingRect: CGRect {
        let bounds = target.bitmap.clipInDrawingSpace
        var rect = CGRect(x: CGFloat(bounds.minX), y: CGFloat(bounds.minY), width: CGFloat(bounds.width), height: CGFloat(bounds.height))
        if let clipMask {
            var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
            for y in 0..<clipMask.height {
                for x in 0..<clipMask.width where clipMask.pixels[y * clipMask.width + x] > 0 {
                    minX = min(minX, x); maxX = max(maxX, x + 1); minY = min(minY, y); maxY = max(maxY, y + 1)
                }
            }
            rect = minX > maxX ? .zero : rect.intersection(CGRect(x: CGFloat(minX), y: CGFloat(minY),
                                                                  width: CGFloat(maxX - minX), height: CGFloat(maxY - minY)))
        }
        return rect.applying(deviceTransform.inverted())
    }

    // MARK: - Layers

    /// Runs `content` with a copy of this context; drawing lands in the same canvas.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = self
        try content(&layer)
    }

    // MARK: - Painting

    /// Draws with `body` into the canvas, through the clip when there is one.
    func paint(_ body: (inout Bitmap) -> Void) {
        guard let clipMask else {
            body(&target.bitmap)
            return
        }
        let original = target.bitmap
        var layer = original
        body(&layer)
        layer.show(through: clipMask, over: original)
        target.bitmap = layer
    }

    /// The tone `shading` paints with at this context's opacity.
    func tone(of shading: Shading) -> Tone {
        shading.resolve(in: environment).fading(opacity)
    }

    /// Fills the inside of `path` with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        let tone = tone(of: shading)
        guard tone.opacity > 0 else { return }
        let device = path.applying(deviceTransform)
        paint { bitmap in
            bitmap.painting(tone.rgb) { $0.fill(device, value: tone.level, opacity: tone.opacity, rule: style.isEOFilled ? .evenOdd : .nonZero) }
        }
    }

    /// Strokes `path` with `shading` in `style` (the line width scales with the transform).
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        let tone = tone(of: shading)
        guard tone.opacity > 0 else { return }
        let device = path.applying(deviceTransform)
        var style = style
        let t = deviceTransform
        let scale = sqrt(abs(Double(t.a * t.d - t.b * t.c)))
        style.lineWidth *= scale
        paint { bitmap in bitmap.painting(tone.rgb) { $0.stroke(device, style: style, value: tone.level, opacity: tone.opacity) } }
    }

    /// Strokes `path` with `shading`, `lineWidth` pixels wide.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: Double(lineWidth)))
    }
}

extension GraphicsContext {
    /// How drawing combines with what is below it; accepted for compatibility (always normal).
    public struct BlendMode: Hashable, Sendable {
        let rawValue: Int32
        /// Creates a blend mode from its raw value.
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let normal = BlendMode(rawValue: 0)
        public static let multiply = BlendMode(rawValue: 1)
        public static let screen = BlendMode(rawValue: 2)
        public static let overlay = BlendMode(rawValue: 3)
        public static let darken = BlendMode(rawValue: 4)
        public static let lighten = BlendMode(rawValue: 5)
        public static let difference = BlendMode(rawValue: 10)
        public static let copy = BlendMode(rawValue: 17)
        public static let clear = BlendMode(rawValue: 16)
        public static let plusLighter = BlendMode(rawValue: 27)
    }

    /// The paint of a fill or stroke: a color or any shape style.
    public struct Shading: Sendable {
        /// The style; nil paints with the environment's foreground.
        let style: AnyShapeStyle?

        /// The current foreground style.
        public static var foreground: Shading { Shading(style: nil) }

        /// A color.
        public static func color(_ color: Color) -> Shading { Shading(style: AnyShapeStyle(color)) }

        /// An RGB color.
        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
                                 opacity: Double = 1) -> Shading {
            .color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity))
        }

        /// A gray.
        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) -> Shading {
            .color(Color(colorSpace, white: white, opacity: opacity))
        }

        /// Any shape style, such as `.secondary` or `.tint`.
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(style: AnyShapeStyle(style)) }

        /// Several shadings for multi-layer content; Glance paints with the first.
        public static func palette(_ array: [Shading]) -> Shading { array.first ?? .foreground }

        func resolve(in environment: EnvironmentValues) -> Tone {
            style?.resolve(in: environment) ?? ForegroundStyle().resolve(in: environment)
        }
    }
}
