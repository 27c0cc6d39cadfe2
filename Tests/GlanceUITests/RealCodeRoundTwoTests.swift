import Foundation
import Testing
@testable import GlanceUI

// APIs that public widget code used and Glance lacked (issue 34): written here in the same
// style as that code, not copied from it.

/// `@State` without an initial value, set in the view's own initializer.
private struct Counter: View {
    @State private var count: Int

    init(count: Int) {
        _count = State(initialValue: count)
    }

    var body: some View { Text(verbatim: "\(count)") }
}

/// `@State` without an initial value, set through the memberwise initializer.
private struct Caption: View {
    @State var title: String
    @State var subtitle: String?

    var body: some View { Text(verbatim: title + (subtitle ?? "")) }
}

/// A body that shows the device the face is drawn on.
private struct DeviceWidth: View {
    var body: some View {
        let device = WKInterfaceDevice.current()
        Text(verbatim: "\(Int(device.screenBounds.width))x\(Int(device.screenBounds.height))@\(Int(device.screenScale))")
    }
}

@Suite struct RealCodeRoundTwoTests {
    @Test func stateWithoutInitialValueIsSetByTheViewsInitializer() {
        #expect(ascii(Counter(count: 7), width: 20, height: 10) == ascii(Text(verbatim: "7"), width: 20, height: 10))
        #expect(ascii(Caption(title: "AB", subtitle: nil), width: 30, height: 10) == ascii(Text(verbatim: "AB"), width: 30, height: 10))
        #expect(ascii(Caption(title: "A", subtitle: "B"), width: 30, height: 10) == ascii(Text(verbatim: "AB"), width: 30, height: 10))
    }

    @Test func optionalStateWithoutInitialValueStartsAsNil() {
        let state = State<Int?>()
        #expect(state.wrappedValue == nil)
    }

    @Test func textWithTableBundleAndCommentDrawsItsKey() {
        let plain = ascii(Text("Summary"), width: 60, height: 10)
        #expect(ascii(Text("Summary", comment: "The widget's name"), width: 60, height: 10) == plain)
        #expect(ascii(Text("Summary", tableName: "Widget", bundle: .main, comment: "The widget's name"), width: 60, height: 10) == plain)
    }

