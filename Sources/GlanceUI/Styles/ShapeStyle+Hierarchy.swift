import Foundation

/// The system fill for shapes and backgrounds, as SwiftUI's `.fill`: a faint version of the
/// foreground (30 % of it), fainter still as `.fill.secondary`, `.tertiary`, `.quaternary`.
public struct FillShapeStyle: ShapeStyle, Hashable {
    /// Creates the fill style.
    public init() {}
    public func resolve(in environment: EnvironmentValues) -> Tone {
        environment.adjust(environment.primaryTone.fading(0.3))
    }
}

/// The background behind a view, as SwiftUI's `.background`: black on a panel, which is
/// what an unlit pixel shows.
public struct BackgroundStyle: ShapeStyle, Hashable {
    /// Creates the background style.
    public init() {}
    public func resolve(in environment: EnvironmentValues) -> Tone {
        // Not flattened by accented mode: the background stays dark in every mode.
        Tone(level: 0).fading(environment.opacity)
    }
}

/// A style at a lower level of the foreground hierarchy (`.fill.secondary`, `Color.red.tertiary`).
struct HierarchicalVariantStyle<Base: ShapeStyle>: ShapeStyle {
    let base: Base
    let factor: Double
    func resolve(in environment: EnvironmentValues) -> Tone { base.resolve(in: environment).fading(factor) }
}

extension HierarchicalVariantStyle: GradientShapeStyle {
    func gradientPaint(in environment: EnvironmentValues) -> GradientPaint? {
        GlanceUI.gradientPaint(of: base, in: environment)?.fading(factor)
    }
}

extension HierarchicalShapeStyle {
    /// The fifth level, about 12 % of the foreground.
    public static let quinary = HierarchicalShapeStyle(factor: 0.12)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The fifth level of the foreground hierarchy.
    public static var quinary: HierarchicalShapeStyle { .quinary }
}

extension ShapeStyle where Self == FillShapeStyle {
    /// The system fill: a faint foreground for shapes and backgrounds.
    public static var fill: FillShapeStyle { FillShapeStyle() }
}

extension ShapeStyle where Self == BackgroundStyle {
    /// The background: black on a panel.
    public static var background: BackgroundStyle { BackgroundStyle() }
}

extension ShapeStyle {
    /// This style at the secondary level (about 60 % of its opacity).
    public var secondary: some ShapeStyle { HierarchicalVariantStyle(base: self, factor: HierarchicalShapeStyle.secondary.factor) }
    /// This style at the tertiary level (about 35 %).
    public var tertiary: some ShapeStyle { HierarchicalVariantStyle(base: self, factor: HierarchicalShapeStyle.tertiary.factor) }
    /// This style at the quaternary level (about 20 %).
    public var quaternary: some ShapeStyle { HierarchicalVariantStyle(base: self, factor: HierarchicalShapeStyle.quaternary.factor) }
    /// This style at the quinary level (about 12 %).
    public var quinary: some ShapeStyle { HierarchicalVariantStyle(base: self, factor: HierarchicalShapeStyle.quinary.factor) }

    /// This style with its opacity multiplied by `opacity` (0…1), as `.tint.opacity(0.5)`.
    ///
    /// Disfavored so that on styles that are also views (gradients) `.opacity` as a view
    /// modifier wins where a view is expected, and this one where a style is.
    @_disfavoredOverload
    public func opacity(_ opacity: Double) -> some ShapeStyle { HierarchicalVariantStyle(base: self, factor: opacity) }
}

// MARK: - Gradients through the environment

/// Styles whose paint varies across what they fill (gradients and styles derived from them).
protocol GradientShapeStyle {
    /// The gradient in unit space with resolved tones; nil when the style paints one tone here.
    func gradientPaint(in environment: EnvironmentValues) -> GradientPaint?
}

/// The gradient `style` paints in `environment`, or nil for a single tone (the fast path).
func gradientPaint(of style: some ShapeStyle, in environment: EnvironmentValues) -> GradientPaint? {
    (style as? any GradientShapeStyle)?.gradientPaint(in: environment)
}

extension AnyShapeStyle: GradientShapeStyle {
    func gradientPaint(in environment: EnvironmentValues) -> GradientPaint? {
        GlanceUI.gradientPaint(of: base, in: environment)
    }
}

extension ForegroundStyle: GradientShapeStyle {
    func gradientPaint(in environment: EnvironmentValues) -> GradientPaint? { environment.foregroundGradient }
}

extension TintShapeStyle: GradientShapeStyle {
    func gradientPaint(in environment: EnvironmentValues) -> GradientPaint? { environment.tintGradient }
}

private struct ForegroundGradientKey: EnvironmentKey { static let defaultValue: GradientPaint? = nil }
private struct TintGradientKey: EnvironmentKey { static let defaultValue: GradientPaint? = nil }

extension EnvironmentValues {
    /// The gradient set by `foregroundStyle` (nil when the foreground is one tone).
    var foregroundGradient: GradientPaint? {
        get { self[ForegroundGradientKey.self] }
        set { self[ForegroundGradientKey.self] = newValue }
    }

    /// The gradient set by `tint` (nil when the tint is one tone); gauges draw along it.
    var tintGradient: GradientPaint? {
        get { self[TintGradientKey.self] }
        set { self[TintGradientKey.self] = newValue }
    }
}
