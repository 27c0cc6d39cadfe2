// Corpus: a current-conditions weather widget, as weather apps put on the lock screen
// (temperature, condition symbol, today's high and low).
import SwiftUI
import WidgetKit

struct WeatherEntry: TimelineEntry {
    let date: Date
    let location: String
    let temperature: Int
    let high: Int
    let low: Int
    let condition: String
    let symbolName: String

    static let sample = WeatherEntry(date: .now, location: "Cupertino", temperature: 14, high: 18, low: 7,
                                     condition: "Partly Cloudy", symbolName: "cloud.sun.fill")
    static let rainy = WeatherEntry(date: .now, location: "Cupertino", temperature: 9, high: 11, low: 6,
                                    condition: "Rain", symbolName: "cloud.rain.fill")
}

struct WeatherProvider: TimelineProvider {
    func placeholder(in context: Context) -> WeatherEntry { .sample }

    func getSnapshot(in context: Context, completion: @escaping (WeatherEntry) -> Void) {
        completion(.sample)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<WeatherEntry>) -> Void) {
        let next = Calendar.current.date(byAdding: .minute, value: 30, to: .now) ?? .now
        completion(Timeline(entries: [.sample], policy: .after(next)))
    }
}

struct WeatherWidgetEntryView: View {
    @Environment(\.widgetFamily) private var family
    let entry: WeatherEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: Double(entry.temperature), in: Double(entry.low)...Double(entry.high)) {
                Image(systemName: entry.symbolName)
            } currentValueLabel: {
                Text("\(entry.temperature)°")
            } minimumValueLabel: {
                Text("\(entry.low)")
            } maximumValueLabel: {
                Text("\(entry.high)")
            }
            .gaugeStyle(.accessoryCircular)
        case .accessoryInline:
            Label("\(entry.temperature)° \(entry.condition)", systemImage: entry.symbolName)
        default:
            rectangular
        }
    }

    private var rectangular: some View {
        HStack(alignment: .center, spacing: 6) {
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.location)
                    .font(.caption.bold())
                    .widgetAccentable()
                    .lineLimit(1)
                Text("\(entry.temperature)°")
                    .font(.system(size: 28, weight: .semibold, design: .rounded))
                    .minimumScaleFactor(0.6)
                Text(entry.condition)
                    .font(.caption2)
                    .lineLimit(1)
            }
            Spacer(minLength: 0)
            VStack(alignment: .trailing, spacing: 0) {
                Image(systemName: entry.symbolName)
                    .font(.title2)
                Text("H:\(entry.high)°")
                Text("L:\(entry.low)°")
                    .foregroundStyle(.secondary)
            }
            .font(.caption2)
        }
    }
}

struct WeatherWidget: Widget {
    let kind: String = "corpus.weather"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: WeatherProvider()) { entry in
            WeatherWidgetEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Weather")
        .description("Current conditions and today's high and low.")
        .supportedFamilies([.accessoryRectangular, .accessoryCircular, .accessoryInline])
    }
}

#Preview(as: .accessoryRectangular) {
    WeatherWidget()
} timeline: {
    WeatherEntry.sample
    WeatherEntry.rainy
}

#Preview(as: .accessoryCircular) {
    WeatherWidget()
} timeline: {
    WeatherEntry.sample
}

#Preview(as: .accessoryInline) {
    WeatherWidget()
} timeline: {
    WeatherEntry.sample
}
