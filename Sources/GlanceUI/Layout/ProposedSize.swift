/// A size offered by a parent to a child during layout; nil on an axis means "unspecified:
/// use your ideal size", and `ProposedSize.infinity` on an axis means "as large as you like".
struct ProposedSize: Hashable, Sendable, CustomStringConvertible {
    var width: Int?
    var height: Int?

    /// A proposal that is unlimited on an axis.
    static let infinity = Int.max / 4

    static let unspecified = ProposedSize(width: nil, height: nil)
    static let zero = ProposedSize(width: 0, height: 0)
    static let unlimited = ProposedSize(width: infinity, height: infinity)

    init(width: Int?, height: Int?) {
        self.width = width.map { max(0, $0) }
        self.height = height.map { max(0, $0) }
    }

    init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// The proposal with unspecified axes replaced by `size`'s.
    func replacingUnspecified(with size: Size) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }

    /// The proposal on `axis`.
    subscript(axis: Axis) -> Int? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// The proposal shrunk by `insets` on specified axes.
    func inset(by insets: EdgeInsets) -> ProposedSize {
        ProposedSize(width: width.map { $0 - insets.horizontal }, height: height.map { $0 - insets.vertical })
    }

    var description: String {
        func text(_ value: Int?) -> String { value.map { $0 >= ProposedSize.infinity ? "∞" : "\($0)" } ?? "nil" }
        return "\(text(width))×\(text(height))"
    }
}

/// A layout direction.
public enum Axis: Sendable, Hashable, CaseIterable {
    case horizontal, vertical

    /// A set of axes.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }

    /// The other axis.
    var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension Size {
    /// The extent along `axis`.
    subscript(axis: Axis) -> Int {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// Creates a size from extents along and across `axis`.
    init(_ axis: Axis, along: Int, across: Int) {
        self = axis == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
    }
}

extension CGFloat {
    /// Rounded to whole pixels, with infinities mapped to the layout's unlimited size.
    var pixels: Int {
        if isNaN { return 0 }
        if self >= CGFloat(ProposedSize.infinity) { return ProposedSize.infinity }
        if self <= -CGFloat(ProposedSize.infinity) { return -ProposedSize.infinity }
        return Int(rounded())
    }
}
