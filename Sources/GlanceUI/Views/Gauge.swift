import Foundation

/// A value within a range, drawn as a ring or a bar, as SwiftUI's `Gauge`.
public struct Gauge<Label: View, CurrentValueLabel: View, MinimumValueLabel: View, MaximumValueLabel: View>: View, PrimitiveView {
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel
    let minimumValueLabel: MinimumValueLabel
    let maximumValueLabel: MaximumValueLabel

    /// Creates a gauge of `value` in `bounds` with every label.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1,
                                        @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
                                        @ViewBuilder minimumValueLabel: () -> MinimumValueLabel,
                                        @ViewBuilder maximumValueLabel: () -> MaximumValueLabel) {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        let raw = span > 0 ? Double(value - bounds.lowerBound) / span : 0
        fraction = raw.isFinite ? min(1, max(0, raw)) : 0
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        var labels = environment
        labels.lineLimit = 1
        labels.minimumScaleFactor = min(labels.minimumScaleFactor, 0.5)
        // Circular gauges show a large value in the ring and tiny range labels in its gap,
        // unless the widget set a font itself.
        let circular = environment.gaugeStyle == .accessoryCircular || environment.gaugeStyle == .accessoryCircularCapacity
        var value = labels, range = labels
        if circular, environment.font == nil {
            value.font = .title3
            range.font = .system(size: 8)
        }
        return [GaugeNode(style: environment.gaugeStyle, fraction: fraction, environment: environment,
                          label: makeNodes(label, labels), current: makeNodes(currentValueLabel, value),
                          minimum: makeNodes(minimumValueLabel, range), maximum: makeNodes(maximumValueLabel, range))]
    }

    private func makeNodes<V: View>(_ view: V, _ environment: EnvironmentValues) -> LayoutNode? {
        let nodes = GlanceUI.makeNodes(view, in: environment)
        return nodes.isEmpty ? nil : (nodes.count == 1 ? nodes[0] : ZStackNode(alignment: .center, children: nodes))
    }
}

extension Gauge where CurrentValueLabel == EmptyView, MinimumValueLabel == EmptyView, MaximumValueLabel == EmptyView {
    /// Creates a gauge with only a label.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(value: value, in: bounds, label: label, currentValueLabel: { EmptyView() },
                  minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() })
    }
}

extension Gauge where MinimumValueLabel == EmptyView, MaximumValueLabel == EmptyView {
    /// Creates a gauge with a label and a current-value label.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(value: value, in: bounds, label: label, currentValueLabel: currentValueLabel,
                  minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() })
    }
}

/// The look of a gauge.
public enum GaugeStyleKind: Sendable, Hashable {
    /// An open ring (gap at the bottom) with a marker at the value.
    case accessoryCircular
    /// A closed ring filled clockwise from the top.
    case accessoryCircularCapacity
    /// A bar with a marker at the value.
    case accessoryLinear
    /// A bar filled from leading to trailing.
    case accessoryLinearCapacity
    /// The default: a labelled capacity bar.
    case automatic
}

/// A gauge style, as SwiftUI's `GaugeStyle`.
public protocol GaugeStyle: Sendable {
    /// Which built-in look the style is.
    var kind: GaugeStyleKind { get }
}

/// An open ring with a marker.
public struct AccessoryCircularGaugeStyle: GaugeStyle { public var kind: GaugeStyleKind { .accessoryCircular } }
/// A closed ring filled from the top.
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle { public var kind: GaugeStyleKind { .accessoryCircularCapacity } }
/// A bar with a marker.
public struct AccessoryLinearGaugeStyle: GaugeStyle { public var kind: GaugeStyleKind { .accessoryLinear } }
/// A bar filled from leading to trailing.
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle { public var kind: GaugeStyleKind { .accessoryLinearCapacity } }
/// The default gauge style.
public struct DefaultGaugeStyle: GaugeStyle { public var kind: GaugeStyleKind { .automatic } }
/// A labelled capacity bar (SwiftUI's `.linearCapacity`).
public struct LinearCapacityGaugeStyle: GaugeStyle { public var kind: GaugeStyleKind { .accessoryLinearCapacity } }

extension GaugeStyle where Self == AccessoryCircularGaugeStyle { public static var accessoryCircular: Self { .init() } }
extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle { public static var accessoryCircularCapacity: Self { .init() } }
extension GaugeStyle where Self == AccessoryLinearGaugeStyle { public static var accessoryLinear: Self { .init() } }
extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle { public static var accessoryLinearCapacity: Self { .init() } }
extension GaugeStyle where Self == DefaultGaugeStyle { public static var automatic: Self { .init() } }
extension GaugeStyle where Self == LinearCapacityGaugeStyle { public static var linearCapacity: Self { .init() } }

