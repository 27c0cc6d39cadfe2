import Foundation
import Testing
@testable import GlanceUI

// Gaps found by compiling public widget code against Glance (Docs/Widgets.md, "Tried against
// real code"): written here in the same style, not copied.
private struct WeatherBadge: View {
    let temperature: String
    let phase: Int

    var body: some View {
        VStack(spacing: 0) {
            Image(systemName: "cloud.rain.fill")
                .accessibilityHidden(true)
            Text(verbatim: temperature)
                .accessibilityLabel("Temperature")
                .accessibilityValue(Text(temperature))
        }
        .offset(y: phase.isMultiple(of: 2) ? 1 : -1)
        .animation(.smooth(duration: 1.6), value: phase)
        .animation(.snappy.delay(0.2), value: phase)
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.isStaticText)
    }
}

@Suite struct RealWidgetGapTests {
    /// Found by the corpus's battery widget: a capacity ring with only a label (the device's
    /// symbol) drew an empty centre; SwiftUI shows the label there.
    @Test func capacityGaugeWithoutCurrentValueShowsItsLabelInTheCentre() {
        /// Lit pixels in the middle 16×16 of a 40×40 drawing (inside the ring).
        func centre(_ view: some View) -> Int {
            let rows = ascii(view, width: 40, height: 40).split(separator: "\n")
            return rows[12..<28].reduce(0) { $0 + $1.dropFirst(12).prefix(16).filter { $0 == "#" }.count }
        }
        #expect(centre(Gauge(value: 0.5) { Text(verbatim: "T") }.gaugeStyle(.accessoryCircularCapacity)) > 0)
        #expect(centre(Gauge(value: 0.5) { EmptyView() }.gaugeStyle(.accessoryCircularCapacity)) == 0)
    }

    @Test func accessibilityAndAnimationModifiersCompileAndDrawNothingExtra() {
        let plain = ascii(VStack(spacing: 0) { Image(systemName: "cloud.rain.fill"); Text(verbatim: "14°") }.offset(y: 1),
                          width: 40, height: 30)
        #expect(ascii(WeatherBadge(temperature: "14°", phase: 0), width: 40, height: 30) == plain)
    }
}

/// Found by the corpus's glucose widget: a `Path` drawn as a view is in its own coordinates,
/// from its frame's corner, as SwiftUI draws it; it was drawn from the panel's corner.
@Suite struct PathViewTests {
    @Test func pathViewIsDrawnInItsOwnFrame() {
        let line = Path { path in
            path.move(to: CGPoint(x: 0, y: 2))
            path.addLine(to: CGPoint(x: 9, y: 2))
        }
        let placed = ascii(VStack(spacing: 0) { Color.clear.frame(height: 10); line.stroke(lineWidth: 1).frame(width: 10, height: 5) }
            .frame(width: 20, height: 20, alignment: .topLeading), width: 20, height: 20)
        let rows = placed.split(separator: "\n", omittingEmptySubsequences: false)
        // The 10-pixel frame is centred in the 20-pixel column (x 5…14), 10 rows down.
        #expect(rows[10..<15].contains { $0.dropFirst(5).hasPrefix("#########") }, "\n\(placed)")
        #expect(rows[0..<10].allSatisfy { !$0.contains("#") }, "drawn at the panel's corner:\n\(placed)")
    }
}

/// Found by the corpus (weather, calendar, glucose, steps…): a spacer in a row took an equal
/// share from a text that would fit, so "Cupertino" drew as "Cuper…"; in SwiftUI the spacer
/// takes what the views leave.
@Suite struct SpacerShareTests {
    @Test func aSpacerDoesNotTakeRoomATextNeeds() {
        let title = Text(verbatim: "Cupertino").font(.system(size: 16, weight: .bold))
        let row = ascii(HStack { title; Spacer(); Text(verbatim: "H:18°") }.frame(width: 128, height: 20), width: 128, height: 20)
        let alone = ascii(HStack { title; Spacer() }.frame(width: 128, height: 20), width: 128, height: 20)
        // The title draws exactly as it does with the whole row to itself.
        let columns = 0..<70
        func left(_ picture: String) -> [Substring] { picture.split(separator: "\n").map { $0.prefix(columns.upperBound) } }
        #expect(left(row) == left(alone), "\n\(row)")
        // The spacer still gives way when the views need every pixel.
        let tight = ascii(HStack(spacing: 0) { Text(verbatim: "WWWWWWWWWWWWWWWWWWWW"); Spacer(minLength: 6); Text(verbatim: "x") }
            .frame(width: 60, height: 14), width: 60, height: 14)
        #expect(tight.contains("#"))
    }
}
