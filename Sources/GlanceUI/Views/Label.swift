/// A title with an icon, as SwiftUI's `Label`; the label style decides which parts show.
public struct Label<Title: View, Icon: View>: View, PrimitiveView {
    let title: ErasedContent
    let icon: ErasedContent

    /// Creates a label from a title view and an icon view.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = ErasedContent(title())
        self.icon = ErasedContent(icon())
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        let configuration = LabelStyleConfiguration(title: .init(content: title), icon: .init(content: icon))
        return environment.resolveStyle(\.labelStyles, configuration: configuration) { configuration, environment in
            GlanceUI.makeNodes(DefaultLabelStyle().makeBody(configuration: configuration), in: environment)
        }
    }
}

extension Label where Title == LabelStyleConfiguration.Title, Icon == LabelStyleConfiguration.Icon {
    /// A label made from a style's configuration, drawn with the next outer style.
    public init(_ configuration: LabelStyleConfiguration) {
        title = configuration.title.content
        icon = configuration.icon.content
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label with a text title and a catalog symbol, e.g. `Label("Rain", systemImage: "cloud.rain.fill")`.
    public init(_ title: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }

    /// A label with a string title and a catalog symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }

    /// A label with a text title and a resource image.
    public init(_ title: LocalizedStringKey, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
    }
}
