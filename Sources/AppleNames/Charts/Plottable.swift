import Foundation
import GlanceUI

/// A value a chart can place along an axis: a number, a date or a category (a string), as in
/// Swift Charts.
public protocol Plottable {
    /// The primitive type the value plots as.
    associatedtype PrimitivePlottable: PrimitivePlottableProtocol
    /// The value as its primitive.
    var primitivePlottable: PrimitivePlottable { get }
    /// Creates the value from its primitive, or nil when it does not convert.
    init?(primitivePlottable: PrimitivePlottable)
}

/// The primitive types a `Plottable` value is made of (`Double`, `Int`, `Date`, `String`, …).
public protocol PrimitivePlottableProtocol: Plottable where PrimitivePlottable == Self {}

extension PrimitivePlottableProtocol {
    public var primitivePlottable: Self { self }
    public init?(primitivePlottable: Self) { self = primitivePlottable }
}

extension Double: PrimitivePlottableProtocol {}
extension Float: PrimitivePlottableProtocol {}
extension CGFloat: PrimitivePlottableProtocol {}
extension Int: PrimitivePlottableProtocol {}
extension Int8: PrimitivePlottableProtocol {}
extension Int16: PrimitivePlottableProtocol {}
extension Int32: PrimitivePlottableProtocol {}
extension Int64: PrimitivePlottableProtocol {}
extension UInt: PrimitivePlottableProtocol {}
extension UInt8: PrimitivePlottableProtocol {}
extension UInt16: PrimitivePlottableProtocol {}
extension UInt32: PrimitivePlottableProtocol {}
extension UInt64: PrimitivePlottableProtocol {}
extension Decimal: PrimitivePlottableProtocol {}
extension Date: PrimitivePlottableProtocol {}
extension String: PrimitivePlottableProtocol {}

/// A value on one axis resolved for drawing: a number (dates as seconds since the reference
/// date) or a category.
enum PlotCoordinate: Hashable {
    case number(Double)
    case date(Double, unit: Calendar.Component?)
    case category(String)

    init<P: Plottable>(_ value: P, unit: Calendar.Component? = nil) {
        switch value.primitivePlottable as Any {
        case let date as Date: self = .date(date.timeIntervalSinceReferenceDate, unit: unit)
        case let string as String: self = .category(string)
        case let decimal as Decimal: self = .number(NSDecimalNumber(decimal: decimal).doubleValue)
        case let number as any BinaryInteger: self = .number(Double(number))
        case let number as any BinaryFloatingPoint: self = .number(Double(number))
        default: self = .category("\(value.primitivePlottable)")
        }
    }

    /// The number this coordinate sits at on a continuous scale (nil for a category).
    var scalar: Double? {
        switch self {
        case .number(let value), .date(let value, _): value
        case .category: nil
        }
    }

    /// The end of the interval a date with a unit covers (a bar at `.hour` spans the hour).
    var unitEnd: Double? {
        guard case .date(let value, let unit?) = self else { return nil }
        let start = Date(timeIntervalSinceReferenceDate: value)
        return Calendar.current.date(byAdding: unit, value: 1, to: start)?.timeIntervalSinceReferenceDate
    }
}

/// A value plotted by a mark, with its label, as in Swift Charts (`.value("Time", date)`).
public struct PlottableValue<Value: Plottable> {
    let label: String
    let coordinate: PlotCoordinate

    /// A value with a label.
    public static func value<S: StringProtocol>(_ label: S, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: String(label), coordinate: PlotCoordinate(value))
    }

    /// A value with a localized label.
    public static func value(_ label: LocalizedStringKey, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: "\(label)", coordinate: PlotCoordinate(value))
    }

    /// A value with a `Text` label.
    public static func value(_ label: Text, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: "", coordinate: PlotCoordinate(value))
    }

    /// A date that covers one `unit` (a bar at `.day` spans the whole day).
    public static func value<S: StringProtocol>(_ label: S, _ date: Date, unit: Calendar.Component,
                                                calendar: Calendar? = nil) -> PlottableValue<Value> where Value == Date {
        PlottableValue(label: String(label), coordinate: PlotCoordinate(date, unit: unit))
    }

    /// A date that covers one `unit`, with a localized label.
    public static func value(_ label: LocalizedStringKey, _ date: Date, unit: Calendar.Component,
                             calendar: Calendar? = nil) -> PlottableValue<Value> where Value == Date {
        PlottableValue(label: "\(label)", coordinate: PlotCoordinate(date, unit: unit))
    }
}
