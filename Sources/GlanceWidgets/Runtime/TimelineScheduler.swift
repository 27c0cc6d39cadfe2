import Foundation

/// Why a timeline is being reloaded; intent reloads (and their retries) are free.
enum ReloadReason: Sendable, Hashable {
    case initial, policy, center, retry, intent, intentRetry

    var isFree: Bool { self == .intent || self == .intentRetry }
}

/// Decides when each widget's provider is asked for a timeline (Docs/Contract.md, "Timelines"): the
/// first load, the timeline's reload policy, `WidgetCenter` requests, one reload per finished
/// intent, retries with back-off after a failure, the rolling 24-hour budget and the provider
/// timeout.
///
/// It holds no entries and calls nothing: the runtime asks `due(at:)` which calls start now,
/// makes them, and reports how each ended with `finish(_:_:at:)`. Widgets are numbered as the
/// runtime numbers its instances.
struct TimelineScheduler {
    /// One provider call the scheduler started.
    struct Call: Hashable {
        let widget: Int
        let id: Int
        let reason: ReloadReason
    }

    /// What `due(at:)` decided for one widget.
    enum Decision: Equatable {
        /// Call the provider now.
        case start(Call)
        /// A counted reload is due but the budget is used up until `until` (reported once per deferral).
        case deferred(widget: Int, until: Date)
    }

    /// How a call ended.
    enum Ending {
        /// A timeline with entries, asking for its next reload at `reloadAt` (nil: never).
        case timeline(reloadAt: Date?)
        /// An empty timeline, an error or no answer within the timeout.
        case failure
    }

    /// What finishing a call did.
    enum Finish: Equatable {
        /// The call was not the widget's current one (it timed out before); nothing changed.
        case ignored
        case applied
        /// The call failed; the widget retries after `delay` seconds.
        case retrying(after: TimeInterval)
    }

    /// One widget's reload bookkeeping.
    private struct Plan {
        var initialPending = true
        var policyDue: Date?
        var centerPending = false
        var retryAt: Date?
        var retryIsFree = false
        var failures = 0
        var deferred = false
        var inFlight: (call: Call, deadline: Date)?
        var budget: ReloadBudget
        /// Intent reloads ready to start (one per finished intent).
        var intentReloadsQueued = 0
        var intentReloadsStarted = 0

        /// The reload that should start now, if any (budget not yet considered).
        func dueReload(at now: Date) -> ReloadReason? {
            if initialPending { return .initial }
            if centerPending { return .center }
            if let retryAt, retryAt <= now { return retryIsFree ? .intentRetry : .retry }
            if let policyDue, policyDue <= now { return .policy }
            return nil
        }

        /// Whether a free retry (of a failed intent reload) is due: it never waits for the budget.
        func freeRetryDue(at now: Date) -> Bool {
            retryIsFree && retryAt.map { $0 <= now } ?? false
        }

        /// The moment the call in flight times out or the next call can start; `now` or
        /// earlier when one is overdue.
        func nextStart(after now: Date) -> Date? {
            if let inFlight { return inFlight.deadline }
            if intentReloadsQueued > 0 || initialPending { return now }
            // Counted reloads wait for the budget; a free retry does not.
            let counted = [centerPending ? now : nil, policyDue, retryIsFree ? nil : retryAt].compactMap { $0 }
                .map { budget.nextAllowed(at: max($0, now)) }
            return (counted + [retryIsFree ? retryAt : nil].compactMap { $0 }).min()
        }
    }

    private let providerTimeout: TimeInterval
    private let retry: RetryPolicy
    private var plans: [Plan]
    private var calls = 0

    /// Creates the schedule of `widgets` widgets, each needing its first timeline.
    /// - Parameters:
    ///   - budget: Counted reloads per widget per 24 hours; nil for unlimited.
    ///   - providerTimeout: How long a call may take before it counts as failed.
    ///   - retry: The back-off after failures.
    init(widgets: Int, budget: Int?, providerTimeout: TimeInterval, retry: RetryPolicy) {
        self.providerTimeout = providerTimeout
        self.retry = retry
        plans = Array(repeating: Plan(budget: ReloadBudget(limit: budget)), count: widgets)
    }

    // MARK: - Requests

    /// `WidgetCenter` asked for a reload of `widget`; it waits for the budget if need be and
    /// stays pending until a counted reload starts.
    mutating func requestReload(of widget: Int) {
        plans[widget].centerPending = true
    }

    /// An intent aimed at `widget` finished: one free reload follows.
    mutating func intentFinished(for widget: Int) {
        plans[widget].intentReloadsQueued += 1
    }

    // MARK: - Deciding

    /// Starts every call due at `now` and reports new budget deferrals. Each started call is
    /// in flight until `finish` or its timeout; a widget has at most one call in flight.
    mutating func due(at now: Date) -> [Decision] {
        var decisions = [Decision]()
        for widget in plans.indices {
            // Each finished intent gets its own reload; answers given at once let the next start.
            if plans[widget].inFlight == nil, plans[widget].intentReloadsQueued > 0 {
                plans[widget].intentReloadsQueued -= 1
                decisions.append(.start(start(widget, reason: .intent, at: now)))
                continue
            }
            guard plans[widget].inFlight == nil, var reason = plans[widget].dueReload(at: now) else { continue }
            if !reason.isFree && !plans[widget].budget.allows(at: now) {
                if plans[widget].freeRetryDue(at: now) {
                    reason = .intentRetry
                } else {
                    if !plans[widget].deferred {
                        plans[widget].deferred = true
                        decisions.append(.deferred(widget: widget, until: plans[widget].budget.nextAllowed(at: now)))
                    }
                    continue
                }
            }
            decisions.append(.start(start(widget, reason: reason, at: now)))
        }
        return decisions
    }

