import Foundation

/// Default distance between stack children and the default `Spacer` minimum, in pixels.
/// SwiftUI uses about 8 points on phones; small panels read better with 4 pixels.
let defaultSpacing = 4

/// Lays children side by side (HStack) or one above the other (VStack), offering space
/// the way SwiftUI does: lower-priority children keep their minimum, then the least
/// flexible children are offered an equal share first.
final class StackNode: LayoutNode {
    let axis: Axis
    let horizontalAlignment: HorizontalAlignment
    let verticalAlignment: VerticalAlignment
    let spacing: Int?
    let nodes: [LayoutNode]
    /// The children that are spacers, which are offered space after the views.
    private let spacerIndices: [Int]
    /// Right-to-left: a row places its first child at the right edge.
    let mirrored: Bool

    init(axis: Axis, horizontalAlignment: HorizontalAlignment = .center, verticalAlignment: VerticalAlignment = .center,
         spacing: Int?, mirrored: Bool = false, children: [LayoutNode]) {
        self.axis = axis
        self.mirrored = mirrored
        self.horizontalAlignment = horizontalAlignment
        self.verticalAlignment = verticalAlignment
        self.spacing = spacing
        self.nodes = children
        self.spacerIndices = children.indices.filter { children[$0].isSpacer }
        super.init()
        for case let spacer as SpacerNode in children { spacer.axis = axis }
        for case let divider as DividerNode in children { divider.stackAxis = axis }
    }

    override var children: [LayoutNode] { nodes }

    /// Space between child `index - 1` and child `index`: none next to a spacer.
    private func gap(before index: Int) -> Int {
        guard index > 0 else { return 0 }
        if nodes[index].isSpacer || nodes[index - 1].isSpacer { return 0 }
        return spacing ?? defaultSpacing
    }

    private var totalSpacing: Int { (0..<nodes.count).reduce(0) { $0 + gap(before: $1) } }

    /// The sizes the children choose for `proposal`.
    private func childSizes(for proposal: ProposedSize) -> [Size] {
        let across = proposal[axis.other]
        guard let along = proposal[axis] else {
            return nodes.map { $0.size(for: ProposedSize.along(axis, nil, across: across)) }
        }
        var sizes = [Size](repeating: .zero, count: nodes.count)
        var remaining = max(0, along - totalSpacing)
        // Offer space by priority, highest first; lower priorities keep their minimum meanwhile.
        // Most stacks have one priority: nothing is reserved for lower ones, and no set, sort
        // or dictionary is made for it on every measurement.
        let firstPriority = nodes.first?.layoutPriority ?? 0
        let priorities = nodes.allSatisfy({ $0.layoutPriority == firstPriority }) ? [firstPriority]
            : Set(nodes.map(\.layoutPriority)).sorted(by: >)
        var reserved = [Double: Int]()
        if priorities.count > 1 {
            for priority in priorities {
                reserved[priority] = nodes.indices.filter { nodes[$0].layoutPriority == priority }
                    .reduce(0) { $0 + nodes[$1].size(for: ProposedSize.along(axis, 0, across: across))[axis] }
            }
        }
        for priority in priorities {
            let lowerReserve = priorities.filter { $0 < priority }.reduce(0) { $0 + (reserved[$1] ?? 0) }
            var available = max(0, remaining - lowerReserve)
            // Least flexible first, so rigid children get what they need and flexible ones share
            // the rest. Spacers come last and only hold their minimum meanwhile: as in SwiftUI,
            // a spacer takes what the views leave, it does not take a share from a text that
            // would fit (HStack { Text(title); Spacer(); Text(value) }).
            var views = nodes.indices.filter { nodes[$0].layoutPriority == priority && !spacerIndices.contains($0) }
            views.sort { flexibility(of: $0, across: across) < flexibility(of: $1, across: across) }
            let spacers = spacerIndices.isEmpty ? [] : spacerIndices.filter { nodes[$0].layoutPriority == priority }
            var spacerReserve = 0
            for index in spacers { spacerReserve += nodes[index].size(for: ProposedSize.along(axis, 0, across: across))[axis] }
            for position in 0..<(views.count + spacers.count) {
                let offer: Int, index: Int
                if position < views.count {
                    index = views[position]
                    offer = max(0, available - spacerReserve) / (views.count - position)
                } else {
                    index = spacers[position - views.count]
                    offer = available / (views.count + spacers.count - position)
                }
                let size = nodes[index].size(for: ProposedSize.along(axis, offer, across: across))
                sizes[index] = size
                available = max(0, available - size[axis])
                remaining -= size[axis]
            }
        }
        return sizes
    }

