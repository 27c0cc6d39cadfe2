// The demo bundle's message: a line another program leaves for the glass (Home Assistant's
// Message text entity, over MQTT), shown until it expires.
import Glance

/// A message for the glass: `message.json` in the app group, as the MQTT bridge writes it.
public struct GlassMessage: Codable, Sendable, Hashable {
    /// The file the message is read from.
    public static let fileName = "message.json"

    /// The text, one line of at most 256 characters.
    public var text: String
    /// When the message stops being shown; nil keeps it until the next one.
    public var expires: Date?

    /// Creates a message.
    public init(text: String, expires: Date?) {
        self.text = text
        self.expires = expires
    }

    /// Reads the file's ISO 8601 dates.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// What the message widget shows at one moment: the text, or nil for no message.
public struct MessageEntry: TimelineEntry {
    /// The moment this entry is for.
    public let date: Date
    /// The message, or nil.
    public let text: String?
}

/// Reads `message.json` each time it is asked: one entry with the text and, when it expires,
/// one without it at that moment. The host reloads the widget when the file changes, so the
/// timeline never asks again by itself.
struct MessageProvider: TimelineProvider {
    /// The container message.json is read from.
    var group: AppGroup = .named("glance")
    /// The clock the provider reads; the widget uses the system clock, tests pass their own.
    var now: @Sendable () -> Date = { Date() }

    func placeholder(in context: Context) -> MessageEntry {
        MessageEntry(date: now(), text: "Door open")
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (MessageEntry) -> Void) {
        completion(timeline(at: now()).entries[0])
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<MessageEntry>) -> Void) {
        completion(timeline(at: now()))
    }

    /// The entries for `now`.
    func timeline(at now: Date) -> Timeline<MessageEntry> {
        guard let message = try? group.read(GlassMessage.self, from: GlassMessage.fileName, decoder: GlassMessage.decoder),
              !message.text.isEmpty, message.expires.map({ $0 > now }) ?? true else {
            return Timeline(entries: [MessageEntry(date: now, text: nil)], policy: .never)
        }
        var entries = [MessageEntry(date: now, text: String(message.text.prefix(256)))]
        if let expires = message.expires { entries.append(MessageEntry(date: expires, text: nil)) }
        return Timeline(entries: entries, policy: .never)
    }
}

struct MessageView: View {
    let entry: MessageEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch family {
        case .accessoryInline:
            Text(entry.text ?? "No message")
        default:
            VStack(alignment: .leading, spacing: 2) {
                Text(entry.text == nil ? "No message" : "Message")
                    .font(.caption)
                    .lineLimit(1)
                if let text = entry.text {
                    Text(text)
                        .font(.headline)
                        .lineLimit(2)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}

/// A message another program leaves in the app group (Home Assistant's Message entity, over
/// MQTT: Docs/HomeAssistant.md), shown until it expires.
public struct MessageWidget: Widget {
    private let provider: MessageProvider

    /// Creates the widget reading `message.json` from the "glance" app group.
    public init() {
        provider = MessageProvider()
    }

    /// Creates the widget reading from `group` with the clock `now` (for tests).
    public init(group: AppGroup, now: @escaping @Sendable () -> Date) {
        provider = MessageProvider(group: group, now: now)
    }

    /// A static configuration of kind "message" for rectangular and inline slots.
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "message", provider: provider) { entry in
            MessageView(entry: entry)
        }
        .configurationDisplayName("Message")
        .description("A message from Home Assistant (its Message entity, over MQTT), until it expires.")
        .supportedFamilies([.accessoryRectangular, .accessoryInline])
    }
}
