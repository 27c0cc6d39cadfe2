import Foundation

/// The look of a toggle, as SwiftUI's `ToggleStyle`: `.switch`, `.button`, `.automatic`,
/// or your own `makeBody(configuration:)`.
public protocol ToggleStyle {
    /// The view a style makes.
    associatedtype Body: View
    /// The properties of the toggle being styled.
    typealias Configuration = ToggleStyleConfiguration
    /// Creates the view drawing a toggle with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// The state a toggle style reads; writing it changes nothing on screen, since a widget is
/// a snapshot and its intent decides the next state.
final class ToggleState: @unchecked Sendable {
    var isOn: Bool
    init(_ isOn: Bool) { self.isOn = isOn }
}

/// What a toggle style draws.
public struct ToggleStyleConfiguration: @unchecked Sendable {
    /// A type-erased toggle label.
    public struct Label: View, PrimitiveView {
        let content: ErasedContent
        public var body: Never { neverBody() }
        func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] { content.make(environment) }
    }

    /// The toggle's label.
    public let label: Label
    /// Whether the toggle is on (as shown, including the runtime's optimistic flip), and
    /// `$isOn`, its binding, as in SwiftUI. Setting it changes what the rest of this render
    /// reads; the toggle's intent, not this value, decides the next state.
    @Binding public var isOn: Bool
    /// Whether the toggle is in a mixed state; always false for widget toggles.
    public var isMixed: Bool = false

    init(label: Label, isOn: Binding<Bool>) {
        self.label = label
        _isOn = isOn
    }

    init(label: Label, state: ToggleState) {
        self.init(label: label, isOn: Binding(unchecked: { state.isOn }, set: { state.isOn = $0 }))
    }
}

/// The built-in toggle looks.
enum BuiltInToggleLook: Sendable, Hashable {
    /// The label, then a small switch at the trailing edge.
    case `switch`
    /// The label as a button: outlined when off, filled when on.
    case button
}

/// The default toggle style: a switch.
public struct DefaultToggleStyle: ToggleStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInToggle(look: .switch, configuration: configuration) }
}

/// The label with a switch at the trailing edge.
public struct SwitchToggleStyle: ToggleStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInToggle(look: .switch, configuration: configuration) }
}

/// The label as a button, filled while on.
public struct ButtonToggleStyle: ToggleStyle {
    /// Creates the style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInToggle(look: .button, configuration: configuration) }
}

extension ToggleStyle where Self == DefaultToggleStyle {
    /// The default style.
    public static var automatic: Self { .init() }
}
extension ToggleStyle where Self == SwitchToggleStyle {
    /// A switch.
    public static var `switch`: Self { .init() }
}
extension ToggleStyle where Self == ButtonToggleStyle {
    /// A button, filled while on.
    public static var button: Self { .init() }
}

private struct ToggleStylesKey: EnvironmentKey { static let defaultValue: [StyleBox<ToggleStyleConfiguration>] = [] }

extension EnvironmentValues {
    /// Toggle styles set above this point, innermost last.
    var toggleStyles: [StyleBox<ToggleStyleConfiguration>] {
        get { self[ToggleStylesKey.self] }
        set { self[ToggleStylesKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of toggles in this view: a built-in style or your own `ToggleStyle`.
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        pushStyle(\.toggleStyles, StyleBox { AnyView(style.makeBody(configuration: $0)) })
    }
}

/// The body of the built-in toggle styles.
struct BuiltInToggle: View {
    let look: BuiltInToggleLook
    let configuration: ToggleStyleConfiguration

    var body: some View {
        switch look {
        case .switch:
            HStack(spacing: 4) {
                configuration.label
                Spacer(minLength: 0)
                ToggleSwitch(isOn: configuration.isOn)
            }
        case .button:
            if configuration.isOn {
                configuration.label.foregroundStyle(.background).padding(.horizontal, 4).padding(.vertical, 2)
                    .background(.tint, in: RoundedRectangle(cornerRadius: 4))
            } else {
                configuration.label.padding(.horizontal, 4).padding(.vertical, 2)
                    .overlay { RoundedRectangle(cornerRadius: 4).strokeBorder(.tint, lineWidth: 1) }
            }
        }
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
