import Foundation
import Testing
@testable import GlanceUI

@Suite struct ShapeStyleTests {
    private func pixels<V: View>(_ view: V, width: Int, height: Int, environment: EnvironmentValues = testEnvironment(),
                                 antialiased: Bool = false) -> [UInt8] {
        ViewRenderer.render(view, size: Size(width: width, height: height), environment: environment, at: referenceDate,
                            antialiased: antialiased).bitmap.pixels
    }

    @Test func fillHierarchyFadesTheForeground() {
        #expect(pixels(Rectangle().fill(.fill), width: 1, height: 1) == [77])
        #expect(pixels(Rectangle().fill(.fill.secondary), width: 1, height: 1) == [46])
        #expect(pixels(Rectangle().fill(.fill.tertiary), width: 1, height: 1) == [27])
        #expect(pixels(Rectangle().fill(.fill.quaternary), width: 1, height: 1) == [15])
        #expect(pixels(Rectangle().fill(.quaternary), width: 1, height: 1) == [51])
        #expect(pixels(Rectangle().fill(.quinary), width: 1, height: 1) == [31])
        // Any style has the lower levels: red at the secondary level is 60 % of red.
        let red = pixels(Rectangle().fill(Color.red), width: 1, height: 1)[0]
        #expect(pixels(Rectangle().fill(Color.red.secondary), width: 1, height: 1) == [UInt8((Double(red) * 0.6).rounded())])
        #expect(pixels(Rectangle().foregroundStyle(.tint), width: 1, height: 1) == [255])
        #expect(pixels(Rectangle().fill(Color.accentColor), width: 1, height: 1) == [255])
        #expect(pixels(Rectangle().fill(.tint.opacity(0.5)), width: 1, height: 1) == [128])
        #expect(pixels(Rectangle().fill(LinearGradient(colors: [.white, .white], startPoint: .top, endPoint: .bottom).opacity(0.5)),
                       width: 1, height: 1) == [128])
        #expect(pixels(LinearGradient(colors: [.white, .white], startPoint: .top, endPoint: .bottom).opacity(0.5), width: 1, height: 1) == [128])
    }

    @Test func materialsAreFaintForegrounds() {
        #expect(pixels(Rectangle().fill(.ultraThinMaterial), width: 1, height: 1) == [26])
        #expect(pixels(Color.clear.background(.thickMaterial), width: 1, height: 1) == [64])
        #expect(pixels(Rectangle().fill(.regularMaterial), width: 1, height: 1) == [51])
    }

    @Test func scaleEffectScalesTheDrawingNotTheLayout() {
        #expect(ascii(Rectangle().frame(width: 2, height: 2).scaleEffect(2), width: 6, height: 6) == """
            ......
            .####.
            .####.
            .####.
            .####.
            ......
            """)
        #expect(ascii(Rectangle().frame(width: 4, height: 2).scaleEffect(x: 0.5, y: 1, anchor: .leading), width: 4, height: 2) == """
            ##..
            ##..
            """)
        #expect(leafFrames(Rectangle().frame(width: 2, height: 2).scaleEffect(2), width: 6, height: 6) == [Rect(x: 2, y: 2, width: 2, height: 2)])
    }

    @Test func backgroundWithoutArgumentHidesWhatIsBelow() {
        #expect(ascii(ZStack { Color.white; Color.clear.frame(width: 2, height: 1).background() }, width: 4, height: 1) == "#..#")
        #expect(ascii(ZStack { Color.white; Color.clear.frame(width: 2, height: 1).background(.background) }, width: 4, height: 1) == "#..#")
        #expect(ascii(Color.clear.frame(width: 2, height: 1).background(.white, ignoresSafeAreaEdges: .all), width: 4, height: 1) == ".##.")
    }

    @Test func backgroundInShape() {
        #expect(ascii(Color.clear.frame(width: 7, height: 7).background(Color.white, in: Circle()), width: 7, height: 7) == """
            ..###..
            .#####.
            #######
            #######
            #######
            .#####.
            ..###..
            """)
        #expect(ascii(Color.clear.frame(width: 3, height: 1).background(.tint, in: Rectangle()), width: 3, height: 1) == "###")
    }

    @Test func gradientsAreGraysEvenOnOneBitPanels() {
        let ramp = LinearGradient(colors: [.black, .white], startPoint: .leading, endPoint: .trailing)
        #expect(pixels(ramp, width: 4, height: 1) == [32, 96, 159, 223])
        #expect(pixels(Rectangle().fill(ramp), width: 4, height: 1, antialiased: true) == [32, 96, 159, 223])
        #expect(pixels(Rectangle().foregroundStyle(ramp), width: 4, height: 1) == [32, 96, 159, 223])
        let stops = LinearGradient(stops: [.init(color: .black, location: 0), .init(color: .white, location: 0.5)], startPoint: .top, endPoint: .bottom)
        #expect(pixels(stops, width: 1, height: 4) == [64, 191, 255, 255])
        // The panel pipeline turns the grays into an ordered dither: both tones appear.
        let dithered = ViewRenderer.render(ramp, size: Size(width: 16, height: 4), environment: testEnvironment(), at: referenceDate).bitmap.monochrome()
        #expect(dithered.pixels.contains(0) && dithered.pixels.contains(255))
        func lit(_ columns: Range<Int>) -> Int { (0..<4).reduce(0) { sum, y in sum + columns.filter { dithered[$0, y] == 255 }.count } }
        #expect(lit(0..<4) < lit(12..<16))
    }

    @Test func radialAngularAndColorGradients() {
        let radial = pixels(RadialGradient(colors: [.white, .black], center: .center, startRadius: 0, endRadius: 4), width: 8, height: 8)
        #expect(radial[3 * 8 + 3] > radial[0] && radial[0] == 0)
        let angular = pixels(AngularGradient(gradient: Gradient(colors: [.black, .white]), center: .center), width: 8, height: 8)
        // From 3 o'clock clockwise: just below the centre on the right is dark, just above bright.
        #expect(angular[4 * 8 + 7] < angular[3 * 8 + 7])
        let soft = pixels(Rectangle().fill(Color.gray.gradient), width: 1, height: 8)
        #expect(soft.first! > soft.last!)
        #expect(pixels(Rectangle().fill(.linearGradient(colors: [.white, .black], startPoint: .top, endPoint: .bottom)), width: 1, height: 2) == [191, 64])
        #expect(pixels(Rectangle().fill(Gradient(colors: [.white, .black])), width: 1, height: 2) == [191, 64])
    }

    @Test func dashedStrokesThroughSwiftUIsStrokeStyle() {
        let dash: [CGFloat] = [2, 1]
        let line = Path { path in
            path.move(to: CGPoint(x: 0, y: 0.5))
            path.addLine(to: CGPoint(x: 9, y: 0.5))
        }
        #expect(ascii(line.stroke(style: StrokeStyle(lineWidth: 1, dash: dash)), width: 9, height: 1) == "##.##.##.")
        #expect(ascii(line.stroke(style: StrokeStyle(lineWidth: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 10, dash: [2, 1], dashPhase: 1)),
                      width: 9, height: 1) == "#.##.##.#")
        #expect(ascii(line.stroke(.white, style: StrokeStyle(lineWidth: 1, dash: [1])), width: 9, height: 1) == "#.#.#.#.#")
    }

    @Test func containerBackgroundAcceptsAnyStyleAndKeepsRemoval() {
        let view = Color.clear.frame(width: 2, height: 1).containerBackground(.fill.tertiary, for: .widget)
        #expect(pixels(view, width: 2, height: 1) == [0, 0])
        var shown = testEnvironment()
        shown.showsWidgetContainerBackground = true
        #expect(pixels(view, width: 2, height: 1, environment: shown) == [27, 27])
        let gradient = Color.clear.frame(width: 4, height: 1)
            .containerBackground(LinearGradient(colors: [.black, .white], startPoint: .leading, endPoint: .trailing), for: .widget)
        #expect(pixels(gradient, width: 4, height: 1, environment: shown) == [32, 96, 159, 223])
    }

    @Test func gradientTintRunsAlongGauges() {
        let tinted = Gauge(value: 1) { EmptyView() }.gaugeStyle(.accessoryLinearCapacity)
            .tint(Gradient(colors: [.gray, .white]))
        let bar = pixels(tinted, width: 40, height: 4, antialiased: true)
        // The bar's middle row: darker at the leading end than at the trailing end.
        #expect(bar[2 * 40 + 4] < bar[2 * 40 + 35])
        let plain = pixels(Gauge(value: 1) { EmptyView() }.gaugeStyle(.accessoryLinearCapacity).tint(.white), width: 40, height: 4, antialiased: true)
        #expect(plain[2 * 40 + 4] == plain[2 * 40 + 35])
        // A full capacity ring runs clockwise from 12 o'clock: dark just after the top, bright just before it.
        let ring = pixels(ProgressView(value: 1).progressViewStyle(.circular).tint(Gradient(colors: [.gray, .white])),
                          width: 40, height: 40, antialiased: true)
        #expect(ring[1 * 40 + 22] < ring[1 * 40 + 17])
    }
}
