import Foundation

/// A view whose content is resolved to one node and then wrapped or adjusted by `wrap`.
/// Every layout modifier is this struct with a different closure.
struct NodeModifier<Content: View>: View, PrimitiveView {
    let content: Content
    let wrap: (LayoutNode, EnvironmentValues) -> LayoutNode

    var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        [wrap(makeNode(content, in: environment), environment)]
    }
}

/// A reusable bundle of modifiers, as SwiftUI's `ViewModifier`.
public protocol ViewModifier {
    /// The type of view the modifier produces.
    associatedtype Body: View
    /// The view standing for the content the modifier is applied to.
    typealias Content = _ViewModifier_Content<Self>
    /// Builds the modified view from `content`.
    @ViewBuilder func body(content: Content) -> Body
}

/// The content a `ViewModifier` receives: the view it was applied to.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    let resolve: (EnvironmentValues) -> [LayoutNode]

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { resolve(environment) }
}

/// A view with a `ViewModifier` applied.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View, PrimitiveView {
    let content: Content
    let modifier: Modifier

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        let content = self.content
        let placeholder = _ViewModifier_Content<Modifier>(resolve: { GlanceUI.makeNodes(content, in: $0) })
        let body = EnvironmentValues.$current.withValue(environment) { modifier.body(content: placeholder) }
        return GlanceUI.makeNodes(body, in: environment)
    }
}

extension View {
    /// Applies a `ViewModifier`.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// Wraps this view's node (internal building block of the layout modifiers).
    func wrapNode(_ wrap: @escaping (LayoutNode, EnvironmentValues) -> LayoutNode) -> NodeModifier<Self> {
        NodeModifier(content: self, wrap: wrap)
    }

    /// Wraps this view's node without needing the environment.
    func wrapNode(_ wrap: @escaping (LayoutNode) -> LayoutNode) -> NodeModifier<Self> {
        NodeModifier(content: self) { node, _ in wrap(node) }
    }
}

// MARK: - Layout modifiers

extension View {
    /// Gives the view a fixed width and/or height; unspecified axes keep the child's size.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        wrapNode { FixedFrameNode($0, width: width?.pixels, height: height?.pixels, alignment: alignment) }
    }

    /// Gives the view flexible limits; `maxWidth: .infinity` fills the available width.
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View {
        wrapNode {
            FlexibleFrameNode($0,
                              horizontal: .init(min: minWidth?.pixels, ideal: idealWidth?.pixels, max: maxWidth?.pixels),
                              vertical: .init(min: minHeight?.pixels, ideal: idealHeight?.pixels, max: maxHeight?.pixels),
                              alignment: alignment)
        }
    }

    /// Adds space around the view: `length` pixels on `edges` (4 pixels when nil).
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let amount = length?.pixels ?? defaultSpacing
        let insets = EdgeInsets(top: edges.contains(.top) ? amount : 0, leading: edges.contains(.leading) ? amount : 0,
                                bottom: edges.contains(.bottom) ? amount : 0, trailing: edges.contains(.trailing) ? amount : 0)
        return wrapNode { PaddingNode($0, insets: insets) }
    }

    /// Adds `length` pixels on every edge.
    public func padding(_ length: CGFloat) -> some View {
        padding(.all, length)
    }

    /// Adds the given insets.
    public func padding(_ insets: EdgeInsets) -> some View {
        wrapNode { PaddingNode($0, insets: insets) }
    }

    /// Draws the view moved by (`x`, `y`) without changing its layout.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        wrapNode { OffsetNode($0, offset: Point(x: x.pixels, y: y.pixels)) }
    }

    /// Draws the view moved by `offset` without changing its layout.
    public func offset(_ offset: CGSize) -> some View {
        self.offset(x: offset.width, y: offset.height)
    }

    /// Keeps the view at its ideal size on both axes.
    public func fixedSize() -> some View {
        fixedSize(horizontal: true, vertical: true)
    }

    /// Keeps the view at its ideal size on the chosen axes.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        wrapNode { FixedSizeNode($0, horizontal: horizontal, vertical: vertical) }
    }

    /// Makes stacks offer space to this view before views of lower priority.
    public func layoutPriority(_ value: Double) -> some View {
        wrapNode { PriorityNode($0, priority: value) }
    }

    /// Draws `overlay` on top, sized to this view.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content overlay: () -> V) -> some View {
        let overlay = overlay()
        return wrapNode { LayeredNode($0, secondary: makeNode(overlay, in: $1), alignment: alignment, onTop: true) }
    }

    /// Draws `overlay` on top, sized to this view.
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View {
        wrapNode { LayeredNode($0, secondary: makeNode(overlay, in: $1), alignment: alignment, onTop: true) }
    }

    /// Draws `background` behind, sized to this view.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content background: () -> V) -> some View {
        let background = background()
        return wrapNode { LayeredNode($0, secondary: makeNode(background, in: $1), alignment: alignment, onTop: false) }
    }

    /// Draws `background` behind, sized to this view.
    public func background<V: View>(_ background: V, alignment: Alignment = .center) -> some View {
        wrapNode { LayeredNode($0, secondary: makeNode(background, in: $1), alignment: alignment, onTop: false) }
    }

    /// Fills the view's bounds behind it with `style`.
    public func background<S: ShapeStyle>(_ style: S) -> some View {
        wrapNode { node, environment in
            LayeredNode(node, secondary: fillNode(Rectangle(), style: style, environment: environment),
                        alignment: .center, onTop: false)
        }
    }

    /// Constrains the view to an aspect ratio (its ideal ratio when nil).
    public func aspectRatio(_ ratio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        wrapNode { AspectRatioNode($0, ratio: ratio.map(Double.init), fill: contentMode == .fill) }
    }

    /// Constrains the view to the aspect ratio of `size`.
    public func aspectRatio(_ size: CGSize, contentMode: ContentMode) -> some View {
        aspectRatio(size.height > 0 ? size.width / size.height : nil, contentMode: contentMode)
    }

    /// Scales the view to fit its frame, keeping its aspect ratio.
    public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }

    /// Scales the view to fill its frame, keeping its aspect ratio.
    public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }

    /// Sets this view's value for a horizontal alignment guide.
    public func alignmentGuide(_ guide: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        wrapNode { AlignmentGuideNode($0, horizontal: (guide, computeValue), vertical: nil) }
    }

    /// Sets this view's value for a vertical alignment guide.
    public func alignmentGuide(_ guide: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        wrapNode { AlignmentGuideNode($0, horizontal: nil, vertical: (guide, computeValue)) }
    }
}

/// How `aspectRatio` resolves a mismatch: fit inside, or fill and overflow.
public enum ContentMode: Sendable, Hashable, CaseIterable { case fit, fill }

/// An edge of a rectangle, and sets of edges for `padding`.
public enum Edge: Int8, Sendable, Hashable, CaseIterable {
    case top, leading, bottom, trailing

    /// A set of edges.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The set holding one edge.
        public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }

        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}

/// Shows the first of its children that fits, as SwiftUI's `ViewThatFits`.
public struct ViewThatFits<Content: View>: View, PrimitiveView {
    let axes: Axis.Set
    let content: Content

    /// Creates a chooser over `content`'s children, measuring on `axes` (both by default).
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        [ViewThatFitsNode(children: GlanceUI.makeNodes(content, in: environment), axes: axes)]
    }
}
