import Foundation

/// Why the face shows what it shows, at one moment: every slot's widgets with their
/// timelines, reload policies, budgets and next reloads, the live activities and the
/// always-on state machine (the browser simulator's timeline inspector).
public struct FaceInspection: Sendable, Equatable, Encodable {
    /// The always-on state.
    public var state: String
    /// The state machine's next transition, if one is scheduled.
    public var nextTransition: Transition?
    /// The runtime's next wake-up.
    public var nextWakeUp: Date?
    public var slots: [Slot]
    public var activities: [Activity]

    public struct Transition: Sendable, Equatable, Encodable {
        public var at: Date
        public var to: String
        public var why: String
    }

    public struct Slot: Sendable, Equatable, Encodable {
        public var index: Int
        public var family: String
        /// The kind of the widget on the glass; nil while an activity has the slot.
        public var showing: String?
        /// The live activity on the glass, if one has the slot.
        public var activity: String?
        public var widgets: [Widget]
    }

    public struct Widget: Sendable, Equatable, Encodable {
        public var kind: String
        /// Whether it is the one its stack shows.
        public var visible: Bool
        public var placeholder: Bool
        public var quarantined: Bool
        public var reloading: Bool
        /// The first `entryLimit` entries of the timeline (none while the placeholder shows).
        public var entries: [Entry]
        /// Entries left out after the first `entryLimit`.
        public var moreEntries: Int
        public var policy: Policy?
        public var budget: Budget
        public var nextReload: NextReload?
        public var lastCall: Call?
        /// Provider calls made for widgets of this kind since the face started.
        public var calls: Int
    }

    public struct Entry: Sendable, Equatable, Encodable {
        public var date: Date
        public var relevance: Relevance?
        /// Whether it is the entry shown now.
        public var shown: Bool
    }

    public struct Relevance: Sendable, Equatable, Encodable {
        public var score: Float
        /// Seconds it lasts from the entry's date; 0 is until the next entry.
        public var duration: Double
    }

    public struct Policy: Sendable, Equatable, Encodable {
        /// `atEnd`, `after` or `never`.
        public var kind: String
        /// The date of `after`.
        public var date: Date?
    }

    public struct Budget: Sendable, Equatable, Encodable {
        /// Counted reloads in the last 24 hours.
        public var used: Int
        /// Reloads allowed per 24 hours; nil for unlimited.
        public var limit: Int?
    }

    public struct NextReload: Sendable, Equatable, Encodable {
        public var at: Date
        public var why: String
    }

    public struct Call: Sendable, Equatable, Encodable {
        public var at: Date
        public var milliseconds: Double
        public var error: String?
    }

    public struct Activity: Sendable, Equatable, Encodable {
        public var id: String
        /// The attributes type without its module.
        public var type: String
        /// `active`, `stale`, `ended` or `dismissed`.
        public var state: String
        public var stale: Bool
        public var staleDate: Date?
        public var dismissAt: Date?
    }

    /// Timelines longer than this are cut in the inspection (a minute-by-minute day has 1,440).
    public static let entryLimit = 48
}

extension FaceRuntime {
    /// The face as the timeline inspector shows it, at the clock's time.
    public func inspection() -> FaceInspection {
        let now = time.now
        let slots = face.slots.indices.map { slot -> FaceInspection.Slot in
            let activity = shownActivities[slot]
            let widgets = stacks[slot].members.map { index in
                widgetInspection(index, visible: activity == nil && stacks[slot].visible == index, at: now)
            }
            return FaceInspection.Slot(index: slot, family: face.slots[slot].family.rawValue,
                                       showing: activity == nil ? instances[stacks[slot].visible].kind : nil,
                                       activity: activity, widgets: widgets)
        }
        let activities = activityCenter.liveActivities(at: now).map { snapshot in
            let state = activityCenter.state(id: snapshot.id, at: now)
            return FaceInspection.Activity(id: snapshot.id, type: snapshot.attributesType.split(separator: ".").last.map(String.init) ?? snapshot.attributesType,
                                           state: "\(state)", stale: snapshot.staleDate.map { now >= $0 } ?? false,
                                           staleDate: snapshot.staleDate, dismissAt: snapshot.dismissAt)
        }
        let upcoming = machine.upcoming(after: now)
        return FaceInspection(state: "\(machine.state)",
                              nextTransition: upcoming.map { .init(at: $0.date, to: "\($0.state)", why: $0.reason) },
                              nextWakeUp: computeNextWakeUp(after: now), slots: slots, activities: activities)
    }

    private func widgetInspection(_ index: Int, visible: Bool, at now: Date) -> FaceInspection.Widget {
        let instance = instances[index]
        let shown = instance.entryIndex(at: now)
        let entries = instance.isPlaceholder ? [] : instance.entries.prefix(FaceInspection.entryLimit).enumerated().map { offset, entry in
            FaceInspection.Entry(date: entry.date, relevance: entry.relevance.map { .init(score: $0.score, duration: $0.duration) },
                                 shown: offset == shown)
        }
        let policy = instance.policy.map { policy -> FaceInspection.Policy in
            switch policy.kind {
            case .atEnd: .init(kind: "atEnd", date: nil)
            case .after(let date): .init(kind: "after", date: date)
            case .never: .init(kind: "never", date: nil)
            }
        }
        let next = scheduler.nextReload(of: index, at: now)
        let call = instance.lastCall.map { record in
            FaceInspection.Call(at: record.started, milliseconds: record.duration.timeInterval * 1000, error: record.problem)
        }
        return FaceInspection.Widget(kind: instance.kind, visible: visible, placeholder: instance.isPlaceholder,
                                     quarantined: quarantined.contains(instance.kind), reloading: scheduler.isReloading(index),
                                     entries: entries, moreEntries: instance.isPlaceholder ? 0 : max(0, instance.entries.count - FaceInspection.entryLimit),
                                     policy: policy, budget: .init(used: scheduler.budgetUsed(by: index, at: now), limit: settings.reloadBudget),
                                     nextReload: next.map { .init(at: $0.date, why: $0.reason) }, lastCall: call,
                                     calls: statistics.providerCalls[instance.kind, default: 0])
    }
}
