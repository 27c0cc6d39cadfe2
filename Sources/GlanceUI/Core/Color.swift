import Foundation

/// Something that paints shapes and text: a `Color`, a hierarchical level such as
/// `.secondary`, or the tint. On a panel every style ends up as a gray level and an opacity.
public protocol ShapeStyle: Sendable {
    /// The gray level and opacity this style paints with in `environment`.
    func resolve(in environment: EnvironmentValues) -> Tone
}

/// A resolved paint: a gray level (0 dark … 255 lit) and an opacity (0 … 255).
public struct Tone: Hashable, Sendable, CustomStringConvertible {
    /// Gray level.
    public var level: UInt8
    /// Opacity; 255 is opaque.
    public var opacity: UInt8
    /// The sRGB colour drawn on colour screens (`fullColor` rendering); nil draws the gray.
    public var rgb: RGB?

    /// Creates a tone.
    public init(level: UInt8, opacity: UInt8 = 255, rgb: RGB? = nil) {
        self.level = level
        self.opacity = opacity
        self.rgb = rgb
    }

    /// The tone with its opacity scaled by `factor` (0…1).
    func fading(_ factor: Double) -> Tone {
        Tone(level: level, opacity: UInt8((Double(opacity) * min(1, max(0, factor))).rounded()), rgb: rgb)
    }

    public var description: String {
        "Tone(\(level), opacity \(opacity)\(rgb.map { String(format: ", #%02X%02X%02X", $0.red, $0.green, $0.blue) } ?? ""))"
    }
}

/// A color: on a gray panel its lightness (nothing depends on hue), on a colour screen in
/// `fullColor` rendering its sRGB value.
///
/// Lightness is CIE L*, so saturated colors stay visible on a dark panel: blue is dim but
/// present, yellow nearly full. `Color` is also a view that fills the space it is offered.
public struct Color: ShapeStyle, Hashable, View, PrimitiveView {
    /// Linear-light gray equivalent, 0…1 (already mapped through L*).
    let lightness: Double
    /// Opacity, 0…1.
    let alpha: Double
    /// The sRGB value a colour screen shows (fixed colors only).
    let rgb: RGB?
    private let kind: Kind

    enum Kind: Hashable, Sendable {
        case fixed
        case primary
        case secondary
        case accent
    }

    private init(lightness: Double, alpha: Double = 1, rgb: RGB? = nil, kind: Kind = .fixed) {
        self.lightness = min(1, max(0, lightness))
        self.alpha = min(1, max(0, alpha))
        self.rgb = rgb
        self.kind = kind
    }

    /// The 8-bit sRGB value of channels 0…1 (clamped).
    private static func rgb(_ red: Double, _ green: Double, _ blue: Double) -> RGB {
        func byte(_ c: Double) -> UInt8 { UInt8((min(1, max(0, c.isNaN ? 0 : c)) * 255).rounded()) }
        return RGB(red: byte(red), green: byte(green), blue: byte(blue))
    }

    /// A gray: 0 black … 1 white.
    public init(white: Double, opacity: Double = 1) {
        self.init(lightness: white, alpha: opacity, rgb: Self.rgb(white, white, white))
    }

    /// An sRGB color; its CIE L* lightness is what the panel shows.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func linear(_ c: Double) -> Double {
            let c = min(1, max(0, c))
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let y = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        let lstar = y <= 216.0 / 24389.0 ? y * 24389.0 / 27.0 : 116 * cbrt(y) - 16
        self.init(lightness: lstar / 100, alpha: opacity, rgb: Self.rgb(red, green, blue))
    }

    /// The color space of `Color(_:red:green:blue:opacity:)`; only sRGB is distinguished.
    public enum RGBColorSpace: Sendable {
        case sRGB, sRGBLinear, displayP3
    }

    /// A color in a named RGB space (treated as sRGB).
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(red: red, green: green, blue: blue, opacity: opacity)
    }

    /// A gray in a named RGB space.
    public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(white: white, opacity: opacity)
    }

    /// The same color at `opacity` times its opacity.
    public func opacity(_ opacity: Double) -> Color {
        Color(lightness: lightness, alpha: alpha * opacity, rgb: rgb, kind: kind)
    }

    public func resolve(in environment: EnvironmentValues) -> Tone {
        let base: Tone
        switch kind {
        case .fixed: base = Tone(level: UInt8((lightness * 255).rounded()), opacity: 255, rgb: rgb)
        case .primary: base = environment.primaryTone
        case .secondary: base = environment.primaryTone.fading(HierarchicalShapeStyle.secondary.factor)
        case .accent: base = environment.tintTone
        }
        return environment.adjust(base.fading(alpha))
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        [ShapeNode(shape: Rectangle(), fill: resolve(in: environment), stroke: nil, environment: environment)]
    }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let gray = Color(red: 0.56, green: 0.56, blue: 0.58)
    public static let red = Color(red: 1, green: 0.23, blue: 0.19)
    public static let orange = Color(red: 1, green: 0.58, blue: 0)
    public static let yellow = Color(red: 1, green: 0.8, blue: 0)
    public static let green = Color(red: 0.2, green: 0.78, blue: 0.35)
    public static let mint = Color(red: 0, green: 0.78, blue: 0.75)
    public static let teal = Color(red: 0.19, green: 0.69, blue: 0.78)
    public static let cyan = Color(red: 0.2, green: 0.68, blue: 0.9)
    public static let blue = Color(red: 0, green: 0.48, blue: 1)
    public static let indigo = Color(red: 0.35, green: 0.34, blue: 0.84)
    public static let purple = Color(red: 0.69, green: 0.32, blue: 0.87)
    public static let pink = Color(red: 1, green: 0.18, blue: 0.33)
    public static let brown = Color(red: 0.64, green: 0.52, blue: 0.37)
    /// Fully transparent.
    public static let clear = Color(lightness: 0, alpha: 0)
    /// The current primary foreground (lit on panels).
    public static let primary = Color(lightness: 1, kind: .primary)
    /// The current foreground at the secondary level (about 60 %).
    public static let secondary = Color(lightness: 1, kind: .secondary)
    /// The tint (accent) color.
    public static let accentColor = Color(lightness: 1, kind: .accent)
}

