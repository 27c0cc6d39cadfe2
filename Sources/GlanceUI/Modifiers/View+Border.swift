import Foundation

extension View {
    /// Draws a border of `content` and `width` points inside this view's frame, over the view.
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }
}
