import Foundation

/// The widgets a program offers, as WidgetKit's `WidgetBundle`; with `@main` it is the program.
///
/// ```swift
/// @main
/// struct Desk: WidgetBundle {
///     var body: some Widget {
///         ClockWidget()
///         WeatherWidget()
///     }
/// }
/// ```
/// `main()` comes from GlanceHost and runs the `glance` command line with these widgets.
public protocol WidgetBundle {
    /// The type of the bundle's content.
    associatedtype Body: Widget
    /// Creates the bundle.
    init()
    /// The widgets, listed one per line.
    @WidgetBundleBuilder var body: Body { get }
    /// Intents configuration files may bind buttons to, beyond those the widgets show
    /// (a Glance addition; configuration intents and intents seen in buttons register themselves).
    static var intents: [any AppIntent.Type] { get }
}

extension WidgetBundle {
    /// No extra intents.
    public static var intents: [any AppIntent.Type] { [] }

    /// Every widget of the bundle, flattened.
    package var widgetDescriptors: [WidgetDescriptor] { body.descriptors }

    /// The bundle's intent registry: its extra intents and its widgets' configuration intents.
    package var intentRegistry: IntentRegistry {
        var registry = IntentRegistry(Self.intents)
        for case .timeline(let engine) in widgetDescriptors.map(\.engine) {
            if let type = engine.intentType { registry.register(type) }
        }
        return registry
    }
}

/// Builds a bundle's body from the widgets listed in it, as WidgetKit's `WidgetBundleBuilder`.
@resultBuilder
public enum WidgetBundleBuilder {
    /// One widget as written.
    public static func buildExpression<W: Widget>(_ widget: W) -> W { widget }

    /// The widgets of a block, in order.
    public static func buildBlock<each W: Widget>(_ widgets: repeat each W) -> TupleWidget<repeat each W> {
        TupleWidget(repeat each widgets)
    }

    /// A widget listed under `if`.
    public static func buildOptional<W: Widget>(_ widget: W?) -> OptionalWidget<W> { OptionalWidget(widget) }

    /// A widget listed under `if #available`.
    public static func buildLimitedAvailability<W: Widget>(_ widget: W) -> W { widget }
}

/// Several widgets listed in a bundle body.
public struct TupleWidget<each Content: Widget>: Widget, WidgetGroup {
    let value: (repeat each Content)

    init(_ value: repeat each Content) {
        self.value = (repeat each value)
    }

    /// Creates each listed widget.
    public init() {
        value = (repeat (each Content)())
    }

    /// Groups have no configuration of their own.
    public var body: Never { fatalError("TupleWidget lists widgets and has no configuration") }

    var descriptors: [WidgetDescriptor] {
        var all = [WidgetDescriptor]()
        for widget in repeat each value { all += widget.descriptors }
        return all
    }
}

/// A widget that may be absent (listed under `if`).
public struct OptionalWidget<Wrapped: Widget>: Widget, WidgetGroup {
    let wrapped: Wrapped?

    init(_ wrapped: Wrapped?) {
        self.wrapped = wrapped
    }

    /// Creates the absent widget.
    public init() {
        wrapped = nil
    }

    /// Groups have no configuration of their own.
    public var body: Never { fatalError("OptionalWidget wraps a widget and has no configuration") }

    var descriptors: [WidgetDescriptor] { wrapped?.descriptors ?? [] }
}
