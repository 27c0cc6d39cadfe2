import Foundation

/// A button look that keeps the standard activation, as SwiftUI's `ButtonStyle`: your
/// `makeBody(configuration:)` draws the label; the button stays one focusable region.
public protocol ButtonStyle {
    /// The view a style makes.
    associatedtype Body: View
    /// The properties of the button being styled.
    typealias Configuration = ButtonStyleConfiguration
    /// Creates the view drawing a button with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a button style draws.
public struct ButtonStyleConfiguration {
    /// A type-erased button label.
    public struct Label: View, PrimitiveView {
        let content: ErasedContent
        public var body: Never { neverBody() }
        func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { content.make(environment) }
    }

    /// The button's role, if any.
    public let role: ButtonRole?
    /// The button's label.
    public let label: Label
    /// Whether the button is being pressed; always false on a panel, which draws between presses.
    public let isPressed: Bool
}

/// What a button means, as SwiftUI's `ButtonRole`.
public struct ButtonRole: Equatable, Sendable {
    let name: String
    /// A button that deletes data.
    public static let destructive = ButtonRole(name: "destructive")
    /// A button that cancels an operation.
    public static let cancel = ButtonRole(name: "cancel")
}

/// A button style in the environment: a full `PrimitiveButtonStyle` or a `ButtonStyle` that
/// only draws.
enum ButtonStyleEntry: @unchecked Sendable {
    case primitive(StyleBox<PrimitiveButtonStyleConfiguration>)
    case appearance(StyleBox<ButtonStyleConfiguration>)
}

private struct ButtonStylesKey: EnvironmentKey { static let defaultValue: [ButtonStyleEntry] = [] }

extension EnvironmentValues {
    /// Button styles set above this point, innermost last.
    var buttonStyles: [ButtonStyleEntry] {
        get { self[ButtonStylesKey.self] }
        set { self[ButtonStylesKey.self] = newValue }
    }
}

extension View {
    /// Sets how buttons in this view draw, keeping their standard activation.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        let entry = ButtonStyleEntry.appearance(StyleBox { AnyView(style.makeBody(configuration: $0)) })
        return modifyEnvironment { $0.buttonStyles.append(entry) }
    }

    /// Sets how buttons in this view draw and activate: `.plain`, `.bordered`, `.borderless`,
    /// `.borderedProminent`, `.automatic` or your own `PrimitiveButtonStyle`.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        let entry = ButtonStyleEntry.primitive(StyleBox { AnyView(style.makeBody(configuration: $0)) })
        return modifyEnvironment { $0.buttonStyles.append(entry) }
    }
}
