/// The size of a view and its alignment guides, passed to `alignmentGuide` closures.
public struct ViewDimensions: Sendable {
    /// The view's width in pixels.
    public let width: CGFloat
    /// The view's height in pixels.
    public let height: CGFloat
    let node: LayoutNode.Snapshot

    /// The view's value for a horizontal guide.
    public subscript(guide: HorizontalAlignment) -> CGFloat { CGFloat(node.value(guide)) }
    /// The view's value for a vertical guide.
    public subscript(guide: VerticalAlignment) -> CGFloat { CGFloat(node.value(guide)) }
}

/// Computes the default value of a custom alignment guide, as in SwiftUI.
public protocol AlignmentID {
    /// The guide's value for a view of `context`'s size when the view sets none.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// A horizontal alignment guide: leading, center, trailing or a custom `AlignmentID`.
public struct HorizontalAlignment: Hashable, Sendable {
    let key: ObjectIdentifier
    let defaultValue: @Sendable (ViewDimensions) -> CGFloat

    /// Creates a guide whose default comes from `id`.
    public init(_ id: any AlignmentID.Type) {
        key = ObjectIdentifier(id)
        // Alignment IDs are stateless types; their metatype is safe to share.
        nonisolated(unsafe) let id = id
        defaultValue = { id.defaultValue(in: $0) }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    private enum Leading: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
    private enum Center: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { (d.width / 2).rounded(.down) } }
    private enum Trailing: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width } }

    /// The left edge.
    public static let leading = HorizontalAlignment(Leading.self)
    /// The middle.
    public static let center = HorizontalAlignment(Center.self)
    /// The right edge.
    public static let trailing = HorizontalAlignment(Trailing.self)
}

/// A vertical alignment guide: top, center, bottom, text baselines or a custom `AlignmentID`.
public struct VerticalAlignment: Hashable, Sendable {
    let key: ObjectIdentifier
    let defaultValue: @Sendable (ViewDimensions) -> CGFloat

    /// Creates a guide whose default comes from `id`.
    public init(_ id: any AlignmentID.Type) {
        key = ObjectIdentifier(id)
        // Alignment IDs are stateless types; their metatype is safe to share.
        nonisolated(unsafe) let id = id
        defaultValue = { id.defaultValue(in: $0) }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    private enum Top: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
    private enum Center: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { (d.height / 2).rounded(.down) } }
    private enum Bottom: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
    private enum FirstBaseline: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
    private enum LastBaseline: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }

    /// The top edge.
    public static let top = VerticalAlignment(Top.self)
    /// The middle.
    public static let center = VerticalAlignment(Center.self)
    /// The bottom edge.
    public static let bottom = VerticalAlignment(Bottom.self)
    /// The baseline of the first line of text (the bottom for views without text).
    public static let firstTextBaseline = VerticalAlignment(FirstBaseline.self)
    /// The baseline of the last line of text (the bottom for views without text).
    public static let lastTextBaseline = VerticalAlignment(LastBaseline.self)
}

/// A pair of guides used to place a view inside a frame or stack.
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    /// Creates an alignment from its two guides.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}
