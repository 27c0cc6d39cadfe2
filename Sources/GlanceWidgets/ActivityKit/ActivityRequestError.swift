import Foundation

/// Why a live-activity change from JSON (`ActivityJSONRequest`) was not made.
package enum ActivityRequestError: Error, CustomStringConvertible, Sendable, Equatable {
    /// No `ActivityConfiguration` in the bundle has attributes of this name; `known` lists those that do.
    case unknownType(String, known: [String])
    /// The short name matches several attributes types (in different modules); use the full name.
    case ambiguousType(String, matches: [String])
    /// No activity with this identifier is running; `live` lists those that are.
    case unknownActivity(String, live: [String])
    /// The attributes or state JSON does not decode into the type; `problem` says where and why.
    case invalidJSON(type: String, part: String, problem: String)
    /// The activity center refused the change (size limit, encoding).
    case refused(ActivityAuthorizationError)

    /// What went wrong and what exists instead.
    package var description: String {
        switch self {
        case .unknownType(let name, let known):
            known.isEmpty
                ? "no live activity type '\(name)': this bundle has no ActivityConfiguration"
                : "no live activity type '\(name)' (this bundle shows: \(known.joined(separator: ", ")))"
        case .ambiguousType(let name, let matches):
            "live activity type '\(name)' is ambiguous; use one of: \(matches.joined(separator: ", "))"
        case .unknownActivity(let id, let live):
            live.isEmpty
                ? "no live activity '\(id)' (none is running)"
                : "no live activity '\(id)' (running: \(live.joined(separator: ", ")))"
        case .invalidJSON(let type, let part, let problem):
            "the \(part) JSON does not fit \(type): \(problem)"
        case .refused(let error):
            error.description
        }
    }
}
