import Foundation

/// Where a container background goes; `.widget` is the widget's own background.
public struct ContainerBackgroundPlacement: Hashable, Sendable {
    let name: String
    /// The widget's background.
    public static let widget = ContainerBackgroundPlacement(name: "widget")
}

/// How an image in an accented widget is drawn (accepted for compatibility).
public enum WidgetAccentedRenderingMode: Sendable, Hashable {
    case accented, desaturated, accentedDesaturated, fullColor
}

/// Transitions between values (accepted for compatibility: panels do not animate).
public struct ContentTransition: Sendable, Hashable {
    let name: String
    public static let identity = ContentTransition(name: "identity")
    public static let opacity = ContentTransition(name: "opacity")
    public static let interpolate = ContentTransition(name: "interpolate")
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition(name: "numericText") }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(name: "numericText") }
}

/// The dimming applied to `invalidatableContent()` while an intent's result is pending.
let invalidatedOpacity = 0.4

private struct PrivacySensitiveKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// True inside `privacySensitive()`.
    var isPrivacySensitive: Bool {
        get { self[PrivacySensitiveKey.self] }
        set { self[PrivacySensitiveKey.self] = newValue }
    }

    /// Whether text here is drawn as placeholder bars: always under `.placeholder`, and under
    /// `.privacy` only inside `privacySensitive()`.
    var redactsContent: Bool {
        redactionReasons.contains(.placeholder) || (redactionReasons.contains(.privacy) && isPrivacySensitive)
    }
}

extension View {
    /// Puts this view in the accent group of `accented` rendering (children cannot opt out).
    public func widgetAccentable(_ accentable: Bool = true) -> some View {
        modifyEnvironment { if accentable { $0.isAccentGroup = true } }
    }

    /// Redacts this view while the face hides sensitive content (`redactionReasons` has `.privacy`).
    public func privacySensitive(_ sensitive: Bool = true) -> some View {
        modifyEnvironment { if sensitive { $0.isPrivacySensitive = true } }
    }

    /// Draws this view redacted for `reason` (placeholder bars instead of text).
    public func redacted(reason: RedactionReasons) -> some View {
        modifyEnvironment { $0.redactionReasons.formUnion(reason) }
    }

    /// Draws this view's real content even where an ancestor redacts.
    public func unredacted() -> some View {
        modifyEnvironment { $0.redactionReasons = [] }
    }

    /// Dims this view while an intent's result is pending (dithered on 1-bit panels).
    public func invalidatableContent(_ invalidatable: Bool = true) -> some View {
        modifyEnvironment { environment in
            if invalidatable, environment.redactionReasons.contains(.invalidated) { environment.opacity *= invalidatedOpacity }
        }
    }

    /// The widget's background: drawn only where the slot shows container backgrounds,
    /// which no accessory slot does (read `showsWidgetContainerBackground`).
    public func containerBackground<V: View>(for placement: ContainerBackgroundPlacement, alignment: Alignment = .center,
                                              @ViewBuilder content: () -> V) -> some View {
        let background = content()
        return wrapNode { node, environment in
            guard environment.showsWidgetContainerBackground else { return node }
            return LayeredNode(node, secondary: makeNode(background, in: environment), alignment: alignment, onTop: false)
        }
    }

    /// The widget's background style, drawn only where the slot shows container backgrounds.
    public func containerBackground<S: ShapeStyle>(_ style: S, for placement: ContainerBackgroundPlacement) -> some View {
        containerBackground(for: placement) { Rectangle().fill(style) }
    }

    /// A label drawn under a circular (or corner) widget; ignored on other families.
    public func widgetLabel<Label: View>(@ViewBuilder label: () -> Label) -> some View {
        let label = label()
        return wrapNode { node, environment in
            guard [.accessoryCircular, .accessoryCorner].contains(environment.widgetFamily) else { return node }
            var labelEnvironment = environment
            labelEnvironment.font = labelEnvironment.font ?? .caption2
            labelEnvironment.lineLimit = 1
            labelEnvironment.isCornerWidgetLabel = environment.widgetFamily == .accessoryCorner
            return WidgetLabelNode(node, label: makeNode(label, in: labelEnvironment))
        }
    }

    /// A text label drawn under a circular (or corner) widget; ignored on other families.
    public func widgetLabel(_ label: LocalizedStringKey) -> some View {
        widgetLabel { Text(label) }
    }

