import Foundation
import Glance
import GlanceTesting
import Testing
@testable import GlanceExamples
@testable import GlanceHost
@testable import GlanceUI
@testable import GlanceWidgets

// Previews declared by the test module itself, as a maker's files declare them.
#Preview("Sized", traits: .sizeThatFitsLayout) {
    Text(verbatim: "Hi")
}

#Preview("Wrong entries", as: .accessoryRectangular) {
    WeatherWidget()
} timeline: {
    ClockEntry(date: t0)
}

struct Greeting_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            Text(verbatim: "A")
                .previewContext(WidgetPreviewContext(family: .accessoryCircular))
            Text(verbatim: "B")
                .previewLayout(.fixed(width: 40, height: 10))
                .previewDisplayName("bee")
        }
    }
}

/// Issue 14: `#Preview` and `PreviewProvider` compile with WidgetKit's and SwiftUI's
/// signatures, and the preview catalog finds and draws them (`glance preview --all`).
@MainActor
@Suite struct PreviewTests {
    static let settings = PreviewSettings(time: ManualClock(now: t0, advancesOnSleep: false), date: t0)

    static func declared(_ name: String, in module: String) throws -> DeclaredPreview? {
        try PreviewCatalog.declared().first { $0.name == name && $0.source.hasPrefix(module + "/") }
    }

    @Test func catalogFindsTheExamplesPreviewsInSourceOrder() throws {
        let examples = try PreviewCatalog.declared().filter { $0.source.hasPrefix("GlanceExamples/") }
        #expect(examples.map(\.name) == ["ClockWidget.swift:183", "Kitchen timer", "Kitchen timer", "Weather", "Weather"])
        #expect(examples.map { $0.source.split(separator: ":")[0] } == [
            "GlanceExamples/ClockWidget.swift", "GlanceExamples/KitchenTimerWidget.swift", "GlanceExamples/KitchenTimerWidget.swift",
            "GlanceExamples/WeatherWidget.swift", "GlanceExamples/WeatherWidget.swift",
        ])
        let providers = try PreviewCatalog.declared().filter { $0.name == "Greeting_Previews" }
        #expect(providers.count == 1)
    }

    @Test func timelinePreviewDrawsEachEntryAsTheFaceDoes() async throws {
        let weather = try #require(try PreviewCatalog.declared().first { $0.name == "Weather" })
        let images = try await weather.preview.images(Self.settings)
        #expect(images.map(\.label) == ["accessoryRectangular entry 0", "accessoryRectangular entry 1", "accessoryRectangular entry 2"])
        let entry = WeatherEntry(date: t0, content: .report(.sample, isOutdated: false))
        #expect(images[0].bitmap == render(WeatherView(entry: entry), .accessoryRectangular).bitmap)
        let missing = WeatherEntry(date: t0, content: .missing)
        #expect(images[2].bitmap == render(WeatherView(entry: missing), .accessoryRectangular).bitmap)
    }

    @Test func providerPreviewDrawsTheFirstEntriesOfItsTimeline() async throws {
        let clock = try #require(try PreviewCatalog.declared().first { $0.source.hasPrefix("GlanceExamples/ClockWidget.swift") })
        let images = try await clock.preview.images(Self.settings)
        #expect(images.count == WidgetPreview.providerEntryLimit)
        #expect(images.allSatisfy { $0.bitmap.size == Size(width: 128, height: 16) })
        // The provider's entries start at the wall clock's minute, so only their presence is checked.
        #expect(images.allSatisfy { litCount($0.bitmap) > 0 })
    }

    @Test func activityPreviewDrawsEachContentStateInTheSlotOfItsPresentation() async throws {
        let previews = try PreviewCatalog.declared().filter { $0.name == "Kitchen timer" }
        let content = try await previews[0].preview.images(Self.settings)
        #expect(content.map(\.label) == ["accessoryRectangular state 0", "accessoryRectangular state 1"])
        #expect(content[0].bitmap != content[1].bitmap)
        let compact = try await previews[1].preview.images(Self.settings)
        #expect(compact.map(\.label) == ["accessoryInline state 0"])
        #expect(compact[0].bitmap.size == Size(width: 128, height: 16))
        #expect(litCount(compact[0].bitmap) > 0)
    }

    @Test func viewPreviewsAndPreviewProvidersSplitIntoTheirViews() async throws {
        let sized = try #require(try Self.declared("Sized", in: "GlanceExamplesTests"))
        let hi = try await sized.preview.images(Self.settings)
        #expect(hi.count == 1)
        let ideal = ViewRenderer.idealSize(Text(verbatim: "Hi"), environment: EnvironmentValues(), at: t0, antialiased: false,
                                           limit: Size(width: 1024, height: 1024))
        #expect(hi[0].bitmap.size == ideal)
        #expect(ideal.width < 20 && ideal.height < 20)

        let greeting = try #require(try PreviewCatalog.declared().first { $0.name == "Greeting_Previews" })
        let images = try await greeting.preview.images(Self.settings)
        #expect(images.map(\.label) == ["accessoryCircular", "bee"])
        #expect(images.map(\.bitmap.size) == [Size(width: 64, height: 64), Size(width: 40, height: 10)])
    }

    @Test func entriesOfAnotherTypeAreAnErrorNotACrash() async throws {
        let wrong = try #require(try Self.declared("Wrong entries", in: "GlanceExamplesTests"))
        await #expect(throws: PreviewError.wrongEntryType(kind: "weather", index: 0, expected: "WeatherEntry", got: "ClockEntry")) {
            _ = try await wrong.preview.images(Self.settings)
        }
    }

    @Test func sheetFileNamesAreSafe() {
        #expect(PreviewCommand.fileName(number: 3, preview: "Weather / now", image: 1, of: 2) == "03-Weather___now-1.png")
        #expect(PreviewCommand.fileName(number: 12, preview: "ClockWidget.swift:176", image: 0, of: 1) == "12-ClockWidget_swift_176.png")
    }
}
