import Foundation

/// A value within a range, drawn as a ring or a bar, as SwiftUI's `Gauge`. The gauge style
/// (`.gaugeStyle(_:)`, built-in or your own) decides the look.
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View, MarkedValueLabels: View>: View, PrimitiveView {
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel
    let minimumValueLabel: BoundsLabel
    let maximumValueLabel: BoundsLabel
    let markedValueLabels: MarkedValueLabels

    /// Creates a gauge of `value` in `bounds` with every label and marked values (drawn
    /// without the marked values, which the accessory styles do not show either).
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1,
                                        @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
                                        @ViewBuilder minimumValueLabel: () -> BoundsLabel,
                                        @ViewBuilder maximumValueLabel: () -> BoundsLabel,
                                        @ViewBuilder markedValueLabels: () -> MarkedValueLabels) {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        let raw = span > 0 ? Double(value - bounds.lowerBound) / span : 0
        fraction = raw.isFinite ? min(1, max(0, raw)) : 0
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
        self.markedValueLabels = markedValueLabels()
    }

    public var body: Never { neverBody() }

    /// What the style draws; labels that are `EmptyView` are absent, as in SwiftUI.
    var configuration: GaugeStyleConfiguration {
        func present<V: View>(_ view: V) -> ErasedContent? { V.self == EmptyView.self ? nil : ErasedContent(view) }
        return GaugeStyleConfiguration(
            label: .init(content: ErasedContent(label)),
            currentValueLabel: present(currentValueLabel).map { .init(content: $0) },
            minimumValueLabel: present(minimumValueLabel).map { .init(content: $0) },
            maximumValueLabel: present(maximumValueLabel).map { .init(content: $0) },
            markedValueLabels: .init(content: ErasedContent(markedValueLabels)),
            value: fraction)
    }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        environment.resolveStyle(\.gaugeStyles, configuration: configuration) { configuration, environment in
            BuiltInGauge(kind: .automatic, configuration: configuration).makeNodes(in: environment)
        }
    }
}

extension Gauge where MarkedValueLabels == EmptyView {
    /// Creates a gauge of `value` in `bounds` with every label.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1,
                                        @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
                                        @ViewBuilder minimumValueLabel: () -> BoundsLabel,
                                        @ViewBuilder maximumValueLabel: () -> BoundsLabel) {
        self.init(value: value, in: bounds, label: label, currentValueLabel: currentValueLabel,
                  minimumValueLabel: minimumValueLabel, maximumValueLabel: maximumValueLabel, markedValueLabels: { EmptyView() })
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    /// Creates a gauge with only a label.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(value: value, in: bounds, label: label, currentValueLabel: { EmptyView() },
                  minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() }, markedValueLabels: { EmptyView() })
    }
}

extension Gauge where BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    /// Creates a gauge with a label and a current-value label.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(value: value, in: bounds, label: label, currentValueLabel: currentValueLabel,
                  minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() }, markedValueLabels: { EmptyView() })
    }
}

extension Gauge where BoundsLabel == EmptyView {
    /// Creates a gauge with a label, a current-value label and marked values.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
                                        @ViewBuilder markedValueLabels: () -> MarkedValueLabels) {
        self.init(value: value, in: bounds, label: label, currentValueLabel: currentValueLabel,
                  minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() }, markedValueLabels: markedValueLabels)
    }
}

/// Draws gauges (and circular / linear progress views, which share the geometry).
final class GaugeNode: LayoutNode {
    let style: GaugeStyleKind
    var fraction: Double
    let label: LayoutNode?
    let current: LayoutNode?
    let minimum: LayoutNode?
    let maximum: LayoutNode?
    let track: Tone
    let fill: Tone
    /// A gradient tint (`.tint(Gradient(...))`), drawn along the ring or bar; nil for one tone.
    let fillGradient: GradientPaint?
    /// False under placeholder or privacy redaction: only the track is drawn, no value.
    let showsValue: Bool
    let antialiased: Bool

    init(style: GaugeStyleKind, fraction: Double, environment: EnvironmentValues,
         label: LayoutNode?, current: LayoutNode?, minimum: LayoutNode?, maximum: LayoutNode?) {
        self.style = style
        self.fraction = fraction
        // A closed ring without a current value label shows its label in the centre instead,
        // as SwiftUI does (battery widgets put the device's symbol there).
        self.current = style == .accessoryCircularCapacity ? current ?? label : current
        self.minimum = minimum
        self.maximum = maximum
        // An open circular ring shows its label in the gap only when there is no range to show.
        self.label = style == .accessoryCircular && (minimum != nil || maximum != nil) ? nil : label
        self.fill = TintShapeStyle().resolve(in: environment)
        self.fillGradient = environment.tintGradient
        self.track = HierarchicalShapeStyle.tertiary.resolve(in: environment)
        self.showsValue = !environment.redactsContent
        self.antialiased = environment.isAntialiased
    }

