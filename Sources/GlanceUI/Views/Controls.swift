import Foundation

/// A control that runs an intent or an action when activated, as SwiftUI's `Button`.
///
/// On a panel a button draws its label (no chrome unless a button style adds it) and
/// registers an interactive region; the runtime moves the focus ring over such regions and
/// activates the focused one. `Button(intent:)` comes from GlanceWidgets, where intents are defined.
public struct Button<Label: View>: View, PrimitiveView {
    let trigger: ButtonTrigger
    let role: ButtonRole?
    let label: Label

    /// Creates a button that calls `action` when activated.
    public init(action: @escaping @Sendable () -> Void, @ViewBuilder label: () -> Label) {
        trigger = .action(action)
        role = nil
        self.label = label()
    }

    /// Creates a button with a role that calls `action` when activated.
    public init(role: ButtonRole?, action: @escaping @Sendable () -> Void, @ViewBuilder label: () -> Label) {
        trigger = .action(action)
        self.role = role
        self.label = label()
    }

    /// Creates a button that runs the referenced intent (used by `Button(intent:)`).
    package init(intentReference: IntentReference, role: ButtonRole? = nil, @ViewBuilder label: () -> Label) {
        trigger = .intent(intentReference)
        self.role = role
        self.label = label()
    }

    private init(trigger: ButtonTrigger, role: ButtonRole?, label: Label) {
        self.trigger = trigger
        self.role = role
        self.label = label
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        let configuration = PrimitiveButtonStyleConfiguration(role: role, label: .init(content: ErasedContent(label)), action: trigger)
        guard let style = environment.buttonStyles.last else {
            return BuiltInButton(look: .plain, configuration: configuration).makeNodes(in: environment)
        }
        // The style is removed while its body resolves, so `Button(configuration)` inside it
        // draws with the next outer style instead of recursing.
        var inner = environment
        inner.buttonStyles.removeLast()
        switch style {
        case .primitive(let box):
            let body = EnvironmentValues.$current.withValue(inner) { box.makeBody(configuration) }
            return GlanceUI.makeNodes(body, in: inner)
        case .appearance(let box):
            let appearance = ButtonStyleConfiguration(role: role, label: .init(content: ErasedContent(label)), isPressed: false)
            let body = EnvironmentValues.$current.withValue(inner) { box.makeBody(appearance) }
            let plain = PrimitiveButtonStyleConfiguration(role: role, label: .init(content: ErasedContent(body)), action: trigger)
            return BuiltInButton(look: .plain, configuration: plain).makeNodes(in: inner)
        }
    }
}

extension Button where Label == Text {
    /// Creates a button with a text title that calls `action`.
    public init(_ title: LocalizedStringKey, action: @escaping @Sendable () -> Void) {
        self.init(action: action) { Text(title) }
    }

