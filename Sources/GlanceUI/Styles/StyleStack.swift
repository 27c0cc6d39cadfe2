import Foundation

/// A style's body maker with its type erased, as kept in the environment by `.gaugeStyle`,
/// `.buttonStyle` and the other style modifiers.
///
/// Styles are values made on the rendering thread and only called there; the box is
/// unchecked so that styles holding non-Sendable values compile as they do on Apple platforms.
struct StyleBox<Configuration>: @unchecked Sendable {
    let makeBody: (Configuration) -> AnyView
}

/// A view whose type is erased: the labels and contents handed to custom styles.
struct ErasedContent {
    let make: (EnvironmentValues) -> [LayoutNode]

    init<V: View>(_ view: V) {
        make = { GlanceUI.makeNodes(view, in: $0) }
    }

    init(nodes make: @escaping (EnvironmentValues) -> [LayoutNode]) {
        self.make = make
    }

    /// The content as one view, as SwiftUI treats the type-erased parts of a style's
    /// configuration: several views (a label title of three `Text`s) are laid out one above
    /// the other in a centred vertical stack with the default spacing, SwiftUI's implicit
    /// layout wherever one view is expected and the context sets no other.
    func makeUnary(_ environment: EnvironmentValues) -> [LayoutNode] {
        let nodes = make(environment)
        return nodes.count > 1 ? [StackNode(axis: .vertical, spacing: nil, children: nodes)] : nodes
    }
}

extension EnvironmentValues {
    /// Evaluates the innermost style in the stack at `keyPath` for `configuration` and
    /// resolves its body; `fallback` draws the built-in look when no style was set.
    ///
    /// The style is removed from the stack while its body resolves, so a body that creates the
    /// same control from its configuration (`ProgressView(configuration)`, `Button(configuration)`)
    /// gets the next outer style, as in SwiftUI, instead of recursing.
    func resolveStyle<Configuration>(_ keyPath: WritableKeyPath<EnvironmentValues, [StyleBox<Configuration>]>,
                                     configuration: Configuration,
                                     fallback: (Configuration, EnvironmentValues) -> [LayoutNode]) -> [LayoutNode] {
        guard let style = self[keyPath: keyPath].last else { return fallback(configuration, self) }
        var inner = self
        inner[keyPath: keyPath].removeLast()
        let body = EnvironmentValues.$current.withValue(inner) { style.makeBody(configuration) }
        return GlanceUI.makeNodes(body, in: inner)
    }
}

extension View {
    /// Pushes a style onto the stack at `keyPath` for this subtree.
    func pushStyle<Configuration>(_ keyPath: WritableKeyPath<EnvironmentValues, [StyleBox<Configuration>]> & Sendable,
                                  _ style: StyleBox<Configuration>) -> some View {
        modifyEnvironment { $0[keyPath: keyPath].append(style) }
    }
}
