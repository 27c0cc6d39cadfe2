#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import ArgumentParser
import Foundation
import GlanceLinux
import GlanceGraphics
import GlanceReferenceViews
import GlanceUI
import Logging
import Synchronization

/// `glance bench`: how fast Glance renders, what an update costs on the bus, how quickly a
/// button reaches the glass, and what an idle face costs. Run it from a release build.
struct BenchCommand: BundleCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure speed, bus traffic, latency, panel wear, idle cost and memory (use a release build).",
        discussion: """
            Run it from a release build: make release && .build/release/glance bench. \
            Timings are medians of many runs with the minimum and maximum; bus time is \
            computed from the bytes sent (I2C: 9 clocks a byte plus addressing; SPI: 8). The idle figures \
            come from three real `glance run --headless` processes (active, always-on, always-on \
            after its URL handler ran) measuring themselves for \
            --idle-seconds (60 by default): wake-ups and CPU from their 10th second on, and over \
            the whole run; the time to the first frame from five short starts one at a time; \
            everything takes about a minute and a half. \
            Docs/Performance.md explains each figure.
            """
    )

    @Flag(name: .long, help: "Print one JSON object instead of tables.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Only run benchmarks whose name contains this text (render names, controllers, update cases, latency, wear, energy, mqtt, idle).", valueName: "text"))
    var filter: String?

    @Option(name: .long, help: "Wall-clock seconds each idle run lasts.")
    var idleSeconds = 60

    @Option(name: .long, help: "Clicks of each kind the latency figures are medians of.")
    var latencyClicks = 15

    func validate() throws {
        guard (5...3600).contains(idleSeconds) else { throw ValidationError("--idle-seconds must be 5…3600, got \(idleSeconds).") }
        guard (1...1000).contains(latencyClicks) else { throw ValidationError("--latency-clicks must be 1…1000, got \(latencyClicks).") }
    }

    func run() async throws {
        try await run(bundle: .empty)
    }

    /// Where everything the bench's faces write goes (app-group files such as the Tasks
    /// widget's tasks.json, state files): a folder of its own, removed at the end, so a bench
    /// never reads or changes the maker's data.
    static let stateFolder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-bench-\(getpid())")

    /// Points `GLANCE_STATE_DIR` at `stateFolder` before the bundle's widgets are made: a
    /// widget resolves its app group when it is made (the Tasks widget's store), an intent
    /// when it runs, and both must find the same tasks.json.
    func prepare() {
        setenv("GLANCE_STATE_DIR", Self.stateFolder.path, 1)
    }

    func run(bundle: BundleContents) async throws {
        defer { try? FileManager.default.removeItem(at: Self.stateFolder) }
        let wanted: (String) -> Bool = { name in filter.map { name.localizedCaseInsensitiveContains($0) } ?? true }
        let quiet = Logger(label: "bench") { label in GlanceLogHandler(label: label, level: .critical, destination: .sink { _ in }) }
        #if DEBUG
        StandardStream.error.write("glance: warning: this is a debug build; figures are many times slower than release (make release)\n")
        #endif
        let steps = 2 + ["latency", "wear", "energy", "mqtt", "idle"].filter(wanted).count
        let progress = BenchProgress(steps: steps)
        // First, while this process has mapped little of the binary: the pages it maps stay in
        // the page cache, and the faces' memory is measured from a cold one.
        var idle: IdleFigures?
        if wanted("idle") {
            progress.step("idle: three faces run for \(idleSeconds) s (active, always-on, always-on after a URL handler)")
            idle = try await BenchCommand.idleFigures(seconds: idleSeconds, progress: progress)
        }
        progress.step("render: each view 20 times untimed, then 300 times")
        let render = BenchCommand.renderFigures(bundle: bundle, filter: wanted)
        progress.step("updates: every controller's update cases through its pipeline")
        let updates = await BenchCommand.updateFigures(filter: wanted)
        var latency = LatencyFigures()
        if wanted("latency") {
            progress.step("latency: \(latencyClicks) clicks of each kind, button to glass")
            latency = await BenchCommand.latencyFigures(bundle: bundle, clicks: latencyClicks, logger: quiet)
        }
        var wear: WearFigures?
        if wanted("wear") {
            progress.step("wear: the reference face for 30 simulated days, three ways")
            wear = await BenchCommand.wearFigures()
        }
        var energy: EnergyFigures?
        if wanted("energy") {
            progress.step("energy: a simulated day and two simulated hours")
            energy = await BenchCommand.energyFigures(logger: quiet)
        }
        var mqtt: MQTTFigures?
        if wanted("mqtt") {
            progress.step("mqtt: 2000 commands through a loopback broker")
            mqtt = await BenchCommand.mqttFigures(logger: quiet)
        }
        let results = BenchResults(
            render: render,
            pipeline: updates.filter { $0.controller.hasPrefix("SSD1306") }.map { .init(case: $0.case, median_us: $0.pipeline_median_us) },
            updates: updates, latency_ms: latency, wear: wear, energy: energy, mqtt: mqtt,
            idle: idle.map { BenchResults.Idle(active: $0.active, alwaysOn: $0.alwaysOn, alwaysOnAfterURL: $0.alwaysOnAfterURL) },
            peak_rss_mb: idle?.peak_rss_mb, first_frame_ms: idle?.first_frame_ms)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
        } else {
            print(results.table(), terminator: "")
        }
    }
}

/// Everything `glance bench --json` prints.
struct BenchResults: Codable, Sendable {
    struct Pipeline: Codable, Sendable {
        var `case`: String
        var median_us: Double
    }

