/// Turns one button's debounced presses and releases into gestures.
///
/// A pure state machine: `press(at:)` and `release(at:)` take edges, `advance(to:)` lets time
/// pass so holds and deferred clicks fire without a new edge, and `nextDeadline` says when the
/// next timed event is due so a runtime can sleep exactly until then. Every call first lets time
/// pass up to its instant, so events always come out in time order; an instant earlier than one
/// already seen counts as that one.
///
/// Guarantees: `press` and `release` alternate, starting with `press` (unpaired input is
/// ignored); each physical press ends as exactly one of `click`, `doubleClick` or a hold (at
/// least one `longPress` or `repeat`), so an action bound to clicks runs once per click. With
/// the immediate policy the first press of a pair is a `click` and the second the
/// `doubleClick`; with the deferred policy the single `doubleClick` stands for both presses.
public struct GestureRecognizer: Hashable, Sendable {
    /// The button events are reported for.
    public let button: ButtonID
    /// The timings in force.
    public let configuration: GestureConfiguration

    // The configuration in nanoseconds, so the hot path does no `Duration` arithmetic.
    private let longPressNanoseconds: Int64?
    private let repeatDelayNanoseconds: Int64?
    private let repeatIntervalNanoseconds: Int64
    private let windowNanoseconds: Int64?
    private let isDeferred: Bool

    private var now: InputTime?
    private var isPressed = false
    private var holdFired = false
    private var isSecondClick = false
    private var longPressDue: InputTime?
    private var repeatDue: InputTime?
    private var repeatCount = 0
    /// Release time of the last click while a second click may still follow (immediate policy).
    private var lastClickRelease: InputTime?
    /// When a click held back by the deferred policy is reported if no second press comes.
    private var deferredClickDue: InputTime?

    /// Creates a recognizer for `button`.
    public init(button: ButtonID, configuration: GestureConfiguration = .standard) {
        self.button = button
        self.configuration = configuration
        longPressNanoseconds = configuration.longPress.map { max($0.nanoseconds, 0) }
        repeatDelayNanoseconds = configuration.autoRepeat.map { max($0.delay.nanoseconds, 0) }
        repeatIntervalNanoseconds = max(configuration.autoRepeat?.interval.nanoseconds ?? 0, 1_000_000)
        windowNanoseconds = configuration.doubleClick.map { max($0.window.nanoseconds, 0) }
        isDeferred = configuration.doubleClick?.policy == .deferred
    }

    /// True while the button is down.
    public var isDown: Bool { isPressed }

    /// The next instant at which `advance(to:)` will report something, or nil when nothing is pending.
    public var nextDeadline: InputTime? {
        earliest(earliest(longPressDue, repeatDue), deferredClickDue)
    }

    /// The button went down at `time`.
    /// - Returns: Events due up to `time`, then `press`.
    public mutating func press(at time: InputTime) -> [ButtonEvent] {
        var events: [ButtonEvent] = []
        press(at: time, into: &events)
        return events
    }

    /// The button came up at `time`.
    /// - Returns: Events due up to `time`, then `release` and, for a short press, `click` or
    ///   `doubleClick` (a deferred click comes later, from `advance(to:)`).
    public mutating func release(at time: InputTime) -> [ButtonEvent] {
        var events: [ButtonEvent] = []
        release(at: time, into: &events)
        return events
    }

    /// Lets time pass to `time` with no edge.
    /// - Returns: Every timed event due by `time` (long press, repeats, a deferred click), oldest first.
    public mutating func advance(to time: InputTime) -> [ButtonEvent] {
        var events: [ButtonEvent] = []
        advance(to: time, into: &events)
        return events
    }

    // MARK: - Appending variants (no intermediate arrays)

    /// `press(at:)`, appending to `events`.
    package mutating func press(at time: InputTime, into events: inout [ButtonEvent]) {
        advance(to: time, into: &events)
        let time = now ?? time
        guard !isPressed else { return }
        isPressed = true
        holdFired = false
        repeatCount = 0
        events.append(event(.press, time))
        if let window = windowNanoseconds {
            if isDeferred {
                // `advance` already reported a deferred click whose window has closed; one still
                // held back now waits for this press to end as a click (a pair) or a hold.
                isSecondClick = deferredClickDue != nil
                deferredClickDue = nil
            } else {
                isSecondClick = lastClickRelease.map { time.nanoseconds &- $0.nanoseconds < window } ?? false
            }
        }
        lastClickRelease = nil
        longPressDue = longPressNanoseconds.map { InputTime(nanoseconds: time.nanoseconds &+ $0) }
        repeatDue = repeatDelayNanoseconds.map { InputTime(nanoseconds: time.nanoseconds &+ $0) }
    }

    /// `release(at:)`, appending to `events`.
    package mutating func release(at time: InputTime, into events: inout [ButtonEvent]) {
        advance(to: time, into: &events)
        let time = now ?? time
        guard isPressed else { return }
        isPressed = false
        longPressDue = nil
        repeatDue = nil
        events.append(event(.release, time))
        defer { isSecondClick = false }
        if holdFired { return }
        guard let window = windowNanoseconds else {
            events.append(event(.click, time))
            return
        }
        if isSecondClick {
            events.append(event(.doubleClick, time))
        } else if isDeferred {
            deferredClickDue = InputTime(nanoseconds: time.nanoseconds &+ window)
        } else {
            lastClickRelease = time
            events.append(event(.click, time))
        }
    }

    /// `advance(to:)`, appending to `events`.
    package mutating func advance(to time: InputTime, into events: inout [ButtonEvent]) {
        let time = latest(time, now)
        now = time
        while let due = nextDeadline, due.nanoseconds <= time.nanoseconds {
            if due == deferredClickDue {
                deferredClickDue = nil
                events.append(event(.click, due))
            } else if due == longPressDue {
                longPressDue = nil
                fireHold(.longPress, at: due, into: &events)
            } else {
                repeatCount += 1
                repeatDue = InputTime(nanoseconds: due.nanoseconds &+ repeatIntervalNanoseconds)
                fireHold(.repeat(count: repeatCount), at: due, into: &events)
            }
        }
    }

    private mutating func fireHold(_ kind: ButtonEvent.Kind, at time: InputTime, into events: inout [ButtonEvent]) {
        // A held-back first click is settled now: this press is a hold, not a second click.
        if isSecondClick, isDeferred {
            events.append(event(.click, time))
        }
        holdFired = true
        isSecondClick = false
        events.append(event(kind, time))
    }

    private func event(_ kind: ButtonEvent.Kind, _ time: InputTime) -> ButtonEvent {
        ButtonEvent(button: button, kind: kind, time: time)
    }
}
