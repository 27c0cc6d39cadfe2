// `import AppIntents` for widget files ported unchanged (the opt-in GlanceAppleNames product,
// Linux only): `AppIntent`, `@Parameter`, `AppEntity` and the rest live in GlanceWidgets.
@_exported import Foundation
@_exported import GlanceWidgets
