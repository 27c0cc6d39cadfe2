// `import SwiftUI` for widget files ported unchanged (the opt-in GlanceAppleNames product,
// Linux only): Glance's views, and Foundation and the UIKit types (`UIColor`, `UIImage`,
// `UIFont`) that `import SwiftUI` brings on iOS. `Widget`, `WidgetBundle`, `WidgetConfiguration`
// and `@WidgetBundleBuilder` are SwiftUI's in Apple's SDK (WidgetKit adds the configurations),
// so a file that only imports SwiftUI may declare a widget; they come from GlanceWidgets.
@_exported import Foundation
@_exported import GlanceUI
@_exported import protocol GlanceWidgets.Widget
@_exported import protocol GlanceWidgets.WidgetBundle
@_exported import protocol GlanceWidgets.WidgetConfiguration
@_exported import enum GlanceWidgets.WidgetBundleBuilder
// URLSession, which `import Foundation` brings on iOS, lives in FoundationNetworking here;
// re-exported only for packages that enable the URLSession trait (it loads libcurl).
#if URLSession && canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