    /// The URL opened when the widget is activated; two in one widget is a logged warning.
    public func widgetURL(_ url: URL?) -> some View {
        wrapNode { node, _ in url.map { URLNode(node, url: $0) } ?? node }
    }

    /// Accepted and harmless: panels do not animate.
    public func contentTransition(_ transition: ContentTransition) -> some View { self }
    /// Accepted and harmless.
    public func widgetCurvesContent(_ curvesContent: Bool = true) -> some View { self }
    /// Accepted and harmless.
    public func widgetAccentedRenderingMode(_ mode: WidgetAccentedRenderingMode?) -> some View { self }
    /// Accepted and harmless: panels do not animate.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
    /// Accepted and harmless.
    public func id<ID: Hashable>(_ id: ID) -> some View { self }
    /// Accepted and harmless: panels do not animate.
    public func transition(_ transition: AnyTransition) -> some View { self }
}

/// Animations, accepted for compatibility (panels do not animate).
public struct Animation: Sendable, Hashable {
    let name: String
    public static let `default` = Animation(name: "default")
    public static let linear = Animation(name: "linear")
    public static let easeInOut = Animation(name: "easeInOut")
    public static let spring = Animation(name: "spring")
}

/// Transitions, accepted for compatibility.
public struct AnyTransition: Sendable, Hashable {
    let name: String
    public static let opacity = AnyTransition(name: "opacity")
    public static let identity = AnyTransition(name: "identity")
}

/// Reserves a band at the bottom of a circular slot for the widget label; the content above
/// it is clipped to the largest circle that fits there (the label is not clipped).
final class WidgetLabelNode: WrapperNode {
    let label: LayoutNode
    /// Set by the renderer on circular slots, where the label replaces the slot clip.
    var clipsContentToCircle = false
    private var contentRect = Rect.zero

    init(_ child: LayoutNode, label: LayoutNode) {
        self.label = label
        super.init(child)
    }

    override var children: [LayoutNode] { [child, label] }

    private func labelHeight(width: Int) -> Int { label.size(for: ProposedSize(width: width, height: nil)).height }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let band = labelHeight(width: proposal.width ?? ProposedSize.infinity)
        let content = child.size(for: ProposedSize(width: proposal.width, height: proposal.height.map { $0 - band }))
        // As wide as the content or the label, whichever is wider, within the proposal.
        let labelWidth = label.size(for: ProposedSize(width: proposal.width, height: band)).width
        return Size(width: max(content.width, labelWidth), height: content.height + band)
    }

    override func place(in rect: Rect) {
        setFrame(rect)
        let band = labelHeight(width: rect.width)
        contentRect = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height - band)
        place(child, proposing: ProposedSize(contentRect.size), aligned: .center, in: contentRect)
        let labelSize = label.size(for: ProposedSize(width: rect.width, height: band))
        label.place(in: Rect(x: rect.minX + (rect.width - labelSize.width) / 2, y: rect.maxY - band, width: labelSize.width, height: labelSize.height))
    }

    override func draw(in context: inout RenderContext) {
        if clipsContentToCircle {
            let side = min(contentRect.width, contentRect.height)
            let circle = CGRect(x: Double(contentRect.minX) + Double(contentRect.width - side) / 2, y: Double(contentRect.minY),
                                width: Double(side), height: Double(side))
            var mask = Bitmap(width: context.bitmap.width, height: context.bitmap.height, antialiasing: context.bitmap.antialiasing)
            mask.fill(Path(ellipseIn: circle), value: 255)
            context.drawLayer(mask: mask) { child.draw(in: &$0) }
        } else {
            child.draw(in: &context)
        }
        label.draw(in: &context)
    }
}

/// Records a `widgetURL` when drawn.
final class URLNode: WrapperNode {
    let url: URL

    init(_ child: LayoutNode, url: URL) {
        self.url = url
        super.init(child)
    }

    override func draw(in context: inout RenderContext) {
        context.widgetURLs.append(url)
        child.draw(in: &context)
    }
}

private struct CornerWidgetLabelKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// True inside the `widgetLabel` of an `accessoryCorner` widget, where a gauge is the
    /// corner's gauge: a bar with its bounds at the ends.
    var isCornerWidgetLabel: Bool {
        get { self[CornerWidgetLabelKey.self] }
        set { self[CornerWidgetLabelKey.self] = newValue }
    }
}
