import Foundation

/// An intent that starts, updates or ends a live activity, as App Intents' `LiveActivityIntent`.
///
/// On Apple platforms it runs in the app's process so that it may call ActivityKit; Glance
/// runs every intent in the widget runtime's process, where `Activity` works, so it behaves
/// as any `AppIntent`.
public protocol LiveActivityIntent: AppIntent {}

/// An intent the system may suggest, as App Intents' `PredictableIntent`.
///
/// Glance makes no suggestions: `predictionConfiguration` is accepted and not read.
public protocol PredictableIntent: AppIntent {
    /// The type of `predictionConfiguration`.
    associatedtype PredictionConfiguration: IntentPredictionConfiguration
    /// How predictions of this intent are shown, one `IntentPrediction` per parameter combination.
    @IntentPredictionConfigurationBuilder<Self> static var predictionConfiguration: PredictionConfiguration { get }
}

/// What `PredictableIntent.predictionConfiguration` returns, as App Intents' `IntentPredictionConfiguration`.
public protocol IntentPredictionConfiguration {}

/// The predictions of one intent type, built by `IntentPredictionConfigurationBuilder`.
public struct IntentPredictions<Intent: AppIntent>: IntentPredictionConfiguration {
    /// How many `IntentPrediction`s were listed.
    public let count: Int
}

/// One way an intent may be predicted, as App Intents' `IntentPrediction`:
/// `IntentPrediction(parameters: (\.$room)) { room in DisplayRepresentation(title: "\(room)") }`.
public struct IntentPrediction<Intent: AppIntent>: IntentPredictionConfiguration {
    /// A prediction over the parameters at `parameters`, shown with `displayRepresentation`.
    public init<each Value>(parameters: (repeat KeyPath<Intent, IntentParameter<each Value>>),
                            displayRepresentation: @escaping (repeat each Value) -> DisplayRepresentation) {}

    /// A prediction without parameters.
    public init(displayRepresentation: DisplayRepresentation) {}
}

/// Builds an intent's prediction configuration from its `IntentPrediction`s.
@resultBuilder
public enum IntentPredictionConfigurationBuilder<Intent: AppIntent> {
    /// One prediction.
    public static func buildExpression(_ prediction: IntentPrediction<Intent>) -> IntentPredictions<Intent> {
        IntentPredictions(count: 1)
    }

    /// The predictions of a block.
    public static func buildBlock(_ predictions: IntentPredictions<Intent>...) -> IntentPredictions<Intent> {
        IntentPredictions(count: predictions.reduce(0) { $0 + $1.count })
    }
}
