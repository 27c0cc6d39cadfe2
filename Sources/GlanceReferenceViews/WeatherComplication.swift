// Written as Apple's WidgetKit documentation writes accessory views; only the import differs
// (`import SwiftUI` and `import WidgetKit` become `import GlanceUI`).
import GlanceUI

/// A weather complication that adapts to its family with a switch over `widgetFamily`.
public struct WeatherComplication: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.isLuminanceReduced) var isLuminanceReduced

    let temperature: Int
    let low: Int
    let high: Int
    let condition: String
    let symbol: String

    public init(temperature: Int = 72, low: Int = 58, high: Int = 79, condition: String = "Partly Cloudy", symbol: String = "cloud.sun.fill") {
        self.temperature = temperature
        self.low = low
        self.high = high
        self.condition = condition
        self.symbol = symbol
    }

    public var body: some View {
        switch family {
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                VStack(spacing: 0) {
                    Image(systemName: symbol)
                        .font(.title3)
                    Text("\(temperature)°")
                        .font(.caption.bold())
                }
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 2) {
                Label(condition, systemImage: symbol)
                    .font(.headline)
                    .widgetAccentable()
                Text("\(temperature)°")
                    .font(.title)
                    .privacySensitive()
                if !isLuminanceReduced {
                    Text("H:\(high)° L:\(low)°")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        case .accessoryInline:
            ViewThatFits {
                Text("\(Image(systemName: symbol)) \(condition), \(temperature)°")
                Text("\(Image(systemName: symbol)) \(temperature)° \(condition)")
                Text("\(temperature)°")
            }
        default:
            Text("\(temperature)°")
        }
    }
}
