import Foundation
import GlanceUI

/// Something a chart draws — marks, groups of marks, `ForEach` over data — as in Swift Charts.
public protocol ChartContent {
    /// The content this content is made of.
    associatedtype Body: ChartContent
    /// The marks of this content.
    @ChartContentBuilder var body: Body { get }
}

extension Never: ChartContent {}

/// One mark resolved for drawing: what it plots and how it is styled.
struct MarkRecord {
    enum Kind { case bar, line, point, rule, area }
    var kind: Kind
    var x: PlotCoordinate?
    var xStart: PlotCoordinate?
    var xEnd: PlotCoordinate?
    var y: PlotCoordinate?
    var yStart: PlotCoordinate?
    var yEnd: PlotCoordinate?
    var style: AnyShapeStyle?
    var styleCategory: String?
    var series: String?
    var opacity = 1.0
    var cornerRadius: CGFloat = 0
    var stroke: StrokeStyle?
    var symbolSize: CGFloat?
}

/// Content drawn by the chart itself; its `body` is never called.
protocol PrimitiveChartContent {
    /// Appends the marks this content contributes.
    func collect(into marks: inout [MarkRecord])
}

/// Resolves `content` to marks: primitive content adds its own, other content through `body`.
func collectMarks<C: ChartContent>(_ content: C, into marks: inout [MarkRecord]) {
    if let primitive = content as? any PrimitiveChartContent {
        primitive.collect(into: &marks)
    } else {
        collectMarks(content.body, into: &marks)
    }
}

extension PrimitiveChartContent {
    /// Primitive content has no body; reaching this is a bug in Glance.
    func neverBody() -> Never { fatalError("\(Self.self) is drawn by the chart and has no body") }
}

// MARK: - Builder

/// Builds chart content from the marks listed in a closure, with `if`, `if`/`else` and `for`.
@resultBuilder
public enum ChartContentBuilder {
    public static func buildExpression<C: ChartContent>(_ content: C) -> C { content }
    public static func buildBlock() -> EmptyChartContent { EmptyChartContent() }
    public static func buildBlock<C: ChartContent>(_ content: C) -> C { content }
    public static func buildBlock<each C: ChartContent>(_ content: repeat each C) -> TupleChartContent<(repeat each C)> {
        TupleChartContent { marks in repeat collectMarks(each content, into: &marks) }
    }
    public static func buildOptional<C: ChartContent>(_ content: C?) -> OptionalChartContent<C> { OptionalChartContent(content: content) }
    public static func buildEither<T: ChartContent, F: ChartContent>(first: T) -> ConditionalChartContent<T, F> { .init(storage: .first(first)) }
    public static func buildEither<T: ChartContent, F: ChartContent>(second: F) -> ConditionalChartContent<T, F> { .init(storage: .second(second)) }
    public static func buildLimitedAvailability<C: ChartContent>(_ content: C) -> C { content }
    public static func buildArray<C: ChartContent>(_ content: [C]) -> TupleChartContent<[C]> {
        TupleChartContent { marks in content.forEach { collectMarks($0, into: &marks) } }
    }
}

/// No marks.
public struct EmptyChartContent: ChartContent, PrimitiveChartContent {
    public var body: Never { neverBody() }
    func collect(into marks: inout [MarkRecord]) {}
}

/// Several pieces of content listed one after another.
public struct TupleChartContent<T>: ChartContent, PrimitiveChartContent {
    let collector: (inout [MarkRecord]) -> Void
    init(collector: @escaping (inout [MarkRecord]) -> Void) { self.collector = collector }
    public var body: Never { neverBody() }
    func collect(into marks: inout [MarkRecord]) { collector(&marks) }
}

/// Content drawn only when an `if` holds.
public struct OptionalChartContent<C: ChartContent>: ChartContent, PrimitiveChartContent {
    let content: C?
    public var body: Never { neverBody() }
    func collect(into marks: inout [MarkRecord]) { if let content { collectMarks(content, into: &marks) } }
}

/// One of two pieces of content, chosen by an `if`/`else`.
public struct ConditionalChartContent<T: ChartContent, F: ChartContent>: ChartContent, PrimitiveChartContent {
    enum Storage { case first(T), second(F) }
    let storage: Storage
    public var body: Never { neverBody() }
    func collect(into marks: inout [MarkRecord]) {
        switch storage {
        case .first(let content): collectMarks(content, into: &marks)
        case .second(let content): collectMarks(content, into: &marks)
        }
    }
}

// MARK: - ForEach

extension ForEach: ChartContent where Content: ChartContent {
    public var body: Never { fatalError("ForEach is drawn by the chart and has no body") }
}

extension ForEach: PrimitiveChartContent where Content: ChartContent {
    func collect(into marks: inout [MarkRecord]) {
        for element in data { collectMarks(content(element), into: &marks) }
    }
}

extension ForEach where Content: ChartContent {
    /// Chart content for each element of `data`, identified by `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(unconstrained: data, id: id, content: content)
    }

    /// Chart content for each identifiable element of `data`.
    public init(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> Content)
        where Data.Element: Identifiable, ID == Data.Element.ID {
        self.init(unconstrained: data, id: \.id, content: content)
    }
}

// MARK: - Modifiers

/// Content whose marks a modifier restyles.
public struct ModifiedChartContent<Content: ChartContent>: ChartContent, PrimitiveChartContent {
    let content: Content
    let modify: (inout MarkRecord) -> Void
    public var body: Never { neverBody() }
    func collect(into marks: inout [MarkRecord]) {
        var inner: [MarkRecord] = []
        collectMarks(content, into: &inner)
        for var mark in inner {
            modify(&mark)
            marks.append(mark)
        }
    }
}

extension ChartContent {
    private func modified(_ modify: @escaping (inout MarkRecord) -> Void) -> ModifiedChartContent<Self> {
        ModifiedChartContent(content: self, modify: modify)
    }

    /// Paints the marks with `style`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some ChartContent {
        modified { $0.style = AnyShapeStyle(style) }
    }

    /// Paints the marks by the category `value` falls in (see `chartForegroundStyleScale`).
    public func foregroundStyle<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        let category: String
        switch value.coordinate {
        case .category(let name): category = name
        case .number(let number), .date(let number, _): category = "\(number)"
        }
        return modified { $0.styleCategory = category }
    }

    /// Makes the marks translucent.
    public func opacity(_ value: Double) -> some ChartContent {
        modified { $0.opacity *= value }
    }

    /// Rounds the corners of bars.
    public func cornerRadius(_ radius: CGFloat, style: RoundedCornerStyle = .continuous) -> some ChartContent {
        modified { $0.cornerRadius = radius }
    }

    /// Strokes lines and rules with `style`.
    public func lineStyle(_ style: StrokeStyle) -> some ChartContent {
        modified { $0.stroke = style }
    }

    /// Sets the area of point symbols, in square points.
    public func symbolSize(_ size: CGFloat) -> some ChartContent {
        modified { $0.symbolSize = size }
    }

    /// Accepted; drawn without the shadow (panels have no room for soft shadows).
    public func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0,
                       y: CGFloat = 0) -> some ChartContent {
        modified { _ in }
    }

    /// Accepted; the mark is drawn at its data position.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some ChartContent {
        modified { _ in }
    }
}
