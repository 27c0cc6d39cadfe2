import Foundation
import GlanceCore

/// What the runtime knows about one live activity at a moment.
///
/// `@unchecked Sendable` because `ActivityAttributes` need not be `Sendable` (as Apple's);
/// the attributes and content it holds are `Codable` values that are never changed in place.
package struct ActivitySnapshot: @unchecked Sendable {
    package let id: String
    /// `String(reflecting:)` of the attributes type.
    package let attributesType: String
    package let attributes: any ActivityAttributes
    /// The `ActivityContent<ContentState>` value.
    package var content: any Sendable
    package var staleDate: Date?
    package var relevanceScore: Double
    /// Counts content updates, so a cached render knows it is current.
    package var revision = 0
    /// Start order, for choosing among equal scores (later wins).
    package let sequence: Int
    package var endedAt: Date?
    package var dismissAt: Date?
}

/// The live activities of a runtime: started, updated and ended through `Activity`, read by the runtime.
///
/// `ActivityCenter.shared` is the center of the runtime whose code is running (task-local),
/// else the process-wide one the composition root hands to its runtime.
public final class ActivityCenter: Sendable {
    /// The most bytes attributes plus content may encode to (ActivityKit's 4 KB).
    public static let sizeLimit = 4096
    /// How long an ended activity with the default dismissal policy stays.
    public static let maximumEndedDuration: TimeInterval = 4 * 3600
    /// The most activities running (started, not ended) at once; one more start is refused
    /// with `.targetMaximumExceeded`. Apple does not publish its number; a slot shows one
    /// activity at a time (the most relevant), so 16 is far more than a face can show, and
    /// keeps what outside requests (MQTT, the control socket) can make the face hold to
    /// 16 × 4 KB of attributes and content. Ended activities that linger on the glass are
    /// held to the same number: ending one more dismisses the oldest ended one.
    public static let runningLimit = 16

    private struct State {
        var records: [String: ActivitySnapshot] = [:]
        var sequence = 0
        var supportedTypes: Set<String>?
        var time: (any HostClock)?
        var listener: (@Sendable () -> Void)?
        var log: (@Sendable (String) -> Void)?
    }

    private let state = Locked(State())

    /// The center of the runtime whose code is running now, if any.
    @TaskLocal package static var current: ActivityCenter?
    /// The center for code outside any runtime's tasks.
    package static let processWide = ActivityCenter()

    /// The center `Activity` talks to.
    public static var shared: ActivityCenter { current ?? processWide }

    /// Creates an empty center.
    package init() {}

    /// Connects a runtime: its clock, the attribute types it can show, and how it is told of changes.
    package func attach(time: any HostClock, supportedTypes: Set<String>, log: @escaping @Sendable (String) -> Void,
                        listener: @escaping @Sendable () -> Void) {
        state.withLock {
            $0.time = time
            $0.supportedTypes = supportedTypes
            $0.log = log
            $0.listener = listener
        }
    }

    /// The attached runtime's clock; before a runtime attaches (code outside any face), the
    /// process's, as ActivityKit reads the device's.
    func now() -> Date {
        Self.now(state.withLock { $0.time })
    }

    private static func now(_ time: (any HostClock)?) -> Date {
        time?.now ?? ProcessClock.now
    }

    private static func encodedSize<A: ActivityAttributes>(_ attributes: A, _ content: ActivityContent<A.ContentState>) throws(ActivityAuthorizationError) -> Int {
        do {
            let encoder = JSONEncoder()
            return try encoder.encode(attributes).count + encoder.encode(content.state).count
        } catch {
            throw .persistenceFailure(String(describing: error))
        }
    }

