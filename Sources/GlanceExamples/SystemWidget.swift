// The demo bundle's system monitor: CPU temperature, load, memory and uptime of the Pi it runs on.
import Glance

/// The machine's vital signs at one moment.
public struct SystemEntry: TimelineEntry {
    /// The moment they were read.
    public let date: Date
    /// What was read.
    public let status: SystemStatus

    /// When the machine booted, for live uptime text.
    var bootDate: Date? { status.uptime.map { date.addingTimeInterval(-$0) } }
}

/// Reads /proc and /sys every minute.
///
/// Load and memory cannot be foretold, so each timeline is one entry and `.after(1 min)`.
/// That is more than the default budget of 70 reloads a day: past it the runtime spaces the
/// reloads out (about one every 20 minutes), and a face that wants every minute raises
/// `reload-budget` (Examples/glance.yaml does). Uptime needs no reloads: it is live text.
struct SystemProvider: TimelineProvider {
    /// Where the files are read.
    var reader = SystemStatusReader()
    /// The clock the provider reads; the widget uses the system clock, tests pass their own.
    var now: @Sendable () -> Date = { Date() }

    /// The reload interval.
    static let refresh: TimeInterval = 60

    func placeholder(in context: Context) -> SystemEntry {
        SystemEntry(date: Date(timeIntervalSince1970: 1_795_257_720), status: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (SystemEntry) -> Void) {
        completion(timeline(at: now()).entries[0])
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<SystemEntry>) -> Void) {
        completion(timeline(at: now()))
    }

    /// One entry with the files as they are now.
    func timeline(at now: Date) -> Timeline<SystemEntry> {
        Timeline(entries: [SystemEntry(date: now, status: reader.read())], policy: .after(now.addingTimeInterval(Self.refresh)))
    }
}

/// The vital signs in every accessory family; a value whose file is missing shows "—".
struct SystemView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.isLuminanceReduced) var isLuminanceReduced
    let entry: SystemEntry

    /// The range of the temperature gauge, °C: a Pi idles near 40 and throttles at 80–85.
    static let temperatureRange = 30.0...85.0

    private var status: SystemStatus { entry.status }

    var body: some View {
        switch family {
        case .accessoryCircular, .accessoryCorner:
            circular
                .frame(maxWidth: .infinity, maxHeight: .infinity)  // the slot's circle, not the content's
        case .accessoryInline:
            ViewThatFits {
                if status.cpuTemperature != nil {
                    Text("\(temperature) · load \(load) · mem \(memory)")
                    Text("\(temperature) · load \(load)")
                }
                Text("load \(load) · mem \(memory)")
                Text("load \(load)")
            }
        default:
            rectangular
        }
    }

    // MARK: - Families

    private var rectangular: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack(alignment: .firstTextBaseline, spacing: 3) {
                Text(temperature)
                    .font(.headline)
                    .fixedSize()
                Text("CPU")
                    .font(.caption)
                    .fixedSize()
                Spacer(minLength: 4)
                Text(load)
                    .font(.headline)
                    .fixedSize()
                Text("load")
                    .font(.caption)
                    .fixedSize()
            }
            HStack(alignment: .center, spacing: 4) {
                Text("Mem")
                    .fixedSize()
                if let used = status.memoryUsed, !isLuminanceReduced {
                    Gauge(value: used) {
                        EmptyView()
                    }
                    .gaugeStyle(.accessoryLinearCapacity)
                } else {
                    Spacer(minLength: 0)
                }
                Text(memory)
                    .fixedSize()
            }
            .font(.caption)
            Group {
                if let boot = entry.bootDate {
                    Text("Up \(boot, style: .relative)")
                } else {
                    Text("Up —")
                }
            }
            .font(.caption)
            .lineLimit(1)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }

    @ViewBuilder private var circular: some View {
        if isLuminanceReduced {
            VStack(spacing: 0) {
                Image(systemName: status.cpuTemperature == nil ? "memorychip" : "thermometer")
                    .font(.body)
                Text(status.cpuTemperature == nil ? memory : shortTemperature)
                    .font(.headline)
            }
        } else if let celsius = status.cpuTemperature {
            Gauge(value: min(max(celsius, Self.temperatureRange.lowerBound), Self.temperatureRange.upperBound),
                  in: Self.temperatureRange) {
                Image(systemName: "thermometer")
            } currentValueLabel: {
                VStack(spacing: 0) {
                    Image(systemName: "thermometer")
                        .font(.caption)
                    Text(shortTemperature)
                        .font(.headline)
                }
            }
            .gaugeStyle(.accessoryCircular)
        } else {
            // No thermal zone (a container, some boards): memory instead.
            Gauge(value: status.memoryUsed ?? 0) {
                Image(systemName: "memorychip")
            } currentValueLabel: {
                VStack(spacing: 0) {
                    Image(systemName: "memorychip")
                        .font(.caption)
                    Text(memory)
                        .font(.headline)
                }
            }
            .gaugeStyle(.accessoryCircularCapacity)
        }
    }

    // MARK: - Values

    /// "47°C" or "—".
    private var temperature: String {
        status.cpuTemperature.map { "\(Int($0.rounded()))°C" } ?? "—"
    }

    /// "47°" or "—", for the round slot.
    private var shortTemperature: String {
        status.cpuTemperature.map { "\(Int($0.rounded()))°" } ?? "—"
    }

    /// "0.42", "12.5" or "—".
    private var load: String {
        guard let load = status.load else { return "—" }
        return load < 10 ? String(format: "%.2f", load) : String(format: "%.1f", load)
    }

    /// "22%" or "—".
    private var memory: String {
        status.memoryUsed.map { "\(Int(($0 * 100).rounded()))%" } ?? "—"
    }
}

/// CPU temperature, load, memory and uptime of the machine Glance runs on.
public struct SystemWidget: Widget {
    private let provider: SystemProvider

    /// Creates the widget reading this machine's /proc and /sys.
    public init() {
        provider = SystemProvider()
    }

    /// Creates the widget reading the files under `root` with the clock `now` (for tests).
    public init(root: URL, now: @escaping @Sendable () -> Date) {
        provider = SystemProvider(reader: SystemStatusReader(root: root), now: now)
    }

    /// A static configuration of kind "system" in every accessory family.
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "system", provider: provider) { entry in
            SystemView(entry: entry)
        }
        .configurationDisplayName("System")
        .description("CPU temperature, load, memory in use and uptime, from /proc and /sys.")
        .supportedFamilies([.accessoryRectangular, .accessoryCircular, .accessoryInline, .accessoryCorner])
    }
}
