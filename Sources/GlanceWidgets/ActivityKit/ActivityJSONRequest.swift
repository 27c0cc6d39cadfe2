import Foundation

/// A live-activity change described in JSON, as a host receives it from outside the bundle
/// (the control socket): start an activity of a registered attributes type, update or end one.
package enum ActivityJSONRequest: Sendable, Equatable {
    /// Starts an activity of the attributes type named `type` (its name with or without the module).
    case start(type: String, attributes: Data, content: ActivityJSONContent)
    /// Replaces the content of the activity `id`.
    case update(id: String, content: ActivityJSONContent)
    /// Ends the activity `id`, with final content when given, leaving the face as `dismissal` says.
    case end(id: String, content: ActivityJSONContent?, dismissal: ActivityUIDismissalPolicy)
}

/// An `ActivityContent` whose state is still JSON.
package struct ActivityJSONContent: Sendable, Equatable {
    /// The `ContentState` as JSON. Dates in it may be ISO 8601 strings or seconds since 1970.
    package var state: Data
    /// After this moment the activity is drawn stale; nil for never.
    package var staleDate: Date?
    /// The relevance score; nil means 0 for a new activity and the current score for an update.
    package var relevanceScore: Double?

    /// Creates content from the state's JSON bytes, a stale date and a relevance score.
    package init(state: Data, staleDate: Date? = nil, relevanceScore: Double? = nil) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}
