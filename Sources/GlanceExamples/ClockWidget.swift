// The demo bundle's clock: written as a WidgetKit widget would be, with `import Glance`.
import Glance

/// One minute of the clock: the time shown and the next break the countdown runs to.
public struct ClockEntry: TimelineEntry {
    /// The minute this entry shows.
    public let date: Date
    /// The start of the hour, where the hour ring starts.
    public let hourStart: Date
    /// The next full hour: a stretch break, counted down live.
    public let nextBreak: Date
}

/// Makes one entry per minute for the next hour, then asks again (`.atEnd`).
struct ClockProvider: TimelineProvider {
    /// The clock the provider reads; the widget uses the system clock, tests pass their own.
    var now: @Sendable () -> Date = { Date() }

    func placeholder(in context: Context) -> ClockEntry {
        entry(at: Date(timeIntervalSince1970: 1_795_257_720))
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (ClockEntry) -> Void) {
        completion(entry(at: now()))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<ClockEntry>) -> Void) {
        let minute = floor(now().timeIntervalSince1970 / 60) * 60
        let entries = (0..<60).map { entry(at: Date(timeIntervalSince1970: minute + Double($0) * 60)) }
        completion(Timeline(entries: entries, policy: .atEnd))
    }

    private func entry(at date: Date) -> ClockEntry {
        let hour = floor(date.timeIntervalSince1970 / 3600) * 3600
        return ClockEntry(date: date, hourStart: Date(timeIntervalSince1970: hour), nextBreak: Date(timeIntervalSince1970: hour + 3600))
    }
}

/// The clock's face in every accessory family.
struct ClockView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.isLuminanceReduced) var isLuminanceReduced
    @Environment(\.timeZone) var timeZone
    let entry: ClockEntry

    /// "10:42": hours and minutes without a day period, for the round slot.
    private var shortTime: String {
        let formatter = DateFormatter()
        formatter.timeZone = timeZone
        formatter.dateFormat = "H:mm"
        return formatter.string(from: entry.date)
    }

    private var weekday: String {
        let formatter = DateFormatter()
        formatter.timeZone = timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE d"
        return formatter.string(from: entry.date).uppercased()
    }

    var body: some View {
        switch family {
        case .accessoryCircular, .accessoryCorner:
            ZStack {
                if !isLuminanceReduced {
                    AccessoryWidgetBackground()
                }
                ProgressView(timerInterval: entry.hourStart...entry.nextBreak, countsDown: false) {
                    EmptyView()
                } currentValueLabel: {
                    EmptyView()
                }
                .progressViewStyle(.circular)
                .tint(isLuminanceReduced ? Color.gray : Color.white)
                VStack(spacing: 0) {
                    Text(shortTime)
                        .font(.headline)
                    Text(weekday)
                        .font(.caption2)
                        .foregroundStyle(.secondary)
                }
            }
        case .accessoryInline:
            ViewThatFits {
                Text("\(Image(systemName: "clock")) \(shortTime) · break in \(entry.nextBreak, style: .timer)")
                Text("\(Image(systemName: "clock")) \(shortTime) \(weekday)")
                Text(shortTime)
            }
        default:
            VStack(alignment: .leading, spacing: 2) {
                HStack(alignment: .firstTextBaseline) {
                    Text(shortTime)
                        .font(.title)
                        .bold()
                        .fixedSize()
                    Spacer(minLength: 0)
                    Text(weekday)
                        .font(.caption)
                        .foregroundStyle(.secondary)
                        .fixedSize()
                }
                Label {
                    Text("Break in \(entry.nextBreak, style: .timer)")
                } icon: {
                    Image(systemName: "figure.walk")
                }
                .font(.caption)
                if !isLuminanceReduced {
                    ProgressView(timerInterval: entry.hourStart...entry.nextBreak, countsDown: false) {
                        EmptyView()
                    } currentValueLabel: {
                        EmptyView()
                    }
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}

/// A clock with the time, the date and a live countdown to the next stretch break.
public struct ClockWidget: Widget {
    /// Creates the widget.
    public init() {}

    /// A static configuration of kind "clock" in every accessory family.
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "clock", provider: ClockProvider()) { entry in
            ClockView(entry: entry)
        }
        .configurationDisplayName("Clock")
        .description("The time, the date and a countdown to the next stretch break.")
        .supportedFamilies([.accessoryRectangular, .accessoryCircular, .accessoryInline, .accessoryCorner])
    }
}
