import GlanceInput

/// Milliseconds as an instant.
func ms(_ value: Int64) -> InputTime { .milliseconds(value) }

/// Microseconds as an instant (for boundaries finer than a millisecond).
func us(_ value: Int64) -> InputTime { InputTime(nanoseconds: value * 1_000) }

/// Events written compactly, e.g. `"click@80"`, for readable whole-sequence asserts.
func compact(_ events: [ButtonEvent], showButton: Bool = false) -> [String] {
    events.map { event in
        let nanoseconds = event.time.nanoseconds
        let time = nanoseconds % 1_000_000 == 0 ? "\(nanoseconds / 1_000_000)" : "\(Double(nanoseconds) / 1_000_000)"
        let kind: String
        switch event.kind {
        case .press: kind = "press"
        case .release: kind = "release"
        case .click: kind = "click"
        case .doubleClick: kind = "double"
        case .longPress: kind = "long"
        case .repeat(let count): kind = "repeat\(count)"
        }
        return (showButton ? "\(event.button) " : "") + "\(kind)@\(time)"
    }
}

/// Plays a script of hardware edges for button `a` (`true` = down) and then lets time run to `until`.
func play(
    _ script: [(InputTime, Bool)],
    until end: InputTime,
    debounce: Duration? = .milliseconds(15),
    gestures: GestureConfiguration = .standard
) -> [ButtonEvent] {
    var processor = InputProcessor(buttons: [.a], debounce: debounce, gestures: gestures)
    var events: [ButtonEvent] = []
    for (time, pressed) in script {
        events += processor.feed(ButtonEdge(button: .a, pressed: pressed, time: time))
    }
    events += processor.advance(to: end)
    return events
}

/// Only holds: long press without repeat (so boundaries of one gesture are tested alone).
let longPressOnly = GestureConfiguration(autoRepeat: nil, doubleClick: nil)
/// Only repeat.
let repeatOnly = GestureConfiguration(longPress: nil, doubleClick: nil)
/// Clicks and double clicks only.
let clicksOnly = GestureConfiguration(longPress: nil, autoRepeat: nil)
