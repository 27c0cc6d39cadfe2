import Foundation

/// A widget: a kind, a provider and a view, described by its configuration, as WidgetKit's `Widget`.
public protocol Widget {
    /// The configuration type.
    associatedtype Body: WidgetConfiguration
    /// Creates the widget; the bundle creates each widget it lists.
    init()
    /// The widget's configuration (`StaticConfiguration`, `AppIntentConfiguration`, `ActivityConfiguration`).
    var body: Body { get }
}

/// A description of a widget: kind, provider, view and options, as WidgetKit's `WidgetConfiguration`.
public protocol WidgetConfiguration {
    /// The configuration this one is made of; `Never` for the built-in configurations.
    associatedtype Body: WidgetConfiguration
    /// The configuration this one is made of.
    var body: Body { get }
}

extension Never: WidgetConfiguration {}

/// A configuration the runtime understands directly.
protocol PrimitiveWidgetConfiguration {
    /// What the runtime needs to run the widget.
    var descriptor: WidgetDescriptor { get }
    /// The descriptor, or `nil` when the configuration stands for no widget.
    var resolvedDescriptor: WidgetDescriptor? { get }
}

extension PrimitiveWidgetConfiguration {
    var resolvedDescriptor: WidgetDescriptor? { descriptor }
}

extension PrimitiveWidgetConfiguration {
    /// Built-in configurations have no body; reaching this is a bug in Glance.
    func neverBody() -> Never { fatalError("\(Self.self) is read by the runtime and has no body") }
}

/// Resolves a configuration to its descriptor, expanding custom configurations through `body`;
/// `nil` for `EmptyWidgetConfiguration` (and modifiers applied to it).
func resolveDescriptor<C: WidgetConfiguration>(_ configuration: C) -> WidgetDescriptor? {
    if configuration is EmptyWidgetConfiguration { return nil }
    if let primitive = configuration as? any PrimitiveWidgetConfiguration { return primitive.resolvedDescriptor }
    return resolveDescriptor(configuration.body)
}

/// Widgets that stand for several (a bundle's body), flattened when a bundle is read.
protocol WidgetGroup {
    var descriptors: [WidgetDescriptor] { get }
}

extension Widget {
    /// The descriptors of this widget, or of each widget in a bundle body.
    package var descriptors: [WidgetDescriptor] {
        if let group = self as? any WidgetGroup { return group.descriptors }
        return resolveDescriptor(body).map { [$0] } ?? []
    }
}

// MARK: - Modifiers

/// A configuration with one of its options changed by a modifier.
struct ModifiedWidgetConfiguration<Base: WidgetConfiguration>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let base: Base
    let change: (inout WidgetDescriptor) -> Void

    var body: Never { neverBody() }

    var descriptor: WidgetDescriptor {
        guard let descriptor = resolvedDescriptor else { fatalError("\(Base.self) stands for no widget") }
        return descriptor
    }

    var resolvedDescriptor: WidgetDescriptor? {
        guard var descriptor = resolveDescriptor(base) else { return nil }
        change(&descriptor)
        return descriptor
    }
}

extension WidgetConfiguration {
    func modified(_ change: @escaping (inout WidgetDescriptor) -> Void) -> ModifiedWidgetConfiguration<Self> {
        ModifiedWidgetConfiguration(base: self, change: change)
    }

    /// The name listings show for the widget.
    public func configurationDisplayName(_ displayName: LocalizedStringKey) -> some WidgetConfiguration {
        let text = displayName.plainText
        return modified { $0.displayName = text }
    }

    /// The name listings show for the widget.
    public func configurationDisplayName(_ displayName: Text) -> some WidgetConfiguration {
        let text = displayName.plainText
        return modified { $0.displayName = text }
    }

    /// The name listings show for the widget.
    @_disfavoredOverload
    public func configurationDisplayName<S: StringProtocol>(_ displayName: S) -> some WidgetConfiguration {
        let text = String(displayName)
        return modified { $0.displayName = text }
    }

    /// The description listings show for the widget.
    public func description(_ description: LocalizedStringKey) -> some WidgetConfiguration {
        let text = description.plainText
        return modified { $0.description = text }
    }

    /// The description listings show for the widget.
    public func description(_ description: Text) -> some WidgetConfiguration {
        let text = description.plainText
        return modified { $0.description = text }
    }

    /// The description listings show for the widget.
    @_disfavoredOverload
    public func description<S: StringProtocol>(_ description: S) -> some WidgetConfiguration {
        let text = String(description)
        return modified { $0.description = text }
    }

    /// The families the widget can be placed in; faces and `glance preview` refuse others.
    ///
    /// Without this modifier a widget supports the four accessory families (Apple's default
    /// depends on the platform; Glance panels only have accessory slots).
    public func supportedFamilies(_ families: [WidgetFamily]) -> some WidgetConfiguration {
        modified { $0.supportedFamilies = families }
    }

    /// Removes the system's content margins (already zero on accessory slots).
    public func contentMarginsDisabled() -> some WidgetConfiguration {
        modified { $0.contentMarginsDisabled = true }
    }

    /// Accepted for source compatibility: accessory slots never show a container background.
    public func containerBackgroundRemovable(_ isRemovable: Bool = true) -> some WidgetConfiguration {
        modified { _ in }
    }

    /// Accepted for source compatibility: Glance runs no background `URLSession`s for a widget,
    /// so no events arrive and `urlSessionEvent` is never called.
    public func onBackgroundURLSessionEvents(matching matchingBlock: ((String) -> Bool)? = nil,
                                             _ urlSessionEvent: @escaping (String, @escaping () -> Void) -> Void) -> some WidgetConfiguration {
        modified { _ in }
    }
}
