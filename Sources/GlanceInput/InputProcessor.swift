/// Debounce and gesture recognition for a set of buttons: edges in, time-ordered events out.
///
/// Hardware edges pass through a `Debouncer` per button and then its `GestureRecognizer`;
/// synthetic edges (keys) skip the debouncer. A runtime feeds edges as they arrive, calls
/// `advance(to:)` when `nextDeadline` passes, and sleeps until the next deadline otherwise;
/// nothing polls. Buttons not named at creation are added with the default settings the first
/// time an edge names them.
public struct InputProcessor: Sendable {
    private struct Channel: Sendable {
        var debouncer: Debouncer
        var recognizer: GestureRecognizer
        var syntheticRelease: InputTime?

        var nextDeadline: InputTime? {
            earliest(earliest(debouncer.nextDeadline, recognizer.nextDeadline), syntheticRelease)
        }

        /// Runs this button's deadlines up to `time` in time order.
        mutating func advance(to time: InputTime, into events: inout [ButtonEvent]) {
            while let due = nextDeadline, due.nanoseconds <= time.nanoseconds {
                if due == syntheticRelease {
                    syntheticRelease = nil
                    recognizer.release(at: due, into: &events)
                } else if let change = debouncer.advance(to: due) {
                    apply(change, into: &events)
                } else {
                    recognizer.advance(to: due, into: &events)
                }
            }
            recognizer.advance(to: time, into: &events)
        }

        mutating func apply(_ change: Debouncer.Change?, into events: inout [ButtonEvent]) {
            guard let change else { return }
            if change.pressed {
                recognizer.press(at: change.time, into: &events)
            } else {
                recognizer.release(at: change.time, into: &events)
            }
        }
    }

    /// The debounce period applied to hardware edges (nil: none).
    public let debounce: Duration?
    /// The gesture timings for buttons without their own.
    public let gestures: GestureConfiguration
    /// Gesture timings for particular buttons.
    public let overrides: [ButtonID: GestureConfiguration]
    // Parallel arrays in first-seen order: a handful of buttons, so a scan beats hashing names.
    private var order: [ButtonID] = []
    private var channels: [Channel] = []
    private var now: InputTime?

    /// Creates a processor.
    /// - Parameters:
    ///   - buttons: Buttons known up front (others are added when first seen).
    ///   - debounce: The software debounce period for hardware edges (15 ms by default; nil or
    ///     zero disables it, for example when the kernel already debounces).
    ///   - gestures: Timings for every button without an override.
    ///   - overrides: Timings for particular buttons.
    public init(
        buttons: [ButtonID] = [],
        debounce: Duration? = .milliseconds(15),
        gestures: GestureConfiguration = .standard,
        overrides: [ButtonID: GestureConfiguration] = [:]
    ) {
        self.debounce = debounce
        self.gestures = gestures
        self.overrides = overrides
        for button in buttons { _ = index(of: button) }
    }

    /// The buttons known so far, in the order they were first named.
    public var buttons: [ButtonID] { order }

    /// True while `button` is down (after debouncing).
    public func isDown(_ button: ButtonID) -> Bool {
        order.firstIndex(of: button).map { channels[$0].recognizer.isDown } ?? false
    }

    /// The earliest instant at which `advance(to:)` will report something, or nil when nothing
    /// is pending (the runtime may then sleep until the next edge).
    public var nextDeadline: InputTime? {
        earliestDeadline()?.time
    }

    /// Feeds a hardware edge through the button's debouncer and recognizer.
    /// - Returns: Every event due up to the edge's time (for all buttons), then the edge's own.
    public mutating func feed(_ edge: ButtonEdge) -> [ButtonEvent] {
        let time = clamp(edge.time)
        var events: [ButtonEvent] = []
        advance(to: time, into: &events)
        let index = index(of: edge.button)
        let (pending, accepted) = channels[index].debouncer.feedEdge(pressed: edge.pressed, at: time)
        channels[index].apply(pending, into: &events)
        channels[index].apply(accepted, into: &events)
        return events
    }

    /// Feeds an edge that needs no debouncing (a key, a control-socket command).
    /// - Returns: Every event due up to the edge's time, then the edge's own.
    public mutating func feedSynthetic(_ edge: ButtonEdge) -> [ButtonEvent] {
        let time = clamp(edge.time)
        var events: [ButtonEvent] = []
        advance(to: time, into: &events)
        let index = index(of: edge.button)
        channels[index].syntheticRelease = nil
        if edge.pressed {
            channels[index].recognizer.press(at: time, into: &events)
        } else {
            channels[index].recognizer.release(at: time, into: &events)
        }
        return events
    }

    /// Presses a button for a key: a press now and a release `binding.hold` later (at once for zero).
    ///
    /// A key for a button that a previous key is still holding releases it first, so presses
    /// and releases stay paired.
    /// - Returns: Every event due up to `time`, then the key's own; nothing for an unbound key.
    public mutating func feed(_ key: Key, map: KeyMap, at time: InputTime) -> [ButtonEvent] {
        let time = clamp(time)
        var events: [ButtonEvent] = []
        advance(to: time, into: &events)
        guard let binding = map.binding(for: key) else { return events }
        let index = index(of: binding.button)
        if channels[index].syntheticRelease != nil {
            channels[index].syntheticRelease = nil
            channels[index].recognizer.release(at: time, into: &events)
        }
        channels[index].recognizer.press(at: time, into: &events)
        if binding.hold > .zero {
            channels[index].syntheticRelease = time + binding.hold
        } else {
            channels[index].recognizer.release(at: time, into: &events)
        }
        return events
    }

    /// Lets time pass to `time` without edges.
    /// - Returns: Every timed event due by `time`, across buttons, in time order (ties in the
    ///   order the buttons were first named).
    public mutating func advance(to time: InputTime) -> [ButtonEvent] {
        var events: [ButtonEvent] = []
        advance(to: clamp(time), into: &events)
        return events
    }

    private mutating func advance(to time: InputTime, into events: inout [ButtonEvent]) {
        while let next = earliestDeadline(), next.time.nanoseconds <= time.nanoseconds {
            channels[next.index].advance(to: next.time, into: &events)
        }
        for index in channels.indices { channels[index].advance(to: time, into: &events) }
    }

    private func earliestDeadline() -> (index: Int, time: InputTime)? {
        var best: (index: Int, time: InputTime)?
        for index in channels.indices {
            if let due = channels[index].nextDeadline, best.map({ due.nanoseconds < $0.time.nanoseconds }) ?? true {
                best = (index, due)
            }
        }
        return best
    }

    private mutating func index(of button: ButtonID) -> Int {
        if let index = order.firstIndex(of: button) { return index }
        order.append(button)
        channels.append(Channel(
            debouncer: Debouncer(period: debounce ?? .zero),
            recognizer: GestureRecognizer(button: button, configuration: overrides[button] ?? gestures)
        ))
        return channels.count - 1
    }

    private mutating func clamp(_ time: InputTime) -> InputTime {
        let clamped = latest(time, now)
        now = clamped
        return clamped
    }
}
