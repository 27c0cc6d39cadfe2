import Foundation
import GlanceUI

/// One piece of an axis mark at one axis value, resolved for drawing.
struct AxisPart {
    enum Kind { case gridLine, tick, label }
    var kind: Kind
    var stroke: StrokeStyle?
    var style: AnyShapeStyle?
    var font: Font?
    var format: ((Any) -> String)?
}

/// An element drawn at each value of an axis — a grid line, a tick, a value label.
public protocol AxisMark {
    /// The marks this mark is made of.
    associatedtype Body: AxisMark
    /// The content of this mark.
    var body: Body { get }
}

/// What a chart's `chartXAxis`/`chartYAxis` closure returns: groups of axis marks.
public protocol AxisContent {
    /// The content this content is made of.
    associatedtype Body: AxisContent
    /// The content of this content.
    var body: Body { get }
}

extension Never: AxisMark, AxisContent {}

protocol PrimitiveAxisMark { func parts(into parts: inout [AxisPart]) }
protocol PrimitiveAxisContent { func groups(into groups: inout [AxisMarksGroup]) }

func collectParts<M: AxisMark>(_ mark: M, into parts: inout [AxisPart]) {
    if let primitive = mark as? any PrimitiveAxisMark { primitive.parts(into: &parts) } else { collectParts(mark.body, into: &parts) }
}

func collectGroups<C: AxisContent>(_ content: C, into groups: inout [AxisMarksGroup]) {
    if let primitive = content as? any PrimitiveAxisContent { primitive.groups(into: &groups) } else { collectGroups(content.body, into: &groups) }
}

private func noBody(_ type: Any.Type) -> Never { fatalError("\(type) is drawn by the chart and has no body") }

// MARK: - Builders

/// Builds the marks drawn at each axis value.
@resultBuilder
public enum AxisMarkBuilder {
    public static func buildExpression<M: AxisMark>(_ mark: M) -> M { mark }
    public static func buildBlock() -> AxisMarkList { AxisMarkList { _ in } }
    public static func buildBlock<each M: AxisMark>(_ marks: repeat each M) -> AxisMarkList {
        AxisMarkList { parts in repeat collectParts(each marks, into: &parts) }
    }
    public static func buildOptional(_ list: AxisMarkList?) -> AxisMarkList { list ?? AxisMarkList { _ in } }
    public static func buildEither(first: AxisMarkList) -> AxisMarkList { first }
    public static func buildEither(second: AxisMarkList) -> AxisMarkList { second }
    public static func buildLimitedAvailability(_ list: AxisMarkList) -> AxisMarkList { list }
}

/// Axis marks listed one after another.
public struct AxisMarkList: AxisMark, PrimitiveAxisMark {
    let collector: (inout [AxisPart]) -> Void
    public var body: Never { noBody(Self.self) }
    func parts(into parts: inout [AxisPart]) { collector(&parts) }
}

/// Builds an axis from groups of axis marks.
@resultBuilder
public enum AxisContentBuilder {
    public static func buildExpression<C: AxisContent>(_ content: C) -> C { content }
    public static func buildBlock() -> AxisContentList { AxisContentList { _ in } }
    public static func buildBlock<each C: AxisContent>(_ content: repeat each C) -> AxisContentList {
        AxisContentList { groups in repeat collectGroups(each content, into: &groups) }
    }
    public static func buildOptional(_ list: AxisContentList?) -> AxisContentList { list ?? AxisContentList { _ in } }
    public static func buildEither(first: AxisContentList) -> AxisContentList { first }
    public static func buildEither(second: AxisContentList) -> AxisContentList { second }
    public static func buildLimitedAvailability(_ list: AxisContentList) -> AxisContentList { list }
}

/// Axis content listed one after another.
public struct AxisContentList: AxisContent, PrimitiveAxisContent {
    let collector: (inout [AxisMarksGroup]) -> Void
    public var body: Never { noBody(Self.self) }
    func groups(into groups: inout [AxisMarksGroup]) { collector(&groups) }
}

// MARK: - Values and positions

/// Where axis marks are drawn.
public struct AxisMarkPosition: Equatable, Sendable {
    let name: String
    public static let automatic = AxisMarkPosition(name: "automatic")
    public static let leading = AxisMarkPosition(name: "leading")
    public static let trailing = AxisMarkPosition(name: "trailing")
    public static let top = AxisMarkPosition(name: "top")
    public static let bottom = AxisMarkPosition(name: "bottom")
}

