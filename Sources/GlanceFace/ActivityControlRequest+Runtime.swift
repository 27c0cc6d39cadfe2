import Foundation
import GlanceWidgets

extension ActivityControlRequest {
    /// The request as `FaceRuntime.activity(_:)` takes it, so a `ControlTarget` answers with
    /// `try runtime.activity(request.runtimeRequest())`.
    /// - Throws: `ControlError` for a field the action needs but lacks, or a `dismissal` that
    ///   is neither `immediate`, `default` nor an ISO 8601 date.
    package func runtimeRequest() throws -> ActivityJSONRequest {
        switch action {
        case .start:
            guard let type else { throw missing("type", "the attributes type, such as TimerAttributes") }
            guard let attributes else { throw missing("attributes", "the attributes as a JSON object") }
            return .start(type: type, attributes: try attributes.data(), content: try content(required: true)!)
        case .update:
            guard let id else { throw missing("id", "the identifier start answered") }
            return .update(id: id, content: try content(required: true)!)
        case .end:
            guard let id else { throw missing("id", "the identifier start answered") }
            return .end(id: id, content: try content(required: false), dismissal: try dismissalPolicy())
        }
    }

    /// The content, nil when there is no state and none is `required`.
    private func content(required: Bool) throws -> ActivityJSONContent? {
        guard let state else {
            if required { throw missing("state", "the content state as a JSON object") }
            return nil
        }
        return ActivityJSONContent(state: try state.data(), staleDate: staleDate, relevanceScore: relevanceScore)
    }

    private func dismissalPolicy() throws -> ActivityUIDismissalPolicy {
        switch dismissal {
        case nil, "default": return .default
        case "immediate": return .immediate
        case let text?:
            guard let date = ControlJSON.date(text) else {
                throw ControlError(description: "dismissal '\(text)' is not immediate, default or an ISO 8601 date such as 2026-11-21T08:30:00Z")
            }
            return .after(date)
        }
    }

    private func missing(_ field: String, _ meaning: String) -> ControlError {
        ControlError(description: "activity \(action.rawValue) needs \"\(field)\" (\(meaning))")
    }
}
