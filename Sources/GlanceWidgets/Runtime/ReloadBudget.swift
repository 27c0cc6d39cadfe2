import Foundation

/// A widget instance's rolling 24-hour reload budget (Docs/Contract.md, "Reload budget").
struct ReloadBudget: Sendable {
    static let window: TimeInterval = 86_400

    /// Reloads allowed per window; nil for unlimited.
    let limit: Int?
    /// When counted reloads started, oldest first.
    private(set) var log: [Date] = []

    init(limit: Int?) {
        self.limit = limit
    }

    /// Reloads counted in the window ending at `now` (reloads dated after `now`, left by a clock
    /// jump backwards, count too).
    func used(at now: Date) -> Int {
        log.filter { $0 > now.addingTimeInterval(-Self.window) }.count
    }

    /// Whether a counted reload may start at `now`.
    func allows(at now: Date) -> Bool {
        guard let limit else { return true }
        return used(at: now) < limit
    }

    /// The first moment at or after `now` when a counted reload may start.
    func nextAllowed(at now: Date) -> Date {
        guard let limit, used(at: now) >= limit else { return now }
        let inWindow = log.filter { $0 > now.addingTimeInterval(-Self.window) }.sorted()
        // The reload that must leave the window for one more to fit.
        return inWindow[inWindow.count - limit].addingTimeInterval(Self.window)
    }

    /// Records a counted reload at `now`, forgetting reloads that left the window.
    mutating func record(_ now: Date) {
        log.removeAll { $0 <= now.addingTimeInterval(-Self.window) }
        log.append(now)
    }

    /// After a backward clock jump, treats reloads dated in the future as made `now`, so the
    /// window closes 24 hours from now instead of 24 hours after a moment that has not come.
    mutating func clamp(to now: Date) {
        log = log.map { min($0, now) }
    }
}
