import Foundation

extension View {
    /// Fills the view's bounds behind it with the background style (black on a panel), so
    /// what lies below it in a `ZStack` does not show through.
    public func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background(BackgroundStyle())
    }

    /// Fills the view's bounds behind it with `style`; panels have no safe area, so `edges` changes nothing.
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set) -> some View {
        background(style)
    }

    /// Fills `shape`, laid out in the view's bounds, behind the view with `style`.
    ///
    /// SwiftUI asks for an `InsettableShape`; any `Shape` is accepted here.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        wrapNode { node, environment in
            LayeredNode(node, secondary: fillNode(shape, style: style, environment: environment, evenOdd: fillStyle.isEOFilled),
                        alignment: .center, onTop: false)
        }
    }

    /// Fills `shape`, laid out in the view's bounds, behind the view with the background style.
    public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background(BackgroundStyle(), in: shape, fillStyle: fillStyle)
    }
}
