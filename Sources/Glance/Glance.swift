// What a maker imports: `import Glance` replaces `import WidgetKit`, `import SwiftUI` and `import AppIntents`.
@_exported import GlanceHost
@_exported import GlanceUI
@_exported import GlanceWidgets