    func start<A: ActivityAttributes>(attributes: A, content: ActivityContent<A.ContentState>) throws(ActivityAuthorizationError) -> String {
        let size = try Self.encodedSize(attributes, content)
        guard size <= Self.sizeLimit else { throw .attributesTooLarge(size: size) }
        let type = String(reflecting: A.self)
        let outcome = state.withLock { state -> Result<(String, (@Sendable () -> Void)?), ActivityAuthorizationError> in
            if let supported = state.supportedTypes, !supported.contains(type) { return .failure(.unsupportedTarget(attributes: type)) }
            let now = Self.now(state.time)
            let running = state.records.values.filter { $0.endedAt == nil && !($0.dismissAt.map { now >= $0 } ?? false) }.count
            guard running < Self.runningLimit else { return .failure(.targetMaximumExceeded) }
            state.sequence += 1
            let id = "activity-\(state.sequence)"
            state.records[id] = ActivitySnapshot(id: id, attributesType: type, attributes: attributes, content: content,
                                                 staleDate: content.staleDate, relevanceScore: content.relevanceScore,
                                                 sequence: state.sequence)
            return .success((id, state.listener))
        }
        let (id, listener) = try outcome.get()
        listener?()
        return id
    }

    /// Replaces the content of activity `id` and tells the runtime; nothing happens when it is gone.
    /// - Throws: `.attributesTooLarge` when attributes and content encode to more than 4 KB,
    ///   `.persistenceFailure` when they cannot be encoded; the content is then unchanged.
    func replaceContent<A: ActivityAttributes>(id: String, attributes: A, content: ActivityContent<A.ContentState>) throws(ActivityAuthorizationError) {
        let size = try Self.encodedSize(attributes, content)
        guard size <= Self.sizeLimit else { throw .attributesTooLarge(size: size) }
        let listener = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.records[id] != nil else { return nil }
            state.records[id]?.content = content
            state.records[id]?.staleDate = content.staleDate
            state.records[id]?.relevanceScore = content.relevanceScore
            state.records[id]?.revision += 1
            return state.listener
        }
        listener?()
    }

    /// `Activity.update`: as `replaceContent`, but a refused update is logged, as ActivityKit drops it.
    func update<A: ActivityAttributes>(id: String, attributes: A, content: ActivityContent<A.ContentState>) {
        do {
            try replaceContent(id: id, attributes: attributes, content: content)
        } catch {
            let reason = switch error {
            case .attributesTooLarge(let size): "attributes and content encode to \(size) bytes; the limit is \(Self.sizeLimit)"
            default: error.description
            }
            state.withLock { $0.log }?("activity \(id): update refused: \(reason)")
        }
    }

    func end(id: String, policy: ActivityUIDismissalPolicy) {
        let listener = state.withLock { state -> (@Sendable () -> Void)? in
            guard let record = state.records[id] else { return nil }
            // Ending again (say with `.immediate`) changes when an ended activity leaves.
            let now = Self.now(state.time)
            let endedAt = record.endedAt ?? now
            let latest = endedAt.addingTimeInterval(Self.maximumEndedDuration)
            state.records[id]?.endedAt = endedAt
            switch policy.kind {
            case .immediate: state.records[id]?.dismissAt = now
            case .standard: state.records[id]?.dismissAt = latest
            case .after(let date): state.records[id]?.dismissAt = min(date, latest)
            }
            // Ended activities waiting to leave: the oldest go now beyond `runningLimit`.
            let lingering = state.records.values.filter { $0.endedAt != nil && !($0.dismissAt.map { now >= $0 } ?? false) }
            for record in lingering.sorted(by: { $0.sequence < $1.sequence }).dropLast(Self.runningLimit) {
                state.records[record.id]?.dismissAt = now
            }
            return state.listener
        }
        listener?()
    }

    /// Every activity not yet dismissed at `now` (dismissed ones are forgotten).
    package func liveActivities(at now: Date) -> [ActivitySnapshot] {
        state.withLock { state in
            for (id, record) in state.records where (record.dismissAt.map { now >= $0 } ?? false) {
                state.records[id] = nil
            }
            return state.records.values.sorted { $0.sequence < $1.sequence }
        }
    }

    func snapshot(id: String) -> ActivitySnapshot? {
        state.withLock { $0.records[id] }
    }

    func records(of type: String) -> [ActivitySnapshot] {
        state.withLock { $0.records.values.filter { $0.attributesType == type }.sorted { $0.sequence < $1.sequence } }
    }

    func state(id: String, at now: Date) -> ActivityState {
        guard let record = snapshot(id: id) else { return .dismissed }
        if let dismissAt = record.dismissAt, now >= dismissAt { return .dismissed }
        if record.endedAt != nil { return .ended }
        if let stale = record.staleDate, now >= stale { return .stale }
        return .active
    }
}
