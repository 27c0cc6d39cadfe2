import Foundation

/// The look of a gauge, as SwiftUI's `GaugeStyle`: built-in styles such as
/// `.accessoryCircular`, or your own `makeBody(configuration:)`.
public protocol GaugeStyle {
    /// The view a style makes.
    associatedtype Body: View
    /// The properties of the gauge being styled.
    typealias Configuration = GaugeStyleConfiguration
    /// Creates the view drawing a gauge with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a gauge style draws: the gauge's labels (type-erased views) and its value.
public struct GaugeStyleConfiguration {
    /// A type-erased label describing the gauge's purpose.
    public struct Label: View, PrimitiveView {
        let content: ErasedContent
        public var body: Never { neverBody() }
        func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { content.make(environment) }
    }

    /// A type-erased label showing the current value.
    public struct CurrentValueLabel: View, PrimitiveView {
        let content: ErasedContent
        public var body: Never { neverBody() }
        func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { content.make(environment) }
    }

    /// A type-erased label showing the minimum of the range.
    public struct MinimumValueLabel: View, PrimitiveView {
        let content: ErasedContent
        public var body: Never { neverBody() }
        func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { content.make(environment) }
    }

    /// A type-erased label showing the maximum of the range.
    public struct MaximumValueLabel: View, PrimitiveView {
        let content: ErasedContent
        public var body: Never { neverBody() }
        func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { content.make(environment) }
    }

    /// Type-erased labels for marked values (Glance draws none).
    public struct MarkedValueLabels: View, PrimitiveView {
        let content: ErasedContent
        public var body: Never { neverBody() }
        func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { content.make(environment) }
    }

    /// The gauge's purpose.
    public var label: Label
    /// The current value's label, if the gauge has one.
    public var currentValueLabel: CurrentValueLabel?
    /// The range's minimum label, if the gauge has one.
    public var minimumValueLabel: MinimumValueLabel?
    /// The range's maximum label, if the gauge has one.
    public var maximumValueLabel: MaximumValueLabel?
    /// Labels of marked values.
    public var markedValueLabels: MarkedValueLabels
    /// The value as a fraction of the range, 0…1.
    public var value: Double
}

/// The built-in gauge looks; each built-in style draws one of them.
enum GaugeStyleKind: Sendable, Hashable {
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

    /// The bar a watch corner draws for this style: rings become bars.
    var cornerBar: GaugeStyleKind {
        switch self {
        case .accessoryCircular, .accessoryLinear: .accessoryLinear
        case .accessoryCircularCapacity, .accessoryLinearCapacity, .automatic: .accessoryLinearCapacity
        }
    }
}

/// An open ring with a marker, the value in the centre and the range (or the label) in the gap.
public struct AccessoryCircularGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInGauge(kind: .accessoryCircular, configuration: configuration) }
}

/// A closed ring filled clockwise from the top, the value in the centre.
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInGauge(kind: .accessoryCircularCapacity, configuration: configuration) }
}

/// A bar with a marker at the value.
public struct AccessoryLinearGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInGauge(kind: .accessoryLinear, configuration: configuration) }
}

/// A bar filled from leading to trailing.
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInGauge(kind: .accessoryLinearCapacity, configuration: configuration) }
}

/// The default gauge style: a labelled capacity bar.
public struct DefaultGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInGauge(kind: .automatic, configuration: configuration) }
}

/// A labelled capacity bar (SwiftUI's `.linearCapacity`).
public struct LinearCapacityGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInGauge(kind: .accessoryLinearCapacity, configuration: configuration) }
}

extension GaugeStyle where Self == AccessoryCircularGaugeStyle {
    /// An open ring with a marker at the value.
    public static var accessoryCircular: Self { .init() }
}
extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    /// A closed ring filled clockwise from the top.
    public static var accessoryCircularCapacity: Self { .init() }
}
extension GaugeStyle where Self == AccessoryLinearGaugeStyle {
    /// A bar with a marker at the value.
    public static var accessoryLinear: Self { .init() }
}
extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    /// A bar filled from leading to trailing.
    public static var accessoryLinearCapacity: Self { .init() }
}
extension GaugeStyle where Self == DefaultGaugeStyle {
    /// The default style.
    public static var automatic: Self { .init() }
}
extension GaugeStyle where Self == LinearCapacityGaugeStyle {
    /// A labelled capacity bar.
    public static var linearCapacity: Self { .init() }
}

