import Foundation

/// How far a progress view is: a fraction, a timer interval, or unknown.
enum ProgressValue {
    case fraction(Double)
    case timer(ClosedRange<Date>, countsDown: Bool)
    case indeterminate
}

/// Progress towards completion, as SwiftUI's `ProgressView`: a bar by default, a ring with
/// `.progressViewStyle(.circular)`, or your own `ProgressViewStyle`. The timer-interval form
/// advances by itself.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View, PrimitiveView {
    typealias Value = ProgressValue

    let value: Value
    let label: ErasedContent?
    let currentValueLabel: ErasedContent?

    /// Creates a progress view of `value` out of `total`, with labels.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        if let value, total > 0 {
            let raw = Double(value) / Double(total)
            self.value = .fraction(raw.isFinite ? min(1, max(0, raw)) : 0)
        } else {
            self.value = .indeterminate
        }
        self.label = Self.present(label())
        self.currentValueLabel = Self.present(currentValueLabel())
    }

    /// Creates a progress view that fills over `timerInterval` (empties when `countsDown`).
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label,
                @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        value = .timer(timerInterval, countsDown: countsDown)
        self.label = Self.present(label())
        self.currentValueLabel = Self.present(currentValueLabel())
    }

    private init(value: Value, label: ErasedContent?, currentValueLabel: ErasedContent?) {
        self.value = value
        self.label = label
        self.currentValueLabel = currentValueLabel
    }

    /// Labels that are `EmptyView` are absent, as in SwiftUI.
    private static func present<V: View>(_ view: V) -> ErasedContent? { V.self == EmptyView.self ? nil : ErasedContent(view) }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        let fraction: Double? = if case .fraction(let value) = value { value } else { nil }
        let configuration = ProgressViewStyleConfiguration(
            fractionCompleted: fraction, label: label.map { .init(content: $0) },
            currentValueLabel: currentValueLabel.map { .init(content: $0) }, value: value)
        return environment.resolveStyle(\.progressViewStyles, configuration: configuration) { configuration, environment in
            BuiltInProgressView(kind: .automatic, configuration: configuration).makeNodes(in: environment)
        }
    }
}

extension ProgressView where Label == ProgressViewStyleConfiguration.Label, CurrentValueLabel == ProgressViewStyleConfiguration.CurrentValueLabel {
    /// A progress view drawn from a style's configuration with the next outer style, for
    /// styles that adjust the current look rather than replace it.
    public init(_ configuration: ProgressViewStyleConfiguration) {
        self.init(value: configuration.value, label: configuration.label?.content, currentValueLabel: configuration.currentValueLabel?.content)
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
