// weather.json: what `Examples/weather-update.sh` (or any program) writes for the weather widget.
import Glance

/// The current weather, as `weather.json` in the app group holds it (schema in `Examples/README.md`).
///
/// ```json
/// {
///   "location": "Berlin",
///   "temperature": 12,
///   "condition": "Partly Cloudy",
///   "symbol": "cloud.sun.fill",
///   "low": 6,
///   "high": 15,
///   "updated": "2026-11-21T10:30:00Z"
/// }
/// ```
/// Temperatures are in whatever unit the writer chose; the widget shows them as "12°".
public struct WeatherReport: Codable, Sendable, Hashable {
    /// The place the weather is for, e.g. "Berlin".
    public var location: String
    /// The current temperature.
    public var temperature: Double
    /// A short description, e.g. "Partly Cloudy".
    public var condition: String
    /// A symbol name from Glance's catalog, e.g. "cloud.sun.fill"; unknown names fall back to
    /// one that matches `condition`.
    public var symbol: String
    /// Today's lowest temperature.
    public var low: Double
    /// Today's highest temperature.
    public var high: Double
    /// When the writer fetched the weather (ISO 8601).
    public var updated: Date

    /// The file's name in the app group.
    public static let fileName = "weather.json"

    /// Creates a report.
    public init(location: String, temperature: Double, condition: String, symbol: String, low: Double, high: Double, updated: Date) {
        self.location = location
        self.temperature = temperature
        self.condition = condition
        self.symbol = symbol
        self.low = low
        self.high = high
        self.updated = updated
    }

    /// The temperatures a report may hold, in any unit (Kelvin included): anything outside is
    /// a writer's mistake, refused with the key's name instead of drawn as nonsense.
    public static let plausibleTemperatures: ClosedRange<Double> = -1000...1000

    private enum CodingKeys: String, CodingKey {
        case location, temperature, condition, symbol, low, high, updated
    }

    /// Decodes a report, refusing temperatures outside `plausibleTemperatures`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func degrees(_ key: CodingKeys) throws -> Double {
            let value = try container.decode(Double.self, forKey: key)
            guard Self.plausibleTemperatures.contains(value) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                       debugDescription: "'\(key.stringValue)' is \(value); expected a temperature between -1000 and 1000")
            }
            return value
        }
        location = try container.decode(String.self, forKey: .location)
        temperature = try degrees(.temperature)
        condition = try container.decode(String.self, forKey: .condition)
        symbol = try container.decode(String.self, forKey: .symbol)
        low = try degrees(.low)
        high = try degrees(.high)
        updated = try container.decode(Date.self, forKey: .updated)
    }

    /// Reads dates as ISO 8601, as the script writes them.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    // MARK: - Display values

    /// The temperature rounded for display.
    var shownTemperature: Int { Self.shown(temperature) }
    /// Today's range for the gauge: in order even if the writer swapped low and high, and at
    /// least one degree wide so the gauge has a span.
    var range: ClosedRange<Double> {
        let lowest = Double(shownLow), highest = Double(shownHigh)
        return lowest...max(highest, lowest + 1)
    }
    /// The low, rounded for display.
    var shownLow: Int { Self.shown(min(low, high)) }
    /// The high, rounded for display.
    var shownHigh: Int { Self.shown(max(low, high)) }
    /// A temperature rounded for display, clamped to the plausible range (a report made in
    /// code is not checked as a decoded one is).
    private static func shown(_ value: Double) -> Int {
        Int(min(max(value.isNaN ? 0 : value, plausibleTemperatures.lowerBound), plausibleTemperatures.upperBound).rounded())
    }
    /// The place, or a dash when the writer left it empty.
    var shownLocation: String { location.trimmingCharacters(in: .whitespaces).isEmpty ? "—" : location }

    /// `symbol` when the catalog has it, else one chosen from the words of `condition`.
    var shownSymbol: String {
        if SymbolCatalog.standard.symbol(named: symbol) != nil { return symbol }
        return Self.symbol(for: condition)
    }

    /// A catalog symbol for a condition's words ("Light rain" → "cloud.rain.fill").
    static func symbol(for condition: String) -> String {
        let words = condition.lowercased()
        let table: [(keys: [String], symbol: String)] = [
            (["thunder", "storm", "lightning"], "bolt.fill"),
            (["snow", "sleet", "hail", "ice"], "snowflake"),
            (["rain", "shower", "drizzle"], "cloud.rain.fill"),
            (["partly", "broken", "scattered", "few"], "cloud.sun.fill"),
            (["cloud", "overcast", "fog", "mist", "haze"], "cloud.fill"),
            (["wind", "breez", "gust"], "wind"),
            (["night"], "moon.fill"),
            (["sun", "clear", "fair"], "sun.max.fill"),
        ]
        return table.first { entry in entry.keys.contains { words.contains($0) } }?.symbol ?? "thermometer"
    }

    /// What the widget gallery and previews show before the script has run.
    static let sample = WeatherReport(location: "Berlin", temperature: 12, condition: "Partly Cloudy", symbol: "cloud.sun.fill",
                                      low: 6, high: 15, updated: Date(timeIntervalSince1970: 1_795_257_000))
}
