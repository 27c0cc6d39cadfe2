import Foundation
import Testing
@testable import GlanceWidgets

// Interactive widget code as Apple's sample writes it: intent buttons with `.buttonStyle(.plain)`,
// a custom toggle style, and a container background in a shape style.

private struct ChecklistToggleStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 3) {
            Image(systemName: configuration.isOn ? "checkmark.circle.fill" : "circle")
            configuration.label
        }
    }
}

private struct ChecklistView: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Toggle(isOn: true, intent: TapIntent(tag: "milk")) { Text("Milk") }
            Toggle(isOn: false, intent: TapIntent(tag: "eggs")) { Text("Eggs") }
            Button(intent: TapIntent(tag: "more")) {
                Label("More", systemImage: "plus.circle")
            }
            .buttonStyle(.plain)
        }
        .toggleStyle(ChecklistToggleStyle())
        .font(.caption)
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

@Suite struct StyledControlsTests {
    @Test func styledIntentControlsKeepTheirRegions() {
        var environment = EnvironmentValues()
        environment.widgetFamily = .accessoryRectangular
        let result = ViewRenderer.render(ChecklistView(), size: Size(width: 128, height: 64), environment: environment,
                                         at: Date(timeIntervalSince1970: 0))
        #expect(result.interactiveRegions.count == 3)
        #expect(result.interactiveRegions.map(\.isOn) == [true, false, nil])
        let intents = result.interactiveRegions.compactMap { region -> String? in
            if case .intent(let reference) = region.action { return (reference.value as? TapIntent)?.tag }
            return nil
        }
        #expect(intents == ["milk", "eggs", "more"])
        // The custom style draws a filled check for the toggle that is on and a ring for the one that is off.
        let on = result.interactiveRegions[0].frame, off = result.interactiveRegions[1].frame
        let litOn = (on.minY..<on.maxY).reduce(0) { sum, y in sum + (on.minX..<on.minX + 12).filter { result.bitmap[$0, y] > 0 }.count }
        let litOff = (off.minY..<off.maxY).reduce(0) { sum, y in sum + (off.minX..<off.minX + 12).filter { result.bitmap[$0, y] > 0 }.count }
        #expect(litOn > litOff)
    }
}
