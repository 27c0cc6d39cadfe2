// `import Intents` for widget files ported unchanged (the opt-in GlanceAppleNames product,
// Linux only): the SiriKit names widget code uses — `INIntent` and `INObject`, the base
// classes of the intent and object classes Xcode generates from an `.intentdefinition` file.
@_exported import Foundation
@_exported import class GlanceWidgets.INIntent
@_exported import class GlanceWidgets.INObject
