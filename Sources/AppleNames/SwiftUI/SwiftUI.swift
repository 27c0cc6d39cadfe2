// `import SwiftUI` for widget files ported unchanged (the opt-in GlanceAppleNames product,
// Linux only): Glance's views, and Foundation and the UIKit types (`UIColor`, `UIImage`,
// `UIFont`) that `import SwiftUI` brings on iOS.
@_exported import Foundation
@_exported import GlanceUI
// URLSession, which `import Foundation` brings on iOS, lives in FoundationNetworking here;
// re-exported only for packages that enable the URLSession trait (it loads libcurl).
#if URLSession && canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
