// GlanceWidgets: WidgetKit, App Intents and ActivityKit semantics — timelines, the scheduler,
// reload budgets, relevance, the always-on state machine, faces and slots. No I/O.
@_exported import GlanceCore
@_exported import GlanceUI