/// The levels of the foreground hierarchy: `.primary` full, `.secondary` about 60 %,
/// `.tertiary` about 35 %, `.quaternary` about 20 % of the primary tone's opacity.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    let factor: Double

    public static let primary = HierarchicalShapeStyle(factor: 1)
    public static let secondary = HierarchicalShapeStyle(factor: 0.6)
    public static let tertiary = HierarchicalShapeStyle(factor: 0.35)
    public static let quaternary = HierarchicalShapeStyle(factor: 0.2)

    public func resolve(in environment: EnvironmentValues) -> Tone {
        environment.adjust(environment.primaryTone.fading(factor))
    }
}

/// The environment's tint, as `.tint` in SwiftUI.
public struct TintShapeStyle: ShapeStyle, Hashable {
    public func resolve(in environment: EnvironmentValues) -> Tone { environment.adjust(environment.tintTone) }
}

/// The current foreground style, as `.foreground` in SwiftUI.
public struct ForegroundStyle: ShapeStyle, Hashable {
    public init() {}
    public func resolve(in environment: EnvironmentValues) -> Tone { environment.adjust(environment.foregroundTone) }
}

/// A type-erased shape style.
public struct AnyShapeStyle: ShapeStyle {
    let base: any ShapeStyle
    /// Wraps `style`.
    public init(_ style: some ShapeStyle) { base = style }
    public func resolve(in environment: EnvironmentValues) -> Tone { base.resolve(in: environment) }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

extension ShapeStyle where Self == TintShapeStyle {
    /// The environment's tint.
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The current foreground style.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

extension ShapeStyle where Self == Color {
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var gray: Color { .gray }
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var mint: Color { .mint }
    public static var teal: Color { .teal }
    public static var cyan: Color { .cyan }
    public static var blue: Color { .blue }
    public static var indigo: Color { .indigo }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
    public static var brown: Color { .brown }
    public static var clear: Color { .clear }
}

// MARK: - Tone environment

private struct PrimaryToneKey: EnvironmentKey { static let defaultValue = Tone(level: 255) }
private struct ForegroundToneKey: EnvironmentKey { static let defaultValue = Tone(level: 255) }
private struct TintToneKey: EnvironmentKey { static let defaultValue = Tone(level: 255) }
private struct OpacityKey: EnvironmentKey { static let defaultValue = 1.0 }
private struct AccentGroupKey: EnvironmentKey { static let defaultValue = false }
private struct AccentedTonesKey: EnvironmentKey { static let defaultValue = AccentedTones() }

/// The two flat tones of `accented` rendering: the default group and the accent group.
public struct AccentedTones: Hashable, Sendable {
    /// Gray level of content outside `widgetAccentable()`.
    public var defaultLevel: UInt8 = 255
    /// Gray level of content inside `widgetAccentable()`.
    public var accentLevel: UInt8 = 170

    /// Creates the two tones.
    public init(defaultLevel: UInt8 = 255, accentLevel: UInt8 = 170) {
        self.defaultLevel = defaultLevel
        self.accentLevel = accentLevel
    }
}

extension EnvironmentValues {
    /// The tone `.primary` resolves to (lit by default).
    var primaryTone: Tone {
        get { self[PrimaryToneKey.self] }
        set { self[PrimaryToneKey.self] = newValue }
    }

    /// The tone text and shapes use when nothing else is said.
    var foregroundTone: Tone {
        get { self[ForegroundToneKey.self] }
        set { self[ForegroundToneKey.self] = newValue }
    }

    /// The tone of `.tint` and accent-colored controls.
    var tintTone: Tone {
        get { self[TintToneKey.self] }
        set { self[TintToneKey.self] = newValue }
    }

    /// Product of the `.opacity` modifiers above this point.
    var opacity: Double {
        get { self[OpacityKey.self] }
        set { self[OpacityKey.self] = newValue }
    }

    /// True inside `widgetAccentable()`.
    var isAccentGroup: Bool {
        get { self[AccentGroupKey.self] }
        set { self[AccentGroupKey.self] = newValue }
    }

    /// The flat tones used in `accented` rendering mode (a board setting).
    public var accentedTones: AccentedTones {
        get { self[AccentedTonesKey.self] }
        set { self[AccentedTonesKey.self] = newValue }
    }

    /// `tone` as this environment draws it: faded by `.opacity`, flattened to the group's
    /// tone (keeping only opacity) in `accented` mode, and gray but in `fullColor` mode.
    func adjust(_ tone: Tone) -> Tone {
        var tone = tone.fading(opacity)
        if widgetRenderingMode == .accented {
            tone.level = isAccentGroup ? accentedTones.accentLevel : accentedTones.defaultLevel
        }
        if widgetRenderingMode != .fullColor { tone.rgb = nil }
        return tone
    }
}
