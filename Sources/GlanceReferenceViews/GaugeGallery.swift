// Written as Apple's WidgetKit documentation writes gauges; only the import differs.
import GlanceUI

/// A gauge in one of the four accessory styles, as a Lock Screen widget would show it.
public struct GaugeSample: View {
    public enum Style: String, CaseIterable, Sendable {
        case circular, circularCapacity, linear, linearCapacity
    }

    let style: Style
    let value = 0.62

    public init(style: Style) {
        self.style = style
    }

    public var body: some View {
        switch style {
        case .circular:
            Gauge(value: 68, in: 50...90) {
                Text("°F")
            } currentValueLabel: {
                Text("68")
            } minimumValueLabel: {
                Text("50")
            } maximumValueLabel: {
                Text("90")
            }
            .gaugeStyle(.accessoryCircular)
        case .circularCapacity:
            Gauge(value: value) {
                Image(systemName: "battery.75")
            } currentValueLabel: {
                Text("\(Int(value * 100))")
            }
            .gaugeStyle(.accessoryCircularCapacity)
        case .linear:
            Gauge(value: 68, in: 50...90) {
                Text("Temp")
            } currentValueLabel: {
                Text("68°")
            } minimumValueLabel: {
                Text("50")
            } maximumValueLabel: {
                Text("90")
            }
            .gaugeStyle(.accessoryLinear)
        case .linearCapacity:
            Gauge(value: value) {
                Text("Battery")
            } currentValueLabel: {
                Text(value, format: .percent)
            }
            .gaugeStyle(.accessoryLinearCapacity)
        }
    }
}
