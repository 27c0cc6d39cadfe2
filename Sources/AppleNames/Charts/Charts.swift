// `import Charts` for widget files ported unchanged (the opt-in GlanceAppleNames product, Linux
// only): a thin Swift Charts — `Chart`, `BarMark`, `LineMark`, `PointMark`, `RuleMark`,
// `AxisMarks` and the `chart…` view modifiers, with Apple's signatures — drawn simply on a
// `Canvas`: marks at their scaled positions, axis grid lines and value labels at the axis
// values. What is drawn approximately is listed in Docs/Widgets.md ("Charts").
@_exported import Foundation
@_exported import GlanceUI
