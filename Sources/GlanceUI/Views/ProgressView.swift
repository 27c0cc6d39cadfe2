import Foundation

/// Progress towards completion, as SwiftUI's `ProgressView`: a bar by default, a ring with
/// `.progressViewStyle(.circular)`. The timer-interval form advances by itself.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View, PrimitiveView {
    enum Value {
        case fraction(Double)
        case timer(ClosedRange<Date>, countsDown: Bool)
        case indeterminate
    }

    let value: Value
    let label: Label
    let currentValueLabel: CurrentValueLabel

    /// Creates a progress view of `value` out of `total`, with labels.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        if let value, total > 0 {
            let raw = Double(value) / Double(total)
            self.value = .fraction(raw.isFinite ? min(1, max(0, raw)) : 0)
        } else {
            self.value = .indeterminate
        }
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }

    /// Creates a progress view that fills over `timerInterval` (empties when `countsDown`).
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label,
                @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        value = .timer(timerInterval, countsDown: countsDown)
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        var small = environment
        small.lineLimit = 1
        func node<V: View>(_ view: V) -> LayoutNode? {
            let nodes = GlanceUI.makeNodes(view, in: small)
            return nodes.isEmpty ? nil : (nodes.count == 1 ? nodes[0] : ZStackNode(alignment: .center, children: nodes))
        }
        let fraction: Double
        var nextChange: Date?
        let now = environment.renderDate
        switch value {
        case .fraction(let value):
            fraction = value
        case .indeterminate:
            fraction = 0.25
        case .timer(let range, let countsDown):
            let duration = range.upperBound.timeIntervalSince(range.lowerBound)
            let elapsed = min(max(0, now.timeIntervalSince(range.lowerBound)), max(0, duration))
            let progress = duration > 0 ? elapsed / duration : 1
            fraction = countsDown ? 1 - progress : progress
            if now < range.upperBound {
                // Redraw about every 1 % of the interval (at most once a second, once a minute
                // in always-on), which moves a 128-pixel bar by about a pixel.
                let step = max(environment.isLuminanceReduced ? 60 : 1, duration / 100)
                nextChange = now < range.lowerBound ? range.lowerBound : min(range.upperBound, now.addingTimeInterval(step))
            }
        }
        let style: GaugeStyleKind = environment.progressViewStyle == .circular ? .accessoryCircularCapacity : .accessoryLinearCapacity
        let gauge = GaugeNode(style: style, fraction: fraction, environment: environment,
                              label: node(label), current: node(currentValueLabel), minimum: nil, maximum: nil)
        return [nextChange.map { ChangeNoteNode(gauge, nextChange: $0) } ?? gauge]
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// A bar showing `value` out of `total`.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1) {
        self.init(value: value, total: total, label: { EmptyView() }, currentValueLabel: { EmptyView() })
    }

    /// An indeterminate progress view (drawn as a quarter-filled bar or ring).
    public init() {
        self.init(value: Double?.none, label: { EmptyView() }, currentValueLabel: { EmptyView() })
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    /// A bar showing `value` out of `total` under a label.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1, @ViewBuilder label: () -> Label) {
        self.init(value: value, total: total, label: label, currentValueLabel: { EmptyView() })
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == Text {
    /// A bar over a timer interval, with the remaining (or elapsed) time as its value label.
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true) {
        self.init(timerInterval: timerInterval, countsDown: countsDown, label: { EmptyView() },
                  currentValueLabel: { Text(timerInterval: timerInterval, countsDown: countsDown) })
    }
}

extension ProgressView where CurrentValueLabel == Text {
    /// A bar over a timer interval under a label, with the time as its value label.
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label) {
        self.init(timerInterval: timerInterval, countsDown: countsDown, label: label,
                  currentValueLabel: { Text(timerInterval: timerInterval, countsDown: countsDown) })
    }
}

/// Built-in progress view looks.
public enum ProgressViewStyleKind: Sendable, Hashable { case automatic, linear, circular }

/// A progress view style, as SwiftUI's `ProgressViewStyle`.
public protocol ProgressViewStyle: Sendable {
    /// Which built-in look the style is.
    var kind: ProgressViewStyleKind { get }
}

/// A bar.
public struct LinearProgressViewStyle: ProgressViewStyle { public var kind: ProgressViewStyleKind { .linear } }
/// A ring filled clockwise from the top.
public struct CircularProgressViewStyle: ProgressViewStyle { public var kind: ProgressViewStyleKind { .circular } }
/// The default: a bar.
public struct DefaultProgressViewStyle: ProgressViewStyle { public var kind: ProgressViewStyleKind { .automatic } }

extension ProgressViewStyle where Self == LinearProgressViewStyle { public static var linear: Self { .init() } }
extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: Self { .init() } }
extension ProgressViewStyle where Self == DefaultProgressViewStyle { public static var automatic: Self { .init() } }

private struct ProgressViewStyleKey: EnvironmentKey { static let defaultValue = ProgressViewStyleKind.automatic }

extension EnvironmentValues {
    var progressViewStyle: ProgressViewStyleKind {
        get { self[ProgressViewStyleKey.self] }
        set { self[ProgressViewStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of progress views in this view.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        modifyEnvironment { $0.progressViewStyle = style.kind }
    }
}

/// Reports when its child's live content next changes.
final class ChangeNoteNode: WrapperNode {
    let nextChange: Date

    init(_ child: LayoutNode, nextChange: Date) {
        self.nextChange = nextChange
        super.init(child)
    }

    override func draw(in context: inout RenderContext) {
        context.noteChange(at: nextChange)
        child.draw(in: &context)
    }
}

/// The backdrop of accessory widgets, as WidgetKit's `AccessoryWidgetBackground`: the slot's
/// shape filled with a faint tone on gray panels (half as bright when luminance is reduced).
///
/// (G) On 1-bit panels a faint fill can only be a dot pattern, which breaks up the text
/// drawn over it, so there the backdrop is the shape's one-pixel outline instead.
public struct AccessoryWidgetBackground: View, PrimitiveView {
    public init() {}
    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        var tone = environment.adjust(environment.backdropTone)
        if environment.isLuminanceReduced { tone = tone.fading(0.5) }
        guard environment.isAntialiased else {
            let outline = environment.adjust(Tone(level: environment.backdropTone.level))
            return [ShapeNode(shape: InsetShape(base: ContainerRelativeShape(), amount: 0.5), fill: nil,
                              stroke: (outline, StrokeStyle(lineWidth: 1)), environment: environment)]
        }
        return [ShapeNode(shape: ContainerRelativeShape(), fill: tone, stroke: nil, environment: environment)]
    }
}

private struct BackdropToneKey: EnvironmentKey { static let defaultValue = Tone(level: 255, opacity: 51) }

extension EnvironmentValues {
    /// The tone of `AccessoryWidgetBackground` (20 % lit by default; a board may change it).
    public var backdropTone: Tone {
        get { self[BackdropToneKey.self] }
        set { self[BackdropToneKey.self] = newValue }
    }
}
