// `import SwiftUI` for widget files ported unchanged (the opt-in GlanceAppleNames product,
// Linux only): Glance's views, and Foundation and the UIKit types (`UIColor`, `UIImage`,
// `UIFont`) that `import SwiftUI` brings on iOS.
@_exported import Foundation
@_exported import GlanceUI