    struct Idle: Codable, Sendable {
        var active: IdleFigures.State
        var alwaysOn: IdleFigures.State
        /// Always-on after the face's URL handler ran (nil in results from before it was measured).
        var alwaysOnAfterURL: IdleFigures.State?
    }

    var render: [RenderFigure]
    var pipeline: [Pipeline]
    var updates: [UpdateFigure]
    var latency_ms: LatencyFigures
    var wear: WearFigures?
    var energy: EnergyFigures?
    var mqtt: MQTTFigures?
    var idle: Idle?
    var peak_rss_mb: Double?
    var first_frame_ms: Double?

    /// The human-readable report.
    func table() -> String {
        func number(_ value: Double?, _ format: String = "%8.1f") -> String { value.map { String(format: format, $0) } ?? "       —" }
        func pad(_ text: String, _ width: Int) -> String { text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count) }
        var text = "render: layout + raster (µs)                        median      min      max\n"
        for figure in render {
            text += "  \(pad("\(figure.name) [\(figure.family)]", 48)) \(number(figure.median_us)) \(number(figure.min_us)) \(number(figure.max_us))\n"
        }
        text += "\nupdates: pipeline µs, bytes, transactions, wire ms at 100 kHz / 400 kHz / 1 MHz clock (full frame bytes)\n"
        for update in updates {
            text += "  \(pad(update.controller, 25)) \(update.bus) \(pad(update.case, 17)) \(number(update.pipeline_median_us, "%7.1f")) µs \(String(format: "%6d", update.bytes)) B \(String(format: "%3d", update.transactions)) tx"
            text += "  \(number(update.wire_ms_100k, "%6.1f")) / \(number(update.wire_ms_400k, "%5.1f")) / \(number(update.wire_ms_1m, "%5.1f")) ms  (\(update.full_frame_bytes))\n"
        }
        text += "\nlatency: button release to last byte at 400 kHz (ms)\n"
        text += "  toggle \(number(latency_ms.toggle))    full change \(number(latency_ms.full_change))\n"
        for (name, split) in [("toggle", latency_ms.toggle_split), ("full change", latency_ms.full_change_split)] {
            guard let split else { continue }
            text += "  \(pad(name, 12)) CPU \(number(split.cpu, "%5.1f"))  waiting \(number(split.waiting, "%5.1f"))  wire \(number(split.wire, "%5.1f"))  (medians of each part)\n"
        }
        if let wear {
            text += "\nwear: accounting one glass change (µs)              median      min      max\n"
            text += "  128×64 mono                                      \(number(wear.account_128x64_us.median, "%8.2f")) \(number(wear.account_128x64_us.minimum, "%8.2f")) \(number(wear.account_128x64_us.maximum, "%8.2f"))\n"
            text += "  128×128 gray                                     \(number(wear.account_128x128_us.median, "%8.2f")) \(number(wear.account_128x128_us.minimum, "%8.2f")) \(number(wear.account_128x128_us.maximum, "%8.2f"))\n"
            text += "wear: reference face held 30 days in always-on on an SSD1306: hottest pixel (h at full drive), hottest/median, frames\n"
            for month in wear.month {
                text += "  \(pad(month.shift, 12)) \(number(month.hottest_hours, "%7.2f")) h  \(number(month.unevenness, "%5.2f"))  \(String(format: "%5d", month.frames))\n"
            }
        }
        if let energy { text += energy.table() }
        if let mqtt { text += mqtt.table() }
        if let idle {
            text += "\nidle: per minute and % of one core from the 10th second on (whole run, start-up included)\n"
            let states: [(String, IdleFigures.State?)] = [("active", idle.active), ("always-on", idle.alwaysOn),
                                                          ("always-on, URL handler ran", idle.alwaysOnAfterURL)]
            for (name, state) in states {
                guard let state else { continue }
                text += "  \(pad(name, 26))  wake-ups \(number(state.wakeups)) (\(number(state.wakeups_with_start, "%.1f")); runtime \(number(state.runtime_wakeups, "%.1f")))"
                text += "  cpu \(number(state.cpu_percent, "%6.3f")) % (\(number(state.cpu_percent_with_start, "%.3f")) %)\n"
            }
            text += "\npeak memory \(number(peak_rss_mb)) MB (from a cold page cache)    first frame \(number(first_frame_ms)) ms after start\n"
        }
        return text
    }
}

/// The typical maker face the benchmarks compare: a 20 px symbol, a caption title, a 20 px
/// bold value and a full-width progress bar whose value changes every frame.
struct ReferenceFace: View {
    let progress: Double
    var reading = "21.5 °C"

    var body: some View {
        VStack(alignment: .leading, spacing: 3) {
            HStack(spacing: 4) {
                Image(systemName: "thermometer").font(.title3)
                Text("Living room").font(.caption)
            }
            Text(reading).font(.title3.bold())
            ProgressView(value: progress)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(4)
    }
}

/// What `glance bench` is doing, on standard error (the figures go to standard output): a
/// line as each part starts, numbered, with the seconds since the bench started.
struct BenchProgress: Sendable {
    let steps: Int
    private let counter = Counter()
    private let start = ContinuousClock.now

    init(steps: Int) {
        self.steps = steps
    }

    /// Starts the next part.
    func step(_ text: String) {
        note("[\(counter.next())/\(steps)] \(text)")
    }

    /// A line about the part under way.
    func note(_ text: String) {
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        StandardStream.error.write("glance bench: \(text) (\(String(format: "%.0f", seconds)) s)\n")
    }

    private final class Counter: Sendable {
        private let value = Mutex(0)

        func next() -> Int {
            value.withLock { value in
                value += 1
                return value
            }
        }
    }
}
#endif
