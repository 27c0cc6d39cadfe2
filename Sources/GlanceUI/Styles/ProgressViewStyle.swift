import Foundation

/// The look of a progress view, as SwiftUI's `ProgressViewStyle`: `.linear`, `.circular`,
/// `.automatic`, or your own `makeBody(configuration:)`.
public protocol ProgressViewStyle {
    /// The view a style makes.
    associatedtype Body: View
    /// The properties of the progress view being styled.
    typealias Configuration = ProgressViewStyleConfiguration
    /// Creates the view drawing a progress view with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a progress view style draws: how far along the task is and its labels.
public struct ProgressViewStyleConfiguration {
    /// A type-erased label describing the task.
    public struct Label: View, PrimitiveView {
        let content: ErasedContent
        public var body: Never { neverBody() }
        func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { content.make(environment) }
    }

    /// A type-erased label describing the current value.
    public struct CurrentValueLabel: View, PrimitiveView {
        let content: ErasedContent
        public var body: Never { neverBody() }
        func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { content.make(environment) }
    }

    /// The completed fraction, 0…1; nil when indeterminate or counting over a date interval.
    public let fractionCompleted: Double?
    /// The task's label, if the progress view has one.
    public var label: Label?
    /// The current value's label, if the progress view has one.
    public var currentValueLabel: CurrentValueLabel?
    /// The full value, including a timer interval, for the built-in styles and `ProgressView(configuration)`.
    let value: ProgressValue
}

/// The built-in progress view looks.
enum ProgressViewStyleKind: Sendable, Hashable { case automatic, linear, circular }

/// A bar filled from leading to trailing.
public struct LinearProgressViewStyle: ProgressViewStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInProgressView(kind: .linear, configuration: configuration) }
}

/// A ring filled clockwise from the top.
public struct CircularProgressViewStyle: ProgressViewStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInProgressView(kind: .circular, configuration: configuration) }
}

/// The default: a bar.
public struct DefaultProgressViewStyle: ProgressViewStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInProgressView(kind: .automatic, configuration: configuration) }
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
    /// A bar.
    public static var linear: Self { .init() }
}
extension ProgressViewStyle where Self == CircularProgressViewStyle {
    /// A ring.
    public static var circular: Self { .init() }
}
extension ProgressViewStyle where Self == DefaultProgressViewStyle {
    /// The default style.
    public static var automatic: Self { .init() }
}

private struct ProgressViewStylesKey: EnvironmentKey { static let defaultValue: [StyleBox<ProgressViewStyleConfiguration>] = [] }

extension EnvironmentValues {
    /// Progress view styles set above this point, innermost last.
    var progressViewStyles: [StyleBox<ProgressViewStyleConfiguration>] {
        get { self[ProgressViewStylesKey.self] }
        set { self[ProgressViewStylesKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of progress views in this view: a built-in style or your own `ProgressViewStyle`.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        pushStyle(\.progressViewStyles, StyleBox { AnyView(style.makeBody(configuration: $0)) })
    }
}

/// The body of the built-in progress view styles: a capacity bar or ring, advancing by
/// itself over a timer interval.
struct BuiltInProgressView: View, PrimitiveView {
    let kind: ProgressViewStyleKind
    let configuration: ProgressViewStyleConfiguration

    var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        var small = environment
        small.lineLimit = 1
        func node(_ content: ErasedContent?) -> LayoutNode? {
            guard let nodes = content?.make(small), !nodes.isEmpty else { return nil }
            return nodes.count == 1 ? nodes[0] : ZStackNode(alignment: .center, children: nodes)
        }
        let style: GaugeStyleKind = kind == .circular ? .accessoryCircularCapacity : .accessoryLinearCapacity
        let fraction: Double
        switch configuration.value {
        case .fraction(let value): fraction = value
        case .indeterminate: fraction = 0.25
        case .timer: fraction = 0
        }
        let gauge = GaugeNode(style: style, fraction: fraction, environment: environment,
                              label: node(configuration.label?.content), current: node(configuration.currentValueLabel?.content),
                              minimum: nil, maximum: nil)
        guard case .timer(let range, let countsDown) = configuration.value else { return [gauge] }
        let timer = TimerProgressNode(gauge, range: range, countsDown: countsDown, reduced: environment.isLuminanceReduced)
        timer.refresh(at: environment.renderDate)
        return [timer]
    }
}

/// A progress view over a timer interval: its fill is computed for the moment drawn, again
/// at every redraw of the same tree (Docs/Contract.md, "Views and redaction").
final class TimerProgressNode: WrapperNode {
    private let gauge: GaugeNode
    private let range: ClosedRange<Date>
    private let countsDown: Bool
    private let reduced: Bool
    private var nextChange: Date?

    init(_ gauge: GaugeNode, range: ClosedRange<Date>, countsDown: Bool, reduced: Bool) {
        self.gauge = gauge
        self.range = range
        self.countsDown = countsDown
        self.reduced = reduced
        super.init(gauge)
    }

    override func refresh(at now: Date) {
        super.refresh(at: now)
        let duration = range.upperBound.timeIntervalSince(range.lowerBound)
        let elapsed = min(max(0, now.timeIntervalSince(range.lowerBound)), max(0, duration))
        let progress = duration > 0 ? elapsed / duration : 1
        gauge.fraction = countsDown ? 1 - progress : progress
        nextChange = nil
        if now < range.upperBound {
            // Redraw about every 1 % of the interval (at most once a second, once a minute
            // in always-on), which moves a 128-pixel bar by about a pixel.
            let step = max(reduced ? 60 : 1, duration / 100)
            nextChange = now < range.lowerBound ? range.lowerBound : min(range.upperBound, now.addingTimeInterval(step))
        }
    }

    override func draw(in context: inout RenderContext) {
        if let nextChange { context.noteChange(at: nextChange) }
        child.draw(in: &context)
    }
}
