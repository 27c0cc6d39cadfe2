import Foundation
import GlanceUI

/// How wide a bar is drawn; accepted, bars take their automatic width.
public struct MarkDimension: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Sendable {
    let points: CGFloat?
    /// The chart picks the width.
    public static let automatic = MarkDimension(points: nil)
    /// A fixed width in points.
    public static func fixed(_ value: CGFloat) -> MarkDimension { MarkDimension(points: value) }
    /// A fraction of the step between values; drawn at the automatic width.
    public static func ratio(_ value: CGFloat) -> MarkDimension { MarkDimension(points: nil) }
    init(points: CGFloat?) { self.points = points }
    public init(floatLiteral value: Double) { points = CGFloat(value) }
    public init(integerLiteral value: Int) { points = CGFloat(value) }
}

/// How bars at the same position stack; accepted, bars are drawn at the values they are given.
public struct MarkStackingMethod: Equatable, Sendable {
    let name: String
    public static let standard = MarkStackingMethod(name: "standard")
    public static let normalized = MarkStackingMethod(name: "normalized")
    public static let center = MarkStackingMethod(name: "center")
    public static let unstacked = MarkStackingMethod(name: "unstacked")
}

/// A bar: from zero (or `yStart`) to `y` at `x`, as in Swift Charts.
public struct BarMark: ChartContent, PrimitiveChartContent {
    var record: MarkRecord
    public var body: Never { neverBody() }
    func collect(into marks: inout [MarkRecord]) { marks.append(record) }

    /// A vertical bar from zero to `y` at `x`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic,
                                            stacking: MarkStackingMethod = .standard) {
        record = MarkRecord(kind: .bar, x: x.coordinate, y: y.coordinate)
    }

    /// A vertical bar from `yStart` to `yEnd` at `x`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>,
                                            width: MarkDimension = .automatic) {
        record = MarkRecord(kind: .bar, x: x.coordinate, yStart: yStart.coordinate, yEnd: yEnd.coordinate)
    }

    /// A horizontal bar from `xStart` to `xEnd` at `y`.
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>,
                                            height: MarkDimension = .automatic) {
        record = MarkRecord(kind: .bar, xStart: xStart.coordinate, xEnd: xEnd.coordinate, y: y.coordinate)
    }
}

/// A line through the points of a series, as in Swift Charts.
public struct LineMark: ChartContent, PrimitiveChartContent {
    var record: MarkRecord
    public var body: Never { neverBody() }
    func collect(into marks: inout [MarkRecord]) { marks.append(record) }

    /// A point of the line at `x`, `y`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        record = MarkRecord(kind: .line, x: x.coordinate, y: y.coordinate)
    }

    /// A point of the line in the series named by `series`.
    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>) {
        record = MarkRecord(kind: .line, x: x.coordinate, y: y.coordinate)
        if case .category(let name) = series.coordinate { record.series = name } else { record.series = "\(series.coordinate)" }
    }
}

/// A filled area from zero to `y` under a series, as in Swift Charts.
public struct AreaMark: ChartContent, PrimitiveChartContent {
    var record: MarkRecord
    public var body: Never { neverBody() }
    func collect(into marks: inout [MarkRecord]) { marks.append(record) }

    /// A point of the area's top edge at `x`, `y`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, stacking: MarkStackingMethod = .standard) {
        record = MarkRecord(kind: .area, x: x.coordinate, y: y.coordinate)
    }
}

/// A symbol at a point, as in Swift Charts.
public struct PointMark: ChartContent, PrimitiveChartContent {
    var record: MarkRecord
    public var body: Never { neverBody() }
    func collect(into marks: inout [MarkRecord]) { marks.append(record) }

    /// A point at `x`, `y`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        record = MarkRecord(kind: .point, x: x.coordinate, y: y.coordinate)
    }
}

/// A straight line across the plot, or along an interval, as in Swift Charts.
public struct RuleMark: ChartContent, PrimitiveChartContent {
    var record: MarkRecord
    public var body: Never { neverBody() }
    func collect(into marks: inout [MarkRecord]) { marks.append(record) }

    /// A horizontal rule at `y` (across the plot when `xStart`/`xEnd` are nil).
    public init<Y: Plottable>(xStart: CGFloat? = nil, xEnd: CGFloat? = nil, y: PlottableValue<Y>) {
        record = MarkRecord(kind: .rule, y: y.coordinate)
    }

    /// A vertical rule at `x` (across the plot when `yStart`/`yEnd` are nil).
    public init<X: Plottable>(x: PlottableValue<X>, yStart: CGFloat? = nil, yEnd: CGFloat? = nil) {
        record = MarkRecord(kind: .rule, x: x.coordinate)
    }

    /// A horizontal rule from `xStart` to `xEnd` at `y`.
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>) {
        record = MarkRecord(kind: .rule, xStart: xStart.coordinate, xEnd: xEnd.coordinate, y: y.coordinate)
    }

    /// A vertical rule from `yStart` to `yEnd` at `x`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        record = MarkRecord(kind: .rule, x: x.coordinate, yStart: yStart.coordinate, yEnd: yEnd.coordinate)
    }
}
