// `import WatchKit` for widget files ported unchanged (the opt-in GlanceAppleNames product,
// Linux only): `WKInterfaceDevice`, which answers with the panel the face is drawn on.
@_exported import Foundation
@_exported import class GlanceUI.WKInterfaceDevice
