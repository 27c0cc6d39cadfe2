import Foundation

/// How a label shows its title and icon, as SwiftUI's `LabelStyle`: `.titleOnly`,
/// `.iconOnly`, `.titleAndIcon`, `.automatic`, or your own `makeBody(configuration:)`.
public protocol LabelStyle {
    /// The view a style makes.
    associatedtype Body: View
    /// The properties of the label being styled.
    typealias Configuration = LabelStyleConfiguration
    /// Creates the view drawing a label with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a label style draws: the label's title and icon as type-erased views.
public struct LabelStyleConfiguration {
    /// A type-erased label title: one view, so several views in a title stack vertically.
    public struct Title: View, PrimitiveView {
        let content: ErasedContent
        public var body: Never { neverBody() }
        func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { content.makeUnary(environment) }
    }

    /// A type-erased label icon: one view, so several views in an icon stack vertically.
    public struct Icon: View, PrimitiveView {
        let content: ErasedContent
        public var body: Never { neverBody() }
        func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { content.makeUnary(environment) }
    }

    /// The label's title.
    public var title: Title
    /// The label's icon.
    public var icon: Icon
}

/// Shows the icon, then the title.
public struct TitleAndIconLabelStyle: LabelStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack(alignment: .center, spacing: 3) {
            configuration.icon
            configuration.title
        }
    }
}

/// Shows only the title.
public struct TitleOnlyLabelStyle: LabelStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

/// Shows only the icon.
public struct IconOnlyLabelStyle: LabelStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

/// The context's default: the icon, then the title.
public struct DefaultLabelStyle: LabelStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { TitleAndIconLabelStyle().makeBody(configuration: configuration) }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// The icon, then the title.
    public static var titleAndIcon: Self { .init() }
}
extension LabelStyle where Self == TitleOnlyLabelStyle {
    /// Only the title.
    public static var titleOnly: Self { .init() }
}
extension LabelStyle where Self == IconOnlyLabelStyle {
    /// Only the icon.
    public static var iconOnly: Self { .init() }
}
extension LabelStyle where Self == DefaultLabelStyle {
    /// The default style.
    public static var automatic: Self { .init() }
}

private struct LabelStylesKey: EnvironmentKey { static let defaultValue: [StyleBox<LabelStyleConfiguration>] = [] }

extension EnvironmentValues {
    /// Label styles set above this point, innermost last.
    var labelStyles: [StyleBox<LabelStyleConfiguration>] {
        get { self[LabelStylesKey.self] }
        set { self[LabelStylesKey.self] = newValue }
    }
}

extension View {
    /// Sets how labels in this view show their title and icon: a built-in style or your own `LabelStyle`.
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        pushStyle(\.labelStyles, StyleBox { AnyView(style.makeBody(configuration: $0)) })
    }
}
