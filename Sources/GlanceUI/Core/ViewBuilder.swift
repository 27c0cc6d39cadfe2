/// Builds views from the statements of a closure, as SwiftUI's `@ViewBuilder` does:
/// any number of views, `if`/`else`, `switch`, `if let`, `for` loops and availability checks.
@resultBuilder
public enum ViewBuilder {
    /// An empty block.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// A block of one view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// A block of several views.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView((repeat each content))
    }

    /// Passes each statement's view through unchanged.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    /// An `if` without `else`.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    /// An `if` without `else` (newer spelling).
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

    /// The `if` branch of an `if`/`else` or a `switch` case.
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// The `else` branch of an `if`/`else` or a `switch` case.
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }

    /// A `for` loop.
    public static func buildArray<Content: View>(_ components: [Content]) -> ForEach<[Int], Int, Content> {
        ForEach(Array(components.indices), id: \.self) { components[$0] }
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}
