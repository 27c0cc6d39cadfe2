import Foundation
import GlanceUI

/// A chart: the marks its content lists, drawn on their scales with axes, as in Swift Charts.
public struct Chart<Content: View>: View {
    let content: Content

    /// A chart of the marks `content` lists.
    public init<C: ChartContent>(@ChartContentBuilder content: () -> C) where Content == ChartContentRenderer<C> {
        self.content = ChartContentRenderer(content: content())
    }

    /// A chart of the marks `content` makes for each identifiable element of `data`.
    public init<Data: RandomAccessCollection, C: ChartContent>(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> C)
        where Content == ChartContentRenderer<ForEach<Data, Data.Element.ID, C>>, Data.Element: Identifiable {
        self.content = ChartContentRenderer(content: ForEach(data, content: content))
    }

    /// A chart of the marks `content` makes for each element of `data`, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, C: ChartContent>(_ data: Data, id: KeyPath<Data.Element, ID>,
                                                                             @ChartContentBuilder content: @escaping (Data.Element) -> C)
        where Content == ChartContentRenderer<ForEach<Data, ID, C>> {
        self.content = ChartContentRenderer(content: ForEach(data, id: id, content: content))
    }

    public var body: some View { content }
}

/// The view that draws a chart's content.
public struct ChartContentRenderer<C: ChartContent>: View {
    let content: C
    @Environment(\.chartConfiguration) private var configuration

    public var body: some View {
        var marks: [MarkRecord] = []
        collectMarks(content, into: &marks)
        let layout = ChartLayout(marks: marks, configuration: configuration)
        let plot = ChartPlotContent(layout: layout)
        let styledPlot = configuration.plotStyle.map { $0.value(plot) } ?? AnyView(plot)
        return VStack(spacing: 0) {
            HStack(spacing: 0) {
                if layout.yLabelsLeading, layout.yLabelWidth > 0 {
                    Canvas { context, size in layout.drawYLabels(&context, size: size) }.frame(width: layout.yLabelWidth)
                }
                styledPlot
                if !layout.yLabelsLeading, layout.yLabelWidth > 0 {
                    Canvas { context, size in layout.drawYLabels(&context, size: size) }.frame(width: layout.yLabelWidth)
                }
            }
            if layout.xLabelHeight > 0 {
                Canvas { context, size in layout.drawXLabels(&context, size: size) }.frame(height: layout.xLabelHeight)
            }
        }
    }
}

/// A chart's plot area: its grid lines and marks. `chartPlotStyle` hands it to its closure.
public struct ChartPlotContent: View {
    let layout: ChartLayout
    public var body: some View {
        Canvas { context, size in layout.drawPlot(&context, size: size) }
    }
}

// MARK: - Configuration

/// Boxes a value for the environment; chart settings are rebuilt with the view every frame.
struct Unchecked<T>: @unchecked Sendable { let value: T }

/// What the `chart…` modifiers set for the charts inside them.
struct ChartConfiguration: @unchecked Sendable {
    enum Axis { case automatic, hidden, marks([AxisMarksGroup]) }
    var xDomain: ResolvedDomain?
    var yDomain: ResolvedDomain?
    var xAxis = Axis.automatic
    var yAxis = Axis.automatic
    var styleScale: [(String, AnyShapeStyle)] = []
    var plotStyle: Unchecked<(ChartPlotContent) -> AnyView>?
}

private struct ChartConfigurationKey: EnvironmentKey {
    static var defaultValue: ChartConfiguration { ChartConfiguration() }
}

extension EnvironmentValues {
    var chartConfiguration: ChartConfiguration {
        get { self[ChartConfigurationKey.self] }
        set { self[ChartConfigurationKey.self] = newValue }
    }
}

/// A domain resolved for drawing.
enum ResolvedDomain {
    case continuous(Double, Double)
    case categories([String])
}

/// A domain a chart's scale can be set to: a range of numbers or dates, or categories.
public protocol ScaleDomain {}

protocol ResolvableScaleDomain { var resolvedDomain: ResolvedDomain { get } }

