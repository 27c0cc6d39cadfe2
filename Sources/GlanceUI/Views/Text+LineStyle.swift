import Foundation

extension Text {
    /// How an underline or strikethrough is drawn: a one-pixel line in a pattern and color.
    public struct LineStyle: Hashable, Sendable {
        /// The dash pattern of a text line.
        public struct Pattern: Hashable, Sendable {
            /// Lengths in pixels of alternating on and off runs, starting with on; empty is solid.
            let runs: [Int]

            /// An unbroken line.
            public static let solid = Pattern(runs: [])
            /// Dots: one pixel on, one off.
            public static let dot = Pattern(runs: [1, 1])
            /// Dashes: three on, two off.
            public static let dash = Pattern(runs: [3, 2])
            /// A dash and a dot.
            public static let dashDot = Pattern(runs: [3, 1, 1, 1])
            /// A dash and two dots.
            public static let dashDotDot = Pattern(runs: [3, 1, 1, 1, 1, 1])

            /// Whether the pixel at `offset` from the line's start is drawn.
            func isOn(at offset: Int) -> Bool {
                guard !runs.isEmpty else { return true }
                var position = offset % runs.reduce(0, +)
                for (index, run) in runs.enumerated() {
                    if position < run { return index % 2 == 0 }
                    position -= run
                }
                return true
            }
        }

        /// The dash pattern.
        let pattern: Pattern
        /// The line's color; nil paints it like the text.
        let color: Color?

        /// A line style in `pattern` and `color` (nil: the text's paint).
        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern
            self.color = color
        }

        /// A solid line in the text's paint.
        public static let single = LineStyle()
    }
}

private struct UnderlineKey: EnvironmentKey { static let defaultValue: Text.LineStyle? = nil }
private struct StrikethroughKey: EnvironmentKey { static let defaultValue: Text.LineStyle? = nil }

extension EnvironmentValues {
    /// The underline of text in this subtree (from `View.underline`); nil for none.
    var textUnderline: Text.LineStyle? {
        get { self[UnderlineKey.self] }
        set { self[UnderlineKey.self] = newValue }
    }

    /// The strikethrough of text in this subtree (from `View.strikethrough`); nil for none.
    var textStrikethrough: Text.LineStyle? {
        get { self[StrikethroughKey.self] }
        set { self[StrikethroughKey.self] = newValue }
    }
}

extension View {
    /// Draws a line through the text in this view.
    public func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        modifyEnvironment { $0.textStrikethrough = isActive ? Text.LineStyle(pattern: pattern, color: color) : nil }
    }

    /// Underlines the text in this view.
    public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        modifyEnvironment { $0.textUnderline = isActive ? Text.LineStyle(pattern: pattern, color: color) : nil }
    }

    /// Accepted and drawn upright: the panel faces have no italics.
    public func italic(_ isActive: Bool = true) -> some View { self }
}
