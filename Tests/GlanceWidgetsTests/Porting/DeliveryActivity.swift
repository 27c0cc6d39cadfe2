import Foundation
import GlanceWidgets

// A delivery live activity with a Dynamic Island, as ActivityKit's documentation writes one.

struct ParcelAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        var minutesLeft: Int
    }

    var courier: String
}

struct DeliveryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: ParcelAttributes.self) { context in
            VStack(alignment: .leading) {
                Text(context.attributes.courier)
                Text("\(context.state.minutesLeft) min left")
            }
            .activityBackgroundTint(Color.cyan)
            .activitySystemActionForegroundColor(Color.black)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Image(systemName: "box.truck")
                }
                DynamicIslandExpandedRegion(.trailing, priority: 1) {
                    Text("\(context.state.minutesLeft) min")
                }
                DynamicIslandExpandedRegion(.center) {
                    Text(context.attributes.courier)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Text("Arriving soon")
                }
            } compactLeading: {
                Text("ETA")
            } compactTrailing: {
                Text("\(context.state.minutesLeft)m")
            } minimal: {
                Text("\(context.state.minutesLeft)")
            }
            .widgetURL(URL(string: "delivery://track"))
            .keylineTint(Color.red)
            .contentMargins(.trailing, 8, for: .expanded)
        }
    }
}

/// Public attributes are not implicitly Sendable; as with Apple's protocol, they need not be.
public struct CourierAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        public var stops: [String]
    }

    public var courier: String
}

struct CourierActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: CourierAttributes.self) { context in
            Text("\(context.attributes.courier): \(context.state.stops.count) stops")
        }
    }
}
