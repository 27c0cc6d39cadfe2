// Imports UIKit alone: the UIKit types Glance offers. Not `Testing` too: Swift Testing declares
// a cross-import overlay for UIKit (`_Testing_UIKit`) that exists on Apple platforms only, so
// a Linux file importing both fails to build; the checks below are run by UIKitImportChecks.
import UIKit

enum UIKitImport {
    /// The body font scaled by the body metrics is the body font.
    static func metricsKeepTheBodyFont() -> Bool {
        let body = UIFont.preferredFont(forTextStyle: .body)
        return UIFontMetrics(forTextStyle: .body).scaledFont(for: body) == body
    }

    /// A value scaled by the default metrics.
    static func scaledTwelve() -> CGFloat { UIFontMetrics.default.scaledValue(for: 12) }

    /// The screen's width outside a face: nothing is being drawn.
    static func screenWidth() -> CGFloat { UIScreen.main.bounds.width }

    /// Whether two named colours differ.
    static func redIsNotBlue() -> Bool { UIColor.red != UIColor.blue }
}
