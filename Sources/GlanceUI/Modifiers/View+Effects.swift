import Foundation

extension View {
    /// Draws the view scaled by `scale` about `anchor` (layout is unchanged).
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale, y: scale, anchor: anchor)
    }

    /// Draws the view scaled by `scale.width` and `scale.height` about `anchor`.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
    }

    /// Draws the view scaled horizontally by `x` and vertically by `y` about `anchor`.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        wrapNode { node in
            // The identity (a button style's `isPressed ? 0.95 : 1` between presses) costs nothing.
            x == 1 && y == 1 ? node : ScaleNode(node, x: Double(x), y: Double(y), anchor: anchor)
        }
    }

    /// Hides the view, which keeps its place in the layout (SwiftUI's `hidden()`).
    public func hidden() -> some View {
        opacity(0)
    }

    /// Accepted and not drawn: panels draw on black, where a dark shadow shows nothing.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        self
    }
}

/// Scales its child's lit pixels about an anchor (nearest neighbour), layout unchanged, as
/// `RotationNode` rotates them.
final class ScaleNode: WrapperNode {
    let x: Double
    let y: Double
    let anchor: UnitPoint

    init(_ child: LayoutNode, x: Double, y: Double, anchor: UnitPoint) {
        self.x = x
        self.y = y
        self.anchor = anchor
        super.init(child)
    }

    override func draw(in context: inout RenderContext) {
        guard x != 0, y != 0, x.isFinite, y.isFinite else { return }
        var layer = RenderContext(bitmap: context.bitmap.blank(), date: context.date)
        child.draw(in: &layer)
        context.interactiveRegions += layer.interactiveRegions
        context.widgetURLs += layer.widgetURLs
        if let next = layer.nextChange { context.noteChange(at: next) }
        let cx = Double(frame.minX) + Double(frame.width) * Double(anchor.x)
        let cy = Double(frame.minY) + Double(frame.height) * Double(anchor.y)
        let width = context.bitmap.width, height = context.bitmap.height
        for py in 0..<height {
            for px in 0..<width {
                // Inverse-map each destination pixel centre into the unscaled layer.
                let sx = Int((cx + (Double(px) + 0.5 - cx) / x).rounded(.down)), sy = Int((cy + (Double(py) + 0.5 - cy) / y).rounded(.down))
                guard sx >= 0, sy >= 0, sx < width, sy < height else { continue }
                let value = layer.bitmap[sx, sy]
                if value > 0 { context.bitmap.blend(x: px, y: py, value: value, color: layer.bitmap.colors?[sy * width + sx], coverage: 255) }
            }
        }
    }
}
