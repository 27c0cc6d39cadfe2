// The demo bundle's weather: reads the weather.json a script writes into the app group.
import Glance

/// What the weather widget shows at one moment.
public struct WeatherEntry: TimelineEntry {
    /// What the widget knows.
    public enum Content: Sendable, Hashable {
        /// A report, and whether it is older than `WeatherProvider.outdatedAfter`.
        case report(WeatherReport, isOutdated: Bool)
        /// No weather.json yet.
        case missing
        /// weather.json exists but is not a report; the reason says why.
        case unreadable(String)
    }

    /// The moment this entry is for.
    public let date: Date
    /// The report or why there is none.
    public let content: Content
}

/// Reads `weather.json` from the app group each time it is asked, never blocking on anything
/// but that small file.
///
/// With a report the timeline asks again after 30 minutes (the host also reloads the widget
/// as soon as the file changes); without one, or with a file it cannot read, it shows how to
/// fix that and tries again after 10 minutes.
struct WeatherProvider: TimelineProvider {
    /// The container weather.json is read from.
    var group: AppGroup = .named("glance")
    /// The clock the provider reads; the widget uses the system clock, tests pass their own.
    var now: @Sendable () -> Date = { Date() }

    /// How long a report is trusted before the widget says how old it is.
    static let outdatedAfter: TimeInterval = 3 * 3600
    /// The reload interval with a report.
    static let refresh: TimeInterval = 30 * 60
    /// The reload interval without one.
    static let retry: TimeInterval = 10 * 60

    func placeholder(in context: Context) -> WeatherEntry {
        WeatherEntry(date: WeatherReport.sample.updated, content: .report(.sample, isOutdated: false))
    }

    /// The real weather when there is some, else the sample (as the widget gallery would show).
    func getSnapshot(in context: Context, completion: @escaping @Sendable (WeatherEntry) -> Void) {
        let date = now()
        let entry = timeline(at: date).entries[0]
        if case .report = entry.content {
            completion(entry)
        } else {
            completion(WeatherEntry(date: date, content: .report(.sample, isOutdated: false)))
        }
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<WeatherEntry>) -> Void) {
        completion(timeline(at: now()))
    }

    /// The entries for `now`: the report, and a second entry when it turns outdated before
    /// the next reload.
    func timeline(at now: Date) -> Timeline<WeatherEntry> {
        let report: WeatherReport
        do {
            report = try group.read(WeatherReport.self, from: WeatherReport.fileName, decoder: WeatherReport.decoder)
        } catch AppGroupError.missing {
            return Timeline(entries: [WeatherEntry(date: now, content: .missing)], policy: .after(now.addingTimeInterval(Self.retry)))
        } catch {
            return Timeline(entries: [WeatherEntry(date: now, content: .unreadable(String(describing: error)))],
                            policy: .after(now.addingTimeInterval(Self.retry)))
        }
        let reload = now.addingTimeInterval(Self.refresh)
        let outdated = report.updated.addingTimeInterval(Self.outdatedAfter)
        var entries = [WeatherEntry(date: now, content: .report(report, isOutdated: now >= outdated))]
        if outdated > now, outdated < reload {
            entries.append(WeatherEntry(date: outdated, content: .report(report, isOutdated: true)))
        }
        return Timeline(entries: entries, policy: .after(reload))
    }
}

