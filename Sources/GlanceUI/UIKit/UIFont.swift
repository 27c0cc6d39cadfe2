import Foundation

/// UIKit's font class, which `import SwiftUI` brings along on Apple platforms; widget code
/// passes it to `Font(_:)`. It names a size and weight; Glance draws it with the nearest of
/// its own faces, as `Font.system(size:weight:)` does.
public final class UIFont: Sendable, Hashable {
    /// Stroke weights, as UIKit's `UIFont.Weight`.
    public struct Weight: Hashable, Sendable, RawRepresentable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// The SwiftUI weight nearest this one.
        var fontWeight: Font.Weight {
            let table: [(CGFloat, Font.Weight)] = [(-0.8, .ultraLight), (-0.6, .thin), (-0.4, .light), (0, .regular),
                                                   (0.23, .medium), (0.3, .semibold), (0.4, .bold), (0.56, .heavy), (0.62, .black)]
            return table.min { abs(Double($0.0 - rawValue)) < abs(Double($1.0 - rawValue)) }!.1
        }
    }

    /// The text styles of `preferredFont(forTextStyle:)`, as UIKit's `UIFont.TextStyle`.
    public struct TextStyle: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "largeTitle")
        public static let title1 = TextStyle(rawValue: "title1")
        public static let title2 = TextStyle(rawValue: "title2")
        public static let title3 = TextStyle(rawValue: "title3")
        public static let headline = TextStyle(rawValue: "headline")
        public static let subheadline = TextStyle(rawValue: "subheadline")
        public static let body = TextStyle(rawValue: "body")
        public static let callout = TextStyle(rawValue: "callout")
        public static let footnote = TextStyle(rawValue: "footnote")
        public static let caption1 = TextStyle(rawValue: "caption1")
        public static let caption2 = TextStyle(rawValue: "caption2")

        var swiftUI: Font.TextStyle {
            switch self {
            case .largeTitle: .largeTitle
            case .title1: .title
            case .title2: .title2
            case .title3: .title3
            case .headline: .headline
            case .subheadline: .subheadline
            case .callout: .callout
            case .footnote: .footnote
            case .caption1: .caption
            case .caption2: .caption2
            default: .body
            }
        }
    }

    /// The SwiftUI font this one draws as.
    let font: Font

    private init(_ font: Font) {
        self.font = font
    }

    /// The font's size in points (pixels).
    public var pointSize: CGFloat {
        CGFloat(font.pixelSize())
    }

    /// The system font at `fontSize` and `weight`.
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(.system(size: fontSize, weight: weight.fontWeight))
    }

    /// The system font at `fontSize`.
    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(.system(size: fontSize))
    }

    /// The bold system font at `fontSize`.
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(.system(size: fontSize, weight: .bold))
    }

    /// The system font with digits in cells of equal width.
    public static func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(Font.system(size: fontSize, weight: weight.fontWeight).monospacedDigit())
    }

    /// The monospaced system font (digits in equal cells; other letters as the one Glance design).
    public static func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(Font.system(size: fontSize, weight: weight.fontWeight, design: .monospaced))
    }

    /// The font of a text style.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        UIFont(.system(style.swiftUI))
    }

    /// A named font; Glance has only its own faces, so this is the system font at `size`
    /// (never nil, where UIKit returns nil for an unknown name).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        self.init(.system(size: fontSize))
    }

    /// The same font at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        var font = font
        font.size = .fixed(fontSize)
        return UIFont(font)
    }

    public static func == (lhs: UIFont, rhs: UIFont) -> Bool { lhs.font == rhs.font }
    public func hash(into hasher: inout Hasher) { hasher.combine(font) }
}

extension Font {
    /// The SwiftUI font of a UIKit font.
    public init(_ font: UIFont) {
        self = font.font
    }
}