    private mutating func start(_ widget: Int, reason: ReloadReason, at now: Date) -> Call {
        calls += 1
        let call = Call(widget: widget, id: calls, reason: reason)
        var plan = plans[widget]
        plan.initialPending = false
        plan.retryAt = nil
        if reason.isFree {
            if reason == .intent { plan.intentReloadsStarted += 1 }
        } else {
            // An intent reload leaves a deferred WidgetCenter request standing: it is never dropped.
            plan.deferred = false
            plan.centerPending = false
            plan.policyDue = nil
            plan.budget.record(now)
        }
        plan.inFlight = (call, now.addingTimeInterval(providerTimeout))
        plans[widget] = plan
        return call
    }

    /// The calls in flight whose timeout has passed at `now`; finish each with `.failure`.
    func expired(at now: Date) -> [Call] {
        plans.compactMap { plan in plan.inFlight.flatMap { now >= $0.deadline ? $0.call : nil } }
    }

    /// Whether `call` is still its widget's call in flight (not timed out, not finished).
    func isCurrent(_ call: Call) -> Bool {
        plans[call.widget].inFlight?.call == call
    }

    /// Records how `call` ended at `now`: a timeline schedules the reload its policy asks for
    /// (a moment already come is taken as one second from now, so a timeline asking for itself
    /// again cannot spin), a failure schedules a retry with back-off.
    mutating func finish(_ call: Call, _ ending: Ending, at now: Date) -> Finish {
        guard isCurrent(call) else { return .ignored }
        plans[call.widget].inFlight = nil
        switch ending {
        case .timeline(let reloadAt):
            plans[call.widget].failures = 0
            plans[call.widget].retryAt = nil
            plans[call.widget].policyDue = reloadAt.map { max($0, now.addingTimeInterval(1)) }
            return .applied
        case .failure:
            plans[call.widget].failures += 1
            let delay = retry.delay(afterFailures: plans[call.widget].failures)
            plans[call.widget].retryAt = now.addingTimeInterval(delay)
            plans[call.widget].retryIsFree = call.reason.isFree
            return .retrying(after: delay)
        }
    }

    /// A backward jump of the wall clock: durations in progress (timeouts, retries, budget
    /// windows) restart from `now`, while wall-clock moments (policy dates) stay.
    mutating func clockWentBack(to now: Date) {
        for widget in plans.indices {
            plans[widget].budget.clamp(to: now)
            if let flight = plans[widget].inFlight, flight.deadline > now.addingTimeInterval(providerTimeout) {
                plans[widget].inFlight = (flight.call, now.addingTimeInterval(providerTimeout))
            }
            if let retryAt = plans[widget].retryAt {
                let delay = retry.delay(afterFailures: plans[widget].failures)
                plans[widget].retryAt = min(retryAt, now.addingTimeInterval(delay))
            }
        }
    }

    // MARK: - Reading

    /// The earliest moment a call starts or times out: `now` when something is already overdue.
    func nextWakeUp(after now: Date) -> Date? {
        plans.compactMap { $0.nextStart(after: now) }.map { max($0, now) }.min()
    }

    /// Counted reloads of `widget` in the 24 hours ending at `now`.
    func budgetUsed(by widget: Int, at now: Date) -> Int {
        plans[widget].budget.used(at: now)
    }

    /// Whether `widget` has a call in flight.
    func isReloading(_ widget: Int) -> Bool {
        plans[widget].inFlight != nil
    }

    /// When `widget`'s next provider call starts (or, with one in flight, times out) and why;
    /// nil when nothing will call it without a request (the policy is `never`).
    func nextReload(of widget: Int, at now: Date) -> (date: Date, reason: String)? {
        let plan = plans[widget]
        if let flight = plan.inFlight { return (flight.deadline, "a call is in flight; it times out then") }
        if plan.intentReloadsQueued > 0 { return (now, "an intent finished") }
        if plan.initialPending { return (now, "the first timeline") }
        func counted(_ date: Date, _ reason: String) -> (date: Date, reason: String) {
            let allowed = plan.budget.nextAllowed(at: max(date, now))
            return allowed > max(date, now) ? (allowed, reason + ", waiting for the reload budget") : (date, reason)
        }
        var candidates = [(date: Date, reason: String)]()
        if plan.centerPending { candidates.append(counted(now, "WidgetCenter asked for a reload")) }
        if let retryAt = plan.retryAt {
            let reason = "retry after \(plan.failures) failed call\(plan.failures == 1 ? "" : "s")"
            candidates.append(plan.retryIsFree ? (retryAt, reason) : counted(retryAt, reason))
        }
        if let policyDue = plan.policyDue { candidates.append(counted(policyDue, "the timeline's reload policy")) }
        return candidates.min { $0.date < $1.date }
    }

    /// Intent reloads started for `widget` so far.
    func intentReloadsStarted(for widget: Int) -> Int {
        plans[widget].intentReloadsStarted
    }
}
