import Foundation
import Testing
@testable import GlanceUI

/// Issue 14: toggles with a binding and styles reading `configuration.$isOn`, as iOS code writes them.
@Suite struct ToggleBindingTests {
    private struct CheckboxStyle: ToggleStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack(spacing: 3) {
                Image(systemName: configuration.isOn ? "checkmark.square.fill" : "square")
                configuration.label
                Toggle(isOn: configuration.$isOn) { EmptyView() }.hidden()
            }
        }
    }

    private struct Settings: View {
        @State private var wifi = true
        @State private var lights = false

        var body: some View {
            VStack(alignment: .leading, spacing: 2) {
                Toggle("Wi-Fi", isOn: $wifi)
                Toggle("Lights", systemImage: "lightbulb", isOn: $lights)
            }
        }
    }

    @Test func aBindingToggleDrawsItsValue() {
        let on = ascii(Toggle(isOn: .constant(true)) { Text("A") }, width: 60, height: 14)
        let off = ascii(Toggle(isOn: .constant(false)) { Text("A") }, width: 60, height: 14)
        #expect(on != off, "on and off look different")
        #expect(ascii(Toggle("A", isOn: .constant(true)), width: 60, height: 14) == on, "the title form is the label form")
        let title: String = "A"
        #expect(ascii(Toggle(title, isOn: .constant(true)), width: 60, height: 14) == on)
        #expect(ascii(Settings(), width: 80, height: 30).contains("#"))
    }

    @Test func aStyleReadsAndPassesOnTheBinding() {
        let on = ascii(Toggle("Tea", isOn: .constant(true)).toggleStyle(CheckboxStyle()), width: 60, height: 14)
        let off = ascii(Toggle("Tea", isOn: .constant(false)).toggleStyle(CheckboxStyle()), width: 60, height: 14)
        #expect(on != off)
        // Writing the configuration's binding writes the toggle's.
        let box = Box(false)
        let binding = Binding(get: { box.value }, set: { box.value = $0 })
        let configuration = ToggleStyleConfiguration(label: .init(content: ErasedContent(Text("x"))), isOn: binding)
        configuration.isOn.toggle()
        #expect(box.value)
        configuration.$isOn.wrappedValue = false
        #expect(!box.value)
    }
}

private final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
