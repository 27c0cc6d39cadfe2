import Foundation

/// A value an intent needs, declared with `@Parameter(title:default:)`, as App Intents' `IntentParameter`.
///
/// Like Apple's, this is a class: an intent holds a reference to each parameter, so
/// `let intent = MyIntent(); intent.value = 3` compiles, and a copy of an intent shares its
/// parameters with the original. The value is guarded by a lock, which is what makes the
/// `@unchecked Sendable` conformance (Apple's is unchecked too) sound.
///
/// Glance never prompts for a value: a parameter that is neither optional nor defaulted nor
/// set is "missing", and the runtime refuses to run the intent (Docs/Contract.md, "Intents").
/// Reading a missing value is a programming error the runtime prevents.
@propertyWrapper
public final class IntentParameter<Value>: @unchecked Sendable {
    /// The parameter's name in listings and error messages.
    public let title: LocalizedStringResource
    /// A longer explanation of the parameter.
    public let description: LocalizedStringResource?
    private let lock = NSLock()
    private var storage: Value?

    /// Declares a parameter named `title`, optionally with a default value.
    ///
    /// One initialiser takes every option Apple's overloads take, in Apple's order, so each of
    /// Apple's spellings compiles (`@Parameter(title: "City", default: "Berlin")`,
    /// `@Parameter(title: "Name", inputOptions: .init(multiline: false))`,
    /// `@Parameter(title: "Count", default: 3, controlStyle: .stepper, inclusiveRange: (1, 9))`).
    /// Glance has no editing interface, so only `title`, `description` and `default` have an
    /// effect; the rest are accepted and ignored.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
                controlStyle: ControlStyle = .field, inclusiveRange: (lowerBound: Double, upperBound: Double)? = nil,
                displayName: Bool.IntentDisplayName? = nil, inputOptions: String.IntentInputOptions? = nil,
                size: IntentCollectionSize? = nil, requestValueDialog: IntentDialog? = nil, requestDisambiguationDialog: IntentDialog? = nil,
                inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.title = title
        self.description = description
        self.storage = defaultValue
    }

    /// Declares a parameter with an integer range, as Apple's `Int` parameters take one.
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
                            controlStyle: ControlStyle = .field, inclusiveRange: (lowerBound: Int, upperBound: Int),
                            requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, default: defaultValue)
    }

    /// Declares a parameter whose choices come from `optionsProvider` (accepted; Glance takes
    /// the value from the face file and never shows the options).
    public convenience init<OptionsProvider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
        requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default,
        optionsProvider: OptionsProvider) {
        self.init(title: title, description: description, default: defaultValue)
    }

    /// The parameter's value; `nil` for an optional parameter without one.
    public var wrappedValue: Value {
        get {
            if let value = lock.withLock({ storage }) { return value }
            if let optional = Value.self as? any OptionalValue.Type, let none = optional.noneValue as? Value { return none }
            preconditionFailure("intent parameter “\(title)” has no value; the runtime checks this before perform()")
        }
        set { lock.withLock { storage = newValue } }
    }

    /// The parameter itself (`$name`), for its title and description.
    public var projectedValue: IntentParameter<Value> { self }

    /// How an editing interface would show a number parameter, as Apple's `ControlStyle`
    /// (accepted; Glance has no editing interface).
    public enum ControlStyle: Sendable, Hashable {
        /// A text field.
        case field
        /// A slider.
        case slider
        /// A stepper.
        case stepper
    }

    /// True when the parameter has no value and its type is not optional.
    var isMissing: Bool {
        lock.withLock { storage == nil } && !(Value.self is any OptionalValue.Type)
    }

    /// Replaces the value with one of type `Value` held as `Any`; false when it is not one.
    func assign(_ value: Any) -> Bool {
        guard let typed = value as? Value else { return false }
        lock.withLock { storage = typed }
        return true
    }

    /// The current value, `nil` when missing (or an optional without a value).
    var currentValue: Value? { lock.withLock { storage } }
}

extension IntentParameter: CustomDebugStringConvertible {
    /// The value, so that two intents print (and `IntentReference` compares them) by their
    /// parameters' values rather than by the parameters' object identities.
    public var debugDescription: String {
        lock.withLock { storage }.map { String(reflecting: $0) } ?? "nil"
    }
}

extension AppIntent {
    /// The property wrapper intents declare parameters with: `@Parameter(title: "City", default: "Berlin")`.
    public typealias Parameter<Value> = IntentParameter<Value>
}

// MARK: - Inspection

/// What configuration and the runtime read from a parameter through reflection.
protocol InspectableParameter: AnyObject {
    var parameterTitle: String { get }
    var isMissing: Bool { get }
    /// The declared type (`String`, `Room?`, …).
    var valueType: Any.Type { get }
    /// The declared type without `Optional`.
    var unwrappedType: Any.Type { get }
    /// Replaces the value; false when `value` is not of the parameter's type.
    func assign(_ value: Any) -> Bool
    /// The value as text for summaries; `nil` when it has none.
    var displayText: String? { get }
}

extension IntentParameter: InspectableParameter {
    var parameterTitle: String { title.description }
    var valueType: Any.Type { Value.self }
    var unwrappedType: Any.Type { (Value.self as? any OptionalValue.Type)?.wrappedType ?? Value.self }
    var displayText: String? {
        guard let value = currentValue else { return nil }
        return parameterDisplayText(value)
    }
}

/// How a parameter value reads in a summary: an entity's or enum case's title, else its description.
func parameterDisplayText(_ value: Any) -> String? {
    if let optional = value as? any OptionalValue {
        return optional.wrappedAny.flatMap(parameterDisplayText)
    }
    if let entity = value as? any AppEntity { return entity.displayRepresentation.title.description }
    if let appEnum = value as? any AppEnum { return appEnum.localizedStringResource.description }
    return String(describing: value)
}

/// Lets generic code make `nil` of an optional type it only knows as `Value`, and see through it.
protocol OptionalValue {
    static var noneValue: Any { get }
    static var wrappedType: Any.Type { get }
    /// The wrapped value, `nil` for `none`.
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    static var noneValue: Any { Optional<Wrapped>.none as Any }
    static var wrappedType: Any.Type { Wrapped.self }
    var wrappedAny: Any? { self.map { $0 as Any } }
}

extension AppIntent {
    /// The parameters declared with `@Parameter`, with the property names they were declared under.
    var declaredParameters: [(name: String, parameter: any InspectableParameter)] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let parameter = child.value as? any InspectableParameter else { return nil }
            let label = child.label ?? parameter.parameterTitle
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, parameter)
        }
    }

    /// Titles of the parameters that need a value and have none, in declaration order.
    package var missingParameters: [String] {
        declaredParameters.compactMap { $0.parameter.isMissing ? $0.parameter.parameterTitle : nil }
    }
}
