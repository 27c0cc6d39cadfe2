import Foundation
import Glance
import GlanceCorpus
import GlanceCorpusSwift5
import GlanceTesting
import Testing

/// Issue 14's compatibility corpus: widgets written in the style of real lock-screen widgets,
/// with Apple's imports and `#Preview`s, compiled from the same files in Swift 6 mode
/// (`GlanceCorpus`) and Swift 5 mode (`GlanceCorpusSwift5`), drawn from their previews and
/// checked against golden images.
@MainActor
@Suite struct CorpusTests {
    /// 2026-11-21 10:42:00 UTC: every preview is drawn at this moment.
    static let moment = Date(timeIntervalSince1970: 1_795_257_720)

    /// One drawn image of a corpus preview: file, the preview's position in its file, image index.
    struct Drawn {
        let file: String
        let ordinal: Int
        let index: Int
        let label: String
        let bitmap: Bitmap

        var goldenName: String { "\(file.replacingOccurrences(of: ".swift", with: ""))-\(ordinal)-\(index)" }
    }

    /// Every image of every preview declared by `module`, in file and line order.
    static func draw(module: String) async throws -> [Drawn] {
        // Sleepers wait for the test to move the clock, so the providers' timeout never fires
        // before an async provider (an AppIntentTimelineProvider) has answered.
        let clock = ManualClock(now: moment, advancesOnSleep: false)
        let settings = PreviewSettings(time: clock, date: moment)
        var drawn = [Drawn]()
        var ordinals = [String: Int]()
        for declared in try PreviewCatalog.declared() where declared.source.hasPrefix(module + "/") {
            let file = String(declared.source.dropFirst(module.count + 1).prefix { $0 != ":" })
            let ordinal = ordinals[file, default: 0] + 1
            ordinals[file] = ordinal
            for (index, image) in try await declared.preview.images(settings).enumerated() {
                drawn.append(Drawn(file: file, ordinal: ordinal, index: index, label: image.label, bitmap: image.bitmap))
            }
        }
        return drawn
    }

    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test func corpusHasTwelveWidgetsPreviewedInEveryFamilyTheyDeclare() async throws {
        let widgets = GlanceCorpus.CorpusWidgets.all
        #expect(widgets.count >= 12, "the corpus has \(widgets.count) widgets")
        let drawn = try await Self.draw(module: "GlanceCorpus")
        for widget in widgets {
            let labels = drawn.filter { $0.file == widget.file }.map(\.label)
            for family in widget.families {
                #expect(labels.contains { $0.hasPrefix(family.rawValue) },
                        "\(widget.file) declares \(family) but no preview draws it (previews: \(labels))")
            }
        }
    }

    @Test func swift6BuildMatchesGoldenImages() async throws {
        let drawn = try await Self.draw(module: "GlanceCorpus")
        #expect(!drawn.isEmpty)
        for image in drawn {
            let path = Self.goldenFolder.appendingPathComponent(image.goldenName + ".png").path
            if let mismatch = Golden.mismatch(image.bitmap, path: path) {
                Issue.record("\(image.goldenName) (\(image.label)): \(mismatch)")
            }
        }
        // No golden is left over from a preview that no longer exists.
        let names = Set(drawn.map { $0.goldenName + ".png" })
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldenFolder.path).filter { $0.hasSuffix(".png") && !$0.contains(".actual") && !$0.contains(".diff") }
        #expect(Set(files) == names, "goldens without a preview: \(Set(files).subtracting(names).sorted()); previews without a golden: \(names.subtracting(files).sorted())")
    }

    @Test func swift5LanguageModeBuildDrawsTheSame() async throws {
        let swift6 = try await Self.draw(module: "GlanceCorpus")
        let swift5 = try await Self.draw(module: "GlanceCorpusSwift5")
        #expect(swift5.map(\.goldenName) == swift6.map(\.goldenName))
        for (five, six) in zip(swift5, swift6) where five.bitmap != six.bitmap {
            Issue.record("\(five.goldenName) differs between the Swift 5 and Swift 6 builds")
        }
    }
}
