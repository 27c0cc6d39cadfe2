import Foundation
import Glance
import GlanceTesting
@testable import GlanceExamples
@testable import GlanceUI
@testable import GlanceWidgets

/// 2026-11-21 10:42:00 UTC, a Saturday: every test's "now".
let t0 = Date(timeIntervalSince1970: 1_795_257_720)

let utc = TimeZone(identifier: "UTC")!

/// The slot sizes of a 128×64 panel's faces, by family.
let slotSizes: [(WidgetFamily, Size)] = [
    (.accessoryRectangular, Size(width: 128, height: 64)),
    (.accessoryCircular, Size(width: 64, height: 64)),
    (.accessoryInline, Size(width: 128, height: 16)),
]

/// A directory of its own under the temporary directory, removed when the value goes away.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("glance-examples-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The "glance" app group with this directory as its root.
    var group: AppGroup { AppGroup(name: "glance", root: url) }

    /// Writes `text` to `path` under the directory, creating folders.
    func write(_ text: String, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The text of `path` under the directory, or nil.
    func read(_ path: String) -> String? {
        (try? Data(contentsOf: url.appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// The environment widgets are drawn in on a face: UTC, English, the family's slot.
func environment(_ family: WidgetFamily, reduced: Bool = false) -> EnvironmentValues {
    var environment = EnvironmentValues()
    environment.widgetFamily = family
    environment.isLuminanceReduced = reduced
    environment.showsWidgetContainerBackground = false
    environment.locale = Locale(identifier: "en_US_POSIX")
    environment.timeZone = utc
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    environment.calendar = calendar
    return environment
}

/// Draws `view` in `family`'s slot at `date`, crisp as on a 1-bit panel.
func render<V: View>(_ view: V, _ family: WidgetFamily, reduced: Bool = false, at date: Date = t0) -> RenderResult {
    let size = slotSizes.first { $0.0 == family }!.1
    return ViewRenderer.render(view, size: size, environment: environment(family, reduced: reduced), at: date)
}

/// Lit pixels of `bitmap`.
func litCount(_ bitmap: Bitmap) -> Int {
    bitmap.pixels.filter { $0 > 0 }.count
}

// MARK: - Finding truncated text

/// The "…" a truncated line ends with, in every face a widget may use, as lit/unlit
/// patterns with a one-pixel unlit border.
let ellipsisPatterns: [[[Bool]]] = {
    var patterns = [[[Bool]]]()
    for size in [8, 10, 12, 13, 15, 17, 20, 22, 28] {
        for weight in [Font.Weight.regular, .bold] {
            let glyph = ViewRenderer.render(Text("…").font(.system(size: CGFloat(size), weight: weight)),
                                            size: Size(width: 48, height: 40), at: t0).bitmap
            let lit = (0..<glyph.height).flatMap { y in (0..<glyph.width).compactMap { x in glyph[x, y] > 0 ? (x, y) : nil } }
            guard let minX = lit.map(\.0).min(), let maxX = lit.map(\.0).max(),
                  let minY = lit.map(\.1).min(), let maxY = lit.map(\.1).max() else { continue }
            let pattern = (minY - 1...maxY + 1).map { y in (minX - 1...maxX + 1).map { x in glyph[x, y] > 0 } }
            if !patterns.contains(pattern) { patterns.append(pattern) }
        }
    }
    return patterns
}()

/// Where `bitmap` shows a truncation "…" (top-left corners of the matches, border
/// included); pixels outside the bitmap count as unlit, so an ellipsis at the edge is found.
func ellipses(in bitmap: Bitmap) -> [Point] {
    func lit(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < bitmap.width && y < bitmap.height && bitmap[x, y] > 0
    }
    var found = [Point]()
    for pattern in ellipsisPatterns {
        let height = pattern.count, width = pattern[0].count
        for y in -1...(bitmap.height - height + 1) {
            for x in -1...(bitmap.width - width + 1) {
                var matches = true
                outer: for dy in 0..<height {
                    for dx in 0..<width where lit(x + dx, y + dy) != pattern[dy][dx] {
                        matches = false
                        break outer
                    }
                }
                if matches { found.append(Point(x: x, y: y)) }
            }
        }
    }
    return found
}

/// The path of golden image `name` beside these tests.
func goldenPath(_ name: String, file: String = #filePath) -> String {
    URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Golden/\(name).png").path
}

// MARK: - The demo face on a clock the test owns

/// 2026-11-21 08:00:00 UTC, a Saturday morning.
let morning = Date(timeIntervalSince1970: 1_795_248_000)

/// The demo face as Examples/glance.yaml has it, on `board`, with built-in actions only (its
/// intents write to the real app group) and `bindings` added to its own.
func demoFace(board: String, bindings: [String] = []) -> String {
    """
    board: \(board)
    slots:
      - family: accessoryRectangular
        widgets: [clock, weather, tasks, system]
        pinned: true
    bindings:
      up: stack.previous
      down: stack.next
      right: focus.next
      centre: focus.activate
    \(bindings.map { "  \($0)\n" }.joined())always-on:
      idle: 30s
      hide-sensitive: true
    reload-budget: 1500
    """
}

/// The demo face's widgets reading `now`, with their data in folders of their own: a weather
/// report in the app group and the `/proc` and `/sys` files the system widget reads.
struct DemoWidgets {
    /// The app group's root.
    let data: TemporaryDirectory
    /// Stands in for `/`: `proc/…` and `sys/…`.
    let proc: TemporaryDirectory
    /// Clock, weather, tasks, system and (when asked) the kitchen timer.
    let descriptors: [WidgetDescriptor]

    init(now: @escaping @Sendable () -> Date, kitchenTimer: Bool = true) throws {
        data = try TemporaryDirectory()
        proc = try TemporaryDirectory()
        try data.write(#"{"location": "Berlin", "temperature": 12, "condition": "Partly Cloudy", "symbol": "cloud.sun.fill", "low": 6, "high": 15, "updated": "2026-11-21T10:30:00Z"}"#,
                       to: "glance/weather.json")
        try proc.write("47236\n", to: "sys/class/thermal/thermal_zone0/temp")
        try proc.write("0.42 0.30 0.25 1/123 4567\n", to: "proc/loadavg")
        try proc.write("MemTotal: 3887768 kB\nMemAvailable: 3046952 kB\n", to: "proc/meminfo")
        try proc.write("273156.42 1020311.86\n", to: "proc/uptime")
        descriptors = ClockWidget(now: now).descriptors + WeatherWidget(group: data.group, now: now).descriptors
            + TasksWidget(store: TaskStore(group: data.group), now: now).descriptors
            + SystemWidget(root: proc.url, now: now).descriptors + (kitchenTimer ? KitchenTimerWidget().descriptors : [])
    }
}
