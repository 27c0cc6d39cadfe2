// Corpus: an air-quality widget drawn with a custom GaugeStyle (a thick open ring with the
// value in the middle), as apps do when the built-in accessory gauges don't fit their look.
import SwiftUI
import WidgetKit

struct AirQualityGaugeStyle: GaugeStyle {
    var lineWidth: CGFloat = 6

    func makeBody(configuration: Configuration) -> some View {
        ZStack {
            Circle()
                .trim(from: 0, to: 0.75)
                .stroke(.secondary, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round))
                .rotationEffect(.degrees(135))
            Circle()
                .trim(from: 0, to: 0.75 * configuration.value)
                .stroke(.primary, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round))
                .rotationEffect(.degrees(135))
                .widgetAccentable()
            VStack(spacing: 0) {
                configuration.currentValueLabel
                    .font(.system(size: 17, weight: .bold, design: .rounded))
                configuration.label
                    .font(.system(size: 8, weight: .medium))
                    .foregroundStyle(.secondary)
            }
        }
        .padding(lineWidth / 2)
    }
}

extension GaugeStyle where Self == AirQualityGaugeStyle {
    static var airQuality: AirQualityGaugeStyle { AirQualityGaugeStyle() }
}

struct AirQualityEntry: TimelineEntry {
    let date: Date
    let index: Int
    let pollutant: String
    let station: String

    var category: String {
        switch index {
        case ..<51: "Good"
        case ..<101: "Moderate"
        case ..<151: "Unhealthy for Some"
        default: "Unhealthy"
        }
    }

    static let good = AirQualityEntry(date: .now, index: 38, pollutant: "PM2.5", station: "Downtown")
    static let moderate = AirQualityEntry(date: .now, index: 87, pollutant: "O₃", station: "Downtown")
}

struct AirQualityProvider: TimelineProvider {
    func placeholder(in context: Context) -> AirQualityEntry { .good }

    func getSnapshot(in context: Context, completion: @escaping (AirQualityEntry) -> Void) {
        completion(.good)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<AirQualityEntry>) -> Void) {
        completion(Timeline(entries: [.good], policy: .after(.now.addingTimeInterval(3600))))
    }
}

struct AirQualityEntryView: View {
    @Environment(\.widgetFamily) var family
    let entry: AirQualityEntry

    var gauge: some View {
        Gauge(value: Double(entry.index), in: 0...200) {
            Text("AQI")
        } currentValueLabel: {
            Text("\(entry.index)")
        }
    }

    var body: some View {
        switch family {
        case .accessoryCircular:
            gauge
                .gaugeStyle(.airQuality)
        default:
            HStack(spacing: 6) {
                gauge
                    .gaugeStyle(AirQualityGaugeStyle(lineWidth: 5))
                    .frame(width: 46, height: 46)
                VStack(alignment: .leading, spacing: 1) {
                    Text("Air Quality")
                        .font(.caption.bold())
                        .lineLimit(1)
                        .widgetAccentable()
                    Text(entry.category)
                        .font(.caption2)
                        .lineLimit(2)
                        .minimumScaleFactor(0.8)
                    Text("\(entry.pollutant) · \(entry.station)")
                        .font(.caption2)
                        .foregroundStyle(.secondary)
                        .lineLimit(1)
                }
                Spacer(minLength: 0)
            }
        }
    }
}

struct AirQualityWidget: Widget {
    let kind = "corpus.customgauge"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: AirQualityProvider()) { entry in
            AirQualityEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Air Quality")
        .description("The air quality index near you.")
        .supportedFamilies([.accessoryCircular, .accessoryRectangular])
    }
}

#Preview(as: .accessoryCircular) {
    AirQualityWidget()
} timeline: {
    AirQualityEntry.good
    AirQualityEntry.moderate
}

#Preview(as: .accessoryRectangular) {
    AirQualityWidget()
} timeline: {
    AirQualityEntry.good
    AirQualityEntry.moderate
}
