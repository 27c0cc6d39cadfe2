import Foundation
import GlanceUI

/// What a physical button binding asks the face to do (Docs/Contract.md, "Button bindings").
///
/// Gestures and debouncing happen before this, in the input layer; each action delivered
/// here is one click.
public enum FaceAction: Sendable, Hashable, CustomStringConvertible {
    /// Show the next widget of the active slot's stack.
    case stackNext
    /// Show the previous widget of the active slot's stack.
    case stackPrevious
    /// Move the focus ring to the next interactive view.
    case focusNext
    /// Activate the focused view (or open the widget's URL when nothing is focused).
    case focusActivate
    /// Only wake the face.
    case wake
    /// Run this intent, resolved when the binding was read.
    case intent(BoundIntent)

    /// The built-in action a configuration file's binding names, or nil for any other name.
    public init?(builtIn name: String) {
        switch name {
        case "stack.next": self = .stackNext
        case "stack.previous": self = .stackPrevious
        case "focus.next": self = .focusNext
        case "focus.activate": self = .focusActivate
        case "wake": self = .wake
        default: return nil
        }
    }

    /// The action a configuration file's binding names: a built-in action, else the intent of
    /// `intents` with that type name or title (ignoring case), resolved now so that a press
    /// looks nothing up.
    /// - Throws: `IntentRegistryError.unknownIntent` for a name that is neither.
    public init(binding: String, intents: IntentRegistry) throws(IntentRegistryError) {
        if let action = FaceAction(builtIn: binding) {
            self = action
            return
        }
        guard let type = intents.type(named: binding) else {
            throw .unknownIntent(name: binding, known: intents.known)
        }
        self = .intent(BoundIntent(type, name: binding))
    }

    /// The binding's spelling.
    public var description: String {
        switch self {
        case .stackNext: "stack.next"
        case .stackPrevious: "stack.previous"
        case .focusNext: "focus.next"
        case .focusActivate: "focus.activate"
        case .wake: "wake"
        case .intent(let intent): intent.name
        }
    }
}

/// An intent type a button binding runs, found once by the name the face file gives it; each
/// press runs a new intent of the type, its parameters at their defaults.
public struct BoundIntent: Sendable, Hashable, CustomStringConvertible {
    /// The intent's type.
    public let type: any AppIntent.Type
    /// The name the binding gave it (type name or title), for logs and `glance ctl status`.
    public let name: String

    /// Binds `type`, named `name` (the type's name when nil).
    public init(_ type: any AppIntent.Type, name: String? = nil) {
        self.type = type
        self.name = name ?? IntentReference.name(of: type)
    }

    /// The name.
    public var description: String { name }

    /// Two bound intents are equal when they run the same type, whatever name found it.
    public static func == (lhs: BoundIntent, rhs: BoundIntent) -> Bool { ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type) }

    /// Hashes the type.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type)) }
}

/// What a slot shows at the moment, for tests and `glance ctl status`.
///
/// `@unchecked Sendable` for `entry`, which need not be `Sendable` (see `AnyEntry`).
public struct SlotStatus: @unchecked Sendable {
    /// The kind of the widget shown, nil while a live activity shows.
    public let kind: String?
    /// The entry shown.
    public let entry: (any TimelineEntry)?
    /// True while the placeholder is shown.
    public let isPlaceholder: Bool
    /// True while `invalidatableContent()` views are dimmed for a pending intent.
    public let isInvalidated: Bool
    /// The live activity shown, if one took the slot.
    public let activityID: String?
    /// Whether the shown activity is past its stale date.
    public let activityIsStale: Bool
    /// The interactive views drawn, in the slot's coordinates.
    public let regions: [InteractiveRegion]
    /// The index in `regions` of the focused one.
    public let focusedRegion: Int?
}

/// What the face shows at the moment.
public struct FaceStatus: Sendable {
    /// The always-on state.
    public let state: DisplayState
    /// Each slot, in the face's order.
    public let slots: [SlotStatus]
}

/// Bookkeeping of one widget instance, for invariant checks and `glance ctl status`.
public struct InstanceStatus: Sendable {
    /// The widget's kind.
    public let kind: String
    /// The slot it is placed in.
    public let slot: Int
    /// Counted reloads in the rolling 24-hour window.
    public let budgetUsed: Int
    /// Intents targeting it whose `perform()` finished.
    public let intentsFinished: Int
    /// Intent reloads started for it.
    public let intentReloadsStarted: Int
    /// Whether a provider call is in flight.
    public let isReloading: Bool
    /// The date of every entry of its timeline.
    public let entryDates: [Date]
    /// True while the placeholder is shown.
    public let isPlaceholder: Bool
    /// True while its code does not run because it crashed the face last time.
    public let isQuarantined: Bool
}
