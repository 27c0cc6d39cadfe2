import Foundation
import Glance
import Testing

/// A widget written to be a program on its own, as a WidgetKit extension with one widget is:
/// `@main struct MoonWidget: Widget { … }` (the attribute is left off here because a test
/// bundle has its own entry point).
private struct MoonWidget: Widget {
    struct Entry: TimelineEntry {
        let date: Date
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: .distantPast) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(Entry(date: .distantPast)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            completion(Timeline(entries: [Entry(date: .distantPast)], policy: .never))
        }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "moon", provider: Provider()) { _ in Image(systemName: "moon") }
    }
}

/// Issue 14: `@main` on a single `Widget`.
@Suite struct WidgetMainTests {
    @Test func aSingleWidgetHasTheEntryPointABundleHas() {
        // `@main` needs a `static func main()`; a widget gets the same one a bundle does.
        let widgetMain: () async -> Void = MoonWidget.main
        let bundleMain: () async -> Void = SingleWidgetBundle.main
        _ = (widgetMain, bundleMain)
        #expect(MoonWidget().descriptors.map(\.kind) == SingleWidgetBundle().widgetDescriptors.map(\.kind))
    }
}

private struct SingleWidgetBundle: WidgetBundle {
    var body: some Widget {
        MoonWidget()
    }
}
