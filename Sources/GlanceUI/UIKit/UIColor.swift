import Foundation

/// UIKit's color class, which `import SwiftUI` brings along on Apple platforms; widget code
/// uses it for system colors (`UIColor.systemRed`, `.label`) and `Color(uiColor:)`.
///
/// A `UIColor` is a `Color` in a class: like every color on a panel it shows as its lightness.
/// System colors have their dark-appearance values, since panels are dark.
public final class UIColor: Sendable, Hashable, CustomStringConvertible {
    /// The color drawn.
    let color: Color

    /// The UIKit counterpart of a SwiftUI color.
    public init(_ color: Color) {
        self.color = color
    }

    /// An sRGB color; components 0…1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha)))
    }

    /// A gray: 0 black … 1 white.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(Color(white: Double(white), opacity: Double(alpha)))
    }

    /// A color from hue, saturation and brightness, all 0…1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (red, green, blue) = hsbToRGB(hue: Double(hue), saturation: Double(saturation), brightness: Double(brightness))
        self.init(Color(red: red, green: green, blue: blue, opacity: Double(alpha)))
    }

    /// A color from the asset catalog (see `Color(_:bundle:)`); never nil — a missing name
    /// draws mid gray and is reported once, where Apple returns nil.
    public convenience init?(named name: String) {
        self.init(Color(name))
    }

    /// The same color at `alpha` times its opacity.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(color.opacity(Double(alpha)))
    }

    /// A dynamic color: panels are dark, so this is the color `dynamicProvider` gives for the
    /// dark trait collection.
    public convenience init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
        self.init(dynamicProvider(UITraitCollection(userInterfaceStyle: .dark)).color)
    }

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs.color == rhs.color }
    public func hash(into hasher: inout Hasher) { hasher.combine(color) }
    public var description: String { "UIColor(\(color))" }

    // MARK: - Fixed colors

    public static var black: UIColor { UIColor(Color.black) }
    public static var white: UIColor { UIColor(Color.white) }
    public static var clear: UIColor { UIColor(Color.clear) }
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }

    // MARK: - System colors (dark appearance)

    private static func rgb(_ red: Int, _ green: Int, _ blue: Int) -> UIColor {
        UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: 1)
    }

    public static var systemRed: UIColor { rgb(255, 69, 58) }
    public static var systemOrange: UIColor { rgb(255, 159, 10) }
    public static var systemYellow: UIColor { rgb(255, 214, 10) }
    public static var systemGreen: UIColor { rgb(48, 209, 88) }
    public static var systemMint: UIColor { rgb(99, 230, 226) }
    public static var systemTeal: UIColor { rgb(64, 200, 224) }
    public static var systemCyan: UIColor { rgb(100, 210, 255) }
    public static var systemBlue: UIColor { rgb(10, 132, 255) }
    public static var systemIndigo: UIColor { rgb(94, 92, 230) }
    public static var systemPurple: UIColor { rgb(191, 90, 242) }
    public static var systemPink: UIColor { rgb(255, 55, 95) }
    public static var systemBrown: UIColor { rgb(172, 142, 104) }
    public static var systemGray: UIColor { rgb(142, 142, 147) }
    public static var systemGray2: UIColor { rgb(99, 99, 102) }
    public static var systemGray3: UIColor { rgb(72, 72, 74) }
    public static var systemGray4: UIColor { rgb(58, 58, 60) }
    public static var systemGray5: UIColor { rgb(44, 44, 46) }
    public static var systemGray6: UIColor { rgb(28, 28, 30) }
    /// The tint (accent) color.
    public static var tintColor: UIColor { UIColor(Color.accentColor) }

    // MARK: - Semantic colors

    /// Primary text: the panel's primary foreground.
    public static var label: UIColor { UIColor(Color.primary) }
    /// Secondary text: the foreground at the secondary level.
    public static var secondaryLabel: UIColor { UIColor(Color.secondary) }
    /// Tertiary text: the foreground at the tertiary level.
    public static var tertiaryLabel: UIColor { UIColor(Color.primary.opacity(0.35)) }
    /// Quaternary text: the foreground at the quaternary level.
    public static var quaternaryLabel: UIColor { UIColor(Color.primary.opacity(0.2)) }
    /// Placeholder text, drawn like tertiary text.
    public static var placeholderText: UIColor { tertiaryLabel }
    /// Separators.
    public static var separator: UIColor { UIColor(Color.primary.opacity(0.35)) }
    /// Links, in the tint.
    public static var link: UIColor { tintColor }
    /// The background: black on a dark panel.
    public static var systemBackground: UIColor { .black }
    /// A raised background.
    public static var secondarySystemBackground: UIColor { rgb(28, 28, 30) }
    /// A doubly raised background.
    public static var tertiarySystemBackground: UIColor { rgb(44, 44, 46) }
    /// Grouped backgrounds, as the plain ones on a dark panel.
    public static var systemGroupedBackground: UIColor { .black }
    /// A fill for thin shapes.
    public static var systemFill: UIColor { UIColor(Color(white: 0.47, opacity: 0.36)) }
    /// A fill for medium shapes.
    public static var secondarySystemFill: UIColor { UIColor(Color(white: 0.47, opacity: 0.32)) }
    /// A fill for large shapes.
    public static var tertiarySystemFill: UIColor { UIColor(Color(white: 0.46, opacity: 0.24)) }
    /// A fill for large areas with complex content.
    public static var quaternarySystemFill: UIColor { UIColor(Color(white: 0.46, opacity: 0.18)) }
}

extension Color {
    /// The SwiftUI color of a UIKit color.
    public init(uiColor: UIColor) {
        self = uiColor.color
    }

    /// The SwiftUI color of a UIKit color.
    public init(_ color: UIColor) {
        self = color.color
    }
}

/// Red, green and blue (0…1) of a hue, saturation and brightness.
func hsbToRGB(hue: Double, saturation: Double, brightness: Double) -> (Double, Double, Double) {
    let h = (hue - hue.rounded(.down)) * 6, s = min(1, max(0, saturation)), v = min(1, max(0, brightness))
    let sector = Int(h) % 6, f = h - Double(Int(h))
    let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
    switch sector {
    case 0: return (v, t, p)
    case 1: return (q, v, p)
    case 2: return (p, v, t)
    case 3: return (p, q, v)
    case 4: return (t, p, v)
    default: return (v, p, q)
    }
}