extension ClosedRange: ScaleDomain, ResolvableScaleDomain where Bound: Plottable {
    var resolvedDomain: ResolvedDomain {
        .continuous(PlotCoordinate(lowerBound).scalar ?? 0, PlotCoordinate(upperBound).scalar ?? 1)
    }
}

extension Range: ScaleDomain, ResolvableScaleDomain where Bound: Plottable {
    var resolvedDomain: ResolvedDomain {
        .continuous(PlotCoordinate(lowerBound).scalar ?? 0, PlotCoordinate(upperBound).scalar ?? 1)
    }
}

extension Array: ScaleDomain, ResolvableScaleDomain where Element: Plottable {
    var resolvedDomain: ResolvedDomain {
        .categories(map { value in
            if case .category(let name) = PlotCoordinate(value) { return name }
            return "\(value)"
        })
    }
}

/// The kind of a scale; accepted, scales are linear (or categorical).
public struct ScaleType: Sendable {
    let name: String
    public static let linear = ScaleType(name: "linear")
    public static let log = ScaleType(name: "log")
    public static let date = ScaleType(name: "date")
    public static let category = ScaleType(name: "category")
}

extension View {
    private func chartConfiguration(_ change: @escaping (inout ChartConfiguration) -> Void) -> some View {
        let change = Unchecked(value: change)
        return transformEnvironment(\.chartConfiguration) { change.value(&$0) }
    }

    /// Sets the x axis of the charts inside to the marks `content` lists.
    public func chartXAxis<Content: AxisContent>(@AxisContentBuilder content: () -> Content) -> some View {
        var groups: [AxisMarksGroup] = []
        collectGroups(content(), into: &groups)
        return chartConfiguration { $0.xAxis = .marks(groups) }
    }

    /// Shows or hides the x axis of the charts inside.
    public func chartXAxis(_ visibility: Visibility) -> some View {
        chartConfiguration { if visibility == .hidden { $0.xAxis = .hidden } }
    }

    /// Sets the y axis of the charts inside to the marks `content` lists.
    public func chartYAxis<Content: AxisContent>(@AxisContentBuilder content: () -> Content) -> some View {
        var groups: [AxisMarksGroup] = []
        collectGroups(content(), into: &groups)
        return chartConfiguration { $0.yAxis = .marks(groups) }
    }

    /// Shows or hides the y axis of the charts inside.
    public func chartYAxis(_ visibility: Visibility) -> some View {
        chartConfiguration { if visibility == .hidden { $0.yAxis = .hidden } }
    }

    /// Sets the values the x axis spans.
    public func chartXScale<Domain: ScaleDomain>(domain: Domain, type: ScaleType? = nil) -> some View {
        let domain = (domain as? any ResolvableScaleDomain)?.resolvedDomain
        return chartConfiguration { $0.xDomain = domain }
    }

    /// Sets the values the y axis spans.
    public func chartYScale<Domain: ScaleDomain>(domain: Domain, type: ScaleType? = nil) -> some View {
        let domain = (domain as? any ResolvableScaleDomain)?.resolvedDomain
        return chartConfiguration { $0.yDomain = domain }
    }

    /// Paints each category `foregroundStyle(by:)` names with its style.
    public func chartForegroundStyleScale<DataValue: Plottable, S: ShapeStyle>(_ mapping: KeyValuePairs<DataValue, S>) -> some View {
        let scale = mapping.map { pair -> (String, AnyShapeStyle) in
            if case .category(let name) = PlotCoordinate(pair.key) { return (name, AnyShapeStyle(pair.value)) }
            return ("\(PlotCoordinate(pair.key).scalar ?? 0)", AnyShapeStyle(pair.value))
        }
        return chartConfiguration { $0.styleScale = scale }
    }

    /// Shows or hides the legend; charts here draw no legend, so this is accepted.
    public func chartLegend(_ visibility: Visibility) -> some View {
        chartConfiguration { _ in }
    }

    /// Restyles the plot area of the charts inside with `content`.
    public func chartPlotStyle<Content: View>(@ViewBuilder content: @escaping (ChartPlotContent) -> Content) -> some View {
        chartConfiguration { $0.plotStyle = Unchecked(value: { AnyView(content($0)) }) }
    }
}
