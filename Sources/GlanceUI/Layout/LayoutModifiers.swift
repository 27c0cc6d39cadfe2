import Foundation

/// A node that wraps one child and by default takes its size and place.
class WrapperNode: LayoutNode {
    let child: LayoutNode

    init(_ child: LayoutNode) {
        self.child = child
        super.init()
        layoutPriority = child.layoutPriority
    }

    override var children: [LayoutNode] { [child] }
    override var isSpacer: Bool { child.isSpacer }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size { child.size(for: proposal) }

    override func place(in rect: Rect) {
        super.place(in: rect)
        child.place(in: rect)
    }

    override func explicitValue(_ guide: HorizontalAlignment, size: Size) -> Int? { child.explicitValue(guide, size: size) }
    override func explicitValue(_ guide: VerticalAlignment, size: Size) -> Int? { child.explicitValue(guide, size: size) }
}

/// A frame that places its child inside by an alignment and passes the child's guides
/// (baselines, custom guides) through, shifted by where the child sits.
class AligningFrameNode: WrapperNode {
    let alignment: Alignment

    init(_ child: LayoutNode, alignment: Alignment) {
        self.alignment = alignment
        super.init(child)
    }

    override func place(in rect: Rect) {
        setFrame(rect)
        place(child, proposing: ProposedSize(rect.size), aligned: alignment, in: rect)
    }

    override func explicitValue(_ guide: HorizontalAlignment, size: Size) -> Int? {
        let childSize = child.size(for: ProposedSize(size))
        return child.explicitValue(guide, size: childSize).map {
            LayoutNode.offset(of: child, size: childSize, in: size, alignment: alignment).x + $0
        }
    }

    override func explicitValue(_ guide: VerticalAlignment, size: Size) -> Int? {
        let childSize = child.size(for: ProposedSize(size))
        return child.explicitValue(guide, size: childSize).map {
            LayoutNode.offset(of: child, size: childSize, in: size, alignment: alignment).y + $0
        }
    }
}

/// `.frame(width:height:alignment:)`: fixed sizes on the given axes.
final class FixedFrameNode: AligningFrameNode {
    let width: Int?
    let height: Int?

    init(_ child: LayoutNode, width: Int?, height: Int?, alignment: Alignment) {
        self.width = width.map { max(0, $0) }
        self.height = height.map { max(0, $0) }
        super.init(child, alignment: alignment)
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if let width, let height { return Size(width: width, height: height) }
        let childSize = child.size(for: ProposedSize(width: width ?? proposal.width, height: height ?? proposal.height))
        return Size(width: width ?? childSize.width, height: height ?? childSize.height)
    }
}

/// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
final class FlexibleFrameNode: AligningFrameNode {
    struct Limits {
        var min: Int?
        var ideal: Int?
        var max: Int?
    }

    let horizontal: Limits
    let vertical: Limits

    init(_ child: LayoutNode, horizontal: Limits, vertical: Limits, alignment: Alignment) {
        self.horizontal = horizontal
        self.vertical = vertical
        super.init(child, alignment: alignment)
    }

    /// SwiftUI's rule, per axis: an unspecified proposal becomes the ideal (when given), the
    /// proposal is clamped into min…max and offered to the child, and the frame takes the
    /// child's size pulled towards the proposal by the limits: a max of `.infinity` fills
    /// the proposal, a min never lets the frame go below it.
    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        var offered = proposal
        for axis in Axis.allCases {
            let limits = axis == .horizontal ? horizontal : vertical
            guard var value = offered[axis] ?? limits.ideal else { continue }
            if let upper = limits.max { value = min(upper, value) }
            if let lower = limits.min { value = max(lower, value) }
            offered[axis] = value
        }
        var result = child.size(for: offered)
        for axis in Axis.allCases {
            let limits = axis == .horizontal ? horizontal : vertical
            let target = offered[axis] ?? result[axis]
            if let lower = limits.min { result[axis] = max(lower, min(result[axis], target)) }
            if let upper = limits.max { result[axis] = min(upper, max(result[axis], target)) }
        }
        return result
    }
}

/// `.padding`: insets the proposal and adds the insets to the child's size.
final class PaddingNode: WrapperNode {
    let insets: EdgeInsets

    init(_ child: LayoutNode, insets: EdgeInsets) {
        self.insets = insets
        super.init(child)
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let size = child.size(for: proposal.inset(by: insets))
        return Size(width: size.width + insets.horizontal, height: size.height + insets.vertical)
    }

    override func place(in rect: Rect) {
        setFrame(rect)
        child.place(in: rect.inset(by: insets))
    }

    override func explicitValue(_ guide: HorizontalAlignment, size: Size) -> Int? {
        child.explicitValue(guide, size: Size(width: size.width - insets.horizontal, height: size.height - insets.vertical)).map { $0 + insets.leading }
    }

    override func explicitValue(_ guide: VerticalAlignment, size: Size) -> Int? {
        child.explicitValue(guide, size: Size(width: size.width - insets.horizontal, height: size.height - insets.vertical)).map { $0 + insets.top }
    }
}

/// `.offset`: draws the child moved, without changing layout.
final class OffsetNode: WrapperNode {
    let offset: Point

    init(_ child: LayoutNode, offset: Point) {
        self.offset = offset
        super.init(child)
    }

    override func place(in rect: Rect) {
        setFrame(rect)
        child.place(in: rect.offsetBy(dx: offset.x, dy: offset.y))
    }
}

/// `.fixedSize`: proposes nothing (ideal size) on the chosen axes.
final class FixedSizeNode: WrapperNode {
    let horizontal: Bool
    let vertical: Bool

