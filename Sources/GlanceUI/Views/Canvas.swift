import Foundation

/// A view that draws with immediate-mode calls, as SwiftUI's `Canvas`.
///
/// The renderer is called once per render with a `GraphicsContext` and the canvas's size; it
/// fills the space it is offered (10 × 10 when nothing is proposed) and clips its drawing to
/// its bounds. The renderer runs with the canvas's environment installed, so `Color("name")`
/// and `@Environment` reads inside it work.
public struct Canvas<Symbols: View>: View, PrimitiveView {
    let opaque: Bool
    let colorMode: ColorRenderingMode
    let renderer: (inout GraphicsContext, CGSize) -> Void

    /// A canvas that draws with `renderer`.
    /// - Parameters:
    ///   - opaque: Whether the canvas promises to cover every pixel; accepted and ignored.
    ///   - colorMode: Accepted and ignored.
    ///   - rendersAsynchronously: Accepted and ignored: drawing happens during the render.
    ///   - renderer: Draws into the context; the size is the canvas's in pixels.
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) where Symbols == EmptyView {
        self.opaque = opaque
        self.colorMode = colorMode
        self.renderer = renderer
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        [CanvasNode(renderer: renderer, environment: environment)]
    }
}

/// Lays out a `Canvas` (it takes what it is offered) and runs its renderer when drawn.
final class CanvasNode: LayoutNode {
    private let renderer: (inout GraphicsContext, CGSize) -> Void
    private var environment: EnvironmentValues

    init(renderer: @escaping (inout GraphicsContext, CGSize) -> Void, environment: EnvironmentValues) {
        self.renderer = renderer
        self.environment = environment
    }

    /// Text drawn into the canvas is evaluated at the moment drawn.
    override func refresh(at date: Date) {
        super.refresh(at: date)
        environment.renderDate = date
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        proposal.replacingUnspecified(with: Size(width: 10, height: 10)).clampedToFinite(Size(width: 10, height: 10))
    }

    override func draw(in context: inout RenderContext) {
        guard !frame.isEmpty else { return }
        context.bitmap.pushClip(frame)
        let target = GraphicsContext.Target(bitmap: context.bitmap)
        var graphics = GraphicsContext(target: target, origin: frame.origin, environment: environment)
        let size = CGSize(width: CGFloat(frame.width), height: CGFloat(frame.height))
        EnvironmentValues.$current.withValue(environment) { renderer(&graphics, size) }
        context.bitmap = target.bitmap
        context.bitmap.popClip()
        if let change = target.nextChange { context.noteChange(at: change) }
    }
}
