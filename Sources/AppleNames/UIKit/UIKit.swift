// `import UIKit` for widget files ported unchanged (the opt-in GlanceAppleNames product, Linux
// only): the UIKit types Glance offers and nothing else — `UIColor`, `UIImage`, `UIFont`,
// `UIFontMetrics`, `UITraitCollection` and `UIScreen`, the same ones `import SwiftUI` brings.
@_exported import Foundation
@_exported import class GlanceUI.UIColor
@_exported import class GlanceUI.UIImage
@_exported import class GlanceUI.UIFont
@_exported import class GlanceUI.UIFontMetrics
@_exported import struct GlanceUI.UITraitCollection
@_exported import class GlanceUI.UIScreen