    init(_ child: LayoutNode, horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal
        self.vertical = vertical
        super.init(child)
    }

    private func adjusted(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size { child.size(for: adjusted(proposal)) }
}

/// `.overlay` and `.background`: a secondary view sized to the primary's size and aligned on it.
final class LayeredNode: WrapperNode {
    let secondary: LayoutNode
    let alignment: Alignment
    let secondaryOnTop: Bool

    init(_ primary: LayoutNode, secondary: LayoutNode, alignment: Alignment, onTop: Bool) {
        self.secondary = secondary
        self.alignment = alignment
        self.secondaryOnTop = onTop
        super.init(primary)
    }

    override var children: [LayoutNode] { secondaryOnTop ? [child, secondary] : [secondary, child] }

    override func place(in rect: Rect) {
        super.place(in: rect)
        place(secondary, proposing: ProposedSize(rect.size), aligned: alignment, in: rect)
    }
}

/// `.aspectRatio`: proposes the largest (fit) or smallest (fill) size of the ratio.
final class AspectRatioNode: WrapperNode {
    let ratio: Double?
    let fill: Bool

    init(_ child: LayoutNode, ratio: Double?, fill: Bool) {
        self.ratio = ratio
        self.fill = fill
        super.init(child)
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let ideal = child.size(for: .unspecified)
        let ratio = self.ratio ?? (ideal.height > 0 ? Double(ideal.width) / Double(ideal.height) : 1)
        guard ratio > 0, ratio.isFinite else { return child.size(for: proposal) }
        var width = proposal.width.map(Double.init), height = proposal.height.map(Double.init)
        if width.map({ $0 >= Double(ProposedSize.infinity) }) == true { width = nil }
        if height.map({ $0 >= Double(ProposedSize.infinity) }) == true { height = nil }
        let target: Size
        switch (width, height) {
        case let (w?, h?):
            let byWidth = Size(width: Int(w), height: CGFloat(w / ratio).pixels)
            let byHeight = Size(width: CGFloat(h * ratio).pixels, height: Int(h))
            let widthFits = Double(byWidth.height) <= h
            target = fill ? (widthFits ? byHeight : byWidth) : (widthFits ? byWidth : byHeight)
        case let (w?, nil): target = Size(width: Int(w), height: CGFloat(w / ratio).pixels)
        case let (nil, h?): target = Size(width: CGFloat(h * ratio).pixels, height: Int(h))
        case (nil, nil): target = ideal
        }
        return child.size(for: ProposedSize(target))
    }
}

/// `.layoutPriority` is stored on the node stacks read; this wrapper only carries it.
final class PriorityNode: WrapperNode {
    init(_ child: LayoutNode, priority: Double) {
        super.init(child)
        layoutPriority = priority
    }
}

/// `.alignmentGuide`: overrides one guide's value for the child.
final class AlignmentGuideNode: WrapperNode {
    let horizontal: (guide: HorizontalAlignment, compute: (ViewDimensions) -> CGFloat)?
    let vertical: (guide: VerticalAlignment, compute: (ViewDimensions) -> CGFloat)?

    init(_ child: LayoutNode, horizontal: (HorizontalAlignment, (ViewDimensions) -> CGFloat)?,
         vertical: (VerticalAlignment, (ViewDimensions) -> CGFloat)?) {
        self.horizontal = horizontal
        self.vertical = vertical
        super.init(child)
    }

    override func explicitValue(_ guide: HorizontalAlignment, size: Size) -> Int? {
        if let horizontal, horizontal.guide == guide { return horizontal.compute(child.dimensions(size)).pixels }
        return child.explicitValue(guide, size: size)
    }

    override func explicitValue(_ guide: VerticalAlignment, size: Size) -> Int? {
        if let vertical, vertical.guide == guide { return vertical.compute(child.dimensions(size)).pixels }
        return child.explicitValue(guide, size: size)
    }
}

/// `ViewThatFits`: the first child whose ideal size fits on the constrained axes, else the last.
final class ViewThatFitsNode: LayoutNode {
    let nodes: [LayoutNode]
    let axes: Axis.Set
    private var chosen: LayoutNode?

    init(children: [LayoutNode], axes: Axis.Set) {
        self.nodes = children
        self.axes = axes
    }

    override var children: [LayoutNode] { chosen.map { [$0] } ?? [] }

    func choice(for proposal: ProposedSize) -> LayoutNode? {
        nodes.first { node in
            let ideal = node.size(for: ProposedSize(width: axes.contains(.horizontal) ? nil : proposal.width,
                                                    height: axes.contains(.vertical) ? nil : proposal.height))
            let fitsWidth = !axes.contains(.horizontal) || ideal.width <= (proposal.width ?? ProposedSize.infinity)
            let fitsHeight = !axes.contains(.vertical) || ideal.height <= (proposal.height ?? ProposedSize.infinity)
            return fitsWidth && fitsHeight
        } ?? nodes.last
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        choice(for: proposal)?.size(for: proposal) ?? .zero
    }

    override func place(in rect: Rect) {
        super.place(in: rect)
        let proposal = proposal(thatChose: rect.size)
        chosen = choice(for: proposal)
        if let chosen {
            chosen.place(in: Rect(origin: rect.origin, size: chosen.size(for: proposal)))
        }
    }

    override func explicitValue(_ guide: VerticalAlignment, size: Size) -> Int? {
        choice(for: ProposedSize(size))?.explicitValue(guide, size: size)
    }
}
