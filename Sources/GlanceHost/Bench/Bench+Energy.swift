#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import Foundation
import GlanceCore
import GlanceGraphics
import GlancePanels
import GlanceUI
import GlanceWidgets
import Logging

/// What faces cost in energy on the simulator's SSD1306, per widget and per day (`EnergyLedger`).
struct EnergyFigures: Codable, Sendable {
    /// One key of a face's ledger: a widget kind, "(outside slots)" or "(panel)".
    struct Line: Codable, Sendable {
        var key: String
        var mwh_per_day: Double
        var lit_mwh_per_day: Double
        var bus_mwh_per_day: Double
        /// Of the face's total, 0…1.
        var share: Double
    }

    /// One face run on the manual clock.
    struct Face: Codable, Sendable {
        var face: String
        /// Simulated hours run; the figures are per day at the rate of these hours.
        var simulated_hours: Double
        /// Frames the runtime gave the display.
        var frames: Int
        var total_mwh_per_day: Double
        var lines: [Line]
    }

    /// The power model's name and sources.
    var model: String
    var faces: [Face]

    /// The human-readable part of `glance bench`.
    func table() -> String {
        func pad(_ text: String, _ width: Int) -> String { text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count) }
        var text = "\nenergy: mWh per day (lit pixels + bus + panel), share of the face; \(model)\n"
        for face in faces {
            text += "  \(pad(face.face, 50)) \(String(format: "%8.2f", face.total_mwh_per_day)) mWh/day  (\(String(format: "%.0f", face.simulated_hours)) h simulated, \(face.frames) frames)\n"
            for line in face.lines {
                text += "    \(pad(line.key, 20)) \(String(format: "%8.2f", line.mwh_per_day))  lit \(String(format: "%8.2f", line.lit_mwh_per_day))  bus \(String(format: "%7.3f", line.bus_mwh_per_day))  \(String(format: "%5.1f", line.share * 100)) %\n"
            }
        }
        return text
    }
}

extension BenchCommand {
    /// The bench's desk face: a clock over a weather line, on the simulator's 128×64 SSD1306.
    static func energyFace(clock kind: String, idle: String) -> String {
        """
        board: simulator
        slots:
          - family: accessoryRectangular
            frame: {x: 0, y: 0, width: 128, height: 46}
            widgets: [\(kind)]
          - family: accessoryInline
            frame: {x: 0, y: 48, width: 128, height: 16}
            widgets: [weather]
        always-on:
          idle: \(idle)
        """
    }

    /// Three faces on the simulator board (SSD1306 128×64 over an emulated bus) on a manual
    /// clock: the desk face for a day, dimming to always-on 30 s after a glance once an hour;
    /// then the same face kept active for an hour with a clock that ticks seconds and with one
    /// that shows minutes, so the seconds' cost stands out. The widgets are the bench's own,
    /// drawn like the demo clock's rectangular face but fed by the host's clock: the example
    /// widgets' providers read the system clock, which a simulated day does not move.
    static func energyFigures(logger: Logger) async -> EnergyFigures? {
        let runs: [(name: String, kind: String, idle: String, hours: Double, glances: Bool)] = [
            ("desk face, a day: always-on, a glance an hour", "clock", "30s", 24, true),
            ("seconds clock, active", "clock", "24h", 1, false),
            ("minute clock, active", "clock-minutes", "24h", 1, false),
        ]
        var faces = [EnergyFigures.Face]()
        var model = ""
        for run in runs {
            guard let (report, frames) = await energyRun(face: energyFace(clock: run.kind, idle: run.idle), hours: run.hours,
                                                         glances: run.glances, logger: logger) else { return nil }
            model = report.model
            func line(_ line: EnergyLedger.Report.Line) -> EnergyFigures.Line {
                let perDay = report.seconds > 0 ? 86_400 / report.seconds / 3.6 : 0
                return EnergyFigures.Line(key: line.key, mwh_per_day: line.milliwattHoursPerDay, lit_mwh_per_day: line.energy.lit * perDay,
                                          bus_mwh_per_day: line.energy.bus * perDay, share: line.share)
            }
            faces.append(EnergyFigures.Face(face: run.name, simulated_hours: report.seconds / 3600, frames: frames,
                                            total_mwh_per_day: report.total.milliwattHoursPerDay, lines: report.lines.map(line)))
        }
        return EnergyFigures(model: model, faces: faces)
    }