    private func flexibility(of index: Int, across: Int?) -> Int {
        let node = nodes[index]
        let smallest = node.size(for: ProposedSize.along(axis, 0, across: across))[axis]
        let largest = node.size(for: ProposedSize.along(axis, ProposedSize.infinity, across: across))[axis]
        return largest - smallest
    }

    /// The cross-axis offset of each child and the stack's cross extent.
    private func crossPlacement(_ sizes: [Size]) -> (offsets: [Int], extent: Int) {
        guard !nodes.isEmpty else { return ([], 0) }
        let guides: [Int] = nodes.indices.map { index in
            axis == .horizontal ? nodes[index].value(verticalAlignment, size: sizes[index])
                : nodes[index].value(horizontalAlignment, size: sizes[index])
        }
        let line = guides.max()!
        let offsets = guides.map { line - $0 }
        let extent = nodes.indices.map { offsets[$0] + sizes[$0][axis.other] }.max()!
        return (offsets, extent)
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let sizes = childSizes(for: proposal)
        let along = sizes.reduce(0) { $0 + $1[axis] } + totalSpacing
        return Size(axis, along: along, across: crossPlacement(sizes).extent)
    }

    override func place(in rect: Rect) {
        super.place(in: rect)
        let sizes = childSizes(for: proposal(thatChose: rect.size))
        let (offsets, extent) = crossPlacement(sizes)
        // A stack given more room across than it needs centres its content by its guide.
        let container = ContainerGuides(size: rect.size)
        let slack: Int = axis == .horizontal
            ? container.value(verticalAlignment) - ContainerGuides(size: Size(width: rect.width, height: extent)).value(verticalAlignment)
            : container.value(horizontalAlignment) - ContainerGuides(size: Size(width: extent, height: rect.height)).value(horizontalAlignment)
        var position = 0
        for index in nodes.indices {
            position += gap(before: index)
            let x = mirrored ? rect.maxX - position - sizes[index].width : rect.minX + position
            let origin = axis == .horizontal
                ? Point(x: x, y: rect.minY + offsets[index] + slack)
                : Point(x: rect.minX + offsets[index] + slack, y: rect.minY + position)
            nodes[index].place(in: Rect(origin: origin, size: sizes[index]))
            position += sizes[index][axis]
        }
    }

    override func explicitValue(_ guide: VerticalAlignment, size: Size) -> Int? {
        guard guide == .firstTextBaseline || guide == .lastTextBaseline, !nodes.isEmpty else { return nil }
        let sizes = childSizes(for: ProposedSize(size))
        if axis == .horizontal {
            let (offsets, _) = crossPlacement(sizes)
            return nodes.indices.map { offsets[$0] + nodes[$0].value(guide, size: sizes[$0]) }.max()
        }
        let index = guide == .firstTextBaseline ? 0 : nodes.count - 1
        let before = sizes[..<index].reduce(0) { $0 + $1.height } + (0...index).reduce(0) { $0 + gap(before: $1) }
        return before + nodes[index].value(guide, size: sizes[index])
    }
}

extension ProposedSize {
    /// A proposal of `along` on `axis` and `across` on the other axis.
    static func along(_ axis: Axis, _ along: Int?, across: Int?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: along, height: across) : ProposedSize(width: across, height: along)
    }
}

/// Overlays children, each placed by the stack's alignment; as big as its largest child.
final class ZStackNode: LayoutNode {
    let alignment: Alignment
    let nodes: [LayoutNode]

