import Foundation

/// The always-on state machine: active → alwaysOn (idle timeout) → off (night or second timeout).
///
/// Any button event returns to `active`; the event that wakes the face is consumed. Without
/// an idle timeout (`idle: never`) the face stays `active` except at night: active → off
/// when the night begins (or `nightIdle` after a press during it), and back to active when
/// it ends.
struct AlwaysOnMachine: Sendable {
    let settings: AlwaysOnSettings
    private(set) var state: DisplayState = .active
    /// The last button event (or the start).
    private(set) var lastInput: Date
    /// When `alwaysOn` began.
    private var alwaysOnSince: Date?
    /// Whether `off` came from the night schedule (it ends with the night) or the timeout.
    private var offByNight = false

    /// Seconds a face without an idle timeout stays lit after a press during the night.
    static let nightIdle: TimeInterval = 30

    init(settings: AlwaysOnSettings, now: Date) {
        self.settings = settings
        self.lastInput = now
    }

    /// Registers a button event at `now`. Returns true when it woke the face (and must not run its binding).
    mutating func input(at now: Date) -> Bool {
        lastInput = now
        let woke = state != .active
        state = .active
        alwaysOnSince = nil
        offByNight = false
        return woke
    }

    /// Takes every transition due at `now`. Returns true when the state changed.
    mutating func advance(to now: Date) -> Bool {
        let before = state
        // A clock jump backwards must not stretch timeouts into the future.
        lastInput = min(lastInput, now)
        alwaysOnSince = alwaysOnSince.map { min($0, now) }
        var changed = true
        while changed {
            changed = false
            switch state {
            case .active:
                if let idle = settings.idleTimeout {
                    if now >= lastInput.addingTimeInterval(idle.seconds) {
                        state = .alwaysOn
                        alwaysOnSince = now
                        changed = true
                    }
                } else if let night = settings.night, night.contains(now), now >= lastInput.addingTimeInterval(Self.nightIdle) {
                    state = .off
                    offByNight = true
                    changed = true
                }
            case .alwaysOn:
                if let night = settings.night, night.contains(now) {
                    state = .off
                    offByNight = true
                    changed = true
                } else if let timeout = settings.offTimeout, let since = alwaysOnSince,
                          now >= since.addingTimeInterval(timeout.seconds) {
                    state = .off
                    offByNight = false
                    changed = true
                }
            case .off:
                if offByNight, let night = settings.night, !night.contains(now) {
                    // A face that never dims is lit again; one that dims comes back dimmed.
                    state = settings.idleTimeout == nil ? .active : .alwaysOn
                    alwaysOnSince = settings.idleTimeout == nil ? nil : now
                    offByNight = false
                    changed = true
                }
            }
        }
        return state != before
    }

    /// The next transition after `now`: when, to which state, and why (the timeline
    /// inspector); nil when none comes without a button.
    func upcoming(after now: Date) -> (date: Date, state: DisplayState, reason: String)? {
        guard let date = nextTransition(after: now) else { return nil }
        switch state {
        case .active:
            guard let idle = settings.idleTimeout else { return (date, .off, "the night begins") }
            return (date, .alwaysOn, "\(Int(idle.seconds)) s without a button press")
        case .alwaysOn:
            if let night = settings.night, night.nextBoundary(after: now) == date { return (date, .off, "the night begins") }
            return (date, .off, "\(Int(settings.offTimeout?.seconds ?? 0)) s in always-on")
        case .off:
            return (date, settings.idleTimeout == nil ? .active : .alwaysOn, "the night ends")
        }
    }

    /// The next moment after `now` at which a transition may be due.
    func nextTransition(after now: Date) -> Date? {
        switch state {
        case .active:
            guard let idle = settings.idleTimeout else {
                guard let night = settings.night else { return nil }
                return night.contains(now) ? max(lastInput.addingTimeInterval(Self.nightIdle), now.addingTimeInterval(0.001)) : night.nextBoundary(after: now)
            }
            return max(lastInput.addingTimeInterval(idle.seconds), now.addingTimeInterval(0.001))
        case .alwaysOn:
            let byNight = settings.night?.nextBoundary(after: now)
            let byTimeout = settings.offTimeout.flatMap { timeout in alwaysOnSince.map { $0.addingTimeInterval(timeout.seconds) } }
            return [byNight, byTimeout].compactMap { $0 }.filter { $0 > now }.min()
        case .off:
            return offByNight ? settings.night?.nextBoundary(after: now) : nil
        }
    }
}
