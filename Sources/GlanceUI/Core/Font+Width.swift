extension Font {
    /// How wide a font's letters are set, as SwiftUI's `Font.Width`.
    ///
    /// Glance's bitmap faces come in one width, so widths are accepted and text keeps it.
    public struct Width: Hashable, Sendable {
        /// The width, negative for narrower than standard.
        public var value: CGFloat
        /// A width of `value`.
        public init(_ value: CGFloat) { self.value = value }
        /// The narrowest width.
        public static let compressed = Width(-0.3)
        /// Narrower than standard.
        public static let condensed = Width(-0.2)
        /// The standard width.
        public static let standard = Width(0)
        /// Wider than standard.
        public static let expanded = Width(0.2)
    }

    /// This font at `width`; the bitmap faces keep their one width.
    public func width(_ width: Font.Width) -> Font { self }
}

extension View {
    /// Sets the width of text in this view; accepted, the bitmap faces keep their one width.
    public func fontWidth(_ width: Font.Width?) -> some View {
        modifyEnvironment { _ in }
    }
}

extension Text {
    /// Sets the width of this text; accepted, the bitmap faces keep their one width.
    public func fontWidth(_ width: Font.Width?) -> Text { self }
}
