import Foundation

/// A button style that decides both look and activation, as SwiftUI's
/// `PrimitiveButtonStyle`. Every built-in button style is one.
///
/// On a panel, buttons activate through the focus ring: a custom style's body should contain
/// `Button(configuration)` so the button registers its region (calling `trigger()` from
/// gestures has nothing to react to here).
public protocol PrimitiveButtonStyle {
    /// The view a style makes.
    associatedtype Body: View
    /// The properties of the button being styled.
    typealias Configuration = PrimitiveButtonStyleConfiguration
    /// Creates the view drawing a button with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a primitive button style draws, and how it activates the button.
public struct PrimitiveButtonStyleConfiguration {
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
    let action: ButtonTrigger

    /// Runs the button's action (an intent button's intent runs only through its region).
    public func trigger() {
        if case .action(let closure) = action { closure() }
    }
}

/// The look of the built-in button styles.
enum BuiltInButtonLook: Sendable, Hashable {
    /// The label alone (`.automatic`, `.plain`, `.borderless`): widget buttons have no chrome.
    case plain
    /// The label in a one-pixel rounded outline.
    case bordered
    /// The label in the inverse tone on a filled rounded rectangle of the tint.
    case borderedProminent
}

/// The default button style: the label alone, as buttons in widgets draw.
public struct DefaultButtonStyle: PrimitiveButtonStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInButton(look: .plain, configuration: configuration) }
}

/// The label alone.
public struct PlainButtonStyle: PrimitiveButtonStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInButton(look: .plain, configuration: configuration) }
}

/// The label alone, without a border.
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInButton(look: .plain, configuration: configuration) }
}

/// The label in a rounded outline (SwiftUI fills a faint rounded rectangle; a faint fill
/// would be a dot pattern on 1-bit panels, so Glance outlines it).
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInButton(look: .bordered, configuration: configuration) }
}

/// The label drawn dark on a rounded rectangle filled with the tint.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInButton(look: .borderedProminent, configuration: configuration) }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    /// The default style.
    public static var automatic: Self { .init() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// The label alone.
    public static var plain: Self { .init() }
}
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    /// The label alone, without a border.
    public static var borderless: Self { .init() }
}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// The label in a rounded outline.
    public static var bordered: Self { .init() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// The label on a filled rounded rectangle.
    public static var borderedProminent: Self { .init() }
}

/// The body of the built-in button styles: the chrome around the label, registered as the
/// button's interactive region.
struct BuiltInButton: View, PrimitiveView {
    let look: BuiltInButtonLook
    let configuration: PrimitiveButtonStyleConfiguration

    var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        let label = configuration.label
        let child: LayoutNode
        switch look {
        case .plain:
            child = makeNode(label, in: environment)
        case .bordered:
            child = makeNode(label.padding(.horizontal, 4).padding(.vertical, 2)
                .overlay { RoundedRectangle(cornerRadius: 4).strokeBorder(.tint, lineWidth: 1) }, in: environment)
        case .borderedProminent:
            child = makeNode(label.foregroundStyle(.background).padding(.horizontal, 4).padding(.vertical, 2)
                .background(.tint, in: RoundedRectangle(cornerRadius: 4)), in: environment)
        }
        return [InteractiveNode(child, trigger: configuration.action, isOn: nil, label: title(of: child))]
    }

    /// The first text in `node`, which logs and the control socket name the button by.
    private func title(of node: LayoutNode) -> String {
        if let text = node as? TextNode { return text.plainText }
        for child in node.children {
            let found = title(of: child)
            if found != "button" { return found }
        }
        return "button"
    }
}
