/// A piece of a widget's interface, described by its `body` (as in SwiftUI).
///
/// Views are values: they describe what to draw and are rebuilt for every frame. Built-in
/// views such as `Text` and `HStack` have `Body == Never` and are drawn by the renderer.
public protocol View {
    /// The type of view this view is made of.
    associatedtype Body: View
    /// The content of this view.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// A view made by the renderer itself; its `body` is never called.
protocol PrimitiveView {
    /// The layout nodes this view contributes to its parent, resolved in `environment`.
    /// Most views contribute one node; groups, `ForEach` and tuples contribute several.
    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode]
}

extension PrimitiveView {
    /// Primitive views have no body; reaching this is a bug in Glance.
    func neverBody() -> Never { fatalError("\(Self.self) is drawn by the renderer and has no body") }
}

/// Resolves `view` to layout nodes: primitive views make their nodes, others are expanded
/// through `body` with `environment` installed so `@Environment` properties read it.
func makeNodes<V: View>(_ view: V, in environment: EnvironmentValues) -> [LayoutNode] {
    if let primitive = view as? any PrimitiveView {
        return primitive.makeNodes(in: environment)
    }
    let body = EnvironmentValues.$current.withValue(environment) { view.body }
    return makeNodes(body, in: environment)
}

/// Resolves `view` to exactly one node; several (a lone group or tuple where one view is
/// expected) are overlaid centred, like an implicit `ZStack`, which is what SwiftUI does.
func makeNode<V: View>(_ view: V, in environment: EnvironmentValues) -> LayoutNode {
    let nodes = makeNodes(view, in: environment)
    return nodes.count == 1 ? nodes[0] : ZStackNode(alignment: .center, children: nodes)
}

// MARK: - Structural views

/// A view that shows nothing and takes no space.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public var body: Never { neverBody() }
    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { [] }
}

/// Several views produced by one `@ViewBuilder` block.
public struct TupleView<each Content: View>: View, PrimitiveView {
    /// The views, in order.
    public var value: (repeat each Content)

    /// Creates a tuple view from its elements.
    public init(_ value: (repeat each Content)) {
        self.value = value
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        var nodes = [LayoutNode]()
        for view in repeat each value {
            nodes += GlanceUI.makeNodes(view, in: environment)
        }
        return nodes
    }
}

/// One of two views, chosen by an `if`/`else` or `switch` in a `@ViewBuilder`.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        switch storage {
        case .trueContent(let view): GlanceUI.makeNodes(view, in: environment)
        case .falseContent(let view): GlanceUI.makeNodes(view, in: environment)
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("Optional is drawn by the renderer and has no body") }
}

extension Optional: PrimitiveView where Wrapped: View {
    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        map { GlanceUI.makeNodes($0, in: environment) } ?? []
    }
}

/// Groups views without affecting layout: modifiers applied to a group apply to each member.
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content

    /// Creates a group of the views `content` builds.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        GlanceUI.makeNodes(content, in: environment)
    }
}

/// A type-erased view.
public struct AnyView: View, PrimitiveView {
    private let resolve: (EnvironmentValues) -> [LayoutNode]

    /// Wraps `view`, hiding its type.
    public init<V: View>(_ view: V) {
        resolve = { GlanceUI.makeNodes(view, in: $0) }
    }

    /// Wraps `view` when it is a view at all (SwiftUI's `AnyView(erasing:)`).
    public init<V: View>(erasing view: V) {
        self.init(view)
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { resolve(environment) }
}
