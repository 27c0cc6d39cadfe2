// `import WidgetKit` for widget files ported unchanged (the opt-in GlanceAppleNames product,
// Linux only): all of Glance, so `@main` on a `Widget` or `WidgetBundle` runs the face.
@_exported import Glance
