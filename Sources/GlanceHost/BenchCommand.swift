import ArgumentParser
import Foundation
import GlanceGraphics
import GlanceReferenceViews
import GlanceUI

/// `glance bench`: measured speed. Run it from a release build (`make release`).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure rendering speed (use a release build: swift run -c release glance bench).",
        discussion: """
            Each figure is the median of many runs with the minimum and maximum beside it, \
            measured on a monotonic clock in this process.
            """
    )

    @Flag(name: .long, help: "Print one JSON object instead of a table.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Only run benchmarks whose name contains this text.", valueName: "text"))
    var filter: String?

    func run() throws {
        let results = BenchCommand.renderFigures(filter: filter)
        if json {
            let rows = results.map { "{\"name\": \"\($0.name)\", \"family\": \"\($0.family)\", \"median_us\": \($0.median), \"min_us\": \($0.minimum), \"max_us\": \($0.maximum)}" }
            print("{\"render\": [\(rows.joined(separator: ", "))]}")
        } else {
            print("render (layout + raster, µs)          median      min      max")
            for result in results {
                let name = "\(result.name) [\(result.family)]".padding(toLength: 36, withPad: " ", startingAt: 0)
                print("\(name) \(format(result.median)) \(format(result.minimum)) \(format(result.maximum))")
            }
        }
    }

    private func format(_ value: Double) -> String {
        String(format: "%8.1f", value)
    }

    /// One render figure in microseconds.
    struct Figure {
        let name: String
        let family: String
        let median: Double
        let minimum: Double
        let maximum: Double
    }

    /// Renders each reference view (and the reference face) many times and reports the spread.
    static func renderFigures(filter: String?) -> [Figure] {
        let date = Date(timeIntervalSince1970: 1_795_257_720)
        var cases: [(String, WidgetFamily, Size, (Int) -> AnyView)] = [
            ("reference-face", .accessoryRectangular, Size(width: 128, height: 64), { AnyView(ReferenceFace(progress: Double($0 % 100) / 100)) }),
        ]
        for entry in ReferenceGallery.entries {
            for family in entry.families {
                cases.append((entry.name, family, ReferenceGallery.slotSizes[family] ?? Size(width: 128, height: 64), { _ in entry.view(date) }))
            }
        }
        var figures = [Figure]()
        for (name, family, size, make) in cases where filter.map({ name.localizedCaseInsensitiveContains($0) }) ?? true {
            var environment = EnvironmentValues()
            environment.widgetFamily = family
            var samples = [Double]()
            // Warm up caches (fonts, symbols) before measuring.
            for iteration in 0..<20 { _ = ViewRenderer.render(make(iteration), size: size, environment: environment, at: date) }
            for iteration in 0..<400 {
                let view = make(iteration)
                let start = ContinuousClock.now
                _ = ViewRenderer.render(view, size: size, environment: environment, at: date)
                let elapsed = ContinuousClock.now - start
                samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
            }
            samples.sort()
            figures.append(Figure(name: name, family: family.rawValue, median: samples[samples.count / 2], minimum: samples[0], maximum: samples[samples.count - 1]))
        }
        return figures
    }
}

/// The typical maker face the benchmarks compare: a 20 px symbol, a caption title, a 20 px
/// bold value and a full-width progress bar whose value changes every frame.
struct ReferenceFace: View {
    let progress: Double

    var body: some View {
        VStack(alignment: .leading, spacing: 3) {
            HStack(spacing: 4) {
                Image(systemName: "thermometer").font(.title3)
                Text("Living room").font(.caption)
            }
            Text("21.5 °C").font(.title3.bold())
            ProgressView(value: progress)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(4)
    }
}
