// The demo bundle's weather: an intent-configured widget, written as WidgetKit would have it.
import Glance

/// The cities the weather widget knows.
public enum City: String, AppEnum {
    /// Berlin, Germany.
    case berlin
    /// Lisbon, Portugal.
    case lisbon
    /// Oslo, Norway.
    case oslo

    /// "City".
    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "City"
    /// The cities' names.
    public static let caseDisplayRepresentations: [City: DisplayRepresentation] = [
        .berlin: "Berlin",
        .lisbon: "Lisbon",
        .oslo: "Oslo",
    ]
}

/// Chooses the city the weather widget shows.
public struct SelectCityIntent: WidgetConfigurationIntent {
    /// "Select City".
    public static let title: LocalizedStringResource = "Select City"
    /// What the intent configures.
    public static var description: IntentDescription { "Choose the city the weather widget shows." }

    /// The city shown.
    @Parameter(title: "City", default: .berlin)
    public var city: City

    /// Creates the intent with Berlin.
    public init() {}
}

/// One hour of weather.
public struct WeatherEntry: TimelineEntry {
    /// The hour this entry shows.
    public let date: Date
    /// The city's name.
    public let city: String
    /// Temperature in °C.
    public let temperature: Int
    /// The day's low and high in °C.
    public let low: Int, high: Int
    /// A short description, e.g. "Cloudy".
    public let condition: String
    /// The symbol for the condition.
    public let symbol: String
}

/// An hourly forecast. The demo makes its numbers up deterministically from the city and
/// the hour (the example does no network I/O); a real provider would read a file the
/// weather fetcher writes into the app-group container.
struct WeatherProvider: AppIntentTimelineProvider {
    var now: @Sendable () -> Date = { Date() }

    func placeholder(in context: Context) -> WeatherEntry {
        WeatherEntry(date: Date(timeIntervalSince1970: 1_795_257_720), city: "Berlin", temperature: 12, low: 6, high: 15,
                     condition: "Partly Cloudy", symbol: "cloud.sun.fill")
    }

    func snapshot(for configuration: SelectCityIntent, in context: Context) async -> WeatherEntry {
        Self.forecast(for: configuration.city, at: now())
    }

    func timeline(for configuration: SelectCityIntent, in context: Context) async -> Timeline<WeatherEntry> {
        let hour = floor(now().timeIntervalSince1970 / 3600) * 3600
        let entries = (0..<6).map { Self.forecast(for: configuration.city, at: Date(timeIntervalSince1970: hour + Double($0) * 3600)) }
        return Timeline(entries: entries, policy: .atEnd)
    }

    static func forecast(for city: City, at date: Date) -> WeatherEntry {
        let (base, swing): (Double, Double) = switch city {
        case .berlin: (9, 5)
        case .lisbon: (17, 4)
        case .oslo: (2, 4)
        }
        let hourOfDay = date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3600
        let temperature = Int((base + swing * sin((hourOfDay - 9) / 24 * 2 * .pi)).rounded())
        let low = Int((base - swing).rounded()), high = Int((base + swing).rounded())
        let hour = Int(date.timeIntervalSince1970 / 3600)
        let conditions = [("Sunny", "sun.max.fill"), ("Partly Cloudy", "cloud.sun.fill"), ("Cloudy", "cloud.fill"), ("Rain", "cloud.rain.fill")]
        let night = hourOfDay < 6 || hourOfDay >= 20
        let (condition, symbol) = night && hour % 4 == 0 ? ("Clear", "moon.fill") : conditions[(hour + city.rawValue.count) % conditions.count]
        return WeatherEntry(date: date, city: city.localizedStringResource.key, temperature: temperature, low: low, high: high,
                            condition: condition, symbol: symbol)
    }
}

/// The weather in every accessory family.
struct WeatherView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.isLuminanceReduced) var isLuminanceReduced
    let entry: WeatherEntry

    var body: some View {
        switch family {
        case .accessoryCircular, .accessoryCorner:
            Gauge(value: Double(entry.temperature), in: Double(entry.low)...Double(entry.high)) {
                Text("\(entry.city)")
            } currentValueLabel: {
                VStack(spacing: 0) {
                    Image(systemName: entry.symbol)
                        .font(.caption)
                    Text("\(entry.temperature)°")
                        .font(.headline)
                }
            }
            .gaugeStyle(.accessoryCircular)
            .tint(isLuminanceReduced ? Color.gray : Color.white)
        case .accessoryInline:
            ViewThatFits {
                Text("\(Image(systemName: entry.symbol)) \(entry.city) \(entry.temperature)°, \(entry.condition)")
                Text("\(Image(systemName: entry.symbol)) \(entry.city) \(entry.temperature)°")
                Text("\(Image(systemName: entry.symbol)) \(entry.temperature)°")
            }
        default:
            VStack(alignment: .leading, spacing: 2) {
                HStack(alignment: .firstTextBaseline) {
                    Label(entry.city, systemImage: entry.symbol)
                        .font(.headline)
                        .widgetAccentable()
                        .fixedSize()
                    Spacer(minLength: 0)
                    Text("\(entry.temperature)°")
                        .font(.title2)
                        .bold()
                        .fixedSize()
                }
                Text(entry.condition)
                    .font(.caption)
                    .foregroundStyle(.secondary)
                if isLuminanceReduced {
                    Text("L \(entry.low)°  H \(entry.high)°")
                        .font(.caption)
                } else {
                    Gauge(value: Double(entry.temperature), in: Double(entry.low)...Double(entry.high)) {
                        EmptyView()
                    } currentValueLabel: {
                        EmptyView()
                    } minimumValueLabel: {
                        Text("\(entry.low)°")
                    } maximumValueLabel: {
                        Text("\(entry.high)°")
                    }
                    .gaugeStyle(.accessoryLinear)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}

/// Hourly weather for a chosen city, with a temperature gauge between the day's low and high.
public struct WeatherWidget: Widget {
    /// Creates the widget.
    public init() {}

    /// An intent configuration of kind "weather" in every accessory family.
    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "weather", intent: SelectCityIntent.self, provider: WeatherProvider()) { entry in
            WeatherView(entry: entry)
        }
        .configurationDisplayName("Weather")
        .description("The temperature between the day's low and high, hour by hour.")
        .supportedFamilies([.accessoryRectangular, .accessoryCircular, .accessoryInline, .accessoryCorner])
    }
}
