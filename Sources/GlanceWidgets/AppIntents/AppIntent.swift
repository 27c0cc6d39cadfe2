import Foundation

/// An action a widget's button, toggle or a physical button binding runs, as App Intents' `AppIntent`.
///
/// Glance runs `perform()` and then reloads the timeline of the widget that asked for it,
/// once, outside the reload budget. Intents never prompt: a required `@Parameter` without a
/// value is logged with the intent's title and the intent does not run.
///
/// Differences from Apple: there is no app to open (`openAppWhenRun` is accepted and
/// ignored), and `perform()` runs in the widget runtime's process.
public protocol AppIntent: Sendable {
    /// What `perform()` returns; use `.result()`.
    associatedtype PerformResult: IntentResult

    /// The intent's name, used in logs and by configuration files that bind buttons to it.
    static var title: LocalizedStringResource { get }

    /// A longer description shown by `glance` listings.
    static var description: IntentDescription { get }

    /// Accepted for source compatibility; Glance has no app to open.
    static var openAppWhenRun: Bool { get }

    /// The type of `parameterSummary`.
    associatedtype SummaryContent: ParameterSummary = EmptyParameterSummary

    /// How the parameters read as a sentence (`Summary`, `When`, `Switch`); see `summaryText`.
    @ParameterSummaryBuilder<Self> static var parameterSummary: SummaryContent { get }

    /// Creates the intent with its parameters at their defaults.
    init()

    /// Does the intent's work.
    /// - Throws: Any error; it is logged with the intent's title and the widget still reloads.
    func perform() async throws -> PerformResult
}

extension AppIntent {
    /// An empty description unless the intent gives one.
    public static var description: IntentDescription { IntentDescription("") }

    /// False: Glance has no app to open.
    public static var openAppWhenRun: Bool { false }
}

/// What an intent's `perform()` returns, as App Intents' `IntentResult`.
public protocol IntentResult: Sendable {}

/// The result of an intent that returns nothing, made with `.result()`.
///
/// Apple's result type is a generic container; this one carries no value, dialog or view.
public struct EmptyIntentResult: IntentResult {
    /// Creates the empty result.
    public init() {}
}

extension IntentResult where Self == EmptyIntentResult {
    /// The result of an intent that returns nothing.
    public static func result() -> EmptyIntentResult { EmptyIntentResult() }
}

/// The description of an intent, as App Intents' `IntentDescription`.
public struct IntentDescription: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The description text.
    public let descriptionText: LocalizedStringResource
    /// The category listings group the intent under, if any.
    public let categoryName: LocalizedStringResource?
    /// Extra words that find the intent in listings.
    public let searchKeywords: [LocalizedStringResource]

    /// Creates a description with an optional category and search keywords.
    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
                searchKeywords: [LocalizedStringResource] = []) {
        self.descriptionText = descriptionText
        self.categoryName = categoryName
        self.searchKeywords = searchKeywords
    }

    /// Creates a description from a literal.
    public init(stringLiteral value: String) {
        self.init(LocalizedStringResource(value))
    }

    /// Creates a description from an interpolated literal.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }

    /// The description text.
    public var description: String { descriptionText.description }
}

/// An intent whose parameters configure a widget (`AppIntentConfiguration`), as WidgetKit's
/// `WidgetConfigurationIntent`.
///
/// Its `perform()` is rarely called; the default does nothing.
public protocol WidgetConfigurationIntent: AppIntent {}

extension WidgetConfigurationIntent where PerformResult == EmptyIntentResult {
    /// Does nothing: a configuration intent only carries parameters.
    public func perform() async throws -> EmptyIntentResult { .result() }
}

/// An intent that sets a value, as App Intents' `SetValueIntent`; `Toggle(isOn:intent:)` sets
/// `value` to the toggle's new state before `perform()` when `ValueType` is `Bool`.
public protocol SetValueIntent: AppIntent {
    /// The type of the value set.
    associatedtype ValueType: Sendable
    /// The value to set.
    var value: ValueType { get set }
}

extension AppIntent {
    /// The intent's title as plain text.
    package static var titleText: String { title.description }
}
