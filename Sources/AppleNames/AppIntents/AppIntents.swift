// `import AppIntents` for widget files ported unchanged (the opt-in GlanceAppleNames product,
// Linux only): `AppIntent`, `@Parameter`, `AppEntity` and the rest live in GlanceWidgets.
@_exported import Foundation
@_exported import GlanceWidgets
// URLSession, which `import Foundation` brings on iOS, lives in FoundationNetworking here;
// re-exported only for packages that enable the URLSession trait (it loads libcurl).
#if URLSession && canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
