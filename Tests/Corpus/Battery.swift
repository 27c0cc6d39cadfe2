// Corpus: a battery widget in the style of lock-screen battery widgets (device batteries read
// by the app, a ring per device). Written as for iOS; only the imports are Apple's modules.
import SwiftUI
import WidgetKit

struct BatteryDevice: Identifiable, Hashable {
    let id: String
    let name: String
    let symbol: String
    let level: Double
    let isCharging: Bool
}

struct BatteryEntry: TimelineEntry {
    let date: Date
    let devices: [BatteryDevice]

    static let sample = BatteryEntry(date: .now, devices: [
        BatteryDevice(id: "phone", name: "iPhone", symbol: "iphone", level: 0.82, isCharging: false),
        BatteryDevice(id: "watch", name: "Watch", symbol: "applewatch", level: 0.34, isCharging: true),
        BatteryDevice(id: "pods", name: "AirPods", symbol: "airpodspro", level: 0.07, isCharging: false),
    ])
}

struct BatteryProvider: TimelineProvider {
    func placeholder(in context: Context) -> BatteryEntry { .sample }

    func getSnapshot(in context: Context, completion: @escaping (BatteryEntry) -> Void) {
        completion(.sample)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<BatteryEntry>) -> Void) {
        completion(Timeline(entries: [.sample], policy: .after(.now.addingTimeInterval(15 * 60))))
    }
}

struct BatteryWidgetView: View {
    @Environment(\.widgetFamily) var family
    var entry: BatteryEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            if let device = entry.devices.first {
                Gauge(value: device.level) {
                    Image(systemName: device.symbol)
                } currentValueLabel: {
                    Text(device.level, format: .percent.precision(.fractionLength(0)))
                }
                .gaugeStyle(.accessoryCircularCapacity)
            }
        case .accessoryInline:
            if let device = entry.devices.first {
                Label {
                    Text(device.level, format: .percent.precision(.fractionLength(0)))
                } icon: {
                    Image(systemName: device.isCharging ? "battery.100.bolt" : "battery.75")
                }
            }
        default:
            HStack(spacing: 6) {
                ForEach(entry.devices) { device in
                    Gauge(value: device.level) {
                        Image(systemName: device.symbol)
                    }
                    .gaugeStyle(.accessoryCircularCapacity)
                    .overlay(alignment: .bottomTrailing) {
                        if device.isCharging {
                            Image(systemName: "bolt.fill")
                                .font(.system(size: 8))
                        }
                    }
                }
            }
        }
    }
}

struct BatteryWidget: Widget {
    let kind = "corpus.battery"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: BatteryProvider()) { entry in
            BatteryWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Batteries")
        .description("Battery levels of your devices.")
        .supportedFamilies([.accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}

#Preview(as: .accessoryRectangular) {
    BatteryWidget()
} timeline: {
    BatteryEntry.sample
}

#Preview(as: .accessoryCircular) {
    BatteryWidget()
} timeline: {
    BatteryEntry.sample
}

#Preview(as: .accessoryInline) {
    BatteryWidget()
} timeline: {
    BatteryEntry.sample
}
