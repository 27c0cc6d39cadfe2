// The kitchen timer's live activity: a countdown that ticks by itself and says when it is done.
import Glance

/// The kitchen timer in every accessory family.
///
/// The countdown is `Text(timerInterval:)` and `ProgressView(timerInterval:countsDown:)`,
/// which the renderer keeps current; the activity never updates while it runs. At zero its
/// content goes stale, and the view says "Done!" (see `KitchenTimer` for how it then leaves).
struct KitchenTimerView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.isLuminanceReduced) var isLuminanceReduced
    let context: ActivityViewContext<KitchenTimerAttributes>

    private var attributes: KitchenTimerAttributes { context.attributes }
    private var state: KitchenTimerAttributes.ContentState { context.state }
    private var interval: ClosedRange<Date> { state.interval(duration: attributes.shownDuration) }
    /// Done once the content is stale (the stale date is zero), unless paused.
    private var isDone: Bool { context.isStale && state.pausedAt == nil }

    var body: some View {
        switch family {
        case .accessoryCircular, .accessoryCorner:
            circular
                .frame(maxWidth: .infinity, maxHeight: .infinity)  // the slot's circle, not the content's
        case .accessoryInline:
            if isDone {
                Text("\(Image(systemName: "bell.fill")) \(attributes.name) done")
            } else {
                Text(Image(systemName: state.pausedAt == nil ? "timer" : "pause.fill")) + Text(verbatim: " \(attributes.name) ") + countdown
            }
        default:
            rectangular
        }
    }

    // MARK: - Families

    private var rectangular: some View {
        VStack(alignment: .leading, spacing: 3) {
            HStack(alignment: .firstTextBaseline, spacing: 4) {
                Label(attributes.name, systemImage: isDone ? "bell.fill" : "timer")
                    .font(.headline)
                    .lineLimit(1)
                    .widgetAccentable()
                    .layoutPriority(1)
                Spacer(minLength: 0)
                if state.pausedAt != nil {
                    Text("Paused")
                        .font(.caption)
                        .fixedSize()
                } else if !isDone && !isLuminanceReduced {
                    Text("\(Int(attributes.shownDuration / 60)) min")
                        .font(.caption)
                        .fixedSize()
                }
            }
            Group {
                if isDone {
                    Text("Done!")
                } else {
                    countdown
                }
            }
            // Always-on shows whole minutes ("4 min"), in a size that suits words.
            .font(isLuminanceReduced && !isDone ? .title2.bold() : .system(size: 28, weight: .bold))
            .fixedSize()
            if !isDone && !isLuminanceReduced {
                if let paused = state.pausedAt {
                    ProgressView(value: interval.upperBound.timeIntervalSince(paused), total: attributes.shownDuration)
                } else {
                    ProgressView(timerInterval: interval, countsDown: true) {
                        EmptyView()
                    } currentValueLabel: {
                        EmptyView()
                    }
                }
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }

    @ViewBuilder private var circular: some View {
        if isDone {
            VStack(spacing: 1) {
                Image(systemName: "bell.fill")
                    .font(.title3)
                Text("Done")
                    .font(.headline)
            }
        } else {
            ZStack {
                if !isLuminanceReduced {
                    if let paused = state.pausedAt {
                        ProgressView(value: interval.upperBound.timeIntervalSince(paused), total: attributes.shownDuration)
                            .progressViewStyle(.circular)
                    } else {
                        ProgressView(timerInterval: interval, countsDown: true) {
                            EmptyView()
                        } currentValueLabel: {
                            EmptyView()
                        }
                        .progressViewStyle(.circular)
                    }
                }
                VStack(spacing: 0) {
                    Image(systemName: state.pausedAt == nil ? "timer" : "pause.fill")
                        .font(.caption)
                    countdown
                        .font(.headline)
                }
            }
        }
    }

    /// "4:59", ticking by itself (frozen while paused; "5 min" in always-on).
    private var countdown: Text {
        Text(timerInterval: interval, pauseTime: state.pausedAt, countsDown: true, showsHours: false)
    }
}

/// The kitchen timer started by `StartKitchenTimerIntent`, shown over the face's first slot.
public struct KitchenTimerWidget: Widget {
    /// Creates the widget.
    public init() {}

    /// The activity configuration for `KitchenTimerAttributes`.
    public var body: some WidgetConfiguration {
        ActivityConfiguration(for: KitchenTimerAttributes.self) { context in
            KitchenTimerView(context: context)
        }
    }
}

#Preview("Kitchen timer", as: .content, using: KitchenTimerAttributes(name: "Tea", duration: 300)) {
    KitchenTimerWidget()
} contentStates: {
    KitchenTimerAttributes.ContentState(endDate: .now.addingTimeInterval(240))
    KitchenTimerAttributes.ContentState(endDate: .now.addingTimeInterval(240), pausedAt: .now)
}

#Preview("Kitchen timer", as: .dynamicIsland(.compact), using: KitchenTimerAttributes(name: "Tea", duration: 300)) {
    KitchenTimerWidget()
} contentStates: {
    KitchenTimerAttributes.ContentState(endDate: .now.addingTimeInterval(240))
}