/// Preset axis styles; accepted, every preset draws the same simple marks.
public struct AxisMarkPreset: Equatable, Sendable {
    let name: String
    public static let automatic = AxisMarkPreset(name: "automatic")
    public static let extended = AxisMarkPreset(name: "extended")
    public static let aligned = AxisMarkPreset(name: "aligned")
    public static let inset = AxisMarkPreset(name: "inset")
}

/// The values axis marks are drawn at.
public struct AxisMarkValues: CustomStringConvertible {
    enum Storage { case automatic(count: Int?), stride(Double), dateStride(Calendar.Component, Int), values([PlotCoordinate]) }
    let storage: Storage
    public var description: String { "\(storage)" }

    /// A few evenly spaced values the chart picks.
    public static var automatic: AxisMarkValues { AxisMarkValues(storage: .automatic(count: nil)) }
    /// About `desiredCount` evenly spaced values.
    public static func automatic(minimumStride: Double? = nil, desiredCount: Int? = nil, roundLowerBound: Bool? = nil,
                                 roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(storage: .automatic(count: desiredCount))
    }
    /// A value every `stepSize`.
    public static func stride<P: BinaryFloatingPoint>(by stepSize: P, roundLowerBound: Bool? = nil,
                                                      roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(storage: .stride(Double(stepSize)))
    }
    /// A date every `count` `component`s.
    public static func stride(by component: Calendar.Component, count: Int = 1, roundLowerBound: Bool? = nil,
                              roundUpperBound: Bool? = nil, calendar: Calendar? = nil) -> AxisMarkValues {
        AxisMarkValues(storage: .dateStride(component, max(1, count)))
    }
}

/// The axis value a mark is drawn at, handed to the `AxisMarks` content closure.
public struct AxisValue {
    let coordinate: PlotCoordinate
    /// The value's position among the axis values.
    public let index: Int
    /// How many values the axis has.
    public let count: Int

    /// The value as `type`, or nil when it is not one.
    public func `as`<P: Plottable>(_ type: P.Type) -> P? {
        switch coordinate {
        case .number(let number):
            if let value = number as? P { return value }
            if P.self == Int.self { return Int(number) as? P }
            if P.self == Decimal.self { return Decimal(number) as? P }
            return nil
        case .date(let seconds, _): return Date(timeIntervalSinceReferenceDate: seconds) as? P
        case .category(let name): return name as? P
        }
    }
}

/// One `AxisMarks` resolved for drawing.
struct AxisMarksGroup {
    var position: AxisMarkPosition
    var values: AxisMarkValues
    var content: ((AxisValue) -> [AxisPart])?
}

/// The marks drawn at the values of an axis — grid lines, ticks, labels — as in Swift Charts.
public struct AxisMarks<Content: AxisMark>: AxisContent, PrimitiveAxisContent {
    let group: AxisMarksGroup
    public var body: Never { noBody(Self.self) }
    func groups(into groups: inout [AxisMarksGroup]) { groups.append(group) }

    /// Marks built by `content` for each axis value.
    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                values: AxisMarkValues = .automatic, @AxisMarkBuilder content: @escaping (AxisValue) -> Content) {
        group = AxisMarksGroup(position: position, values: values) { value in
            var parts: [AxisPart] = []
            collectParts(content(value), into: &parts)
            return parts
        }
    }

    /// Marks built by `content` at each of `values`.
    public init<Value: Plottable>(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                                  values: [Value], @AxisMarkBuilder content: @escaping (AxisValue) -> Content) {
        self.init(preset: preset, position: position, values: AxisMarkValues(storage: .values(values.map { PlotCoordinate($0) })),
                  content: content)
    }

    /// Marks built by `content`, the same at every axis value.
    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                values: AxisMarkValues = .automatic, @AxisMarkBuilder content: @escaping () -> Content) {
        group = AxisMarksGroup(position: position, values: values) { _ in
            var parts: [AxisPart] = []
            collectParts(content(), into: &parts)
            return parts
        }
    }

    /// The default marks (grid line, tick and label) at each axis value.
    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                values: AxisMarkValues = .automatic, stroke: StrokeStyle? = nil) where Content == Never {
        group = AxisMarksGroup(position: position, values: values) { _ in
            [AxisPart(kind: .gridLine, stroke: stroke), AxisPart(kind: .label)]
        }
    }
}