    /// Creates a button with a text title and a role that calls `action`.
    public init(_ title: LocalizedStringKey, role: ButtonRole?, action: @escaping @Sendable () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

extension Button where Label == PrimitiveButtonStyleConfiguration.Label {
    /// A button made from a primitive style's configuration, drawn with the next outer style;
    /// a custom `PrimitiveButtonStyle` uses it to keep the button activatable.
    public init(_ configuration: PrimitiveButtonStyleConfiguration) {
        self.init(trigger: configuration.action, role: configuration.role, label: configuration.label)
    }
}

/// What activating a button does.
enum ButtonTrigger {
    case intent(IntentReference)
    case action(@Sendable () -> Void)
}

/// An on/off control that runs an intent, as SwiftUI's `Toggle(isOn:intent:)`.
///
/// Drawn by its toggle style (a switch at the trailing edge by default). After activation the
/// runtime shows the flipped state at once (optimistically) until the reloaded entry says
/// otherwise. `Toggle(isOn:intent:)` comes from GlanceWidgets.
public struct Toggle<Label: View>: View, PrimitiveView {
    let isOn: Binding<Bool>
    let intent: IntentReference?
    let label: Label

    /// Creates a toggle showing `isOn` that runs the referenced intent (used by `Toggle(isOn:intent:)`).
    package init(isOn: Bool, intentReference: IntentReference, @ViewBuilder label: () -> Label) {
        self.isOn = .constant(isOn)
        self.intent = intentReference
        self.label = label()
    }

    /// A toggle showing the value of `isOn`, as SwiftUI's `Toggle(isOn:label:)`.
    ///
    /// As in WidgetKit, only `Toggle(isOn:intent:)` can be pressed in a widget: this one draws
    /// its binding's state.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.intent = nil
        self.label = label()
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        let labelContent = ToggleStyleConfiguration.Label(content: ErasedContent(label))
        let configuration: ToggleStyleConfiguration
        if let intent {
            let shown = environment.toggleOverrides[intent] ?? isOn.wrappedValue
            configuration = ToggleStyleConfiguration(label: labelContent, state: ToggleState(shown))
        } else {
            configuration = ToggleStyleConfiguration(label: labelContent, isOn: isOn)
        }
        let shown = configuration.isOn
        let nodes = environment.resolveStyle(\.toggleStyles, configuration: configuration) { configuration, environment in
            GlanceUI.makeNodes(BuiltInToggle(look: .switch, configuration: configuration), in: environment)
        }
        guard let intent else { return nodes }
        let child = nodes.count == 1 ? nodes[0] : ZStackNode(alignment: .center, children: nodes)
        return [InteractiveNode(child, trigger: .intent(intent), isOn: shown, label: intent.typeName)]
    }
}

extension Toggle where Label == ToggleStyleConfiguration.Label {
    /// A toggle made from a style's configuration, drawn with the next outer style; the
    /// toggle the style belongs to stays the interactive region.
    public init(_ configuration: ToggleStyleConfiguration) {
        isOn = configuration.$isOn
        intent = nil
        label = configuration.label
    }
}

extension Toggle where Label == Text {
    /// A toggle titled with a localized key, showing the value of `isOn`.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }

    /// A toggle titled with a string, showing the value of `isOn`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

extension Toggle where Label == GlanceUI.Label<Text, Image> {
    /// A toggle titled with a localized key and a symbol, showing the value of `isOn`.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { GlanceUI.Label(titleKey, systemImage: systemImage) }
    }
}

/// A control that opens a URL through the configured handler, as SwiftUI's `Link`.
public struct Link<Label: View>: View, PrimitiveView {
    let destination: URL
    let label: Label

    /// Creates a link to `destination` showing `label`.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        [InteractiveNode(makeNode(label, in: environment), url: destination)]
    }
}

extension Link where Label == Text {
    /// Creates a link with a text title.
    public init(_ title: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}

/// Registers its child as an interactive region when drawn.
final class InteractiveNode: WrapperNode {
    enum Target {
        case button(ButtonTrigger)
        case url(URL)
    }

    let target: Target
    let isOn: Bool?
    let label: String

    init(_ child: LayoutNode, trigger: ButtonTrigger, isOn: Bool?, label: String) {
        self.target = .button(trigger)
        self.isOn = isOn
        self.label = label
        super.init(child)
    }

    init(_ child: LayoutNode, url: URL) {
        self.target = .url(url)
        self.isOn = nil
        self.label = url.absoluteString
        super.init(child)
    }

    override func draw(in context: inout RenderContext) {
        let action: InteractiveRegion.Action
        switch target {
        case .button(.intent(let reference)):
            action = .intent(reference)
        case .button(.action(let closure)):
            context.actions.append(closure)
            action = .action(context.actions.count - 1)
        case .url(let url):
            action = .url(url)
        }
        context.interactiveRegions.append(InteractiveRegion(frame: frame, action: action, isOn: isOn, label: label))
        child.draw(in: &context)
    }
}

private struct ToggleOverridesKey: EnvironmentKey { static let defaultValue: [IntentReference: Bool] = [:] }

extension EnvironmentValues {
    /// Toggle states the runtime shows optimistically while an intent runs, by intent.
    package var toggleOverrides: [IntentReference: Bool] {
        get { self[ToggleOverridesKey.self] }
        set { self[ToggleOverridesKey.self] = newValue }
    }
}
