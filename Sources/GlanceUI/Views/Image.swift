import Foundation
import GlanceCore

/// A picture: a symbol from Glance's catalog (`Image(systemName:)`, sized by the font like
/// SF Symbols), a named image from the bundle's asset catalog (`Image("name")`), or pixels.
public struct Image: View, PrimitiveView, Sendable {
    enum Source: Sendable {
        case symbol(String)
        case resource(String)
        case bitmap(Bitmap)
    }

    /// How an image is drawn: its own gray values, or as a mask painted with the foreground.
    public enum TemplateRenderingMode: Sendable, Hashable { case original, template }

    /// Relative size of symbols against the current font.
    public enum Scale: Sendable, Hashable { case small, medium, large }

    /// How a resizable image fills its frame.
    public enum ResizingMode: Sendable, Hashable { case stretch, tile }

    var source: Source
    var isResizable = false
    var renderingMode: TemplateRenderingMode?

    /// The symbol or resource name (empty for bitmaps).
    var name: String {
        switch source {
        case .symbol(let name), .resource(let name): name
        case .bitmap: ""
        }
    }

    /// A symbol from the catalog, e.g. `Image(systemName: "drop.fill")`. An unknown name
    /// draws a box with a cross and is logged once.
    public init(systemName: String) {
        source = .symbol(systemName)
    }

    /// An image from the bundle's asset catalog (`EnvironmentValues.assetCatalog`, which the
    /// host fills from the bundle's `Assets` folder). A name the catalog lacks draws the
    /// missing-image box and is reported once through `EnvironmentValues.warningSink`.
    public init(_ name: String) {
        source = .resource(name)
    }

    /// An image from the bundle's asset catalog (the bundle argument is accepted for compatibility).
    public init(_ name: String, bundle: Bundle?) {
        source = .resource(name)
    }

    /// An image from the asset catalog that accessibility ignores (Glance has no
    /// accessibility layer, so this is `Image(name)`).
    public init(decorative name: String, bundle: Bundle? = nil) {
        source = .resource(name)
    }

    /// An image from the asset catalog with an accessibility label (not drawn).
    public init(_ name: String, bundle: Bundle? = nil, label: Text) {
        source = .resource(name)
    }

    init(source: Source) {
        self.source = source
    }

    /// A bitmap drawn as is.
    public init(bitmap: Bitmap) {
        source = .bitmap(bitmap)
    }

    /// The image scaled to the size it is offered instead of its natural size.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var image = self
        image.isResizable = true
        return image
    }

    /// Draws the image's own gray values (`.original`) or its shape in the foreground style (`.template`).
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image {
        var image = self
        image.renderingMode = mode
        return image
    }

    /// Accepted for compatibility; images are always drawn without interpolation.
    public func interpolation(_ interpolation: Interpolation) -> Image { self }
    /// Accepted for compatibility.
    public func antialiased(_ isAntialiased: Bool) -> Image { self }

    /// Interpolation quality, accepted for compatibility.
    public enum Interpolation: Sendable, Hashable { case none, low, medium, high }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        var image = self
        if case .symbol(let name) = source, environment.symbolVariants != .none {
            image.source = .symbol(environment.symbolVariants.name(for: name) { SymbolCatalog.standard.symbol(named: $0) != nil })
        }
        let node = ImageNode(image: image, environment: environment)
        return [environment.redactsContent ? RedactedNode(node, environment: environment) : node]
    }
}

/// Symbol masks for images and inline text, cached by name and size.
enum SymbolImages {
    private static let cache = Locked([String: Bitmap]())

    /// The pixel size of a symbol drawn with `stack` at `scale`: a little larger than the
    /// capitals, snapped to the sizes the catalog is drawn for when close to one.
    static func pixelSize(for stack: FontStack, scale: Image.Scale = .medium) -> Int {
        let factor: Double = switch scale {
        case .small: 0.8
        case .medium: 1.0
        case .large: 1.3
        }
        let raw = Int((Double(stack.primary.capHeight) * 1.45 * factor).rounded())
        for designed in [12, 16, 24] where abs(raw - designed) <= 1 { return designed }
        return max(6, raw)
    }

    /// The mask for symbol `name` at `pixelSize` (a box with a cross when the name is unknown).
    static func mask(_ name: String, pixelSize: Int, antialiased: Bool) -> Bitmap {
        let key = "\(name)@\(pixelSize)\(antialiased ? "a" : "")"
        if let mask = cache.withLock({ $0[key] }) { return mask }
        let mask = SymbolCatalog.standard.symbol(named: name)?.mask(pixelSize: pixelSize, antialiased: antialiased)
            ?? Symbol.missingMask(pixelSize: pixelSize)
        cache.withLock { $0[key] = mask }
        return mask
    }

    /// The size a symbol takes inline in text of `stack`.
    static func inlineSize(for stack: FontStack, name: String) -> Size {
        let size = pixelSize(for: stack)
        return SymbolCatalog.standard.symbol(named: name)?.maskSize(pixelSize: size) ?? Size(width: size, height: size)
    }