    init(alignment: Alignment, children: [LayoutNode]) {
        self.alignment = alignment
        self.nodes = children
    }

    override var children: [LayoutNode] { nodes }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let sizes = nodes.map { $0.size(for: proposal) }
        guard !sizes.isEmpty else { return .zero }
        // Align every child on the guides and take the union of their extents.
        let h = nodes.indices.map { nodes[$0].value(alignment.horizontal, size: sizes[$0]) }
        let v = nodes.indices.map { nodes[$0].value(alignment.vertical, size: sizes[$0]) }
        let left = h.max()!, top = v.max()!
        let width = nodes.indices.map { left - h[$0] + sizes[$0].width }.max()!
        let height = nodes.indices.map { top - v[$0] + sizes[$0].height }.max()!
        return Size(width: width, height: height)
    }

    override func place(in rect: Rect) {
        super.place(in: rect)
        let proposal = proposal(thatChose: rect.size)
        for node in nodes { place(node, proposing: proposal, aligned: alignment, in: rect) }
    }
}

/// Flexible empty space along its stack's axis (both axes outside a stack).
final class SpacerNode: LayoutNode {
    let minLength: Int
    var axis: Axis?

    init(minLength: Int) {
        self.minLength = minLength
    }

    override var isSpacer: Bool { true }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        func extent(_ proposed: Int?) -> Int { max(minLength, proposed ?? minLength) }
        switch axis {
        case .horizontal?: return Size(width: extent(proposal.width), height: 0)
        case .vertical?: return Size(width: 0, height: extent(proposal.height))
        case nil: return Size(width: extent(proposal.width), height: extent(proposal.height))
        }
    }
}

// MARK: - Views

/// Arranges its children in a row.
public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    /// Creates a row; `spacing` nil uses the default (4 pixels).
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        [StackNode(axis: .horizontal, verticalAlignment: alignment, spacing: spacing?.pixels,
                   mirrored: environment.layoutDirection == .rightToLeft,
                   children: GlanceUI.makeNodes(content, in: environment))]
    }
}

/// Arranges its children in a column.
public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// Creates a column; `spacing` nil uses the default (4 pixels).
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        [StackNode(axis: .vertical, horizontalAlignment: alignment.mirrored(for: environment.layoutDirection), spacing: spacing?.pixels,
                   children: GlanceUI.makeNodes(content, in: environment))]
    }
}

/// Overlays its children.
public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment
    let content: Content

    /// Creates an overlay of the children, aligned by `alignment`.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        [ZStackNode(alignment: Alignment(horizontal: alignment.horizontal.mirrored(for: environment.layoutDirection),
                                         vertical: alignment.vertical),
                    children: GlanceUI.makeNodes(content, in: environment))]
    }
}

/// Flexible space that pushes its neighbours apart along a stack's axis.
public struct Spacer: View, PrimitiveView {
    let minLength: CGFloat?

    /// Creates a spacer at least `minLength` long (default 4 pixels).
    public init(minLength: CGFloat? = nil) {
        self.minLength = minLength
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        [SpacerNode(minLength: minLength?.pixels ?? defaultSpacing)]
    }
}

/// A one-pixel line across a stack (horizontal in a VStack, vertical in an HStack).
public struct Divider: View, PrimitiveView {
    public init() {}
    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        [DividerNode(tone: HierarchicalShapeStyle.secondary.resolve(in: environment))]
    }
}

final class DividerNode: LayoutNode {
    let tone: Tone
    /// The axis of the stack holding the divider; the line runs across it.
    var stackAxis: Axis?

    init(tone: Tone) {
        self.tone = tone
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let line = stackAxis == .horizontal
            ? Size(width: 1, height: proposal.height ?? 1)
            : Size(width: proposal.width ?? 1, height: 1)
        return line.clampedToFinite(Size(width: 1, height: 1))
    }

    override func draw(in context: inout RenderContext) {
        context.bitmap.painting(tone.rgb) { $0.fill(frame, value: tone.level, opacity: tone.opacity) }
    }
}
