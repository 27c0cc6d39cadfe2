import Foundation

/// The fixed data of a live activity and the type of its changing state, as ActivityKit's `ActivityAttributes`.
///
/// As Apple's, attributes and state need not be `Sendable`: they are `Codable` values the
/// runtime keeps as started (or last updated) and never changes. `SendableMetatype` only asks
/// that the type itself is not isolated to an actor (true of any plain struct), so the
/// runtime's decoding closures may name it.
public protocol ActivityAttributes: Codable, SendableMetatype {
    /// The data that changes over the activity's life.
    associatedtype ContentState: Codable & Hashable
}

/// A state of a live activity with when it goes stale and how relevant it is, as ActivityKit's `ActivityContent`.
///
/// `Sendable` whatever the state, as Apple's: the state is a `Codable` value that is stored
/// as given and never changed in place.
public struct ActivityContent<State: Codable & Hashable>: @unchecked Sendable, Hashable {
    /// The state shown.
    public let state: State
    /// After this moment the view is drawn with `isStale == true`.
    public let staleDate: Date?
    /// Which of several activities in one slot is shown: the highest score wins.
    public let relevanceScore: Double

    /// Creates content with `state`, an optional stale date and a relevance score.
    public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}

/// Where a live activity is in its life, as ActivityKit's `ActivityState`.
public enum ActivityState: Sendable, Hashable {
    /// Running and shown.
    case active
    /// Ended but still shown until its dismissal moment.
    case ended
    /// Removed from the face.
    case dismissed
    /// Running, but past its stale date.
    case stale
}

/// When an ended activity leaves the face, as ActivityKit's `ActivityUIDismissalPolicy`.
public struct ActivityUIDismissalPolicy: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case standard
        case immediate
        case after(Date)
    }

    let kind: Kind

    /// After up to four hours.
    public static let `default` = ActivityUIDismissalPolicy(kind: .standard)
    /// At once.
    public static let immediate = ActivityUIDismissalPolicy(kind: .immediate)

    /// At `date` or after four hours, whichever is earlier.
    public static func after(_ date: Date) -> ActivityUIDismissalPolicy {
        ActivityUIDismissalPolicy(kind: .after(date))
    }
}

/// How updates reach an activity, as ActivityKit's `PushType`; Glance has no push service.
public struct PushType: Sendable, Hashable {
    /// Updates through a push token (refused: there is no push service).
    public static let token = PushType()
}

/// Why an activity could not start, as ActivityKit's `ActivityAuthorizationError`.
public enum ActivityAuthorizationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Attributes and content encode to more than 4 KB (`size` bytes).
    case attributesTooLarge(size: Int)
    /// Push updates were asked for; Glance has no push service.
    case unsupported
    /// No widget in the bundle has an `ActivityConfiguration` for these attributes.
    case unsupportedTarget(attributes: String)
    /// The attributes or content could not be encoded.
    case persistenceFailure(String)
    /// `ActivityCenter.runningLimit` activities are already running; end one first.
    case targetMaximumExceeded

    /// What went wrong.
    public var description: String {
        switch self {
        case .attributesTooLarge(let size):
            "activity attributes and content encode to \(size) bytes; the limit is \(ActivityCenter.sizeLimit)"
        case .unsupported: "push updates are not supported: Glance has no push service"
        case .unsupportedTarget(let attributes): "no ActivityConfiguration shows \(attributes)"
        case .persistenceFailure(let reason): "activity data could not be encoded: \(reason)"
        case .targetMaximumExceeded:
            "\(ActivityCenter.runningLimit) live activities are already running, the most at once; end one before starting another"
        }
    }
}

/// A running live activity, as ActivityKit's `Activity`.
///
/// Start one with `Activity.request(attributes:content:pushType:)`; it takes the slot the
/// face names for live activities, over that slot's stack, until it is dismissed.
///
/// `Sendable` as Apple's is: its attributes are fixed at the start and its content lives in
/// the center, behind a lock.
public final class Activity<Attributes: ActivityAttributes>: Identifiable, @unchecked Sendable {
    /// The activity's identifier.
    public let id: String
    /// The fixed data it was started with.
    public let attributes: Attributes
    private let center: ActivityCenter

    init(id: String, attributes: Attributes, center: ActivityCenter) {
        self.id = id
        self.attributes = attributes
        self.center = center
    }

    /// The latest content.
    public var content: ActivityContent<Attributes.ContentState> {
        guard let content = center.snapshot(id: id)?.content as? ActivityContent<Attributes.ContentState> else {
            preconditionFailure("activity \(id) lost its content")
        }
        return content
    }

    /// Where the activity is in its life.
    public var activityState: ActivityState {
        center.state(id: id, at: center.now())
    }

    /// The activities of this type that have not been dismissed.
    public static var activities: [Activity<Attributes>] {
        let center = ActivityCenter.shared
        return center.records(of: String(reflecting: Attributes.self)).compactMap { snapshot in
            (snapshot.attributes as? Attributes).map { Activity(id: snapshot.id, attributes: $0, center: center) }
        }
    }

    /// Starts a live activity.
    /// - Throws: `ActivityAuthorizationError.attributesTooLarge` when attributes and content
    ///   encode to more than 4 KB, `.unsupported` for push updates, `.unsupportedTarget` when
    ///   no widget shows these attributes.
    public static func request(attributes: Attributes, content: ActivityContent<Attributes.ContentState>,
                               pushType: PushType? = nil) throws -> Activity<Attributes> {
        guard pushType == nil else { throw ActivityAuthorizationError.unsupported }
        let center = ActivityCenter.shared
        let id = try center.start(attributes: attributes, content: content)
        return Activity(id: id, attributes: attributes, center: center)
    }

    /// Replaces the activity's content; content over the 4 KB limit is refused and logged.
    public func update(_ content: ActivityContent<Attributes.ContentState>) async {
        center.update(id: id, attributes: attributes, content: content)
    }

    /// Ends the activity, optionally with final content, leaving the face as `dismissalPolicy` says.
    public func end(_ content: ActivityContent<Attributes.ContentState>?, dismissalPolicy: ActivityUIDismissalPolicy = .default) async {
        if let content { center.update(id: id, attributes: attributes, content: content) }
        center.end(id: id, policy: dismissalPolicy)
    }
}
