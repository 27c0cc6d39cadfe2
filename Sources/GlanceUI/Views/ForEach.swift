/// Makes one view per element of a collection or range, as in SwiftUI.
///
/// As in SwiftUI, the type itself does not require its content to be a view: it is a `View`
/// when `Content` is one, and the opt-in `Charts` module makes it chart content when `Content`
/// is chart content.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// The elements.
    public var data: Data
    /// Makes the content for one element.
    public var content: (Data.Element) -> Content
    private let id: KeyPath<Data.Element, ID>

    /// Creates content for `data`, identified by `id`, whatever kind of content it is (the
    /// `Charts` module builds its `ForEach` initialisers on this).
    package init(unconstrained data: Data, id: KeyPath<Data.Element, ID>, content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }
}

extension ForEach: View, PrimitiveView where Content: View {
    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        data.flatMap { GlanceUI.makeNodes(content($0), in: environment) }
    }
}

extension ForEach where Content: View {
    /// Creates views for `data`, identified by `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(unconstrained: data, id: id, content: content)
    }
}

extension ForEach where Content: View, Data.Element: Identifiable, ID == Data.Element.ID {
    /// Creates views for identifiable elements.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Content: View, Data == Range<Int>, ID == Int {
    /// Creates views for each integer of a constant range.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
