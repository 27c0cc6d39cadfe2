import Foundation

extension UIColor {
    /// The colour's red, green, blue and alpha components, 0…1, as UIKit's; false (and the
    /// pointees untouched) for colours that only resolve where they are drawn: `.label` and
    /// the other semantic colours, and the accent colour.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard let components else { return false }
        red?.pointee = components.red
        green?.pointee = components.green
        blue?.pointee = components.blue
        alpha?.pointee = components.alpha
        return true
    }

    /// The colour's gray level and alpha, 0…1, as UIKit's; false as `getRed` is.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard let components else { return false }
        white?.pointee = CGFloat(color.lightness)
        alpha?.pointee = components.alpha
        return true
    }

    /// Red, green, blue and alpha, 0…1; nil for semantic colours.
    private var components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)? {
        guard color != .primary, color != .secondary, color != .accentColor else { return nil }
        let alpha = CGFloat(color.alpha)
        guard let rgb = color.rgb else {
            let gray = CGFloat(color.lightness)
            return (gray, gray, gray, alpha)
        }
        return (CGFloat(rgb.red) / 255, CGFloat(rgb.green) / 255, CGFloat(rgb.blue) / 255, alpha)
    }
}
