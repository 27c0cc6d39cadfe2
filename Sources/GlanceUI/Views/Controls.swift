import Foundation

/// A control that runs an intent or an action when activated, as SwiftUI's `Button`.
///
/// On a panel a button draws its label (no chrome) and registers an interactive region;
/// the runtime moves the focus ring over such regions and activates the focused one.
/// `Button(intent:)` comes from GlanceWidgets, where intents are defined.
public struct Button<Label: View>: View, PrimitiveView {
    let trigger: ButtonTrigger
    let label: Label

    /// Creates a button that calls `action` when activated.
    public init(action: @escaping @Sendable () -> Void, @ViewBuilder label: () -> Label) {
        trigger = .action(action)
        self.label = label()
    }

    /// Creates a button that runs the referenced intent (used by `Button(intent:)`).
    package init(intentReference: IntentReference, @ViewBuilder label: () -> Label) {
        trigger = .intent(intentReference)
        self.label = label()
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        let child = makeNode(label, in: environment)
        let title = (child as? TextNode)?.plainText ?? "button"
        return [InteractiveNode(child, trigger: trigger, isOn: nil, label: title)]
    }
}

extension Button where Label == Text {
    /// Creates a button with a text title that calls `action`.
    public init(_ title: LocalizedStringKey, action: @escaping @Sendable () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

/// What activating a button does.
enum ButtonTrigger {
    case intent(IntentReference)
    case action(@Sendable () -> Void)
}

/// An on/off control that runs an intent, as SwiftUI's `Toggle(isOn:intent:)`.
///
/// It draws its label with a small switch at the trailing edge. After activation the
/// runtime shows the flipped state at once (optimistically) until the reloaded entry says
/// otherwise. `Toggle(isOn:intent:)` comes from GlanceWidgets.
public struct Toggle<Label: View>: View, PrimitiveView {
    let isOn: Bool
    let intent: IntentReference
    let label: Label

    /// Creates a toggle showing `isOn` that runs the referenced intent (used by `Toggle(isOn:intent:)`).
    package init(isOn: Bool, intentReference: IntentReference, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.intent = intentReference
        self.label = label()
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        let shown = environment.toggleOverrides[intent] ?? isOn
        let row = HStack(spacing: 4) {
            label
            Spacer(minLength: 0)
            ToggleSwitch(isOn: shown)
        }
        let child = makeNode(row, in: environment)
        return [InteractiveNode(child, trigger: .intent(intent), isOn: shown, label: intent.typeName)]
    }
}

/// The switch drawn by `Toggle`: a capsule track with a knob, filled when on.
struct ToggleSwitch: View {
    let isOn: Bool

    var body: some View {
        ZStack(alignment: isOn ? .trailing : .leading) {
            if isOn {
                Capsule().fill(.primary)
            } else {
                Capsule().strokeBorder(.primary, lineWidth: 1)
            }
            Circle()
                .fill(isOn ? Color.black : Color.primary)
                .frame(width: 5, height: 5)
                .padding(.horizontal, 2)
        }
        .frame(width: 15, height: 9)
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
