import Foundation

/// A panel's layout of widget slots: what the runtime draws.
public struct Face: Sendable {
    /// The panel's size in pixels.
    public var size: Size
    /// The slots, drawn in order.
    public var slots: [Slot]
    /// True for gray panels (soft edges), false for 1-bit panels.
    public var antialiased: Bool

    /// Creates a face of `size` with `slots`.
    public init(size: Size, slots: [Slot], antialiased: Bool = false) {
        self.size = size
        self.slots = slots
        self.antialiased = antialiased
    }
}

/// A place on the face: a family and a rectangle, holding one widget or a stack of them.
public struct Slot: Sendable {
    /// The family widgets here are drawn as (`\.widgetFamily`, `context.family`).
    public var family: WidgetFamily
    /// Where the slot is on the panel; its size is `context.displaySize`.
    public var rect: Rect
    /// The widgets; more than one makes a stack.
    public var widgets: [WidgetPlacement]
    /// How a stack picks the widget it shows when nobody navigates.
    public var ordering: StackOrdering
    /// Whether live activities take this slot over (if no slot says so, the first slot does).
    public var showsLiveActivities: Bool
    /// How long each widget of a stack shows before the next, for faces nobody pages; nil
    /// moves the stack only on navigation and relevance (`SmartStack`).
    public var rotation: Duration?

    /// Creates a slot.
    public init(family: WidgetFamily, rect: Rect, widgets: [WidgetPlacement], ordering: StackOrdering = .relevance,
                showsLiveActivities: Bool = false, rotation: Duration? = nil) {
        self.family = family
        self.rect = rect
        self.widgets = widgets
        self.ordering = ordering
        self.showsLiveActivities = showsLiveActivities
        self.rotation = rotation
    }
}

/// How a stack chooses what it shows between manual navigations.
public enum StackOrdering: Sendable, Hashable {
    /// The widget whose current entry is most relevant (score above zero) is promoted.
    case relevance
    /// Only `stack.next` / `stack.previous` change the widget shown.
    case pinned
}

/// A widget placed in a slot, with its configuration for an `AppIntentConfiguration`.
public struct WidgetPlacement: Sendable {
    /// The widget's kind.
    public var kind: String
    /// The configuration intent; nil uses the intent's defaults.
    public var configuration: (any WidgetConfigurationIntent)?

    /// Places the widget of `kind`, optionally configured.
    public init(_ kind: String, configuration: (any WidgetConfigurationIntent)? = nil) {
        self.kind = kind
        self.configuration = configuration
    }
}

/// Why a face cannot be run with a bundle.
public enum FaceError: Error, Equatable, CustomStringConvertible {
    /// A slot names a kind no widget of the bundle has.
    case unknownKind(String, slot: Int, known: [String])
    /// A slot's family is not among the widget's supported families.
    case unsupportedFamily(kind: String, family: WidgetFamily, slot: Int, supported: [WidgetFamily])
    /// A slot holds no widget.
    case emptySlot(Int)
    /// A slot's rectangle is not inside the panel.
    case slotOutsidePanel(slot: Int, rect: Rect, panel: Size)
    /// Two widgets of the bundle share a kind.
    case duplicateKind(String)

    /// A message naming the slot and what exists.
    public var description: String {
        switch self {
        case .unknownKind(let kind, let slot, let known):
            "slot \(slot): no widget of kind “\(kind)”; the bundle has: \(known.joined(separator: ", "))"
        case .unsupportedFamily(let kind, let family, let slot, let supported):
            "slot \(slot): widget “\(kind)” does not support \(family); it supports: \(supported.map(\.rawValue).joined(separator: ", "))"
        case .emptySlot(let slot): "slot \(slot) holds no widget"
        case .slotOutsidePanel(let slot, let rect, let panel): "slot \(slot) at \(rect) is not inside the \(panel) panel"
        case .duplicateKind(let kind): "two widgets of the bundle have the kind “\(kind)”"
        }
    }
}
