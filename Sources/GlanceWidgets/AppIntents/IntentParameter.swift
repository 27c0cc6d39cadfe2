import Foundation

/// A value an intent needs, declared with `@Parameter(title:default:)`, as App Intents' `IntentParameter`.
///
/// Glance never prompts for a value: a parameter that is neither optional nor defaulted nor
/// set is "missing", and the runtime refuses to run the intent (WIDGETKIT.md item 23).
///
/// Difference from Apple: this is a struct, not a class, so that intents stay `Sendable`
/// values; reading a missing value is a programming error the runtime prevents.
@propertyWrapper
public struct IntentParameter<Value> {
    /// The parameter's name in listings and error messages.
    public let title: LocalizedStringResource
    /// A longer explanation of the parameter.
    public let description: LocalizedStringResource?
    private var storage: Value?

    /// Declares a parameter named `title`, optionally with a default value.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil) {
        self.title = title
        self.description = description
        self.storage = defaultValue
    }

    /// The parameter's value; `nil` for an optional parameter without one.
    public var wrappedValue: Value {
        get {
            if let storage { return storage }
            if let optional = Value.self as? any OptionalValue.Type, let none = optional.noneValue as? Value { return none }
            preconditionFailure("intent parameter “\(title)” has no value; the runtime checks this before perform()")
        }
        set { storage = newValue }
    }

    /// The parameter itself (`$name`), for its title and description.
    public var projectedValue: IntentParameter<Value> { self }
}

extension IntentParameter: Sendable where Value: Sendable {}

extension AppIntent {
    /// The property wrapper intents declare parameters with: `@Parameter(title: "City", default: "Berlin")`.
    public typealias Parameter<Value> = IntentParameter<Value>
}

// MARK: - Inspection

/// What the runtime reads from a parameter through reflection.
protocol InspectableParameter {
    var parameterTitle: String { get }
    var isMissing: Bool { get }
}

extension IntentParameter: InspectableParameter {
    var parameterTitle: String { title.key }
    var isMissing: Bool { storage == nil && !(Value.self is any OptionalValue.Type) }
}

/// Lets generic code make `nil` of an optional type it only knows as `Value`.
protocol OptionalValue {
    static var noneValue: Any { get }
}

extension Optional: OptionalValue {
    static var noneValue: Any { Optional<Wrapped>.none as Any }
}

extension AppIntent {
    /// Titles of the parameters that need a value and have none, in declaration order.
    package var missingParameters: [String] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let parameter = child.value as? any InspectableParameter, parameter.isMissing else { return nil }
            return parameter.parameterTitle
        }
    }
}
