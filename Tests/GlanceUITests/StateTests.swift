import Foundation
import Testing
@testable import GlanceUI

/// A model written the way iOS widget code writes one.
private final class WeatherModel: ObservableObject {
    @Published var temperature = 21
    @Published var city = "Lisbon"
    func bump() {
        objectWillChange.send()
        temperature += 1
    }
}

private enum Unit: String { case celsius = "C", fahrenheit = "F" }
private enum Tier: Int { case small = 1, large = 2 }

/// A view holding every kind of state wrapper.
private struct StatefulView: View {
    @State private var count = 3
    @State private var label: String?
    @StateObject private var model = WeatherModel()
    @AppStorage("unit", store: UserDefaults(suiteName: "group.example.weather")) private var unit = Unit.celsius
    @AppStorage("refreshes") private var refreshes = 0
    @AppStorage("size") private var size = Tier.small
    @AppStorage("note") private var note: String?

    var body: some View {
        Text("\(count) \(label ?? "-") \(model.temperature)\(unit.rawValue) \(model.city) \(refreshes) \(size.rawValue) \(note ?? "none")")
    }
}

private struct ChildView: View {
    @Binding var value: Int
    @ObservedObject var model: WeatherModel
    var body: some View { Text("\(value) \(model.city)") }
}

@Suite struct StateTests {
    private func plainText<V: View>(_ view: V, environment: EnvironmentValues = testEnvironment()) -> String {
        let root = ViewRenderer.layout(view, size: Size(width: 200, height: 20), environment: environment,
                                       at: referenceDate, antialiased: false)
        var texts = [String]()
        func walk(_ node: LayoutNode) {
            if let text = node as? TextNode { texts.append(text.plainText) }
            node.children.forEach(walk)
        }
        walk(root)
        return texts.joined(separator: "|")
    }

    @Test func stateHoldsItsInitialValueAndSeesWritesDuringOneRender() {
        let state = State(initialValue: 5)
        #expect(state.wrappedValue == 5)
        state.wrappedValue = 6
        #expect(state.wrappedValue == 6)
        let binding = state.projectedValue
        binding.wrappedValue = 9
        #expect(state.wrappedValue == 9)
        #expect(State<Int?>().wrappedValue == nil)
        // A fresh view starts again from the declared value, as a WidgetKit snapshot does.
        #expect(plainText(StatefulView()).hasPrefix("3 - 21C Lisbon 0 1 none"))
    }

    @Test func bindingsReadAndWriteThroughTheirSource() {
        let box = ValueBox(1)
        let binding = Binding(unchecked: { box.value }, set: { box.value = $0 })
        binding.wrappedValue = 4
        #expect(box.value == 4)
        #expect(Binding.constant(7).wrappedValue == 7)
        let point = State(initialValue: CGPoint(x: 1, y: 2))
        point.projectedValue.x.wrappedValue = 8
        #expect(point.wrappedValue.x == 8)
        let optional = Binding<Int?>(Binding.constant(3))
        #expect(optional.wrappedValue == 3)
        #expect(Binding(Binding<Int?>.constant(nil)) == nil)
        #expect(Binding(Binding<Int?>.constant(2))?.wrappedValue == 2)
        let sendable = Binding(get: { 10 }, set: { _ in })
        #expect(sendable.wrappedValue == 10)
    }

    @Test func observedObjectsProjectBindingsToProperties() {
        let model = WeatherModel()
        model.bump()
        let observed = ObservedObject(wrappedValue: model)
        observed.projectedValue.city.wrappedValue = "Porto"
        #expect(model.city == "Porto" && model.temperature == 22)
        #expect(plainText(ChildView(value: .constant(4), model: model)) == "4 Porto")
        var published = Published(initialValue: 1)
        published.wrappedValue = 2
        #expect(published.projectedValue.value == 2)
    }

    @Test func stateObjectsAreMadeOnceOnFirstRead() {
        var made = 0
        let object = StateObject(wrappedValue: { made += 1; return WeatherModel() }())
        #expect(made == 0)
        #expect(object.wrappedValue === object.wrappedValue)
        #expect(made == 1)
        object.projectedValue.temperature.wrappedValue = 30
        #expect(object.wrappedValue.temperature == 30)
    }

    @Test func appStorageReadsTheInjectedStoreWithDefaultsForMissingValues() {
        let store = MemoryKeyValueStore(["unit": .string("F"), "refreshes": .string("12"), "size": .int(2), "note": .string("hi")])
        var environment = testEnvironment()
        environment.keyValueStore = store
        #expect(plainText(StatefulView(), environment: environment) == "3 - 21F Lisbon 12 2 hi")
        // An unreadable value reads as the default.
        store.setValue(.string("kelvin"), forKey: "unit")
        #expect(plainText(StatefulView(), environment: environment).contains("21C"))
        // Through the modifier, too.
        #expect(plainText(StatefulView().keyValueStore(MemoryKeyValueStore(["refreshes": .int(5)]))).contains(" 5 "))
    }

    @Test func appStorageWritesGoToTheStore() {
        let store = MemoryKeyValueStore()
        var environment = EnvironmentValues()
        environment.keyValueStore = store
        EnvironmentValues.$current.withValue(environment) {
            let flag = AppStorage(wrappedValue: false, "flag")
            flag.wrappedValue = true
            let level = AppStorage<Double?>("level")
            #expect(level.wrappedValue == nil)
            level.projectedValue.wrappedValue = 0.5
            #expect(level.wrappedValue == 0.5)
        }
        #expect(store.snapshot == ["flag": .bool(true), "level": .double(0.5)])
    }

    @Test func storedValuesConvertLikeUserDefaults() {
        #expect(AppStorageValue.string("YES").boolValue == true)
        #expect(AppStorageValue.int(0).boolValue == false)
        #expect(AppStorageValue.double(3.9).intValue == 3)
        #expect(AppStorageValue.string("2.5").doubleValue == 2.5)
        #expect(AppStorageValue.string("https://example.com").urlValue == URL(string: "https://example.com"))
        #expect(AppStorageValue.double(0).dateValue == Date(timeIntervalSinceReferenceDate: 0))
        #expect(AppStorageValue.url(URL(string: "a:b")!).intValue == nil)
    }
}
