import Foundation

/// A view that builds its content from the space it is given, as SwiftUI's `GeometryReader`.
///
/// It takes all the space offered (10 × 10 when nothing is proposed) and places its content
/// at its top-leading corner. The content is built when the reader is placed, with the
/// environment installed, so it can size itself from `proxy.size`.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    let content: (GeometryProxy) -> Content

    /// A reader whose content `content` builds from the reader's geometry.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        let content = content
        return [GeometryReaderNode(environment: environment) { proxy in
            let view = EnvironmentValues.$current.withValue(environment) { content(proxy) }
            return makeNode(view, in: environment)
        }]
    }
}

/// Takes what it is offered; makes its content's node once it knows its frame.
final class GeometryReaderNode: LayoutNode {
    private let build: (GeometryProxy) -> LayoutNode
    private let environment: EnvironmentValues
    private var content: LayoutNode?

    init(environment: EnvironmentValues, build: @escaping (GeometryProxy) -> LayoutNode) {
        self.environment = environment
        self.build = build
    }

    override var children: [LayoutNode] { content.map { [$0] } ?? [] }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        proposal.replacingUnspecified(with: Size(width: 10, height: 10)).clampedToFinite(Size(width: 10, height: 10))
    }

    override func place(in rect: Rect) {
        super.place(in: rect)
        let size = CGSize(width: CGFloat(rect.width), height: CGFloat(rect.height))
        let proxy = GeometryProxy(size: size, safeAreaInsets: EdgeInsets(),
                                  globalFrame: CGRect(x: CGFloat(rect.minX), y: CGFloat(rect.minY), width: size.width, height: size.height))
        let node = build(proxy)
        place(node, proposing: ProposedSize(rect.size), aligned: .topLeading, in: rect)
        content = node
    }
}

extension View {
    /// Names this view's coordinate space; accepted, and `.named` frames are global in Glance.
    public func coordinateSpace<T: Hashable>(name: T) -> some View { self }
}
