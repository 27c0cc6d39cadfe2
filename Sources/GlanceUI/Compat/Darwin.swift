#if os(Linux)
import Foundation

/// `Darwin.round(x)` and the other C math functions spelled with their Apple module name,
/// which widget code writes to reach the C function past a method of the same name.
///
/// Linux has no module named Darwin, and Glance deliberately adds none: dozens of files in
/// the packages Glance itself builds on test `#if canImport(Darwin)` and would then call
/// Apple-only APIs. A caseless enum of that name makes the qualified spelling resolve to
/// Glibc's functions instead. `import Darwin` itself still fails on Linux; guard it with
/// `#if canImport(Darwin)` as cross-platform code does.
public enum Darwin {
    /// The nearest integral value, halfway cases away from zero (C `round`).
    public static func round(_ x: Double) -> Double { Foundation.round(x) }
    /// The nearest integral value, halfway cases away from zero (C `roundf`).
    public static func round(_ x: Float) -> Float { Foundation.roundf(x) }
    /// The largest integral value not greater than `x` (C `floor`).
    public static func floor(_ x: Double) -> Double { Foundation.floor(x) }
    /// The smallest integral value not less than `x` (C `ceil`).
    public static func ceil(_ x: Double) -> Double { Foundation.ceil(x) }
    /// The integral value nearest to `x` toward zero (C `trunc`).
    public static func trunc(_ x: Double) -> Double { Foundation.trunc(x) }
    /// The absolute value (C `fabs`).
    public static func fabs(_ x: Double) -> Double { Foundation.fabs(x) }
    /// The square root (C `sqrt`).
    public static func sqrt(_ x: Double) -> Double { Foundation.sqrt(x) }
    /// `x` raised to `y` (C `pow`).
    public static func pow(_ x: Double, _ y: Double) -> Double { Foundation.pow(x, y) }
    /// The natural logarithm (C `log`).
    public static func log(_ x: Double) -> Double { Foundation.log(x) }
    /// The base-10 logarithm (C `log10`).
    public static func log10(_ x: Double) -> Double { Foundation.log10(x) }
    /// e raised to `x` (C `exp`).
    public static func exp(_ x: Double) -> Double { Foundation.exp(x) }
    /// The sine of `x` radians (C `sin`).
    public static func sin(_ x: Double) -> Double { Foundation.sin(x) }
    /// The cosine of `x` radians (C `cos`).
    public static func cos(_ x: Double) -> Double { Foundation.cos(x) }
    /// The arc tangent of `y / x`, in the quadrant of (x, y) (C `atan2`).
    public static func atan2(_ y: Double, _ x: Double) -> Double { Foundation.atan2(y, x) }
}
#endif
