import Foundation

/// The size and position of a `GeometryReader`, handed to its content.
public struct GeometryProxy: Sendable {
    /// The reader's size in pixels.
    public let size: CGSize
    /// Insets of safe areas; a panel slot has none.
    public let safeAreaInsets: EdgeInsets
    /// The reader's frame in the slot.
    let globalFrame: CGRect

    /// The reader's frame in `coordinateSpace`: its own bounds for `.local`, its place in
    /// the slot otherwise.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .local: CGRect(origin: .zero, size: size)
        case .global, .named: globalFrame
        }
    }
}
