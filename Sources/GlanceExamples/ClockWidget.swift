// The demo bundle's clock: written as a WidgetKit widget would be, with `import Glance`.
import Glance

/// One minute of the clock.
public struct ClockEntry: TimelineEntry {
    /// The minute this entry shows (its first second).
    public let date: Date

    /// Creates the entry for the minute starting at `date`.
    public init(date: Date) {
        self.date = date
    }
}

/// Makes one entry per minute for the next hour, then asks again (`.atEnd`): 24 reloads a day.
///
/// Seconds need no entries: the view draws them with live text. The minute entries carry the
/// hours and minutes for always-on, where live text shows no seconds, and the date.
struct ClockProvider: TimelineProvider {
    /// The clock the provider reads; the widget uses the system clock, tests pass their own.
    var now: @Sendable () -> Date = { Date() }

    func placeholder(in context: Context) -> ClockEntry {
        ClockEntry(date: Date(timeIntervalSince1970: 1_795_257_720))
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (ClockEntry) -> Void) {
        completion(timeline(at: now()).entries[0])
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<ClockEntry>) -> Void) {
        completion(timeline(at: now()))
    }

    /// Sixty entries, one at the start of each minute from the current one.
    func timeline(at now: Date) -> Timeline<ClockEntry> {
        let minute = (now.timeIntervalSince1970 / 60).rounded(.down) * 60
        let entries = (0..<60).map { ClockEntry(date: Date(timeIntervalSince1970: minute + Double($0) * 60)) }
        return Timeline(entries: entries, policy: .atEnd)
    }
}

/// The clock's face in every accessory family.
///
/// `H:mm:ss` ticks by itself: it is `Text(timerInterval:)` counting up from the last
/// midnight, so the renderer redraws every second with no entry and no provider call. A timer
/// hides its hours when they are zero, so in the first hour of the day the view writes
/// `0:` (and `0:0` before minute ten) itself and counts up from the start of the hour.
/// In always-on live text shows no seconds, so there the view shows the entry's `H:mm`.
struct ClockView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.isLuminanceReduced) var isLuminanceReduced
    @Environment(\.calendar) var calendar
    @Environment(\.timeZone) var timeZone
    let entry: ClockEntry

    var body: some View {
        switch family {
        case .accessoryCircular, .accessoryCorner:
            circular
        case .accessoryInline:
            inline
        default:
            rectangular
        }
    }

    // MARK: - Families

    private var rectangular: some View {
        VStack(alignment: .leading, spacing: 3) {
            Text(format("EEEE"))
                .font(.headline)
                .widgetAccentable()
            Group {
                if isLuminanceReduced {
                    Text(format("H:mm"))
                } else {
                    tickingTime
                }
            }
            .font(.system(size: 28, weight: .bold))
            .fixedSize()
            Text(format("d MMMM"))
                .font(.caption)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }

    private var circular: some View {
        ZStack {
            // Always-on keeps only the time and date: no seconds, so no seconds ring.
            if !isLuminanceReduced {
                // The seconds hand: a ring that fills once a minute, by itself.
                ProgressView(timerInterval: entry.date...entry.date.addingTimeInterval(60), countsDown: false) {
                    EmptyView()
                } currentValueLabel: {
                    EmptyView()
                }
                .progressViewStyle(.circular)
            }
            VStack(spacing: 1) {
                Text(format("H:mm"))
                    .font(.headline)
                    .bold()
                Text(format("EEE d").uppercased())
                    .font(.caption2)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)  // the slot's circle, not the content's
    }

    @ViewBuilder private var inline: some View {
        if isLuminanceReduced {
            ViewThatFits {
                Text("\(Image(systemName: "clock")) \(format("H:mm")) · \(format("EEE d MMM"))")
                Text("\(Image(systemName: "clock")) \(format("H:mm")) \(format("EEE d"))")
                Text(format("H:mm"))
            }
        } else {
            ViewThatFits {
                Text(Image(systemName: "clock")) + Text(verbatim: " ") + tickingTime + Text(verbatim: " · \(format("EEE d"))")
                Text(Image(systemName: "clock")) + Text(verbatim: " ") + tickingTime
                tickingTime
            }
        }
    }

    // MARK: - Time

    /// `H:mm:ss` as live text: exact from this entry's minute on, whatever the clock does.
    private var tickingTime: Text {
        // Wall-clock seconds since midnight, from the components rather than from the start
        // of the day, so days with a daylight-saving change still show the wall time.
        let parts = calendar.dateComponents(in: timeZone, from: entry.date)
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0, second = parts.second ?? 0
        let sinceMidnight = TimeInterval(hour * 3600 + minute * 60 + second)
        if hour > 0 {
            let midnight = entry.date.addingTimeInterval(-sinceMidnight)
            return Text(timerInterval: midnight...midnight.addingTimeInterval(86_400), countsDown: false)
        }
        let hourStart = entry.date.addingTimeInterval(-TimeInterval(minute * 60 + second))
        return Text(verbatim: minute < 10 ? "0:0" : "0:")
            + Text(timerInterval: hourStart...hourStart.addingTimeInterval(3600), countsDown: false, showsHours: false)
    }

    /// The entry's date with a fixed pattern (English names), in the view's time zone.
    private func format(_ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: entry.date)
    }
}

/// A clock with hours, minutes and ticking seconds, and the date.
public struct ClockWidget: Widget {
    private var provider = ClockProvider()

    /// Creates the widget.
    public init() {}

    /// Creates the widget reading the clock `now` (for tests).
    public init(now: @escaping @Sendable () -> Date) {
        provider = ClockProvider(now: now)
    }

    /// A static configuration of kind "clock" in every accessory family; activating it
    /// (`focus.activate` with nothing focused) opens `glance://clock` with the face's
    /// `url-handler`.
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "clock", provider: provider) { entry in
            ClockView(entry: entry)
                .widgetURL(URL(string: "glance://clock"))
        }
        .configurationDisplayName("Clock")
        .description("The time with ticking seconds, and the date.")
        .supportedFamilies([.accessoryRectangular, .accessoryCircular, .accessoryInline, .accessoryCorner])
    }
}

#Preview(as: .accessoryInline) {
    ClockWidget()
} timelineProvider: {
    ClockProvider()
}
