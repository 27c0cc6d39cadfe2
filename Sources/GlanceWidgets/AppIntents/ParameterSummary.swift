import Foundation

/// How an intent's parameters read as a sentence, as App Intents' `ParameterSummary`.
///
/// Written with `Summary`, `When`, `Switch`, `Case` and `DefaultCase` in an intent's
/// `static var parameterSummary`. Apple shows it in its editing interfaces; Glance has none,
/// so it is only read by `summaryText(of:)` (used in listings and logs).
public protocol ParameterSummary {}

/// A summary Glance can evaluate for an intent value.
protocol EvaluableParameterSummary {
    /// The sentence for `intent`, or `nil` when the summary is not for its type.
    func evaluate(_ intent: Any) -> String?
}

/// The summary of an intent that declares none.
public struct EmptyParameterSummary: ParameterSummary, EvaluableParameterSummary {
    /// Creates the empty summary.
    public init() {}
    func evaluate(_ intent: Any) -> String? { nil }
}

/// A summary of `Intent` built by `ParameterSummaryBuilder`, type-erased.
public struct IntentParameterSummary<Intent: AppIntent>: ParameterSummary, EvaluableParameterSummary {
    let text: (Intent) -> String?

    func evaluate(_ intent: Any) -> String? { (intent as? Intent).flatMap(text) }
}

/// Builds an intent's parameter summary from one `Summary`, `When` or `Switch`.
@resultBuilder
public enum ParameterSummaryBuilder<Intent: AppIntent> {
    /// A sentence.
    public static func buildExpression(_ summary: Summary<Intent>) -> IntentParameterSummary<Intent> {
        IntentParameterSummary(text: summary.text)
    }

    /// A condition on a parameter.
    public static func buildExpression(_ when: When<Intent>) -> IntentParameterSummary<Intent> { when.summary }

    /// A choice by a parameter's value.
    public static func buildExpression<Value>(_ choice: Switch<Intent, Value>) -> IntentParameterSummary<Intent> { choice.summary }

    /// The one summary of the block.
    public static func buildBlock(_ summary: IntentParameterSummary<Intent>) -> IntentParameterSummary<Intent> { summary }

    /// A summary chosen by `if` (the first branch).
    public static func buildEither(first summary: IntentParameterSummary<Intent>) -> IntentParameterSummary<Intent> { summary }

    /// A summary chosen by `if` (the second branch).
    public static func buildEither(second summary: IntentParameterSummary<Intent>) -> IntentParameterSummary<Intent> { summary }

    /// A summary under `if #available`.
    public static func buildLimitedAvailability(_ summary: IntentParameterSummary<Intent>) -> IntentParameterSummary<Intent> { summary }
}

/// A sentence with parameters in it, as App Intents' `ParameterSummaryString`:
/// `"Show \(\.$city) in \(\.$unit)"`.
public struct ParameterSummaryString<Intent: AppIntent>: ExpressibleByStringInterpolation {
    let parts: [(Intent) -> String]

    /// Builds the sentence's parts.
    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [(Intent) -> String] = []

        /// Starts a sentence.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Plain text.
        public mutating func appendLiteral(_ literal: String) {
            parts.append { _ in literal }
        }

        /// A parameter, shown by its value (or its title while it has none).
        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>) {
            let path = parameter
            parts.append { intent in
                let parameter = intent[keyPath: path]
                return parameter.displayText ?? parameter.title.description
            }
        }
    }

    /// A sentence with parameters.
    public init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
    }

    /// A sentence without parameters.
    public init(stringLiteral value: String) {
        parts = [{ _ in value }]
    }

    func text(for intent: Intent) -> String { parts.map { $0(intent) }.joined() }
}

/// The parameters listed under a summary sentence, one key path a line.
@resultBuilder
public enum ParameterSummaryTableBuilder<Intent: AppIntent> {
    /// One parameter.
    public static func buildExpression<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>) -> [PartialKeyPath<Intent>] {
        [parameter]
    }

    /// The parameters, in order.
    public static func buildBlock(_ parameters: [PartialKeyPath<Intent>]...) -> [PartialKeyPath<Intent>] { parameters.flatMap { $0 } }
}

/// A summary sentence, optionally with more parameters listed under it, as App Intents' `Summary`.
public struct Summary<Intent: AppIntent>: ParameterSummary, EvaluableParameterSummary {
    let text: (Intent) -> String?

    /// A sentence.
    public init(_ formatString: ParameterSummaryString<Intent>) {
        text = { formatString.text(for: $0) }
    }

    /// A sentence with more parameters listed under it (the list is not shown by Glance).
    public init(_ formatString: ParameterSummaryString<Intent>,
                @ParameterSummaryTableBuilder<Intent> _ table: () -> [PartialKeyPath<Intent>]) {
        self.init(formatString)
    }

