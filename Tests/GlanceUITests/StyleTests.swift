import Foundation
import Testing
@testable import GlanceUI

/// Custom styles written the way iOS code writes them, and the built-in styles expressed through the same protocols.
@Suite struct StyleTests {
    private func render<V: View>(_ view: V, width: Int, height: Int, environment: EnvironmentValues = testEnvironment()) -> RenderResult {
        ViewRenderer.render(view, size: Size(width: width, height: height), environment: environment, at: referenceDate)
    }

    private struct BarGaugeStyle: GaugeStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack(spacing: 0) {
                Rectangle().frame(width: configuration.value * 10)
                Spacer(minLength: 0)
            }
            .frame(height: 2)
        }
    }

    @Test func customGaugeStyleDrawsItsBody() {
        #expect(ascii(Gauge(value: 5, in: 0...10) { Text("x") }.gaugeStyle(BarGaugeStyle()), width: 10, height: 2) == """
            #####.....
            #####.....
            """)
    }

    private struct LabelsGaugeStyle: GaugeStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack(spacing: 0) {
                configuration.currentValueLabel
                configuration.label
                if configuration.minimumValueLabel == nil { Text("none") }
            }
        }
    }

    @Test func gaugeConfigurationCarriesTypeErasedLabels() {
        let styled = Gauge(value: 0.5) { Text("Fuel") } currentValueLabel: { Text("50") }
            .gaugeStyle(LabelsGaugeStyle()).font(.caption)
        let plain = VStack(spacing: 0) { Text("50"); Text("Fuel"); Text("none") }.font(.caption)
        #expect(ascii(styled, width: 40, height: 40) == ascii(plain, width: 40, height: 40))
    }

    @Test func builtInGaugeStylesGoThroughTheProtocol() {
        let gauge = Gauge(value: 0.4) { Text("Fuel").font(.caption) }
        let viaProtocol = gauge.gaugeStyle(AccessoryLinearCapacityGaugeStyle())
        let viaStatic = gauge.gaugeStyle(.accessoryLinearCapacity)
        #expect(ascii(viaProtocol, width: 60, height: 20) == ascii(viaStatic, width: 60, height: 20))
        #expect(ascii(viaStatic, width: 60, height: 20) != ascii(gauge.gaugeStyle(.accessoryLinear), width: 60, height: 20))
        // watchOS spellings draw the accessory looks.
        #expect(ascii(gauge.gaugeStyle(.linear), width: 60, height: 20) == ascii(gauge.gaugeStyle(.accessoryLinear), width: 60, height: 20))
        #expect(ascii(gauge.gaugeStyle(.circular), width: 40, height: 40) == ascii(gauge.gaugeStyle(.accessoryCircular), width: 40, height: 40))
        #expect(ascii(gauge.gaugeStyle(CircularGaugeStyle(tint: Color.gray)), width: 40, height: 40)
                == ascii(gauge.gaugeStyle(.accessoryCircular).tint(Color.gray), width: 40, height: 40))
    }

    private struct PercentStyle: ProgressViewStyle {
        func makeBody(configuration: Configuration) -> some View {
            Text("\(Int((configuration.fractionCompleted ?? 0) * 100))%")
        }
    }

    private struct PaddedStyle: ProgressViewStyle {
        func makeBody(configuration: Configuration) -> some View {
            ProgressView(configuration).padding(3)
        }
    }

    @Test func customProgressViewStyleReadsTheFraction() {
        #expect(ascii(ProgressView(value: 0.3).progressViewStyle(PercentStyle()).font(.caption), width: 30, height: 14)
                == ascii(Text("30%").font(.caption), width: 30, height: 14))
    }

    @Test func progressViewFromConfigurationUsesTheNextOuterStyle() {
        let styled = ProgressView(value: 0.7).progressViewStyle(PaddedStyle()).progressViewStyle(.circular)
        let expected = ProgressView(value: 0.7).progressViewStyle(.circular).padding(3)
        #expect(ascii(styled, width: 30, height: 30) == ascii(expected, width: 30, height: 30))
    }

    private struct OutlinedButtonStyle: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
                .padding(2)
                .overlay { Rectangle().strokeBorder(lineWidth: 1) }
                .opacity(configuration.isPressed ? 0.5 : 1)
                .scaleEffect(configuration.isPressed ? 0.95 : 1)
                .shadow(radius: 2)
        }
    }

    @Test func customButtonStyleDrawsAndStaysOneRegion() {
        let result = render(Button(action: {}) { Color.white.frame(width: 2, height: 2) }.buttonStyle(OutlinedButtonStyle()), width: 6, height: 6)
        #expect(result.bitmap.ascii() == """
            ######
            #....#
            #.##.#
            #.##.#
            #....#
            ######
            """)
        #expect(result.interactiveRegions.count == 1)
        #expect(result.interactiveRegions.first?.frame == Rect(x: 0, y: 0, width: 6, height: 6))
    }

    @Test func plainAndBorderlessButtonsAreTheLabel() {
        let label = Text("Go").font(.caption)
        let bare = render(Button(action: {}) { label }, width: 30, height: 14)
        for styled in [AnyView(Button(action: {}) { label }.buttonStyle(.plain)), AnyView(Button(action: {}) { label }.buttonStyle(.borderless)),
                       AnyView(Button(action: {}) { label }.buttonStyle(.automatic))] {
            let result = render(styled, width: 30, height: 14)
            #expect(result.bitmap == bare.bitmap)
            #expect(result.interactiveRegions.map(\.frame) == bare.interactiveRegions.map(\.frame))
        }
    }

    @Test func borderedButtonsAddChromeAroundTheLabel() {
        let bordered = render(Button("Go") {}.buttonStyle(.bordered).font(.caption), width: 30, height: 18)
        let prominent = render(Button("Go") {}.buttonStyle(.borderedProminent).font(.caption), width: 30, height: 18)
        let bare = render(Button("Go") {}.font(.caption), width: 30, height: 18)
        #expect(bordered.interactiveRegions.first?.label == "Go")
        let frame = try? #require(bordered.interactiveRegions.first?.frame)
        let bareFrame = try? #require(bare.interactiveRegions.first?.frame)
        #expect(frame?.width == (bareFrame?.width ?? 0) + 8 && frame?.height == (bareFrame?.height ?? 0) + 4)
        // The outline's corners are rounded, its edges lit.
        if let frame {
            #expect(bordered.bitmap[frame.minX, frame.minY + frame.height / 2] == 255)
            #expect(bordered.bitmap[frame.minX, frame.minY] == 0)
        }
        // Prominent: a lit fill with the title cut out of it.
        let lit = prominent.bitmap.pixels.filter { $0 == 255 }.count
        #expect(lit > bordered.bitmap.pixels.filter { $0 == 255 }.count)
    }

    private struct PaddedPrimitiveStyle: PrimitiveButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            Button(configuration).padding(4)
        }
    }

    private struct InertPrimitiveStyle: PrimitiveButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
        }
    }

    @Test func primitiveStylesDecideActivation() {
        let padded = render(Button(action: {}) { Color.white.frame(width: 2, height: 2) }.buttonStyle(PaddedPrimitiveStyle()), width: 10, height: 10)
        #expect(padded.interactiveRegions.map(\.frame) == [Rect(x: 4, y: 4, width: 2, height: 2)])
        let inert = render(Button(action: {}) { Color.white.frame(width: 2, height: 2) }.buttonStyle(InertPrimitiveStyle()), width: 10, height: 10)
        #expect(inert.interactiveRegions.isEmpty)
        #expect(inert.bitmap == render(Color.white.frame(width: 2, height: 2), width: 10, height: 10).bitmap)
    }

    @Test func primitiveConfigurationTriggersTheAction() {
        final class Counter: @unchecked Sendable { var count = 0 }
        let counter = Counter()
        let configuration = PrimitiveButtonStyleConfiguration(role: .destructive, label: .init(content: ErasedContent(EmptyView())),
                                                               action: .action { counter.count += 1 })
        configuration.trigger()
        #expect(counter.count == 1)
        #expect(configuration.role == .destructive)
    }

    private struct StackedLabelStyle: LabelStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack(spacing: 1) {
                configuration.icon
                configuration.title
            }
        }
    }

    @Test func labelStyles() {
        let label = Label("Rain", systemImage: "cloud.rain.fill").font(.caption)
        #expect(ascii(label.labelStyle(.titleOnly), width: 40, height: 16) == ascii(Text("Rain").font(.caption), width: 40, height: 16))
        #expect(ascii(label.labelStyle(.iconOnly), width: 40, height: 16) == ascii(Image(systemName: "cloud.rain.fill").font(.caption), width: 40, height: 16))
        #expect(ascii(label.labelStyle(.titleAndIcon), width: 40, height: 16) == ascii(label, width: 40, height: 16))
        let stacked = VStack(spacing: 1) { Image(systemName: "cloud.rain.fill"); Text("Rain") }.font(.caption)
        #expect(ascii(label.labelStyle(StackedLabelStyle()), width: 40, height: 30) == ascii(stacked, width: 40, height: 30))
        // Label(configuration) inside a style takes the next outer style.
        struct Wrapped: LabelStyle {
            func makeBody(configuration: Configuration) -> some View { Label(configuration).padding(2) }
        }
        #expect(ascii(label.labelStyle(Wrapped()).labelStyle(.titleOnly), width: 40, height: 16)
                == ascii(Text("Rain").font(.caption).padding(2), width: 40, height: 16))
    }

    private struct WordToggleStyle: ToggleStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack(spacing: 2) {
                configuration.label
                Text(configuration.isOn ? "ON" : "OFF")
            }
        }
    }

    @Test func toggleStyles() {
        let reference = IntentReference("light")
        let toggle = Toggle(isOn: true, intentReference: reference) { Text("Lamp") }.font(.caption)
        let custom = render(toggle.toggleStyle(WordToggleStyle()), width: 60, height: 14)
        #expect(custom.bitmap == render(HStack(spacing: 2) { Text("Lamp"); Text("ON") }.font(.caption), width: 60, height: 14).bitmap)
        #expect(custom.interactiveRegions.count == 1 && custom.interactiveRegions[0].isOn == true)
        // The runtime's optimistic flip reaches custom styles too.
        var flipped = testEnvironment()
        flipped.toggleOverrides = [reference: false]
        #expect(render(toggle.toggleStyle(WordToggleStyle()), width: 60, height: 14, environment: flipped).bitmap
                == render(HStack(spacing: 2) { Text("Lamp"); Text("OFF") }.font(.caption), width: 60, height: 14).bitmap)
        // Built-ins: the switch is the default; the button look differs from it.
        #expect(render(toggle, width: 60, height: 14).bitmap == render(toggle.toggleStyle(.switch), width: 60, height: 14).bitmap)
        #expect(render(toggle.toggleStyle(.automatic), width: 60, height: 14).bitmap == render(toggle, width: 60, height: 14).bitmap)
        #expect(render(toggle.toggleStyle(.button), width: 60, height: 14).bitmap != render(toggle, width: 60, height: 14).bitmap)
    }
}
