// `import WidgetKit` for widget files ported unchanged (the opt-in GlanceAppleNames product,
// Linux only): all of Glance, so `@main` on a `Widget` or `WidgetBundle` runs the face.
@_exported import Glance
// URLSession, which `import Foundation` brings on iOS, lives in FoundationNetworking here;
// re-exported only for packages that enable the URLSession trait (it loads libcurl).
#if URLSession && canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