    /// No sentence, only parameters listed.
    public init(@ParameterSummaryTableBuilder<Intent> _ table: () -> [PartialKeyPath<Intent>]) {
        text = { _ in nil }
    }

    /// An empty summary: no sentence and no parameters listed.
    public init() {
        text = { _ in nil }
    }

    func evaluate(_ intent: Any) -> String? { (intent as? Intent).flatMap(text) }
}

/// How `When` compares a parameter with a value, as App Intents' `EquatableComparisonOperator`.
public enum EquatableComparisonOperator: Sendable, Hashable {
    /// Equal, or not equal, to the value.
    case equalTo, notEqualTo
}

/// How `When` compares an ordered parameter with a value, as App Intents' `ComparableComparisonOperator`.
public enum ComparableComparisonOperator: Sendable, Hashable {
    /// Compares the parameter's value with the value, as the name says.
    case equalTo, notEqualTo, lessThan, lessThanOrEqualTo, greaterThan, greaterThanOrEqualTo
}

/// How `When` tests whether a parameter has a value, as App Intents' `HasValueComparisonOperator`.
public enum HasValueComparisonOperator: Sendable, Hashable {
    /// The parameter has a value, or has none.
    case hasAnyValue, hasNoValue
}

/// A summary that depends on a parameter, as App Intents' `When`:
/// `When(\.$showDetail, .equalTo, true) { Summary(…) } otherwise: { Summary(…) }`.
public struct When<Intent: AppIntent>: ParameterSummary, EvaluableParameterSummary {
    let summary: IntentParameterSummary<Intent>

    private init(test: @escaping (Intent) -> Bool, then: IntentParameterSummary<Intent>, otherwise: IntentParameterSummary<Intent>?) {
        summary = IntentParameterSummary { intent in test(intent) ? then.text(intent) : otherwise?.text(intent) }
    }

    /// `then` while the parameter compares as asked with `value`, else `otherwise`.
    public init<Value: Equatable>(_ parameter: KeyPath<Intent, IntentParameter<Value>>, _ comparison: EquatableComparisonOperator, _ value: Value,
                                  @ParameterSummaryBuilder<Intent> _ then: () -> IntentParameterSummary<Intent>,
                                  @ParameterSummaryBuilder<Intent> otherwise: () -> IntentParameterSummary<Intent>) {
        self.init(test: Self.equality(parameter, comparison, value), then: then(), otherwise: otherwise())
    }

    /// `then` while the parameter compares as asked with `value`; nothing otherwise.
    public init<Value: Equatable>(_ parameter: KeyPath<Intent, IntentParameter<Value>>, _ comparison: EquatableComparisonOperator, _ value: Value,
                                  @ParameterSummaryBuilder<Intent> _ then: () -> IntentParameterSummary<Intent>) {
        self.init(test: Self.equality(parameter, comparison, value), then: then(), otherwise: nil)
    }

    /// `then` while the ordered parameter compares as asked with `value`, else `otherwise`.
    @_disfavoredOverload
    public init<Value: Comparable>(_ parameter: KeyPath<Intent, IntentParameter<Value>>, _ comparison: ComparableComparisonOperator, _ value: Value,
                                   @ParameterSummaryBuilder<Intent> _ then: () -> IntentParameterSummary<Intent>,
                                   @ParameterSummaryBuilder<Intent> otherwise: () -> IntentParameterSummary<Intent>) {
        self.init(test: Self.order(parameter, comparison, value), then: then(), otherwise: otherwise())
    }

    /// `then` while the ordered parameter compares as asked with `value`; nothing otherwise.
    @_disfavoredOverload
    public init<Value: Comparable>(_ parameter: KeyPath<Intent, IntentParameter<Value>>, _ comparison: ComparableComparisonOperator, _ value: Value,
                                   @ParameterSummaryBuilder<Intent> _ then: () -> IntentParameterSummary<Intent>) {
        self.init(test: Self.order(parameter, comparison, value), then: then(), otherwise: nil)
    }

