// What a maker imports: `import Glance` replaces `import WidgetKit`, `import SwiftUI` and `import AppIntents`.
@_exported import GlanceHost
@_exported import GlanceUI
@_exported import GlanceWidgets
// URLSession, which `import Foundation` brings on iOS, lives in FoundationNetworking here;
// re-exported only for packages that enable the URLSession trait (it loads libcurl), as the
// Apple-named modules do.
#if URLSession && canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
