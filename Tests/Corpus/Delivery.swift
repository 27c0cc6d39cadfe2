// Corpus: a food delivery live activity (lock screen and Dynamic Island), as delivery apps
// show an order on its way.
import ActivityKit
import SwiftUI
import WidgetKit

struct DeliveryAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        enum Stage: String, Codable, Hashable {
            case preparing, pickedUp, nearby, delivered
        }

        var stage: Stage
        var courierName: String
        var estimatedArrival: Date
        var progress: Double
    }

    var restaurant: String
    var orderNumber: String
    var itemCount: Int
}

extension DeliveryAttributes {
    static var preview: DeliveryAttributes {
        DeliveryAttributes(restaurant: "Golden Noodle", orderNumber: "A-2048", itemCount: 3)
    }
}

extension DeliveryAttributes.ContentState {
    // Arrival times relative to the preview moment, 2026-11-21 10:42 UTC.
    static let preparing = DeliveryAttributes.ContentState(
        stage: .preparing, courierName: "Sam", estimatedArrival: Date(timeIntervalSince1970: 1_795_259_820), progress: 0.2)
    static let onTheWay = DeliveryAttributes.ContentState(
        stage: .pickedUp, courierName: "Sam", estimatedArrival: Date(timeIntervalSince1970: 1_795_258_500), progress: 0.65)
    static let delivered = DeliveryAttributes.ContentState(
        stage: .delivered, courierName: "Sam", estimatedArrival: Date(timeIntervalSince1970: 1_795_257_720), progress: 1)
}

extension DeliveryAttributes.ContentState.Stage {
    var title: String {
        switch self {
        case .preparing: "Preparing"
        case .pickedUp: "On the way"
        case .nearby: "Almost there"
        case .delivered: "Delivered"
        }
    }

    var symbolName: String {
        switch self {
        case .preparing: "fork.knife"
        case .pickedUp, .nearby: "bicycle"
        case .delivered: "checkmark.circle.fill"
        }
    }
}

struct DeliveryLockScreenView: View {
    let context: ActivityViewContext<DeliveryAttributes>

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack {
                Label(context.state.stage.title, systemImage: context.state.stage.symbolName)
                    .font(.caption.bold())
                    .lineLimit(1)
                Spacer(minLength: 0)
                if context.state.stage != .delivered {
                    Text(context.state.estimatedArrival, style: .time)
                        .font(.caption2)
                }
            }
            Text("\(context.attributes.restaurant) · \(context.attributes.itemCount) items")
                .font(.caption)
                .foregroundStyle(.secondary)
                .lineLimit(1)
            ProgressView(value: context.state.progress)
                .tint(.orange)
            Text("Order \(context.attributes.orderNumber)")
                .font(.caption2)
        }
        .activityBackgroundTint(Color.black.opacity(0.8))
        .activitySystemActionForegroundColor(.orange)
    }
}

struct DeliveryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            DeliveryLockScreenView(context: context)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Image(systemName: context.state.stage.symbolName)
                        .font(.title2)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text(context.state.estimatedArrival, style: .time)
                        .font(.headline)
                }
                DynamicIslandExpandedRegion(.center) {
                    Text(context.state.stage.title)
                        .font(.headline)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    ProgressView(value: context.state.progress)
                }
            } compactLeading: {
                Image(systemName: context.state.stage.symbolName)
            } compactTrailing: {
                if context.state.stage == .delivered {
                    Text("Done")
                } else {
                    Text(context.state.estimatedArrival, style: .timer)
                        .monospacedDigit()
                        .frame(width: 40)
                }
            } minimal: {
                Image(systemName: context.state.stage.symbolName)
                    .foregroundStyle(.orange)
            }
            .keylineTint(.orange)
        }
    }
}

#Preview("Delivery", as: .content, using: DeliveryAttributes.preview) {
    DeliveryLiveActivity()
} contentStates: {
    DeliveryAttributes.ContentState.preparing
    DeliveryAttributes.ContentState.onTheWay
    DeliveryAttributes.ContentState.delivered
}

#Preview("Compact", as: .dynamicIsland(.compact), using: DeliveryAttributes.preview) {
    DeliveryLiveActivity()
} contentStates: {
    DeliveryAttributes.ContentState.onTheWay
}

#Preview("Minimal", as: .dynamicIsland(.minimal), using: DeliveryAttributes.preview) {
    DeliveryLiveActivity()
} contentStates: {
    DeliveryAttributes.ContentState.onTheWay
}

#Preview("Expanded", as: .dynamicIsland(.expanded), using: DeliveryAttributes.preview) {
    DeliveryLiveActivity()
} contentStates: {
    DeliveryAttributes.ContentState.onTheWay
}