/// The weather in every accessory family.
struct WeatherView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.isLuminanceReduced) var isLuminanceReduced
    @Environment(\.timeZone) var timeZone
    let entry: WeatherEntry

    var body: some View {
        switch entry.content {
        case .report(let report, let isOutdated):
            switch family {
            case .accessoryCircular, .accessoryCorner:
                circular(report)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)  // the slot's circle, not the content's
            case .accessoryInline: inline(report)
            default: rectangular(report, isOutdated: isOutdated)
            }
        case .missing:
            problem(title: "No weather yet", detail: ["Run Examples/", "weather-update.sh"], short: "No data")
        case .unreadable:
            problem(title: "Weather?", detail: ["weather.json is", "not a report"], short: "Bad data")
        }
    }

    // MARK: - Families

    private func rectangular(_ report: WeatherReport, isOutdated: Bool) -> some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack(alignment: .firstTextBaseline, spacing: 4) {
                Label(report.shownLocation, systemImage: report.shownSymbol)
                    .font(.headline)
                    .lineLimit(1)
                    .widgetAccentable()
                    .layoutPriority(1)
                Spacer(minLength: 0)
                Text("\(report.shownTemperature)°")
                    .font(.title2)
                    .bold()
                    .fixedSize()
            }
            Text(isOutdated ? "\(report.condition) · as of \(time(report.updated))" : report.condition)
                .font(.caption)
                .lineLimit(1)
            if isLuminanceReduced {
                Text("L \(report.shownLow)°   H \(report.shownHigh)°")
                    .font(.caption)
            } else {
                Gauge(value: report.temperature, in: report.range) {
                    EmptyView()
                } currentValueLabel: {
                    EmptyView()
                } minimumValueLabel: {
                    Text("\(report.shownLow)°")
                } maximumValueLabel: {
                    Text("\(report.shownHigh)°")
                }
                .gaugeStyle(.accessoryLinear)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }

    @ViewBuilder private func circular(_ report: WeatherReport) -> some View {
        if isLuminanceReduced {
            VStack(spacing: 0) {
                Image(systemName: report.shownSymbol)
                    .font(.body)
                Text("\(report.shownTemperature)°")
                    .font(.headline)
                    .bold()
            }
        } else {
            Gauge(value: report.temperature, in: report.range) {
                Image(systemName: report.shownSymbol)
            } currentValueLabel: {
                VStack(spacing: 0) {
                    Image(systemName: report.shownSymbol)
                        .font(.caption)
                    Text("\(report.shownTemperature)°")
                        .font(.headline)
                        .bold()
                }
            }
            .gaugeStyle(.accessoryCircular)
        }
    }

    private func inline(_ report: WeatherReport) -> some View {
        ViewThatFits {
            Text("\(Image(systemName: report.shownSymbol)) \(report.shownLocation) \(report.shownTemperature)°, \(report.condition)")
            Text("\(Image(systemName: report.shownSymbol)) \(report.shownTemperature)° \(report.condition)")
            Text("\(Image(systemName: report.shownSymbol)) \(report.shownLocation) \(report.shownTemperature)°")
            Text("\(Image(systemName: report.shownSymbol)) \(report.shownTemperature)°")
        }
    }

    /// No report: what is wrong and how to fix it, as calmly as the slot allows.
    @ViewBuilder private func problem(title: String, detail: [String], short: String) -> some View {
        switch family {
        case .accessoryCircular, .accessoryCorner:
            VStack(spacing: 2) {
                Image(systemName: "cloud")
                    .font(.title3)
                Text(short)
                    .font(.caption2)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        case .accessoryInline:
            Text("\(Image(systemName: "cloud")) \(title)")
        default:
            VStack(alignment: .leading, spacing: 2) {
                Text(title)
                    .font(.headline)
                    .lineLimit(1)
                // Always-on keeps the headline only: the fix is for when someone looks closely.
                if !isLuminanceReduced {
                    ForEach(detail, id: \.self) { line in
                        Text(line)
                            .font(.caption)
                            .lineLimit(1)
                    }
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }

    private func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "H:mm"
        return formatter.string(from: date)
    }
}

/// The weather a script writes into the app group, with a gauge of today's range.
public struct WeatherWidget: Widget {
    private let provider: WeatherProvider

    /// Creates the widget reading `weather.json` from the "glance" app group.
    public init() {
        provider = WeatherProvider()
    }

    /// Creates the widget reading from `group` with the clock `now` (for tests).
    public init(group: AppGroup, now: @escaping @Sendable () -> Date) {
        provider = WeatherProvider(group: group, now: now)
    }

    /// A static configuration of kind "weather" in every accessory family.
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "weather", provider: provider) { entry in
            WeatherView(entry: entry)
        }
        .configurationDisplayName("Weather")
        .description("The weather Examples/weather-update.sh writes, with today's low and high.")
        .supportedFamilies([.accessoryRectangular, .accessoryCircular, .accessoryInline, .accessoryCorner])
    }
}

#Preview("Weather", as: .accessoryRectangular) {
    WeatherWidget()
} timeline: {
    WeatherEntry(date: .now, content: .report(.sample, isOutdated: false))
    WeatherEntry(date: .now, content: .report(.sample, isOutdated: true))
    WeatherEntry(date: .now, content: .missing)
}

#Preview("Weather", as: .accessoryCircular) {
    WeatherWidget()
} timeline: {
    WeatherEntry(date: .now, content: .report(.sample, isOutdated: false))
}