    /// `then` while the parameter has (or has no) value, else `otherwise`.
    public init<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>, _ comparison: HasValueComparisonOperator,
                       @ParameterSummaryBuilder<Intent> _ then: () -> IntentParameterSummary<Intent>,
                       @ParameterSummaryBuilder<Intent> otherwise: () -> IntentParameterSummary<Intent>) {
        self.init(test: Self.presence(parameter, comparison), then: then(), otherwise: otherwise())
    }

    /// `then` while the parameter has (or has no) value; nothing otherwise.
    public init<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>, _ comparison: HasValueComparisonOperator,
                       @ParameterSummaryBuilder<Intent> _ then: () -> IntentParameterSummary<Intent>) {
        self.init(test: Self.presence(parameter, comparison), then: then(), otherwise: nil)
    }

    func evaluate(_ intent: Any) -> String? { summary.evaluate(intent) }

    private static func equality<Value: Equatable>(_ parameter: KeyPath<Intent, IntentParameter<Value>>, _ comparison: EquatableComparisonOperator,
                                                   _ value: Value) -> (Intent) -> Bool {
        let path = parameter
        return { intent in
            let current = intent[keyPath: path].currentValue
            return comparison == .equalTo ? current == value : current != value
        }
    }

    private static func order<Value: Comparable>(_ parameter: KeyPath<Intent, IntentParameter<Value>>, _ comparison: ComparableComparisonOperator,
                                                 _ value: Value) -> (Intent) -> Bool {
        let path = parameter
        return { intent in
            guard let current = intent[keyPath: path].currentValue else { return comparison == .notEqualTo }
            switch comparison {
            case .equalTo: return current == value
            case .notEqualTo: return current != value
            case .lessThan: return current < value
            case .lessThanOrEqualTo: return current <= value
            case .greaterThan: return current > value
            case .greaterThanOrEqualTo: return current >= value
            }
        }
    }

    private static func presence<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>,
                                        _ comparison: HasValueComparisonOperator) -> (Intent) -> Bool {
        let path = parameter
        return { intent in (intent[keyPath: path].displayText != nil) == (comparison == .hasAnyValue) }
    }
}

/// A summary chosen by a parameter's value, as App Intents' `Switch`:
/// `Switch(\.$unit) { Case(.celsius) { Summary(…) }; DefaultCase { Summary(…) } }`.
public struct Switch<Intent: AppIntent, Value: Equatable>: ParameterSummary, EvaluableParameterSummary {
    let summary: IntentParameterSummary<Intent>

    /// Chooses among `cases` by the value of `parameter`; the first matching case wins.
    public init(_ parameter: KeyPath<Intent, IntentParameter<Value>>,
                @ParameterSummaryCaseBuilder<Intent, Value> _ cases: () -> [ParameterSummaryCase<Intent, Value>]) {
        let cases = cases()
        let path = parameter
        summary = IntentParameterSummary { intent in
            let current = intent[keyPath: path].currentValue
            let chosen = cases.first { $0.value != nil && $0.value == current } ?? cases.first { $0.value == nil }
            return chosen?.summary.text(intent)
        }
    }

    func evaluate(_ intent: Any) -> String? { summary.evaluate(intent) }
}

/// One case of a `Switch`, type-erased.
public struct ParameterSummaryCase<Intent: AppIntent, Value: Equatable> {
    /// The value it matches; `nil` for `DefaultCase`.
    let value: Value?
    let summary: IntentParameterSummary<Intent>
}

/// Builds the cases of a `Switch`.
@resultBuilder
public enum ParameterSummaryCaseBuilder<Intent: AppIntent, Value: Equatable> {
    /// A case.
    public static func buildExpression(_ choice: Case<Intent, Value>) -> [ParameterSummaryCase<Intent, Value>] {
        [ParameterSummaryCase(value: choice.value, summary: choice.summary)]
    }

    /// The fallback case.
    public static func buildExpression(_ fallback: DefaultCase<Intent>) -> [ParameterSummaryCase<Intent, Value>] {
        [ParameterSummaryCase(value: nil, summary: fallback.summary)]
    }

    /// The cases, in order.
    public static func buildBlock(_ cases: [ParameterSummaryCase<Intent, Value>]...) -> [ParameterSummaryCase<Intent, Value>] {
        cases.flatMap { $0 }
    }
}

/// A case of a `Switch`, as App Intents' `Case`.
public struct Case<Intent: AppIntent, Value: Equatable> {
    let value: Value
    let summary: IntentParameterSummary<Intent>

    /// The summary while the switched parameter equals `value`.
    public init(_ value: Value, @ParameterSummaryBuilder<Intent> _ content: () -> IntentParameterSummary<Intent>) {
        self.value = value
        self.summary = content()
    }
}

/// The case of a `Switch` taken when no `Case` matches, as App Intents' `DefaultCase`.
public struct DefaultCase<Intent: AppIntent> {
    let summary: IntentParameterSummary<Intent>

    /// The summary when no case matches.
    public init(@ParameterSummaryBuilder<Intent> _ content: () -> IntentParameterSummary<Intent>) {
        self.summary = content()
    }
}

extension AppIntent {
    /// No summary unless the intent declares one.
    public static var parameterSummary: EmptyParameterSummary { EmptyParameterSummary() }

    /// The intent's parameter summary as text for this value, `nil` when it declares none.
    public var summaryText: String? {
        (Self.parameterSummary as? any EvaluableParameterSummary)?.evaluate(self)
    }
}