    override var children: [LayoutNode] {
        switch style {
        case .accessoryCircular: [current, minimum, maximum, label].compactMap { $0 }
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
        let width = proposal.width.map { $0 >= ProposedSize.infinity ? 100 : $0 } ?? 100
        let endHeight = [minimum, maximum].compactMap { $0.map { endLabelSize($0, width: width).height } }.max() ?? 0
        return Size(width: width, height: (row > 0 ? row + 2 : 0) + max(barHeight, endHeight))
    }

    /// Ring thickness for a circular gauge of `side` pixels.
    private func thickness(_ side: Int) -> Int { max(2, side / 11) }

    /// The square the ring is drawn in.
    private func ringRect(_ rect: Rect) -> Rect {
        let side = min(rect.width, rect.height)
        return Rect(x: rect.minX + (rect.width - side) / 2, y: rect.minY + (rect.height - side) / 2, width: side, height: side)
    }

    override func place(in rect: Rect) {
        super.place(in: rect)
        if isCircular {
            placeCircular(in: ringRect(rect))
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
            let size = endLabelSize(minimum, width: rect.width)
            minimum.place(in: Rect(origin: Point(x: rect.minX, y: barTop + (barArea(rect).height - size.height) / 2), size: size))
        }
        if let maximum {
            let size = endLabelSize(maximum, width: rect.width)
            maximum.place(in: Rect(origin: Point(x: rect.maxX - size.width, y: barTop + (barArea(rect).height - size.height) / 2), size: size))
        }
    }

    /// A bar's end label: at most a third of the gauge's width, so the two never meet and the
    /// bar keeps the middle (a wider label truncates or shrinks as its text allows).
    private func endLabelSize(_ node: LayoutNode, width: Int) -> Size {
        node.size(for: ProposedSize(width: width / 3, height: nil))
    }

    /// The value in the centre; the minimum and maximum labels (or, without them, the label)
    /// in the gap at the bottom, each moved inwards until it lies inside the ring's circle,
    /// so the circular slot's clip never cuts them (as Apple draws them).
    private func placeCircular(in ring: Rect) {
        let side = ring.width
        let inner = ring.insetBy(dx: thickness(side) + 2, dy: thickness(side) + 2)
        if let current {
            let size = current.size(for: ProposedSize(inner.size))
            current.place(in: Rect(origin: inner.origin + Point(x: (inner.width - size.width) / 2, y: (inner.height - size.height) / 2), size: size))
        }
        guard style == .accessoryCircular else { return }
        let t = Double(thickness(side))
        let radius = Double(side) / 2 - t / 2
        let cx = Double(ring.minX) + Double(side) / 2, cy = Double(ring.minY) + Double(side) / 2
        // The ring's ends, at 135° and 45° (the gap is centred at 6 o'clock).
        let reach = radius * 0.7071
        let endY = cy + reach
        // A bound has the half of the gap on its side, so the two never overlap; the label
        // alone has the middle.
        let halfGap = max(1, Int(reach - t / 2) - 2)
        func fit(_ node: LayoutNode, end: Double, inwards: Double) {
            let size = node.size(for: ProposedSize(width: inwards == 0 ? side / 2 : halfGap, height: side / 4))
            // Beside the ring's end on the gap's side, level with it; the label alone is centred.
            var x = inwards > 0 ? end + t / 2 + 1 : (inwards < 0 ? end - t / 2 - 1 - Double(size.width) : end - Double(size.width) / 2)
            var y = endY - Double(size.height) / 2
            // Move inwards, then up, until every corner is inside the slot's circle.
            func inside() -> Bool {
                let limit = Double(side) / 2
                for (px, py) in [(x, y), (x + Double(size.width), y), (x, y + Double(size.height)), (x + Double(size.width), y + Double(size.height))] {
                    if ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot() > limit { return false }
                }
                return true
            }
            var steps = 0
            while !inside(), steps < side * 2 {
                // Inwards while the label stays on its own side of the centre, then up.
                let innerEdge = inwards > 0 ? x + Double(size.width) : x
                if inwards != 0, (cx - innerEdge) * inwards >= 1 { x += inwards } else { y -= 1 }
                steps += 1
            }
            node.place(in: Rect(x: Int(x.rounded()), y: Int(y.rounded()), width: size.width, height: size.height))
        }
        if let minimum { fit(minimum, end: cx - reach, inwards: 1) }
        if let maximum { fit(maximum, end: cx + reach, inwards: -1) }
        if let label { fit(label, end: cx, inwards: 0) }
    }

    /// The band at the bottom holding the bar and its end labels.
    private func barArea(_ rect: Rect) -> Rect {
        let endHeight = [minimum, maximum].compactMap { $0.map { endLabelSize($0, width: rect.width).height } }.max() ?? 0
        let height = max(barHeight, endHeight)
        return Rect(x: rect.minX, y: rect.maxY - height, width: rect.width, height: height)
    }

    /// The bar itself, between the end labels.
    private func barRect(_ rect: Rect) -> Rect {
        let area = barArea(rect)
        let left = minimum.map { endLabelSize($0, width: rect.width).width + 2 } ?? 0
        let right = maximum.map { endLabelSize($0, width: rect.width).width + 2 } ?? 0
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
        let ring = ringRect(frame)
        let side = ring.width
        guard side > 4 else { return }
        let t = Double(thickness(side))
        let center = PointF(x: Double(ring.minX) + Double(side) / 2, y: Double(ring.minY) + Double(side) / 2)
        let radius = Double(side) / 2 - t / 2
        func arc(from start: Double, to end: Double, cap: LineCap, _ tone: Tone) {
            context.bitmap.painting(tone.rgb) {
                $0.strokeArc(center: center, radius: radius, startAngle: start, endAngle: end, lineWidth: t, cap: cap,
                             value: tone.level, opacity: tone.opacity)
            }
        }
        switch style {
        case .accessoryCircularCapacity:
            arc(from: 0, to: 360, cap: .butt, track)
            if fraction > 0, showsValue {
                if let fillGradient {
                    stroke(arcFrom: -90, to: -90 + 360 * fraction, center: center, radius: radius, width: t,
                           cap: fraction < 1 ? .round : .butt, gradient: fillGradient, sweep: (-90, 270), into: &context)
                } else {
                    arc(from: -90, to: -90 + 360 * fraction, cap: fraction < 1 ? .round : .butt, fill)
                }
            }
        default:
            // Open ring from 135° to 405° (the gap centred at 6 o'clock), marker at the value.
            let start = 135.0, sweep = 270.0
            guard showsValue else { return arc(from: start, to: start + sweep, cap: .round, track) }
            if let fillGradient {
                stroke(arcFrom: start, to: start + sweep, center: center, radius: radius, width: t, cap: .round,
                       gradient: fillGradient, sweep: (start, start + sweep), into: &context)
            } else {
                arc(from: start, to: start + sweep, cap: .round, fill)
            }
            let angle = (start + sweep * fraction) * .pi / 180
            let marker = PointF(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            // A dark halo keeps the marker visible on the lit ring.
            context.bitmap.fillCircle(center: marker, radius: t / 2 + 2, value: 0)
            context.bitmap.painting(fill.rgb) { $0.fillCircle(center: marker, radius: t / 2 + 0.5, value: fill.level, opacity: fill.opacity) }
        }
    }

    /// Strokes an arc with a gradient running along the ring's sweep (angles in degrees, clockwise from 3 o'clock).
    private func stroke(arcFrom start: Double, to end: Double, center: PointF, radius: Double, width: Double, cap: LineCap,
                        gradient: GradientPaint, sweep: (Double, Double), into context: inout RenderContext) {
        var path = Path()
        path.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: true)
        let shading = Shading(.angular(center: center, startAngle: sweep.0, endAngle: sweep.1), stops: gradient.stops)
        context.bitmap.stroke(path, style: StrokeStyle(lineWidth: width, lineCap: cap), shading: shading)
    }

    private func drawBar(in context: inout RenderContext) {
        let bar = barRect(frame)
        guard bar.width > 2 else { return }
        let radius = Double(bar.height) / 2
        let shading = fillGradient.map { Shading(.linear(from: PointF(x: Double(bar.minX), y: 0), to: PointF(x: Double(bar.maxX), y: 0)), stops: $0.stops) }
        func fillBar(_ rect: Rect) {
            if let shading {
                context.bitmap.fill(Path(roundedRect: CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height),
                                         cornerRadius: CGFloat(radius)), shading: shading)
            } else {
                context.bitmap.painting(fill.rgb) { $0.fillRoundedRect(rect, cornerRadius: radius, value: fill.level, opacity: fill.opacity) }
            }
        }
        guard showsValue else {
            context.bitmap.painting(track.rgb) { $0.fillRoundedRect(bar, cornerRadius: radius, value: track.level, opacity: track.opacity) }
            return
        }
        switch style {
        case .accessoryLinear:
            fillBar(bar)
            let x = bar.minX + Int((Double(bar.width - bar.height) * fraction).rounded())
            let marker = PointF(x: Double(x) + radius, y: Double(bar.minY) + radius)
            context.bitmap.fillCircle(center: marker, radius: radius + 2.5, value: 0)
            context.bitmap.painting(fill.rgb) { $0.fillCircle(center: marker, radius: radius + 1.5, value: fill.level, opacity: fill.opacity) }
        default:
            context.bitmap.painting(track.rgb) { $0.fillRoundedRect(bar, cornerRadius: radius, value: track.level, opacity: track.opacity) }
            let filled = Int((Double(bar.width) * fraction).rounded())
            if filled > 0 {
                fillBar(Rect(x: bar.minX, y: bar.minY, width: max(filled, bar.height), height: bar.height))
            }
        }
    }
}
