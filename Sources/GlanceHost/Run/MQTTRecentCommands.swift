import Foundation

/// The command ids (`command_id`) a face applied lately, so that a QoS 1 command the broker
/// delivers again (its acknowledgement was lost with the connection) applies once.
///
/// Bounded both ways: an id is remembered for `lifetime` by the face's clock, and at most
/// `capacity` ids are kept (the oldest go first), so a sender of endless ids costs a fixed
/// amount of memory. Kept in memory: a face that restarts between applying a command and
/// acknowledging it applies a redelivery again.
struct MQTTRecentCommands: Sendable {
    /// How long an id is remembered: a redelivery comes when the connection returns, which
    /// the back-off (at most 30 s between attempts) makes minutes at most unless the broker
    /// itself is away.
    static let lifetime: TimeInterval = 3600
    /// The most ids remembered.
    static let capacity = 1024

    private var applied: [String: Date] = [:]
    /// The ids, oldest first.
    private var order: [String] = []

    /// How many ids are remembered now.
    var count: Int { applied.count }

    /// Whether `id` is new (then it is remembered as applied at `now`); false for an id
    /// applied within `lifetime` before `now`.
    mutating func firstTime(_ id: String, now: Date) -> Bool {
        while let oldest = order.first, let at = applied[oldest], now.timeIntervalSince(at) >= Self.lifetime {
            order.removeFirst()
            applied[oldest] = nil
        }
        guard applied[id] == nil else { return false }
        applied[id] = now
        order.append(id)
        if order.count > Self.capacity { applied[order.removeFirst()] = nil }
        return true
    }
}
