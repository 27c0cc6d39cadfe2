import Foundation

/// Scales custom fonts and values for Dynamic Type, as UIKit's `UIFontMetrics`.
///
/// A panel has no Dynamic Type setting: its content size is always the default (Large), at
/// which UIKit's metrics scale by exactly 1. So every method returns its input unchanged,
/// which is what the same code does on an iPhone at the default text size.
public final class UIFontMetrics: Sendable {
    /// The text style whose scaling these metrics follow.
    let textStyle: UIFont.TextStyle

    /// The metrics of the body text style.
    public class var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    /// Metrics that scale as `textStyle` does.
    public init(forTextStyle textStyle: UIFont.TextStyle) {
        self.textStyle = textStyle
    }

    /// `font` scaled for the current content size (unchanged on a panel).
    public func scaledFont(for font: UIFont) -> UIFont { font }

    /// `font` scaled for the current content size, capped at `maximumPointSize` points.
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        font.pointSize > maximumPointSize ? font.withSize(maximumPointSize) : font
    }

    /// `font` scaled for `traitCollection`'s content size (unchanged on a panel).
    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont { font }

    /// `value` (in points) scaled for the current content size (unchanged on a panel).
    public func scaledValue(for value: CGFloat) -> CGFloat { value }

    /// `value` (in points) scaled for `traitCollection`'s content size (unchanged on a panel).
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat { value }
}
