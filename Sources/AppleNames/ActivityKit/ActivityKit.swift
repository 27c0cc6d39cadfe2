// `import ActivityKit` for widget files ported unchanged (the opt-in GlanceAppleNames product,
// Linux only): `ActivityAttributes`, `Activity` and `ActivityContent` live in GlanceWidgets.
@_exported import Foundation
@_exported import GlanceWidgets
