import Foundation

/// The size family a live activity is drawn in, as WidgetKit's `ActivityFamily`.
public enum ActivityFamily: Sendable, Hashable, CaseIterable {
    /// The watch Smart Stack's size.
    case small
    /// The iPhone and iPad Lock Screen's size, every live activity's own.
    case medium
}

private struct ActivityFamilyKey: EnvironmentKey { static let defaultValue = ActivityFamily.medium }

extension EnvironmentValues {
    /// The size family of the live activity being drawn: `.small` when its configuration opts
    /// into it with `supplementalActivityFamilies([.small])` (a panel slot is nearer the watch's
    /// size than the Lock Screen's), else `.medium`.
    public var activityFamily: ActivityFamily {
        get { self[ActivityFamilyKey.self] }
        set { self[ActivityFamilyKey.self] = newValue }
    }
}

extension WidgetConfiguration {
    /// The families a live activity supports besides `.medium`; with `.small` its views are
    /// drawn with `\.activityFamily == .small` (see `EnvironmentValues.activityFamily`).
    /// No effect on a widget that is not a live activity.
    public func supplementalActivityFamilies(_ families: [ActivityFamily]) -> some WidgetConfiguration {
        modified { descriptor in
            guard case .activity(var engine) = descriptor.engine else { return }
            engine.supplementalFamilies = families
            descriptor.engine = .activity(engine)
        }
    }
}
