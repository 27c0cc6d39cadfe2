/// A coordinate space for `GeometryProxy.frame(in:)`, as SwiftUI's `CoordinateSpace`.
public enum CoordinateSpace: Hashable {
    /// The widget's whole slot.
    case global
    /// The reader's own bounds.
    case local
    /// A space named with `coordinateSpace(name:)`; Glance treats it as `.global`.
    case named(AnyHashable)
}

// Names are immutable hashable values (strings in practice) and Glance never reads them.
extension CoordinateSpace: @unchecked Sendable {}