    /// Runs `face` for `hours` from the bench date, with a click on A at the start of every
    /// hour when `glances`; returns the energy report and the frames shown.
    static func energyRun(face: String, hours: Double, glances: Bool, logger: Logger) async -> (EnergyLedger.Report, Int)? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-energy-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = ManualClock(now: benchDate)
        let now: @Sendable () -> Date = { clock.now }
        let bundle = BundleContents(widgets: BenchClockWidget(kind: "clock", seconds: true, now: now).descriptors
                                        + BenchClockWidget(kind: "clock-minutes", seconds: false, now: now).descriptors
                                        + BenchWeatherWidget().descriptors)
        do {
            let host = try await FaceAssembly.make(.init(
                board: try BoardCatalog.board("simulator"), face: try FaceConfiguration(yaml: face, file: "energy.yaml"), facePath: nil,
                bundle: bundle, clock: clock, logger: logger, stateDirectory: folder, capture: nil, frameFolder: nil, screen: nil,
                adjustSettings: { settings in
                    settings.locale = Locale(identifier: "en_US_POSIX")
                    settings.timeZone = TimeZone(identifier: "UTC")!
                }))
            await host.start()
            let end = benchDate.addingTimeInterval(hours * 3600)
            var hour = benchDate
            while hour < end {
                if glances { try await host.press(button: "A", gesture: .click) }
                hour = min(end, hour.addingTimeInterval(3600))
                await host.run(until: hour, on: clock)
            }
            guard let report = await host.energyReport() else { return nil }
            return (report, await host.framesShown)
        } catch {
            logger.error("the energy bench could not run its face: \(error)")
            return nil
        }
    }
}

// MARK: - The bench's widgets

/// One minute of the bench clock, with its text made in UTC.
struct BenchMinute: TimelineEntry {
    let date: Date
    /// The minute's midnight, where the live seconds count from.
    let midnight: Date
    let weekday: String
    let time: String

    init(date: Date) {
        self.date = date
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        midnight = calendar.startOfDay(for: date)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "EEEE"
        weekday = formatter.string(from: date)
        formatter.dateFormat = "H:mm"
        time = formatter.string(from: date)
    }
}

/// Sixty minutes from the host's clock, then asked again: as the demo clock's provider, on the host's time.
struct BenchClockProvider: TimelineProvider {
    let now: @Sendable () -> Date

    func placeholder(in context: Context) -> BenchMinute { BenchMinute(date: BenchCommand.benchDate) }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (BenchMinute) -> Void) {
        completion(BenchMinute(date: now()))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<BenchMinute>) -> Void) {
        let minute = (now().timeIntervalSince1970 / 60).rounded(.down) * 60
        completion(Timeline(entries: (0..<60).map { BenchMinute(date: Date(timeIntervalSince1970: minute + Double($0) * 60)) }, policy: .atEnd))
    }
}

/// The weekday over the time in bold 28 px, like the demo clock's rectangular face: with
/// `seconds`, `H:mm:ss` ticking by itself (live text) while active; else `H:mm` always.
struct BenchClockView: View {
    @Environment(\.isLuminanceReduced) var isLuminanceReduced
    let entry: BenchMinute
    let seconds: Bool

    var body: some View {
        VStack(alignment: .leading, spacing: 1) {
            Text(entry.weekday).font(.headline)
            Group {
                if seconds, !isLuminanceReduced {
                    Text(timerInterval: entry.midnight...entry.midnight.addingTimeInterval(86_400), countsDown: false)
                } else {
                    Text(entry.time)
                }
            }
            .font(.system(size: 28, weight: .bold))
            .fixedSize()
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

/// The bench clock, with or without seconds, on the host's clock.
struct BenchClockWidget: Widget {
    let kind: String
    let seconds: Bool
    let now: @Sendable () -> Date

    init() {
        self.init(kind: "clock", seconds: true, now: { Date() })
    }

    init(kind: String, seconds: Bool, now: @escaping @Sendable () -> Date) {
        self.kind = kind
        self.seconds = seconds
        self.now = now
    }

    var body: some WidgetConfiguration {
        let seconds = seconds
        return StaticConfiguration(kind: kind, provider: BenchClockProvider(now: now)) { BenchClockView(entry: $0, seconds: seconds) }
            .supportedFamilies([.accessoryRectangular])
    }
}

/// A weather line that never changes: the rest of the face.
struct BenchWeatherWidget: Widget {
    struct Entry: TimelineEntry {
        let date: Date
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: .distantPast) }
        func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void) { completion(Entry(date: .distantPast)) }
        func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void) {
            completion(Timeline(entries: [Entry(date: .distantPast)], policy: .never))
        }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "weather", provider: Provider()) { _ in
            Text("\(Image(systemName: "cloud.sun.fill")) 12° Berlin · rain later")
        }
        .supportedFamilies([.accessoryInline])
    }
}
#endif
