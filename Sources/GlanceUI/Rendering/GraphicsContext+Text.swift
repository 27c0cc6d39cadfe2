import Foundation

extension GraphicsContext {
    /// A text fixed to a context's environment, ready to measure and draw.
    public struct ResolvedText {
        let text: Text
        let environment: EnvironmentValues
        /// The paint of the text, replacing its own colors when set.
        public var shading: Shading = .foreground {
            didSet { shadingWasSet = true }
        }
        var shadingWasSet = false

        /// The size the text takes when offered `size`.
        public func measure(in size: CGSize) -> CGSize {
            let chosen = makeNode().size(for: proposal(for: size))
            return CGSize(width: CGFloat(chosen.width), height: CGFloat(chosen.height))
        }

        /// Distance from the top to the first line's baseline when offered `size`.
        public func firstBaseline(in size: CGSize) -> CGFloat {
            let node = makeNode()
            return CGFloat(node.value(.firstTextBaseline, size: node.size(for: proposal(for: size))))
        }

        /// Distance from the top to the last line's baseline when offered `size`.
        public func lastBaseline(in size: CGSize) -> CGFloat {
            let node = makeNode()
            return CGFloat(node.value(.lastTextBaseline, size: node.size(for: proposal(for: size))))
        }

        func makeNode() -> TextNode {
            var text = text
            if let style = shading.style {
                text = text.foregroundStyle(style)
            } else if shadingWasSet {
                text = text.foregroundStyle(ForegroundStyle())
            }
            return TextNode(text: text, environment: environment)
        }
    }

    /// A image fixed to a context's environment, ready to measure and draw.
    public struct ResolvedImage {
        let image: Image
        let environment: EnvironmentValues
        /// The image's natural size in pixels.
        public let size: CGSize
        /// The baseline offset of the image (its bottom edge).
        public var baseline: CGFloat { size.height }
        /// The paint of a template image or symbol; nil keeps the environment's foreground.
        public var shading: Shading?
    }

    /// The environment the context draws text and images in, with its opacity folded in.
    private var drawingEnvironment: EnvironmentValues {
        var environment = environment
        environment.opacity *= min(1, max(0, opacity))
        return environment
    }

    /// `text` fixed to this context's environment.
    public func resolve(_ text: Text) -> ResolvedText {
        ResolvedText(text: text, environment: drawingEnvironment)
    }

    /// `image` fixed to this context's environment.
    public func resolve(_ image: Image) -> ResolvedImage {
        let node = ImageNode(image: image, environment: drawingEnvironment)
        let size = node.size(for: ProposedSize(width: nil, height: nil))
        return ResolvedImage(image: image, environment: drawingEnvironment,
                             size: CGSize(width: CGFloat(size.width), height: CGFloat(size.height)))
    }

    // MARK: - Text

    /// Draws `text` at its ideal size with its `anchor` point on `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(text), at: point, anchor: anchor)
    }

    /// Draws `text` laid out in `rect` (wrapping to its width).
    public func draw(_ text: Text, in rect: CGRect) {
        draw(resolve(text), in: rect)
    }

    /// Draws resolved text at its ideal size with its `anchor` point on `point`.
    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        let node = text.makeNode()
        let size = node.size(for: ProposedSize(width: nil, height: nil))
        let mapped = point.applying(deviceTransform)
        let origin = Point(x: Int((Double(mapped.x) - Double(anchor.x) * Double(size.width)).rounded(.down)),
                           y: Int((Double(mapped.y) - Double(anchor.y) * Double(size.height)).rounded(.down)))
        draw(node, in: Rect(origin: origin, size: size))
    }

    /// Draws resolved text laid out in `rect`.
    public func draw(_ text: ResolvedText, in rect: CGRect) {
        let device = rect.applying(deviceTransform)
        let node = text.makeNode()
        let size = node.size(for: ProposedSize(width: Int(Double(device.width).rounded()), height: Int(Double(device.height).rounded())))
        draw(node, in: Rect(origin: Point(x: Int(Double(device.minX).rounded()), y: Int(Double(device.minY).rounded())), size: size))
    }

    // MARK: - Images

    /// Draws `image` scaled to fill `rect`.
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        draw(resolve(image), in: rect, style: style)
    }

    /// Draws `image` at its natural size with its `anchor` point on `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(image), at: point, anchor: anchor)
    }

    /// Draws a resolved image scaled to fill `rect`.
    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
        let device = rect.applying(deviceTransform)
        let frame = Rect(x: Int(Double(device.minX).rounded()), y: Int(Double(device.minY).rounded()),
                         width: max(0, Int(Double(device.width).rounded())), height: max(0, Int(Double(device.height).rounded())))
        draw(imageNode(image, resizable: true), in: frame)
    }

    /// Draws a resolved image at its natural size with its `anchor` point on `point`.
    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {
        let mapped = point.applying(deviceTransform)
        let width = Int(Double(image.size.width)), height = Int(Double(image.size.height))
        let origin = Point(x: Int((Double(mapped.x) - Double(anchor.x) * Double(width)).rounded(.down)),
                           y: Int((Double(mapped.y) - Double(anchor.y) * Double(height)).rounded(.down)))
        draw(imageNode(image, resizable: false), in: Rect(origin: origin, size: Size(width: width, height: height)))
    }

    private func imageNode(_ image: ResolvedImage, resizable: Bool) -> ImageNode {
        var environment = image.environment
        if let style = image.shading?.style {
            environment.foregroundTone = style.resolve(in: environment)
        }
        var drawn = image.image
        if resizable { drawn = drawn.resizable() }
        return ImageNode(image: drawn, environment: environment)
    }

    /// Places `node` in `frame` and draws it into the canvas through the clip.
    private func draw(_ node: LayoutNode, in frame: Rect) {
        node.place(in: frame)
        paint { bitmap in
            var context = RenderContext(bitmap: bitmap, date: environment.renderDate)
            node.draw(in: &context)
            bitmap = context.bitmap
            if let change = context.nextChange { target.nextChange = min(target.nextChange ?? change, change) }
        }
    }
}

/// A proposal of `size` in whole pixels; infinite or NaN axes are unspecified.
private func proposal(for size: CGSize) -> ProposedSize {
    func axis(_ value: CGFloat) -> Int? {
        let value = Double(value)
        return value.isFinite ? max(0, Int(value.rounded(.down))) : nil
    }
    return ProposedSize(width: axis(size.width), height: axis(size.height))
}
