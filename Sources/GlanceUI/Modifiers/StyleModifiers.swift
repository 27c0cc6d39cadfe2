import Foundation

// MARK: - Text and tone

extension View {
    /// Sets the font of text in this view.
    public func font(_ font: Font?) -> some View {
        modifyEnvironment { $0.font = font }
    }

    /// Makes text in this view bold.
    public func bold(_ isActive: Bool = true) -> some View {
        modifyEnvironment { if isActive { $0.font = ($0.font ?? .body).bold() } }
    }

    /// Sets the weight of text in this view.
    public func fontWeight(_ weight: Font.Weight?) -> some View {
        modifyEnvironment { environment in
            if let weight { environment.font = (environment.font ?? .body).weight(weight) }
        }
    }

    /// Draws digits of text in this view in cells of equal width.
    public func monospacedDigit() -> some View {
        modifyEnvironment { $0.font = ($0.font ?? .body).monospacedDigit() }
    }

    /// Limits text to `number` lines (nil for no limit).
    public func lineLimit(_ number: Int?) -> some View {
        modifyEnvironment { $0.lineLimit = number }
    }

    /// Aligns the lines of multi-line text.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        modifyEnvironment { $0.multilineTextAlignment = alignment }
    }

    /// Lets text shrink to `factor` of its size (stepping through the available font sizes) before truncating.
    public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        modifyEnvironment { $0.minimumScaleFactor = factor }
    }

    /// Sets where text in this view that does not fit loses characters: at the start, in the
    /// middle or at the end of its last line, marked by "…".
    public func truncationMode(_ mode: Text.TruncationMode) -> some View {
        modifyEnvironment { $0.truncationMode = mode }
    }

    /// Lets text in this view draw its characters one pixel closer together when that makes a
    /// line fit, before it shrinks or truncates.
    public func allowsTightening(_ flag: Bool) -> some View {
        modifyEnvironment { $0.allowsTightening = flag }
    }

    /// Paints text and shapes in this view with `style`. Shapes draw gradients as gradients;
    /// text and symbols take a gradient's average tone.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        modifyEnvironment { environment in
            let gradient = gradientPaint(of: style, in: environment)
            environment.foregroundTone = style.resolve(in: environment)
            environment.foregroundGradient = gradient
        }
    }

    /// Paints with `primary`, and sets what `.secondary` and `.tertiary` derive from.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View {
        modifyEnvironment { environment in
            let tone = primary.resolve(in: environment)
            environment.foregroundGradient = gradientPaint(of: primary, in: environment)
            environment.foregroundTone = tone
            environment.primaryTone = tone
        }
    }

    /// Paints with `primary`; the secondary and tertiary styles are accepted (the panel derives
    /// its lower levels from the primary tone).
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2, _ tertiary: S3) -> some View {
        foregroundStyle(primary, secondary)
    }

    /// Paints text and shapes in this view with `color` (nil keeps the current style).
    public func foregroundColor(_ color: Color?) -> some View {
        modifyEnvironment { environment in
            if let color {
                environment.foregroundTone = color.resolve(in: environment)
                environment.foregroundGradient = nil
            }
        }
    }

    /// Sets the tint used by gauges, progress views and `.tint` styles; gauges draw a
    /// gradient tint along their ring or bar.
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View {
        modifyEnvironment { environment in
            if let tint {
                environment.tintGradient = gradientPaint(of: tint, in: environment)
                environment.tintTone = tint.resolve(in: environment)
            }
        }
    }

    /// Sets the tint used by gauges, progress views and `.tint` styles.
    public func tint(_ tint: Color?) -> some View {
        modifyEnvironment { environment in
            if let tint {
                environment.tintTone = tint.resolve(in: environment)
                environment.tintGradient = nil
            }
        }
    }

    /// Multiplies the opacity of everything drawn in this view.
    public func opacity(_ opacity: Double) -> some View {
        modifyEnvironment { $0.opacity *= min(1, max(0, opacity)) }
    }

    /// Accepted for compatibility; panels have no color to render.
    public func colorScheme(_ colorScheme: ColorScheme) -> some View {
        modifyEnvironment { $0.colorScheme = colorScheme }
    }

    /// Draws content in the foreground colors (no effect: Glance has no materials).
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { self }
}

/// How multi-color symbols are drawn; Glance symbols are one color.
public enum SymbolRenderingMode: Sendable, Hashable { case monochrome, hierarchical, palette, multicolor }

// MARK: - Clipping and masking

extension View {
    /// Clips drawing to this view's frame.
    public func clipped(antialiased: Bool = false) -> some View {
        wrapNode { ClipNode($0, shape: Rectangle(), environment: $1) }
    }