// MARK: - Marks

/// A line across the plot at an axis value.
public struct AxisGridLine: AxisMark, PrimitiveAxisMark {
    var part: AxisPart
    public var body: Never { noBody(Self.self) }
    func parts(into parts: inout [AxisPart]) { parts.append(part) }

    /// A grid line, stroked with `stroke` (a thin solid line when nil).
    public init(centered: Bool? = nil, stroke: StrokeStyle? = nil) {
        part = AxisPart(kind: .gridLine, stroke: stroke)
    }
}

/// A short tick on the axis at an axis value.
public struct AxisTick: AxisMark, PrimitiveAxisMark {
    var part: AxisPart
    public var body: Never { noBody(Self.self) }
    func parts(into parts: inout [AxisPart]) { parts.append(part) }

    /// A tick, stroked with `stroke`.
    public init(centered: Bool? = nil, length: CGFloat, stroke: StrokeStyle? = nil) {
        part = AxisPart(kind: .tick, stroke: stroke)
    }
}

/// The collision handling of value labels; accepted.
public struct AxisValueLabelCollisionResolution: Sendable {
    public static let automatic = AxisValueLabelCollisionResolution()
    public static let disabled = AxisValueLabelCollisionResolution()
    public static func greedy(priority: Double = 0, minimumSpacing: CGFloat = 0) -> AxisValueLabelCollisionResolution { .init() }
    public static func truncate(maximumWidth: CGFloat? = nil) -> AxisValueLabelCollisionResolution { .init() }
}

/// The orientation of value labels; accepted, labels are drawn horizontally.
public struct AxisValueLabelOrientation: Sendable {
    public static let automatic = AxisValueLabelOrientation()
    public static let horizontal = AxisValueLabelOrientation()
    public static let vertical = AxisValueLabelOrientation()
    public static let verticalReversed = AxisValueLabelOrientation()
}

/// The value written next to the axis at an axis value.
public struct AxisValueLabel<Content: View>: AxisMark, PrimitiveAxisMark {
    var part: AxisPart
    public var body: Never { noBody(Self.self) }
    func parts(into parts: inout [AxisPart]) { parts.append(part) }

    /// The axis value, formatted for its type.
    public init(centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
                collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil,
                verticalSpacing: CGFloat? = nil) where Content == Text {
        part = AxisPart(kind: .label)
    }

    /// The axis value written with `format`.
    public init<Format: FormatStyle>(format: Format, centered: Bool? = nil, anchor: UnitPoint? = nil,
                                     multiLabelAlignment: Alignment? = nil,
                                     collisionResolution: AxisValueLabelCollisionResolution = .automatic,
                                     offsetsMarks: Bool? = nil, orientation: AxisValueLabelOrientation = .automatic,
                                     horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil)
        where Content == Text, Format.FormatInput: Plottable, Format.FormatOutput == String {
        part = AxisPart(kind: .label, format: { value in (value as? Format.FormatInput).map(format.format) ?? "\(value)" })
    }

    /// A fixed title instead of the axis value.
    public init<S: StringProtocol>(_ title: S, centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
                                   collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                                   orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil,
                                   verticalSpacing: CGFloat? = nil) where Content == Text {
        let title = String(title)
        part = AxisPart(kind: .label, format: { _ in title })
    }
}

/// Modifiers on axis marks.
public struct ModifiedAxisMark<Content: AxisMark>: AxisMark, PrimitiveAxisMark {
    let content: Content
    let modify: (inout AxisPart) -> Void
    public var body: Never { noBody(Self.self) }
    func parts(into parts: inout [AxisPart]) {
        var inner: [AxisPart] = []
        collectParts(content, into: &inner)
        for var part in inner { modify(&part); parts.append(part) }
    }
}

extension AxisMark {
    /// Paints the mark with `style`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some AxisMark {
        ModifiedAxisMark(content: self) { $0.style = AnyShapeStyle(style) }
    }

    /// Writes the mark's label in `font`.
    public func font(_ font: Font?) -> some AxisMark {
        ModifiedAxisMark(content: self) { $0.font = font }
    }

    /// Accepted; the mark is drawn at its axis position.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some AxisMark {
        ModifiedAxisMark(content: self) { _ in }
    }
}
