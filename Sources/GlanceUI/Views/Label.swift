/// A title with an icon, as SwiftUI's `Label`.
public struct Label<Title: View, Icon: View>: View, PrimitiveView {
    let title: Title
    let icon: Icon

    /// Creates a label from a title view and an icon view.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        switch environment.labelStyle {
        case .titleOnly:
            return GlanceUI.makeNodes(title, in: environment)
        case .iconOnly:
            return GlanceUI.makeNodes(icon, in: environment)
        case .titleAndIcon, .automatic:
            let row = HStack(alignment: .center, spacing: 3) {
                icon
                title
            }
            return GlanceUI.makeNodes(row, in: environment)
        }
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

/// How labels show their parts.
public struct LabelStyleKind: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case automatic, titleOnly, iconOnly, titleAndIcon }
    let kind: Kind
}

/// A label style, as SwiftUI's `LabelStyle`: `.titleOnly`, `.iconOnly`, `.titleAndIcon`, `.automatic`.
public protocol LabelStyle: Sendable {
    /// The style's kind (Glance has only the built-in label styles).
    var kind: LabelStyleKind { get }
}

/// Shows the title and the icon.
public struct TitleAndIconLabelStyle: LabelStyle { public var kind: LabelStyleKind { .init(kind: .titleAndIcon) } }
/// Shows only the title.
public struct TitleOnlyLabelStyle: LabelStyle { public var kind: LabelStyleKind { .init(kind: .titleOnly) } }
/// Shows only the icon.
public struct IconOnlyLabelStyle: LabelStyle { public var kind: LabelStyleKind { .init(kind: .iconOnly) } }
/// The context's default: title and icon.
public struct DefaultLabelStyle: LabelStyle { public var kind: LabelStyleKind { .init(kind: .automatic) } }

extension LabelStyle where Self == TitleAndIconLabelStyle { public static var titleAndIcon: Self { .init() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: Self { .init() } }
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: Self { .init() } }
extension LabelStyle where Self == DefaultLabelStyle { public static var automatic: Self { .init() } }

private struct LabelStyleKey: EnvironmentKey { static let defaultValue = LabelStyleKind.Kind.automatic }

extension EnvironmentValues {
    var labelStyle: LabelStyleKind.Kind {
        get { self[LabelStyleKey.self] }
        set { self[LabelStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets how labels in this view show their title and icon.
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        modifyEnvironment { $0.labelStyle = style.kind.kind }
    }
}
