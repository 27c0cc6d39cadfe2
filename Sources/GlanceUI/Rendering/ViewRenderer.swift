import Foundation

/// What rendering a view produced: the pixels, and what the runtime needs to know about them.
public struct RenderResult: Sendable {
    /// The frame in 8-bit gray (0 dark … 255 lit), the size that was asked for; in `fullColor`
    /// rendering it also holds each pixel's colour (`Bitmap.colors`).
    public var bitmap: Bitmap
    /// Buttons, toggles and links, in drawing order, with where they were drawn.
    public var interactiveRegions: [InteractiveRegion]
    /// Every `widgetURL` in the tree; the first is the widget's, more than one deserves a warning.
    public var widgetURLs: [URL]
    /// The earliest moment after the render date at which live content (timers, relative
    /// dates, timer progress) draws differently; nil when nothing changes by itself.
    public var nextChange: Date?
    /// Closures of `Button(action:)`, indexed by `InteractiveRegion.Action.action`.
    public var actions: [@Sendable () -> Void]
}

/// Lays out and draws views into bitmaps.
public enum ViewRenderer {
    /// Renders `view` into a bitmap of `size` at the moment `date`.
    ///
    /// The view is proposed exactly `size` and centred if it chooses to be smaller (as a
    /// widget's content is in its slot). Circular families are clipped to their circle.
    /// - Parameters:
    ///   - view: The view to draw.
    ///   - size: The slot size in pixels.
    ///   - environment: Family, luminance, rendering mode and the rest; its `widgetFamily`
    ///     decides the container shape, and `fullColor` rendering draws in colour.
    ///   - date: The moment drawn; live text is evaluated at it.
    ///   - antialiased: True for gray panels (soft edges); false draws crisp 1-bit edges.
    public static func render<V: View>(_ view: V, size: Size, environment: EnvironmentValues = EnvironmentValues(),
                                       at date: Date, antialiased: Bool = false) -> RenderResult {
        prepare(view, size: size, environment: environment, at: date, antialiased: antialiased).render(at: date)
    }

    /// Resolves `view` to its layout tree once (every `body` runs now), to be drawn at `date`
    /// and at later moments without running `body` again (Docs/Contract.md, "Views and redaction").
    package static func prepare<V: View>(_ view: V, size: Size, environment: EnvironmentValues, at date: Date,
                                         antialiased: Bool) -> PreparedView {
        PreparedView(root: makeRoot(view, size: size, environment: environment, at: date, antialiased: antialiased),
                     size: size, antialiased: antialiased, color: environment.widgetRenderingMode == .fullColor, builtAt: date)
    }

    /// The size `view` chooses when offered as much room as it likes, at least 1×1 and at
    /// most `limit` (previews with `.sizeThatFitsLayout`).
    static func idealSize<V: View>(_ view: V, environment: EnvironmentValues, at date: Date, antialiased: Bool, limit: Size) -> Size {
        let environment = drawing(environment, at: date, antialiased: antialiased)
        let size = makeNode(view, in: environment).size(for: ProposedSize(width: nil, height: nil))
        return Size(width: min(limit.width, max(1, size.width)), height: min(limit.height, max(1, size.height)))
    }

    /// Resolves and places `view`, returning the root node (tests inspect the placed frames).
    static func layout<V: View>(_ view: V, size: Size, environment: EnvironmentValues, at date: Date, antialiased: Bool) -> LayoutNode {
        let root = makeRoot(view, size: size, environment: environment, at: date, antialiased: antialiased)
        place(root, in: size)
        return root
    }

    /// Resolves `view` to its root node, with the family's treatment of the root (one inline
    /// line; circular families clipped to their circle).
    private static func makeRoot<V: View>(_ view: V, size: Size, environment: EnvironmentValues, at date: Date,
                                          antialiased: Bool) -> LayoutNode {
        var environment = drawing(environment, at: date, antialiased: antialiased)
        if environment.widgetFamily == .accessoryInline { environment.lineLimit = 1 }
        var root = makeNode(view, in: environment)
        if environment.widgetFamily == .accessoryInline { root = InlineLine.make(from: root) }
        if [.accessoryCircular, .accessoryCorner].contains(environment.widgetFamily) {
            if let labelled = root as? WidgetLabelNode {
                labelled.clipsContentToCircle = true
            } else {
                // The circle is the slot's, so the content is centred in a slot-sized frame first.
                root = ClipNode(FixedFrameNode(root, width: size.width, height: size.height, alignment: .center),
                                shape: ContainerRelativeShape(), environment: environment)
            }
        }
        return root
    }

    /// `environment` for views drawn at `date` on a panel with or without soft edges.
    private static func drawing(_ environment: EnvironmentValues, at date: Date, antialiased: Bool) -> EnvironmentValues {
        var environment = environment
        environment.renderDate = date
        environment.isAntialiased = antialiased
        return environment
    }

    /// Proposes `size` to `root` and places it centred.
    fileprivate static func place(_ root: LayoutNode, in size: Size) {
        let chosen = root.size(for: ProposedSize(size))
        let offset = LayoutNode.offset(of: root, size: chosen, in: size, alignment: .center)
        root.place(in: Rect(origin: offset, size: chosen))
    }
}

/// A view resolved to its layout tree, drawn at any moment: live text, timer progress and
/// canvases are evaluated at the moment drawn, but no `body` runs again, so
/// `Text(Date(), style: .timer)` written in a `body` counts from when the tree was built
/// (Docs/Contract.md, "Views and redaction"). Not thread-safe: one owner draws it.
package final class PreparedView {
    private let root: LayoutNode
    private let size: Size
    private let antialiased: Bool
    /// Whether the surface keeps colour (`fullColor` rendering).
    private let color: Bool
    /// The moment the nodes were built for, until they are drawn at another.
    private var evaluatedAt: Date

    fileprivate init(root: LayoutNode, size: Size, antialiased: Bool, color: Bool, builtAt date: Date) {
        self.root = root
        self.size = size
        self.antialiased = antialiased
        self.color = color
        self.evaluatedAt = date
        ViewRenderer.place(root, in: size)
    }

    /// Lays the tree out again for `date` if needed and draws it.
    package func render(at date: Date) -> RenderResult {
        if date != evaluatedAt {
            root.refresh(at: date)
            ViewRenderer.place(root, in: size)
            evaluatedAt = date
        }
        var context = RenderContext(bitmap: Bitmap(size: size, antialiasing: antialiased, color: color), date: date)
        root.draw(in: &context)
        return RenderResult(bitmap: context.bitmap, interactiveRegions: context.interactiveRegions,
                            widgetURLs: context.widgetURLs, nextChange: context.nextChange, actions: context.actions)
    }
}