private struct GaugeStyleKey: EnvironmentKey { static let defaultValue = GaugeStyleKind.automatic }

extension EnvironmentValues {
    var gaugeStyle: GaugeStyleKind {
        get { self[GaugeStyleKey.self] }
        set { self[GaugeStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of gauges in this view.
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
        modifyEnvironment { $0.gaugeStyle = style.kind }
    }
}

/// Draws gauges (and circular / linear progress views, which share the geometry).
final class GaugeNode: LayoutNode {
    let style: GaugeStyleKind
    let fraction: Double
    let label: LayoutNode?
    let current: LayoutNode?
    let minimum: LayoutNode?
    let maximum: LayoutNode?
    let track: Tone
    let fill: Tone
    let backdrop: UInt8
    let antialiased: Bool

    init(style: GaugeStyleKind, fraction: Double, environment: EnvironmentValues,
         label: LayoutNode?, current: LayoutNode?, minimum: LayoutNode?, maximum: LayoutNode?) {
        self.style = style
        self.fraction = fraction
        self.label = label
        self.current = current
        self.minimum = minimum
        self.maximum = maximum
        self.fill = TintShapeStyle().resolve(in: environment)
        self.track = HierarchicalShapeStyle.tertiary.resolve(in: environment)
        self.backdrop = 0
        self.antialiased = environment.isAntialiased
    }

    override var children: [LayoutNode] {
        switch style {
        case .accessoryCircular: [current, minimum, maximum].compactMap { $0 }
        case .accessoryCircularCapacity: [current].compactMap { $0 }
        case .accessoryLinear, .accessoryLinearCapacity, .automatic: [label, current, minimum, maximum].compactMap { $0 }
        }
    }

    private var isCircular: Bool { style == .accessoryCircular || style == .accessoryCircularCapacity }

    /// Bar thickness for linear styles.
    private let barHeight = 4

    private func labelRowHeight(width: Int?) -> Int {
        [label, current].compactMap { $0?.size(for: ProposedSize(width: width, height: nil)).height }.max() ?? 0
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if isCircular {
            // A square as large as offered; 48 pixels when nothing is proposed.
            let side = min(proposal.width ?? 48, proposal.height ?? 48, ProposedSize.infinity - 1)
            return Size(width: side >= ProposedSize.infinity / 2 ? 48 : side, height: side >= ProposedSize.infinity / 2 ? 48 : side)
        }
        let row = labelRowHeight(width: proposal.width)
        let minWidth = minimum?.size(for: .unspecified).height ?? 0
        let width = proposal.width.map { $0 >= ProposedSize.infinity ? 100 : $0 } ?? 100
        return Size(width: width, height: (row > 0 ? row + 2 : 0) + max(barHeight, minWidth))
    }

    /// Ring thickness for a circular gauge of `side` pixels.
    private func thickness(_ side: Int) -> Int { max(2, side / 11) }

    override func place(in rect: Rect) {
        super.place(in: rect)
        if isCircular {
            let side = min(rect.width, rect.height)
            let ring = Rect(x: rect.minX + (rect.width - side) / 2, y: rect.minY + (rect.height - side) / 2, width: side, height: side)
            let inner = ring.insetBy(dx: thickness(side) + 2, dy: thickness(side) + 2)
            if let current {
                let size = current.size(for: ProposedSize(inner.size))
                current.place(in: Rect(origin: inner.origin + Point(x: (inner.width - size.width) / 2, y: (inner.height - size.height) / 2), size: size))
            }
            // Min and max labels sit in the gap at the bottom, centred under the ring's ends.
            let reach = Int((Double(side) / 2 - Double(thickness(side)) / 2) * 0.7071)
            for (node, end) in [(minimum, ring.center.x - reach), (maximum, ring.center.x + reach)] {
                guard let node else { continue }
                let size = node.size(for: ProposedSize(width: side / 3, height: side / 4))
                node.place(in: Rect(origin: Point(x: end - size.width / 2, y: ring.maxY - size.height), size: size))
            }
            return
        }
        // Linear: label row on top (label leading, current value trailing), then the bar with
        // the minimum and maximum labels at its ends.
        let row = labelRowHeight(width: rect.width)
        if let label {
            let size = label.size(for: ProposedSize(width: rect.width, height: row))
            label.place(in: Rect(origin: rect.origin, size: size))
        }
        if let current {
            let size = current.size(for: ProposedSize(width: rect.width, height: row))
            current.place(in: Rect(origin: Point(x: rect.maxX - size.width, y: rect.minY), size: size))
        }
        let barTop = rect.maxY - barArea(rect).height
        if let minimum {
            let size = minimum.size(for: .unspecified)
            minimum.place(in: Rect(origin: Point(x: rect.minX, y: barTop + (barArea(rect).height - size.height) / 2), size: size))
        }
        if let maximum {
            let size = maximum.size(for: .unspecified)
            maximum.place(in: Rect(origin: Point(x: rect.maxX - size.width, y: barTop + (barArea(rect).height - size.height) / 2), size: size))
        }
    }

    /// The band at the bottom holding the bar and its end labels.
    private func barArea(_ rect: Rect) -> Rect {
        let endHeight = [minimum, maximum].compactMap { $0?.size(for: .unspecified).height }.max() ?? 0
        let height = max(barHeight, endHeight)
        return Rect(x: rect.minX, y: rect.maxY - height, width: rect.width, height: height)
    }

    /// The bar itself, between the end labels.
    private func barRect(_ rect: Rect) -> Rect {
        let area = barArea(rect)
        let left = minimum.map { $0.size(for: .unspecified).width + 2 } ?? 0
        let right = maximum.map { $0.size(for: .unspecified).width + 2 } ?? 0
        return Rect(x: area.minX + left, y: area.minY + (area.height - barHeight) / 2, width: area.width - left - right, height: barHeight)
    }

    override func draw(in context: inout RenderContext) {
        if isCircular {
            drawRing(in: &context)
        } else {
            drawBar(in: &context)
        }
        super.draw(in: &context)
    }

    private func drawRing(in context: inout RenderContext) {
        let side = min(frame.width, frame.height)
        guard side > 4 else { return }
        let t = Double(thickness(side))
        let center = PointF(x: Double(frame.minX) + Double(frame.width) / 2, y: Double(frame.minY) + Double(frame.height) / 2)
        let radius = Double(side) / 2 - t / 2
        switch style {
        case .accessoryCircularCapacity:
            context.bitmap.strokeArc(center: center, radius: radius, startAngle: 0, endAngle: 360, lineWidth: t, cap: .butt,
                                     value: track.level, opacity: track.opacity)
            if fraction > 0 {
                context.bitmap.strokeArc(center: center, radius: radius, startAngle: -90, endAngle: -90 + 360 * fraction,
                                         lineWidth: t, cap: fraction < 1 ? .round : .butt, value: fill.level, opacity: fill.opacity)
            }
        default:
            // Open ring from 135° to 405° (the gap centred at 6 o'clock), marker at the value.
            let start = 135.0, sweep = 270.0
            context.bitmap.strokeArc(center: center, radius: radius, startAngle: start, endAngle: start + sweep, lineWidth: t, cap: .round,
                                     value: fill.level, opacity: fill.opacity)
            let angle = (start + sweep * fraction) * .pi / 180
            let marker = PointF(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            // A dark halo keeps the marker visible on the lit ring.
            context.bitmap.fillCircle(center: marker, radius: t / 2 + 2, value: 0)
            context.bitmap.fillCircle(center: marker, radius: t / 2 + 0.5, value: fill.level, opacity: fill.opacity)
        }
    }

    private func drawBar(in context: inout RenderContext) {
        let bar = barRect(frame)
        guard bar.width > 2 else { return }
        let radius = Double(bar.height) / 2
        switch style {
        case .accessoryLinear:
            context.bitmap.fillRoundedRect(bar, cornerRadius: radius, value: fill.level, opacity: fill.opacity)
            let x = bar.minX + Int((Double(bar.width - bar.height) * fraction).rounded())
            let marker = PointF(x: Double(x) + radius, y: Double(bar.minY) + radius)
            context.bitmap.fillCircle(center: marker, radius: radius + 2.5, value: 0)
            context.bitmap.fillCircle(center: marker, radius: radius + 1.5, value: fill.level, opacity: fill.opacity)
        default:
            context.bitmap.fillRoundedRect(bar, cornerRadius: radius, value: track.level, opacity: track.opacity)
            let filled = Int((Double(bar.width) * fraction).rounded())
            if filled > 0 {
                let part = Rect(x: bar.minX, y: bar.minY, width: max(filled, bar.height), height: bar.height)
                context.bitmap.fillRoundedRect(part, cornerRadius: radius, value: fill.level, opacity: fill.opacity)
            }
        }
    }
}