    /// Draws symbol `name` inline, centred on the capitals of `stack`, pen at `origin` (baseline).
    static func drawInline(_ name: String, stack: FontStack, at origin: Point, tone: Tone, into bitmap: inout Bitmap) {
        let mask = mask(name, pixelSize: pixelSize(for: stack), antialiased: bitmap.antialiasing)
        let top = origin.y - stack.primary.capHeight / 2 - mask.height / 2
        bitmap.painting(tone.rgb) { $0.draw(mask: mask, at: Point(x: origin.x, y: top), value: tone.level, opacity: tone.opacity) }
    }
}

/// Lays out and draws an `Image`.
final class ImageNode: LayoutNode {
    private let image: Image
    private let tone: Tone
    private let symbolSize: Int
    private let natural: Size
    private let antialiased: Bool
    /// The pixels of a named image, looked up once; nil when the catalog lacks it.
    private let named: Bitmap?

    init(image: Image, environment: EnvironmentValues) {
        self.image = image
        self.tone = ForegroundStyle().resolve(in: environment)
        let stack = FontStack(environment.font ?? .body, scale: environment.displayScale)
        self.symbolSize = stack.map { SymbolImages.pixelSize(for: $0, scale: environment.imageScale) } ?? 12
        self.antialiased = environment.isAntialiased
        if case .resource(let name) = image.source {
            named = environment.namedImage(name)
        } else {
            named = nil
        }
        switch image.source {
        case .symbol(let name):
            if let symbol = SymbolCatalog.standard.symbol(named: name) {
                natural = symbol.maskSize(pixelSize: symbolSize)
            } else {
                environment.reportMissingSymbol(name)
                natural = Size(width: symbolSize, height: symbolSize)
            }
        case .resource:
            natural = named?.size ?? Size(width: symbolSize, height: symbolSize)
        case .bitmap(let bitmap):
            natural = bitmap.size
        }
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        guard image.isResizable else { return natural }
        return proposal.replacingUnspecified(with: natural).clampedToFinite(natural)
    }

    override func draw(in context: inout RenderContext) {
        guard !frame.isEmpty else { return }
        switch image.source {
        case .symbol(let name):
            // Symbols are vector: a resizable symbol is drawn at the frame's height.
            let size = image.isResizable ? min(frame.height, frame.width * max(1, natural.height) / max(1, natural.width)) : symbolSize
            let mask = SymbolImages.mask(name, pixelSize: size, antialiased: antialiased)
            let origin = Point(x: frame.minX + (frame.width - mask.width) / 2, y: frame.minY + (frame.height - mask.height) / 2)
            context.bitmap.painting(tone.rgb) { $0.draw(mask: mask, at: origin, value: tone.level, opacity: tone.opacity) }
        case .resource:
            if let named {
                draw(named, into: &context)
            } else {
                // The missing box is a mask, drawn in the foreground like a symbol.
                let mask = Symbol.missingMask(pixelSize: min(frame.width, frame.height))
                let origin = Point(x: frame.minX + (frame.width - mask.width) / 2, y: frame.minY + (frame.height - mask.height) / 2)
                context.bitmap.painting(tone.rgb) { $0.draw(mask: mask, at: origin, value: tone.level, opacity: tone.opacity) }
            }
        case .bitmap(let bitmap):
            draw(bitmap, into: &context)
        }
    }

    private func draw(_ bitmap: Bitmap, into context: inout RenderContext) {
        let scaled = bitmap.size == frame.size ? bitmap : bitmap.resampled(to: frame.size)
        if image.renderingMode == .template {
            context.bitmap.painting(tone.rgb) { $0.draw(mask: scaled, at: frame.origin, value: tone.level, opacity: tone.opacity) }
        } else {
            context.bitmap.draw(scaled, at: frame.origin, opacity: tone.opacity)
        }
    }
}

extension Size {
    /// The size with unlimited axes replaced by `fallback`'s.
    func clampedToFinite(_ fallback: Size) -> Size {
        Size(width: width >= ProposedSize.infinity ? fallback.width : width,
             height: height >= ProposedSize.infinity ? fallback.height : height)
    }
}

private struct ImageScaleKey: EnvironmentKey { static let defaultValue = Image.Scale.medium }
private struct AntialiasedKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// Relative size of symbols against the font.
    public var imageScale: Image.Scale {
        get { self[ImageScaleKey.self] }
        set { self[ImageScaleKey.self] = newValue }
    }

    /// Whether the target panel shows gray (shapes get soft edges) or only 1 bit.
    var isAntialiased: Bool {
        get { self[AntialiasedKey.self] }
        set { self[AntialiasedKey.self] = newValue }
    }
}

extension View {
    /// Scales symbols relative to the font.
    public func imageScale(_ scale: Image.Scale) -> some View {
        environment(\.imageScale, scale)
    }
}
