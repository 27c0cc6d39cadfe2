// Corpus: a now-playing widget with an interactive play/pause button (iOS 17 App Intents),
// as music and podcast apps put on the lock screen.
import AppIntents
import SwiftUI
import WidgetKit

struct TogglePlaybackIntent: AppIntent {
    static var title: LocalizedStringResource { "Play or Pause" }
    static var description: IntentDescription { IntentDescription("Plays or pauses the current track.") }

    func perform() async throws -> some IntentResult {
        // The app's player would toggle here; the widget reloads from the shared state.
        return .result()
    }
}

struct NowPlayingEntry: TimelineEntry {
    let date: Date
    let title: String
    let artist: String
    let elapsed: TimeInterval
    let duration: TimeInterval
    let isPlaying: Bool

    var progress: Double { duration > 0 ? elapsed / duration : 0 }

    static let playing = NowPlayingEntry(date: .now, title: "Holocene", artist: "Bon Iver",
                                         elapsed: 142, duration: 337, isPlaying: true)
    static let paused = NowPlayingEntry(date: .now, title: "Teardrop", artist: "Massive Attack",
                                        elapsed: 61, duration: 330, isPlaying: false)
}

struct NowPlayingProvider: TimelineProvider {
    func placeholder(in context: Context) -> NowPlayingEntry { .playing }

    func getSnapshot(in context: Context, completion: @escaping (NowPlayingEntry) -> Void) {
        completion(.playing)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<NowPlayingEntry>) -> Void) {
        completion(Timeline(entries: [.playing], policy: .never))
    }
}

struct NowPlayingEntryView: View {
    @Environment(\.widgetFamily) private var family
    let entry: NowPlayingEntry

    var body: some View {
        switch family {
        case .accessoryInline:
            Label("\(entry.title) – \(entry.artist)", systemImage: entry.isPlaying ? "play.fill" : "pause.fill")
        default:
            VStack(alignment: .leading, spacing: 2) {
                HStack(alignment: .top, spacing: 4) {
                    VStack(alignment: .leading, spacing: 0) {
                        Text(entry.title)
                            .font(.headline)
                            .lineLimit(1)
                            .widgetAccentable()
                        Text(entry.artist)
                            .font(.caption)
                            .foregroundStyle(.secondary)
                            .lineLimit(1)
                    }
                    Spacer(minLength: 0)
                    Button(intent: TogglePlaybackIntent()) {
                        Image(systemName: entry.isPlaying ? "pause.fill" : "play.fill")
                            .font(.title3)
                    }
                    .buttonStyle(.plain)
                }
                ProgressView(value: entry.progress)
                HStack {
                    Text(Duration.seconds(entry.elapsed), format: .time(pattern: .minuteSecond))
                    Spacer()
                    Text(Duration.seconds(entry.duration), format: .time(pattern: .minuteSecond))
                }
                .font(.caption2)
                .monospacedDigit()
            }
        }
    }
}

struct NowPlayingWidget: Widget {
    let kind: String = "corpus.nowplaying"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: NowPlayingProvider()) { entry in
            NowPlayingEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Now Playing")
        .description("Control what's playing.")
        .supportedFamilies([.accessoryRectangular, .accessoryInline])
    }
}

#Preview(as: .accessoryRectangular) {
    NowPlayingWidget()
} timeline: {
    NowPlayingEntry.playing
    NowPlayingEntry.paused
}

#Preview(as: .accessoryInline) {
    NowPlayingWidget()
} timeline: {
    NowPlayingEntry.playing
}
