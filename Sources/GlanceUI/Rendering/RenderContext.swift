import Foundation

/// A view that can be activated: a `Button`, `Toggle` or `Link`, with where it was drawn.
public struct InteractiveRegion: Sendable, Hashable {
    /// What activating the region does.
    public enum Action: Sendable, Hashable {
        /// Runs the intent with this identifier (see `IntentReference`).
        case intent(IntentReference)
        /// Runs a closure registered under this identifier for this render.
        case action(Int)
        /// Opens a URL through the configured handler.
        case url(URL)
    }

    /// Where the view was placed, in the rendered bitmap's coordinates.
    public var frame: Rect
    /// What activating it does.
    public var action: Action
    /// A toggle's displayed state; nil for buttons and links.
    public var isOn: Bool?
    /// A short description for logs and the control socket.
    public var label: String
}

/// A type-erased reference to an intent value, created by `Button(intent:)` and
/// `Toggle(isOn:intent:)`; the widget runtime runs it.
public struct IntentReference: @unchecked Sendable, Hashable {
    /// The intent's type name, which configuration files and logs use.
    public let typeName: String
    /// The intent value itself (an `AppIntent`, which is Sendable).
    public let value: any Sendable
    private let identity: String

    /// Wraps an intent value; two references are equal when their type names and
    /// descriptions are equal.
    public init(_ value: any Sendable) {
        self.value = value
        self.typeName = Self.name(of: type(of: value))
        self.identity = String(reflecting: value)
    }

    /// The name of `type` as `String(describing:)` writes it ("ToggleLampIntent"), without
    /// its cost: `String(describing:)` first asks whether a metatype conforms to three
    /// printing protocols, and each failed lookup scans every conformance in the program
    /// (about 80 000 instructions a call; a toggle's view makes one every render).
    public static func name(of type: Any.Type) -> String {
        _typeName(type, qualified: false)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity == rhs.identity }
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}

/// State carried through drawing: the target bitmap, the render date, and what views
/// report back (interactive regions, URLs, when live content next changes).
struct RenderContext {
    var bitmap: Bitmap
    /// The moment being drawn; live text is evaluated at it.
    let date: Date
    var interactiveRegions: [InteractiveRegion] = []
    var widgetURLs: [URL] = []
    var actions: [@Sendable () -> Void] = []
    /// The earliest moment after `date` at which some live content draws differently.
    private(set) var nextChange: Date?

    init(bitmap: Bitmap, date: Date) {
        self.bitmap = bitmap
        self.date = date
    }

    /// Records that something drawn now looks different from `date` on.
    mutating func noteChange(at date: Date) {
        guard date > self.date else { return }
        nextChange = min(nextChange ?? date, date)
    }

    /// Draws into a copy of the current bitmap, then blends the copy back through `mask`
    /// (same size as the bitmap; 255 takes the layer, 0 keeps the original). Opacity groups,
    /// masks and clip shapes are built on this.
    mutating func drawLayer(mask: Bitmap, _ body: (inout RenderContext) -> Void) {
        var layer = RenderContext(bitmap: bitmap, date: date)
        layer.interactiveRegions = interactiveRegions
        layer.widgetURLs = widgetURLs
        layer.actions = actions
        layer.nextChange = nextChange
        body(&layer)
        interactiveRegions = layer.interactiveRegions
        widgetURLs = layer.widgetURLs
        actions = layer.actions
        nextChange = layer.nextChange
        let original = bitmap
        bitmap = layer.bitmap
        bitmap.show(through: mask, over: original)
    }
}