    /// Clips drawing to `shape` in this view's frame.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        wrapNode { ClipNode($0, shape: shape, environment: $1) }
    }

    /// Rounds the corners of this view's drawing.
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius))
    }

    /// Shows this view only where `mask` is drawn (its lightness times opacity is the coverage).
    public func mask<M: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> M) -> some View {
        let mask = mask()
        return wrapNode { node, environment in
            var maskEnvironment = environment
            maskEnvironment.foregroundTone = Tone(level: 255)
            maskEnvironment.primaryTone = Tone(level: 255)
            maskEnvironment.opacity = 1
            return MaskNode(node, mask: makeNode(mask, in: maskEnvironment), alignment: alignment)
        }
    }

    /// Rotates this view's drawing by `angle` about `anchor` (layout is unchanged).
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        wrapNode { node, _ in
            // Shapes rotate as outlines, exactly; other views rotate their pixels.
            if let shape = node as? ShapeNode {
                shape.rotations.append((angle, anchor))
                return shape
            }
            return RotationNode(node, angle: angle, anchor: anchor)
        }
    }
}

/// Clips its child's drawing to a shape in its frame.
final class ClipNode: WrapperNode {
    let shape: any Shape

    init(_ child: LayoutNode, shape: any Shape, environment: EnvironmentValues) {
        self.shape = ContainerShapes.resolve(shape, family: environment.widgetFamily)
        super.init(child)
    }

    override func draw(in context: inout RenderContext) {
        if shape is Rectangle {
            context.bitmap.pushClip(frame)
            child.draw(in: &context)
            context.bitmap.popClip()
            return
        }
        let rect = CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
        let path = shape.path(in: rect)
        var mask = Bitmap(width: context.bitmap.width, height: context.bitmap.height, antialiasing: context.bitmap.antialiasing)
        mask.fill(path, value: 255)
        context.drawLayer(mask: mask) { child.draw(in: &$0) }
    }
}

/// Draws its child through a mask view laid out in the child's frame.
final class MaskNode: WrapperNode {
    let mask: LayoutNode
    let alignment: Alignment

    init(_ child: LayoutNode, mask: LayoutNode, alignment: Alignment) {
        self.mask = mask
        self.alignment = alignment
        super.init(child)
    }

    override func place(in rect: Rect) {
        super.place(in: rect)
        place(mask, proposing: ProposedSize(rect.size), aligned: alignment, in: rect)
    }

    override func draw(in context: inout RenderContext) {
        var maskContext = RenderContext(bitmap: Bitmap(width: context.bitmap.width, height: context.bitmap.height,
                                                       antialiasing: context.bitmap.antialiasing), date: context.date)
        mask.draw(in: &maskContext)
        context.drawLayer(mask: maskContext.bitmap) { child.draw(in: &$0) }
    }
}

/// Rotates its child's lit pixels about an anchor (nearest neighbour), layout unchanged.
/// Shapes rotate exactly as outlines instead; this handles any other view. Pixels the child
/// leaves black are not copied (panels draw on black).
final class RotationNode: WrapperNode {
    let angle: Angle
    let anchor: UnitPoint

    init(_ child: LayoutNode, angle: Angle, anchor: UnitPoint) {
        self.angle = angle
        self.anchor = anchor
        super.init(child)
    }

    override func draw(in context: inout RenderContext) {
        // An angle that is no number (NaN or infinite, from data) draws the view unrotated.
        guard angle.radians.isFinite, angle.radians.truncatingRemainder(dividingBy: 2 * .pi) != 0 else { return child.draw(in: &context) }
        // Draw the child alone on a black layer, then copy its lit pixels rotated.
        var layer = RenderContext(bitmap: context.bitmap.blank(), date: context.date)
        child.draw(in: &layer)
        context.interactiveRegions += layer.interactiveRegions
        context.widgetURLs += layer.widgetURLs
        if let next = layer.nextChange { context.noteChange(at: next) }
        let cx = Double(frame.minX) + Double(frame.width) * Double(anchor.x)
        let cy = Double(frame.minY) + Double(frame.height) * Double(anchor.y)
        let c = cos(-angle.radians), s = sin(-angle.radians)
        let width = context.bitmap.width, height = context.bitmap.height
        for y in 0..<height {
            for x in 0..<width {
                // Inverse-map each destination pixel centre into the unrotated layer.
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let sx = Int((cx + dx * c - dy * s).rounded(.down)), sy = Int((cy + dx * s + dy * c).rounded(.down))
                guard sx >= 0, sy >= 0, sx < width, sy < height else { continue }
                let value = layer.bitmap[sx, sy]
                if value > 0 { context.bitmap.blend(x: x, y: y, value: value, color: layer.bitmap.colors?[sy * width + sx], coverage: 255) }
            }
        }
    }
}
