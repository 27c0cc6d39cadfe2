import Foundation
@testable import GlanceUI

/// A fixed moment for rendering: 2026-11-21 10:42:00 UTC.
let referenceDate = Date(timeIntervalSince1970: 1_795_257_720)

/// An environment with a fixed locale and time zone so text is deterministic.
func testEnvironment(_ family: WidgetFamily = .accessoryRectangular, reduced: Bool = false) -> EnvironmentValues {
    var environment = EnvironmentValues()
    environment.widgetFamily = family
    environment.isLuminanceReduced = reduced
    environment.locale = Locale(identifier: "en_US_POSIX")
    environment.timeZone = TimeZone(identifier: "UTC")!
    return environment
}

/// Renders `view` crisp at `size` and returns its ASCII art.
func ascii<V: View>(_ view: V, width: Int, height: Int, environment: EnvironmentValues = testEnvironment(),
                    date: Date = referenceDate) -> String {
    ViewRenderer.render(view, size: Size(width: width, height: height), environment: environment, at: date).bitmap.ascii()
}

/// The frames of every leaf node (no children) in drawing order, after layout.
func leafFrames<V: View>(_ view: V, width: Int, height: Int, environment: EnvironmentValues = testEnvironment()) -> [Rect] {
    let root = ViewRenderer.layout(view, size: Size(width: width, height: height), environment: environment,
                                   at: referenceDate, antialiased: false)
    var frames = [Rect]()
    func walk(_ node: LayoutNode) {
        if node.children.isEmpty { frames.append(node.frame) }
        node.children.forEach(walk)
    }
    walk(root)
    return frames
}
