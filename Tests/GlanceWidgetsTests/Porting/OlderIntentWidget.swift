import Foundation
import GlanceWidgets

// An iOS 14–16 widget configured by a SiriKit intent, as Xcode's "Include Configuration
// Intent" template writes it. Xcode generated `ConfigurationIntent` from an intent-definition
// file; a port declares the class itself with the same properties.

class ConfigurationIntent: INIntent {
    var city: String? = "Berlin"
    var showFeelsLike: NSNumber? = false
}

struct SimpleEntry: TimelineEntry {
    let date: Date
    // A class (the intent), as Xcode's template declares it: entries need not be Sendable.
    let configuration: ConfigurationIntent
}

/// A class-based provider with a cache, as older widgets often have: no Sendable needed.
final class WeatherProvider: IntentTimelineProvider {
    private var cache: [String: Int] = ["Berlin": 4, "Oslo": -3]

    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date(), configuration: ConfigurationIntent())
    }

    func getSnapshot(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (SimpleEntry) -> ()) {
        let entry = SimpleEntry(date: Date(), configuration: configuration)
        completion(entry)
    }

    func getTimeline(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
        var entries: [SimpleEntry] = []
        for minuteOffset in 0 ..< 3 {
            let entryDate = Calendar.current.date(byAdding: .minute, value: minuteOffset * 20, to: t0)!
            entries.append(SimpleEntry(date: entryDate, configuration: configuration))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }

    func recommendations() -> [IntentRecommendation<ConfigurationIntent>] {
        let oslo = ConfigurationIntent()
        oslo.city = "Oslo"
        return [IntentRecommendation(intent: oslo, description: "Oslo")]
    }

    func temperature(in city: String?) -> Int { cache[city ?? ""] ?? 0 }
}

struct WeatherEntryView: View {
    var entry: WeatherProvider.Entry

    var body: some View {
        Text(entry.configuration.city ?? "–")
    }
}

struct OlderWeatherWidget: Widget {
    let kind: String = "OlderWeather"

    var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: ConfigurationIntent.self, provider: WeatherProvider()) { entry in
            WeatherEntryView(entry: entry)
        }
        .configurationDisplayName("My Widget")
        .description("This is an example widget.")
    }
}

/// A widget that offers nothing on this platform, as `#if os(watchOS)` branches write it.
struct NothingHereWidget: Widget {
    var body: some WidgetConfiguration {
        EmptyWidgetConfiguration()
    }
}

/// A static widget whose provider is a non-final class holding a formatter, and whose entry
/// holds a class: both compile without Sendable, as in Xcode.
class CountdownProvider: TimelineProvider {
    let formatter = DateFormatter()

    func placeholder(in context: Context) -> CountdownEntry { CountdownEntry(date: t0, label: Label2("Launch")) }

    func getSnapshot(in context: Context, completion: @escaping (CountdownEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CountdownEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

/// A reference type an entry holds.
final class Label2: @unchecked Sendable {
    let text: String
    init(_ text: String) { self.text = text }
}

struct CountdownEntry: TimelineEntry {
    let date: Date
    let label: Label2
}

struct CountdownWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Countdown", provider: CountdownProvider()) { entry in
            HStack {
                Image(systemName: "clock").widgetAccentedRenderingMode(.accented)
                Text(entry.label.text)
            }
        }
    }
}
