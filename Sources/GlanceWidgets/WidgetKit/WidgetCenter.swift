import Foundation

/// Asks the runtime to reload timelines and tells which widgets are placed, as WidgetKit's `WidgetCenter`.
///
/// `WidgetCenter.shared` is the center of the runtime running the current provider or intent
/// (a task-local value the runtime sets), or else the process-wide center the composition
/// root hands to its runtime. Requests are queued and taken by the runtime at its next step;
/// they count against each widget's reload budget.
public final class WidgetCenter: Sendable {
    /// A queued reload request.
    package enum Request: Sendable, Equatable {
        case kind(String)
        case all
    }

    private struct State {
        var requests: [Request] = []
        var configurations: [WidgetInfo] = []
        var listener: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    /// The center of the runtime whose code is running now, if any.
    @TaskLocal package static var current: WidgetCenter?

    /// The kind of the widget whose provider is running on this task, if any.
    @TaskLocal package static var currentKind: String?

    /// The center for code that runs outside any widget runtime (file watchers, the control socket).
    package static let processWide = WidgetCenter()

    /// The center widget code talks to.
    public static var shared: WidgetCenter { current ?? processWide }

    /// Creates a center (each runtime has one).
    package init() {}

    /// Reloads the timelines of every placed widget of `kind`, subject to each one's budget.
    public func reloadTimelines(ofKind kind: String) {
        enqueue(.kind(kind))
    }

    /// Reloads the timelines of every placed widget, subject to each one's budget.
    public func reloadAllTimelines() {
        enqueue(.all)
    }

    /// The widgets placed on the face, with their families and configurations.
    public func currentConfigurations() async throws -> [WidgetInfo] {
        state.withLock { $0.configurations }
    }

    /// The widgets placed on the face, delivered to `completion`.
    public func getCurrentConfigurations(_ completion: @escaping @Sendable (Result<[WidgetInfo], any Error>) -> Void) {
        completion(.success(state.withLock { $0.configurations }))
    }

    private func enqueue(_ request: Request) {
        let listener = state.withLock { state -> (@Sendable () -> Void)? in
            state.requests.append(request)
            return state.listener
        }
        listener?()
    }

    /// Takes the queued requests.
    package func takeRequests() -> [Request] {
        state.withLock { state in
            defer { state.requests.removeAll() }
            return state.requests
        }
    }

    /// Replaces what `currentConfigurations()` reports.
    package func publish(_ configurations: [WidgetInfo]) {
        state.withLock { $0.configurations = configurations }
    }

    /// Sets the function called after each request (the run loop's wake-up).
    package func setListener(_ listener: (@Sendable () -> Void)?) {
        state.withLock { $0.listener = listener }
    }
}

/// A placed widget, as WidgetKit's `WidgetInfo`.
public struct WidgetInfo: Sendable {
    /// The widget's kind.
    public let kind: String
    /// The family of its slot.
    public let family: WidgetFamily
    /// Its configuration intent, for an `AppIntentConfiguration`.
    public let configuration: (any WidgetConfigurationIntent)?

    /// The configuration intent if it is an `I`.
    public func widgetConfigurationIntent<I: WidgetConfigurationIntent>(of type: I.Type = I.self) -> I? {
        configuration as? I
    }
}