    @Test func destinationOutCutsTheViewOutOfWhatIsBeneath() {
        let view = ZStack {
            Rectangle().frame(width: 6, height: 4)
            Rectangle().frame(width: 2, height: 2).blendMode(.destinationOut)
        }
        #expect(ascii(view, width: 6, height: 4) == """
        ######
        ##..##
        ##..##
        ######
        """)
    }

    @Test func blendModesCombineGrays() {
        #expect(BlendMode.multiply.mix(backdrop: 255, source: 0) == 0)
        #expect(BlendMode.screen.mix(backdrop: 128, source: 128) == 192)
        #expect(BlendMode.difference.mix(backdrop: 200, source: 50) == 150)
        #expect(BlendMode.darken.mix(backdrop: 90, source: 30) == 30)
        #expect(BlendMode.lighten.mix(backdrop: 90, source: 30) == 90)
        #expect(BlendMode.plusLighter.mix(backdrop: 200, source: 100) == 255)
        #expect(BlendMode.plusDarker.mix(backdrop: 200, source: 100) == 45)
        #expect(BlendMode.luminosity.mix(backdrop: 10, source: 99) == 99)
        #expect(BlendMode.hue.mix(backdrop: 10, source: 99) == 10)
        #expect(BlendMode.destinationOut.mix(backdrop: 200, source: 99) == 0)
    }

    @Test func multiplyWithBlackBlackensOnlyWhereTheViewIs() {
        let view = ZStack(alignment: .topLeading) {
            Rectangle().frame(width: 4, height: 2)
            Color.black.frame(width: 1, height: 2).blendMode(.multiply)
        }
        #expect(ascii(view.frame(width: 4, height: 2, alignment: .topLeading), width: 4, height: 2) == """
        .###
        .###
        """)
    }

    @Test func contentMarginsAndTaskChangeNothingInAWidget() {
        let plain = ascii(Text(verbatim: "42"), width: 30, height: 10)
        #expect(ascii(Text(verbatim: "42").contentMargins(.all, 8, for: .scrollContent), width: 30, height: 10) == plain)
        #expect(ascii(Text(verbatim: "42").contentMargins(4), width: 30, height: 10) == plain)
        #expect(ascii(Text(verbatim: "42").contentMargins(.horizontal, EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)),
                      width: 30, height: 10) == plain)
        #expect(ascii(Text(verbatim: "42").task {}, width: 30, height: 10) == plain)
        #expect(ascii(Text(verbatim: "42").task(id: 42, priority: .low) {}, width: 30, height: 10) == plain)
    }

    @Test func fontMetricsScaleByOneAtThePanelsFixedTextSize() {
        let metrics = UIFontMetrics(forTextStyle: .headline)
        let font = UIFont.systemFont(ofSize: 20)
        #expect(metrics.scaledValue(for: 17) == 17)
        #expect(UIFontMetrics.default.scaledValue(for: 9, compatibleWith: nil) == 9)
        #expect(metrics.scaledFont(for: font) == font)
        #expect(metrics.scaledFont(for: font, compatibleWith: nil) == font)
        #expect(metrics.scaledFont(for: font, maximumPointSize: 12) == font.withSize(12))
        #expect(metrics.scaledFont(for: font, maximumPointSize: 40) == font)
    }

    @Test func interfaceDeviceIsThePanelWhileABodyIsDrawn() {
        var environment = testEnvironment()
        environment.panel = PanelDescription(size: CGSize(width: 128, height: 64), name: "bonnet")
        environment.displayScale = 2
        #expect(ascii(DeviceWidth(), width: 80, height: 10, environment: environment)
                == ascii(Text(verbatim: "64x32@2"), width: 80, height: 10, environment: environment))
        #expect(ascii(DeviceWidth(), width: 80, height: 10) == ascii(Text(verbatim: "0x0@1"), width: 80, height: 10))
        #expect(WKInterfaceDevice.current().screenBounds == .zero)
        #expect(WKInterfaceDevice.current().systemName == "Linux")
    }

    @Test func userDefaultsKeyValueCodingSpellingsStoreAndRead() throws {
        let suite = "glance.tests.kvc.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.setValue(42, forKey: "count")
        defaults.setValue("Dash", forKey: "hero")
        #expect(defaults.value(forKey: "count") as? Int == 42)
        #expect(defaults.integer(forKey: "count") == 42)
        #expect(defaults.value(forKey: "hero") as? String == "Dash")
        defaults.setValue(nil, forKey: "hero")
        #expect(defaults.value(forKey: "hero") == nil)
        #expect(defaults.value(forKey: "never set") == nil)
    }

    @Test func sidebarRowSizeIsMediumAsOutsideMacOS() {
        #expect(EnvironmentValues().sidebarRowSize == .medium)
        var environment = EnvironmentValues()
        environment.sidebarRowSize = .large
        #expect(environment.sidebarRowSize == .large)
    }

    @Test func symbolVariantsPickTheCatalogsVariantOfASymbol() {
        func drawn(_ image: some View) -> String { ascii(image, width: 16, height: 16) }
        #expect(drawn(Image(systemName: "bell").symbolVariant(.fill)) == drawn(Image(systemName: "bell.fill")))
        #expect(drawn(Image(systemName: "bell").symbolVariant(.circle.fill)) == drawn(Image(systemName: "bell.circle.fill")))
        #expect(drawn(Image(systemName: "bell").symbolVariant(.slash.fill)) == drawn(Image(systemName: "bell.slash.fill")))
        #expect(drawn(Image(systemName: "bell").symbolVariant(.rectangle)) == drawn(Image(systemName: "bell")))
        #expect(drawn(Image(systemName: "bell").symbolVariant(.fill)) != drawn(Image(systemName: "bell")))
        let names: Set = ["flag", "flag.fill", "flag.circle"]
        #expect(SymbolVariants.circle.fill.name(for: "flag") { names.contains($0) } == "flag.circle")
        #expect(SymbolVariants.none.name(for: "flag") { names.contains($0) } == "flag")
        #expect(SymbolVariants.fill.circle.contains(.fill) && !SymbolVariants.fill.contains(.circle))
    }

    @Test func borderIsDrawnInsideTheFrame() {
        #expect(ascii(Color.clear.frame(width: 5, height: 3).border(Color.white), width: 5, height: 3) == """
        #####
        #...#
        #####
        """)
    }

    @Test func textCaseOnAViewAppliesToTheTextsInside() {
        let upper = VStack { Text(verbatim: "mg/dL"); Text(verbatim: "Low") }.textCase(.uppercase)
        #expect(ascii(upper, width: 40, height: 24) == ascii(VStack { Text(verbatim: "MG/DL"); Text(verbatim: "LOW") }, width: 40, height: 24))
        #expect(ascii(Text(verbatim: "Low").textCase(nil), width: 40, height: 12) == ascii(Text(verbatim: "Low"), width: 40, height: 12))
        #expect(EnvironmentValues().textCase == nil)
    }

    @Test func screenIsThePanelWhileABodyIsDrawn() {
        struct ScreenWidth: View {
            var body: some View { Text(verbatim: "\(Int(UIScreen.main.bounds.width))/\(Int(UIScreen.main.nativeBounds.width))") }
        }
        var environment = testEnvironment()
        environment.panel = PanelDescription(size: CGSize(width: 128, height: 64), name: "bonnet")
        environment.displayScale = 2
        #expect(ascii(ScreenWidth(), width: 60, height: 10, environment: environment)
                == ascii(Text(verbatim: "64/128"), width: 60, height: 10, environment: environment))
        #expect(UIScreen.main.bounds == .zero)
        #expect(UIScreen.main.nativeScale == 1)
    }

    @Test func colorComponentsAreReadBackOrRefusedForSemanticColors() {
        var red: CGFloat = -1, green: CGFloat = -1, blue: CGFloat = -1, alpha: CGFloat = -1
        #expect(UIColor(red: 1, green: 0.5, blue: 0, alpha: 0.25).getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        #expect(red == 1 && abs(green - 128.0 / 255) < 0.001 && blue == 0 && alpha == 0.25)
        var white: CGFloat = -1
        #expect(UIColor(white: 0.5, alpha: 1).getWhite(&white, alpha: nil))
        #expect(white == 0.5)
        #expect(UIColor.white.getRed(&red, green: nil, blue: nil, alpha: nil) && red == 1)
        red = -1
        #expect(!UIColor.label.getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        #expect(red == -1)
    }

    #if os(Linux)
    @Test func darwinQualifiedMathReachesTheCLibrary() {
        #expect(Darwin.round(2.5) == 3)
        #expect(Darwin.round(-2.5) == -3)
        #expect(Darwin.round(Float(1.5)) == 2)
        #expect(Darwin.floor(-1.5) == -2)
        #expect(Darwin.ceil(1.2) == 2)
        #expect(Darwin.pow(2, 10) == 1024)
        #expect(Darwin.sqrt(81) == 9)
        #expect(Darwin.fabs(-3) == 3)
    }

    @Test func jsonCodersAreTopLevelCoders() throws {
        func decode<D: TopLevelDecoder>(_ decoder: D, _ input: D.Input) throws -> [Int] { try decoder.decode([Int].self, from: input) }
        func encode<E: TopLevelEncoder>(_ encoder: E, _ value: [Int]) throws -> E.Output { try encoder.encode(value) }
        let data = try encode(JSONEncoder(), [1, 2, 3])
        #expect(try decode(JSONDecoder(), data) == [1, 2, 3])
    }
    #endif

}
