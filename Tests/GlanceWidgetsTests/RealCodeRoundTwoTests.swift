import Foundation
import GlanceTesting
import Testing
@testable import GlanceWidgets

// APIs that public widget code used and Glance lacked (issue 34), written in that code's
// style, not copied from it.

struct TideAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var metres: Int
    }

    var harbour: String
}

/// Shows the activity family its views are drawn in.
private struct TideView: View {
    @Environment(\.activityFamily) private var family
    let context: ActivityViewContext<TideAttributes>

    var body: some View {
        Text(verbatim: "\(context.attributes.harbour) \(context.state.metres) \(family == .small ? "S" : "M")")
    }
}

/// A helper that builds expanded regions outside `DynamicIsland`'s own closure.
@DynamicIslandExpandedContentBuilder
private func tideRegions(_ context: ActivityViewContext<TideAttributes>) -> DynamicIslandExpandedContent<some View> {
    DynamicIslandExpandedRegion(.leading) { Text(verbatim: context.attributes.harbour) }
    DynamicIslandExpandedRegion(.bottom) {
        Text(verbatim: "\(context.state.metres) m").dynamicIsland(verticalPlacement: .belowIfTooWide)
    }
}

struct TideLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: TideAttributes.self) { context in
            TideView(context: context)
        } dynamicIsland: { context in
            DynamicIsland {
                tideRegions(context)
            } compactLeading: {
                Text(verbatim: "T")
            } compactTrailing: {
                Text(verbatim: "\(context.state.metres)")
            } minimal: {
                Text(verbatim: "\(context.state.metres)")
            }
        }
    }
}

struct SmallTideLiveActivity: Widget {
    var body: some WidgetConfiguration {
        TideLiveActivity().body.supplementalActivityFamilies([.small])
    }
}

/// An intent that replaced a SiriKit intent.
private struct OpenHarbourIntent: AppIntent, CustomIntentMigratedAppIntent {
    static let intentClassName = "OpenHarbourIntent"
    static let title: LocalizedStringResource = "Open harbour"
    func perform() async throws -> some IntentResult { .result() }
}

/// A play button's intent.
private struct PlayTideSoundIntent: AudioPlaybackIntent {
    static let title: LocalizedStringResource = "Play"
    func perform() async throws -> some IntentResult { .result() }
}

/// What Xcode generates from an `.intentdefinition` object type.
private final class Harbour: INObject {}

@Suite struct RealCodeRoundTwoTests {
    private func snapshot(metres: Int) -> ActivitySnapshot {
        ActivitySnapshot(id: "t1", attributesType: String(reflecting: TideAttributes.self), attributes: TideAttributes(harbour: "Brest"),
                         content: ActivityContent(state: TideAttributes.ContentState(metres: metres), staleDate: nil),
                         staleDate: nil, relevanceScore: 0, sequence: 0)
    }

    private func engine<W: Widget>(_ widget: W) throws -> ActivityEngine {
        guard case .activity(let engine) = try #require(widget.descriptors.first).engine else {
            Issue.record("not an activity configuration")
            throw CancellationError()
        }
        return engine
    }

    private func render(_ view: some View, _ width: Int, _ height: Int) -> Bitmap {
        ViewRenderer.render(view, size: Size(width: width, height: height), at: t0).bitmap
    }

    @Test func activityViewsAreMediumUnlessTheConfigurationOptsIntoSmall() throws {
        #expect(EnvironmentValues().activityFamily == .medium)
        let medium = try engine(TideLiveActivity()).view(for: .accessoryRectangular, snapshot(metres: 4), isStale: false)
        #expect(render(medium, 80, 10) == render(Text(verbatim: "Brest 4 M"), 80, 10))
        let small = try engine(SmallTideLiveActivity()).view(for: .accessoryRectangular, snapshot(metres: 4), isStale: false)
        #expect(render(small, 80, 10) == render(Text(verbatim: "Brest 4 S"), 80, 10))
    }

    @Test func supplementalFamiliesLeaveOtherWidgetsAlone() throws {
        let script = Script(clock: ManualClock(now: t0)) { _, _ in .silence }
        let clock = StaticConfiguration(kind: "Clock", provider: ScriptProvider(script: script)) { ValueView(entry: $0) }
            .supplementalActivityFamilies([.small])
        let descriptor = try #require(resolveDescriptor(clock))
        #expect(descriptor.kind == "Clock")
        #expect(descriptor.timeline != nil)
    }

    @Test func expandedRegionsFromAHelperAreAccepted() {
        let context = ActivityViewContext(attributes: TideAttributes(harbour: "Brest"), state: .init(metres: 4), isStale: false, activityID: "t1")
        let content = DynamicIslandExpandedContentBuilder.buildExpression(tideRegions(context))
        #expect(content.positions == [.leading, .bottom])
        #expect(DynamicIslandExpandedRegionVerticalPlacement.belowIfTooWide != .default)
    }

    @Test func previewContextDrawsTheActivityOfTheProgramsWidget() {
        let attributes = TideAttributes(harbour: "Brest")
        let state = TideAttributes.ContentState(metres: 6)
        #expect(render(attributes.previewContext(state, viewKind: .content), 80, 10) == render(Text(verbatim: "Brest 6 M"), 80, 10))
        #expect(render(attributes.previewContext(state, viewKind: .dynamicIsland(.minimal)), 24, 10) == render(Text(verbatim: "6"), 24, 10))
    }

    @Test func migratedAndAudioPlaybackIntentsAreAppIntents() async throws {
        #expect(OpenHarbourIntent.intentClassName == "OpenHarbourIntent")
        let migrated: any AppIntent = OpenHarbourIntent()
        let playback: any SystemIntent = PlayTideSoundIntent()
        _ = try await migrated.perform()
        _ = try await playback.perform()
    }

    @Test func intentObjectsKeepTheirIdentifierAndDisplayString() {
        let harbour = Harbour(identifier: "brest", display: "Brest", subtitle: "Finistère")
        #expect(harbour.identifier == "brest")
        #expect(harbour.displayString == "Brest")
        #expect(harbour.subtitleString == "Finistère")
        #expect(Harbour(identifier: nil, display: "Anywhere").identifier == nil)
    }

    @Test func widgetsAreDrawnWithThePanelAndTheBoardsName() async throws {
        var settings = testSettings()
        settings.deviceName = "adafruit-oled-bonnet"
        let (runtime, _) = try makeRuntime([valueWidget("A", Script(clock: ManualClock(now: t0)) { _, _ in .silence })], face: column(["A"], height: 64), settings: settings,
                                           clock: ManualClock(now: t0))
        let panel = await runtime.baseEnvironment(for: .accessoryRectangular).panel
        #expect(panel == PanelDescription(size: CGSize(width: 128, height: 64), name: "adafruit-oled-bonnet"))
    }
}