private struct GaugeStylesKey: EnvironmentKey { static let defaultValue: [StyleBox<GaugeStyleConfiguration>] = [] }

extension EnvironmentValues {
    /// Gauge styles set above this point, innermost last.
    var gaugeStyles: [StyleBox<GaugeStyleConfiguration>] {
        get { self[GaugeStylesKey.self] }
        set { self[GaugeStylesKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of gauges in this view: a built-in style or your own `GaugeStyle`.
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
        pushStyle(\.gaugeStyles, StyleBox { AnyView(style.makeBody(configuration: $0)) })
    }
}

/// The body of the built-in gauge styles: the labels in the places the look puts them.
struct BuiltInGauge: View, PrimitiveView {
    let kind: GaugeStyleKind
    let configuration: GaugeStyleConfiguration

    var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        var labels = environment
        labels.lineLimit = 1
        labels.minimumScaleFactor = min(labels.minimumScaleFactor, 0.5)
        // In a watch corner's widget label every built-in style is the corner's gauge, a bar
        // showing only its bounds, at its ends (the label and current value are not shown).
        let corner = environment.isCornerWidgetLabel
        let kind = corner ? kind.cornerBar : kind
        // Circular gauges show a large value in the ring and tiny range labels in its gap,
        // unless the widget set a font itself.
        let circular = kind == .accessoryCircular || kind == .accessoryCircularCapacity
        var value = labels, range = labels
        if circular, environment.font == nil {
            value.font = .title3
            range.font = .system(size: 8)
        }
        // Each label is one view, as in SwiftUI: several views in one stack vertically.
        func node(_ content: ErasedContent?, _ environment: EnvironmentValues) -> LayoutNode? {
            content?.makeUnary(environment).first
        }
        return [GaugeNode(style: kind, fraction: configuration.value, environment: environment,
                          label: corner ? nil : node(configuration.label.content, circular ? range : labels),
                          current: corner ? nil : node(configuration.currentValueLabel?.content, value),
                          minimum: node(configuration.minimumValueLabel?.content, range),
                          maximum: node(configuration.maximumValueLabel?.content, range))]
    }
}

/// The watchOS open ring (drawn as `.accessoryCircular`), optionally in its own tint.
public struct CircularGaugeStyle: GaugeStyle {
    let tint: AnyShapeStyle?

    /// Creates the style in the environment's tint.
    public init() { tint = nil }

    /// Creates the style drawn with `tint`.
    public init<Tint: ShapeStyle>(tint: Tint) { self.tint = AnyShapeStyle(tint) }

    public func makeBody(configuration: Configuration) -> some View {
        BuiltInGauge(kind: .accessoryCircular, configuration: configuration).tint(tint)
    }
}

/// The watchOS bar with a marker (drawn as `.accessoryLinear`), optionally in its own tint.
public struct LinearGaugeStyle: GaugeStyle {
    let tint: AnyShapeStyle?

    /// Creates the style in the environment's tint.
    public init() { tint = nil }

    /// Creates the style drawn with `tint`.
    public init<Tint: ShapeStyle>(tint: Tint) { self.tint = AnyShapeStyle(tint) }

    public func makeBody(configuration: Configuration) -> some View {
        BuiltInGauge(kind: .accessoryLinear, configuration: configuration).tint(tint)
    }
}

extension GaugeStyle where Self == CircularGaugeStyle {
    /// The watchOS open ring.
    public static var circular: Self { .init() }
}
extension GaugeStyle where Self == LinearGaugeStyle {
    /// The watchOS bar with a marker.
    public static var linear: Self { .init() }
}
