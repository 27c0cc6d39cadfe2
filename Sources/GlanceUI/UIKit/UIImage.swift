import Foundation

/// UIKit's image class, which `import SwiftUI` brings along on Apple platforms; widget code
/// passes it to `Image(uiImage:)`.
///
/// Unlike UIKit, the failable initialisers never fail for a name: the name is looked up when
/// the image is drawn (a provider may make images before any view exists), and a missing
/// asset draws the missing-image box and is reported once, instead of crashing a force unwrap.
public final class UIImage: Sendable {
    /// What `Image(uiImage:)` draws.
    let source: Image.Source
    /// Whether the image is drawn as a template in the foreground style.
    let renderingMode: RenderingMode

    /// How an image is drawn: as its own pixels or as a mask in the foreground style.
    public enum RenderingMode: Int, Sendable {
        case automatic, alwaysOriginal, alwaysTemplate
    }

    init(source: Image.Source, renderingMode: RenderingMode = .automatic) {
        self.source = source
        self.renderingMode = renderingMode
    }

    /// An empty image (zero pixels).
    public convenience init() {
        self.init(source: .bitmap(Bitmap(size: .zero)))
    }

    /// The image named `name` in the asset catalog.
    public convenience init?(named name: String) {
        self.init(source: .resource(name))
    }

    /// The image named `name` in the asset catalog (bundle and traits are accepted for compatibility).
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(source: .resource(name))
    }

    /// A symbol from Glance's catalog, as `Image(systemName:)`; an unknown name draws the
    /// missing-symbol box.
    public convenience init?(systemName name: String) {
        self.init(source: .symbol(name))
    }

    /// A symbol with a configuration (accepted; the symbol takes the font's size).
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        self.init(source: .symbol(name))
    }

    /// An image decoded from PNG, PGM or PBM bytes; nil when they are none of those.
    public convenience init?(data: Data) {
        let bytes = Array(data)
        guard let bitmap = (try? PNG.decode(bytes, keepingColor: true)) ?? (try? Bitmap(pnm: bytes)) else { return nil }
        self.init(source: .bitmap(bitmap))
    }

    /// An image of `bitmap`'s pixels.
    public convenience init(bitmap: Bitmap) {
        self.init(source: .bitmap(bitmap))
    }

    /// The same image drawn as its own pixels or as a template.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(source: source, renderingMode: renderingMode)
    }

    /// A symbol's size configuration, accepted for compatibility.
    public struct SymbolConfiguration: Sendable, Hashable {
        let pointSize: CGFloat?
        /// A configuration for symbols of `pointSize` points (ignored: symbols follow the font).
        public init(pointSize: CGFloat) { self.pointSize = pointSize }
    }
}

extension Image {
    /// An image of a UIKit image.
    public init(uiImage: UIImage) {
        self.init(source: uiImage.source)
        switch uiImage.renderingMode {
        case .automatic: break
        case .alwaysOriginal: renderingMode = .original
        case .alwaysTemplate: renderingMode = .template
        }
    }
}
