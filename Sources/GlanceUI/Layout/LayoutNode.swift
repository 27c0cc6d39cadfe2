import Foundation
/// One element of the resolved view tree: it answers size proposals, is placed in a
/// rectangle, and draws itself. Built-in views create nodes; user views expand into them.
class LayoutNode {
    /// Higher priorities are offered space first by stacks.
    var layoutPriority: Double = 0
    /// Where the node was placed, in root coordinates.
    private(set) var frame: Rect = .zero
    /// Sizes chosen per proposal in this layout pass.
    private var sizes = ProposalMemo<Size>()

    /// The nodes this one lays out and draws, in drawing order.
    var children: [LayoutNode] { [] }

    /// True for `Spacer`, which stacks treat specially (no spacing next to it is doubled).
    var isSpacer: Bool { false }

    /// The size this node chooses for `proposal` (cached: nodes are immutable during layout).
    final func size(for proposal: ProposedSize) -> Size {
        if let size = sizes.value(for: proposal) { return size }
        let size = sizeThatFits(proposal)
        sizes.store(size, for: proposal)
        return size
    }

    /// The proposal that made this node choose `size` most recently (the size itself when
    /// none did). Containers lay their children out again with it when placed, as SwiftUI
    /// does: re-proposing the chosen size instead could shrink a child's share below what
    /// it was measured with.
    final func proposal(thatChose size: Size) -> ProposedSize {
        sizes.newestProposal { $0 == size } ?? ProposedSize(size)
    }

    /// Makes the node ready to be laid out and drawn again at `date` without building it again
    /// from its view, so a view's `body` runs once per entry (Docs/Contract.md, "Views and redaction"): sizes are
    /// measured afresh, and nodes whose content depends on the moment (live text, timer
    /// progress, canvases) re-evaluate it. Overrides call `super`.
    func refresh(at date: Date) {
        sizes.removeAll()
        for child in children { child.refresh(at: date) }
    }

    /// Computes the size this node chooses for `proposal`. Override point.
    func sizeThatFits(_ proposal: ProposedSize) -> Size { .zero }

    /// Places the node (and, in overrides, its children) in `rect`.
    func place(in rect: Rect) {
        frame = rect
    }

    /// Records the frame only.
    final func setFrame(_ rect: Rect) {
        frame = rect
    }

    /// Draws the node and its children.
    func draw(in context: inout RenderContext) {
        for child in children { child.draw(in: &context) }
    }

    // MARK: - Alignment guides

    /// A value this node sets for a horizontal guide, relative to its own left edge; nil to use the guide's default.
    func explicitValue(_ guide: HorizontalAlignment, size: Size) -> Int? { nil }
    /// A value this node sets for a vertical guide, relative to its own top edge; nil to use the guide's default.
    func explicitValue(_ guide: VerticalAlignment, size: Size) -> Int? { nil }

    /// The node's value for `guide` at `size`.
    final func value(_ guide: HorizontalAlignment, size: Size) -> Int {
        explicitValue(guide, size: size) ?? guide.defaultValue(dimensions(size)).pixels
    }

    /// The node's value for `guide` at `size`.
    final func value(_ guide: VerticalAlignment, size: Size) -> Int {
        explicitValue(guide, size: size) ?? guide.defaultValue(dimensions(size)).pixels
    }

    /// The node's dimensions at `size`, for alignment closures.
    final func dimensions(_ size: Size) -> ViewDimensions {
        ViewDimensions(width: CGFloat(size.width), height: CGFloat(size.height), node: Snapshot(node: self, size: size))
    }

    /// A node at a size, answering guide queries for `ViewDimensions`.
    struct Snapshot: @unchecked Sendable {
        // Only used synchronously during layout on the rendering thread.
        let node: LayoutNode
        let size: Size
        func value(_ guide: HorizontalAlignment) -> Int { node.value(guide, size: size) }
        func value(_ guide: VerticalAlignment) -> Int { node.value(guide, size: size) }
    }

    // MARK: - Helpers for subclasses

    /// Sizes `child` for `proposal` and places it inside `rect` by `alignment`.
    final func place(_ child: LayoutNode, proposing proposal: ProposedSize, aligned alignment: Alignment, in rect: Rect) {
        let size = child.size(for: proposal)
        child.place(in: Rect(origin: rect.origin + LayoutNode.offset(of: child, size: size, in: rect.size, alignment: alignment), size: size))
    }

    /// The offset that puts a child of `childSize` inside `size` according to `alignment`.
    static func offset(of child: LayoutNode, size childSize: Size, in size: Size, alignment: Alignment) -> Point {
        let container = ContainerGuides(size: size)
        return Point(
            x: container.value(alignment.horizontal) - child.value(alignment.horizontal, size: childSize),
            y: container.value(alignment.vertical) - child.value(alignment.vertical, size: childSize))
    }
}

/// Default guide values of an empty box of `size` (a frame or stack's own guides).
struct ContainerGuides {
    let size: Size
    func value(_ guide: HorizontalAlignment) -> Int {
        guide.defaultValue(ViewDimensions(width: CGFloat(size.width), height: CGFloat(size.height),
                                          node: LayoutNode.Snapshot(node: LayoutNode(), size: size))).pixels
    }
    func value(_ guide: VerticalAlignment) -> Int {
        guide.defaultValue(ViewDimensions(width: CGFloat(size.width), height: CGFloat(size.height),
                                          node: LayoutNode.Snapshot(node: LayoutNode(), size: size))).pixels
    }
}
