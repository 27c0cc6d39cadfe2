// A widget bundle as an iOS widget extension writes one: its provider fetches a reading over
// HTTPS with URLSession in getTimeline, and the file has the imports it has on iOS. The
// networking tests run it against their own local server (READING_URL, and READING_TIMEOUT
// in seconds for a request that must give up).
import Foundation
import SwiftUI
import WidgetKit
#if !URLSession && canImport(FoundationNetworking)
// Only in builds without the URLSession trait; `make test` builds with it, and then the
// imports above are all this file needs, as on iOS.
import FoundationNetworking
#endif

struct Reading: Decodable {
    let temperature: Int
}

struct ReadingEntry: TimelineEntry {
    let date: Date
    let text: String
}

struct ReadingProvider: TimelineProvider {
    func placeholder(in context: Context) -> ReadingEntry {
        ReadingEntry(date: Date(), text: "--")
    }

    func getSnapshot(in context: Context, completion: @escaping (ReadingEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ReadingEntry>) -> Void) {
        Task {
            let entry = ReadingEntry(date: Date(), text: await Self.fetch())
            completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(900))))
        }
    }

    /// The reading's text, or what went wrong.
    static func fetch() async -> String {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["READING_URL"].flatMap(URL.init(string:)) else { return "no url" }
        do {
            let data: Data
            if let timeout = environment["READING_TIMEOUT"].flatMap(TimeInterval.init) {
                // Set as a property: swift-corelibs-foundation ignores the timeoutInterval
                // given to URLRequest's initialiser (Docs/Widgets.md, "Networked providers").
                var request = URLRequest(url: url)
                request.timeoutInterval = timeout
                (data, _) = try await URLSession.shared.data(for: request)
            } else {
                (data, _) = try await URLSession.shared.data(from: url)
            }
            return "\(try JSONDecoder().decode(Reading.self, from: data).temperature)°"
        } catch let error as URLError {
            switch error.code {
            case .timedOut: return "timed out"
            case .cannotConnectToHost: return "refused"
            case .serverCertificateUntrusted, .secureConnectionFailed: return "untrusted"
            default: return "error \(error.code.rawValue)"
            }
        } catch {
            return "bad data"
        }
    }
}

struct ReadingView: View {
    let entry: ReadingEntry

    var body: some View {
        Text(entry.text)
            .font(.system(size: 10))
    }
}

struct ReadingWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "reading", provider: ReadingProvider()) { entry in
            ReadingView(entry: entry)
        }
        .configurationDisplayName("Reading")
        .supportedFamilies([.accessoryRectangular])
    }
}

@main
struct ReadingBundle: WidgetBundle {
    var body: some Widget {
        ReadingWidget()
    }
}
