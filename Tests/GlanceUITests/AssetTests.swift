import Foundation
import GlanceCore
import Testing
@testable import GlanceUI

/// Collects warnings for assertions.
private final class WarningLog: Sendable {
    let messages = Locked([String]())
    var all: [String] { messages.withLock { $0 } }
    func sink() -> WarningSink { .once { message in self.messages.withLock { $0.append(message) } } }
}

@Suite struct AssetTests {
    private let plus = Bitmap(ascii: """
        .#.
        ###
        .#.
        """)!

    private func environment(_ log: WarningLog) -> EnvironmentValues {
        var environment = testEnvironment()
        environment.assetCatalog = MemoryAssetCatalog(colors: ["Brand": Color(white: 1), "Dim": Color(white: 0.2)], images: ["plus": plus])
        environment.warningSink = log.sink()
        return environment
    }

    @Test func namedImagesComeFromTheInjectedCatalog() {
        let log = WarningLog()
        #expect(ascii(Image("plus"), width: 5, height: 5, environment: environment(log)) == """
            .....
            ..#..
            .###.
            ..#..
            .....
            """)
        #expect(ascii(Image("plus", bundle: .main).resizable().frame(width: 6, height: 3), width: 6, height: 3,
                      environment: environment(log)) == """
            ..##..
            ######
            ..##..
            """)
        #expect(ascii(Image(decorative: "plus"), width: 3, height: 3, environment: environment(log)) == ".#.\n###\n.#.")
        #expect(ascii(Image("plus", label: Text("Add")), width: 3, height: 3, environment: environment(log)) == ".#.\n###\n.#.")
        #expect(log.all.isEmpty)
    }

    @Test func aMissingImageDrawsTheMissingBoxAndWarnsOnce() {
        let log = WarningLog()
        let env = environment(log)
        let expected = """
            #......#
            .#....#.
            ..#..#..
            ...##...
            ...##...
            ..#..#..
            .#....#.
            #......#
            """
        #expect(ascii(Image("nope").frame(width: 8, height: 8), width: 8, height: 8, environment: env) == expected)
        #expect(ascii(Image("nope").frame(width: 8, height: 8), width: 8, height: 8, environment: env) == expected)
        #expect(log.all == ["no image named \"nope\" in the asset catalog; drawing the missing-image box"])
    }

    @Test func namedColorsResolveInBodyAndFallBackToMidGray() {
        struct Swatches: View {
            var body: some View {
                HStack(spacing: 0) {
                    Color("Brand").frame(width: 1, height: 1)
                    Color("Dim").frame(width: 1, height: 1)
                    Color("Missing", bundle: nil).frame(width: 1, height: 1)
                    Rectangle().fill(Color("Missing")).frame(width: 1, height: 1)
                }
            }
        }
        let log = WarningLog()
        let bitmap = ViewRenderer.render(Swatches(), size: Size(width: 4, height: 1), environment: environment(log), at: referenceDate).bitmap
        #expect(bitmap.pixels == [255, 51, 128, 128])
        #expect(log.all == ["no color named \"Missing\" in the asset catalog; drawing it mid gray"])
        // Outside any body there is no catalog: the fallback, and no crash.
        #expect(Color("Brand") == Color(white: 0.5))
    }

    @Test func uiKitColorsAndImagesBridge() {
        let log = WarningLog()
        let env = environment(log)
        #expect(Color(uiColor: .white) == .white)
        #expect(Color(UIColor.systemRed) == Color(red: 1, green: 69.0 / 255, blue: 58.0 / 255))
        #expect(Color(uiColor: UIColor(red: 0, green: 0, blue: 0, alpha: 1)) == .black)
        #expect(Color(uiColor: .label) == .primary && Color(uiColor: .secondaryLabel) == .secondary)
        #expect(UIColor(white: 1, alpha: 1).withAlphaComponent(0.5) == UIColor(Color(white: 1, opacity: 0.5)))
        #expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(UIColor(dynamicProvider: { $0.userInterfaceStyle == .dark ? .white : .black }) == .white)
        #expect(ascii(Image(uiImage: UIImage(named: "plus")!), width: 3, height: 3, environment: env) == """
            .#.
            ###
            .#.
            """)
        let symbol = ascii(Image(uiImage: UIImage(systemName: "circle.fill")!), width: 16, height: 16, environment: env)
        #expect(symbol == ascii(Image(systemName: "circle.fill"), width: 16, height: 16, environment: env))
        let png = try! PNG.encode(plus)
        #expect(UIImage(data: Data(png)) != nil && UIImage(data: Data([1, 2, 3])) == nil)
        #expect(log.all.isEmpty)
    }

    @Test func uiKitFontsDrawWithTheNearestFace() {
        #expect(Font(UIFont.systemFont(ofSize: 19, weight: .semibold)) == .system(size: 19, weight: .semibold))
        #expect(Font(.boldSystemFont(ofSize: 13)).faceWeight == .bold)
        #expect(UIFont.systemFont(ofSize: 19).pointSize == 20)
        #expect(Font(.monospacedDigitSystemFont(ofSize: 12, weight: .regular)).usesMonospacedDigits)
        #expect(Font(.preferredFont(forTextStyle: .caption1)) == .system(.caption))
        #expect(UIFont(name: "Avenir-Heavy", size: 15)?.withSize(22).pointSize == 22)
        #expect(UIFont.Weight(rawValue: 0.35).fontWeight == .semibold || UIFont.Weight(rawValue: 0.35).fontWeight == .bold)
        #expect(ascii(Text("12").font(Font(UIFont.systemFont(ofSize: 12))), width: 20, height: 16)
            == ascii(Text("12").font(.system(size: 12)), width: 20, height: 16))
    }

    @Test func warningSinksCanDeduplicate() {
        let log = Locked([String]())
        let sink = WarningSink.once { message in log.withLock { $0.append(message) } }
        sink.warn("a"); sink.warn("b"); sink.warn("a")
        #expect(log.withLock { $0 } == ["a", "b"])
        WarningSink.ignore.warn("dropped")
    }
}
