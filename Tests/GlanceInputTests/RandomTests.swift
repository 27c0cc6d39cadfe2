import GlanceInput
import GlanceTesting
import Testing

@Suite struct RandomTests {
    /// Contact chatter: `count` alternating edges spread over less than `span`, ending at `final`.
    private func chatter(from start: Int64, final: Bool, span: Int64, rng: inout SplitMix64) -> [(InputTime, Bool)] {
        let count = Int.random(in: 1...12, using: &rng) * 2 - 1  // odd: starts and ends at `final`
        var times = (0..<count).map { _ in start + Int64.random(in: 0..<span, using: &rng) }
        times.sort()
        times[0] = start
        return times.enumerated().map { index, time in (InputTime(nanoseconds: time), index % 2 == 0 ? final : !final) }
    }

    @Test func bounceStormsInsideTheWindowGiveExactlyOneClick() {
        var rng = SplitMix64(seed: 0xB0B)
        for trial in 0..<2_000 {
            let press: Int64 = 1_000_000_000
            let release = press + Int64.random(in: 40...450, using: &rng) * 1_000_000
            let span: Int64 = 14_000_000  // every bounce within 14 ms of the first edge
            let script = chatter(from: press, final: true, span: span, rng: &rng)
                + chatter(from: release, final: false, span: span, rng: &rng)
            let events = play(script, until: ms(10_000))
            let kinds = events.map(\.kind)
            #expect(kinds == [.press, .release, .click], "trial \(trial): \(events)")
            if kinds != [.press, .release, .click] { break }
        }
    }

    @Test func chatterLongerThanTheWindowWithShortGapsStillGivesOneClick() {
        var rng = SplitMix64(seed: 7)
        for trial in 0..<500 {
            var script: [(InputTime, Bool)] = []
            var time: Int64 = 0
            for phase in [true, false] {
                var level = phase
                for _ in 0..<Int.random(in: 5...20, using: &rng) {
                    script.append((us(time), level))
                    time += Int64.random(in: 1...14_999, using: &rng)  // always inside the quiet period
                    level.toggle()
                }
                script.append((us(time), phase))  // settles at the phase's level
                time += 200_000
            }
            let kinds = play(script, until: ms(100_000), gestures: clicksOnly).map(\.kind)
            #expect(kinds == [.press, .release, .click], "trial \(trial)")
            if kinds != [.press, .release, .click] { break }
        }
    }

    @Test func randomEdgeSequencesKeepEveryInvariant() {
        var rng = SplitMix64(seed: 2024)
        let configurations: [GestureConfiguration] = [
            .standard, longPressOnly, repeatOnly, clicksOnly,
            GestureConfiguration(doubleClick: .init(policy: .deferred)),
            GestureConfiguration(longPress: .zero, autoRepeat: .init(delay: .zero, interval: .milliseconds(40)), doubleClick: .init(window: .zero)),
        ]
        let buttons: [ButtonID] = [.a, .b]
        var total = 0
        for sequence in 0..<100_000 {
            let gestures = configurations[sequence % configurations.count]
            let debounce: Duration? = sequence % 5 == 0 ? nil : .milliseconds(15)
            var processor = InputProcessor(buttons: buttons, debounce: debounce, gestures: gestures)
            var events: [ButtonEvent] = []
            var time = Int64.random(in: -1_000...1_000, using: &rng)
            for _ in 0..<Int.random(in: 1...10, using: &rng) {
                time += Int64.random(in: -5...800, using: &rng) * 1_000 / Int64.random(in: 1...40, using: &rng)  // µs
                let button = buttons[Int.random(in: 0...1, using: &rng)]
                switch Int.random(in: 0..<8, using: &rng) {
                case 0: events += processor.advance(to: us(time))
                case 1: events += processor.feed(.up, map: .simulator, at: us(time))
                case 2: events += processor.feedSynthetic(ButtonEdge(button: button, pressed: Bool.random(using: &rng), time: us(time)))
                default: events += processor.feed(ButtonEdge(button: button, pressed: Bool.random(using: &rng), time: us(time)))
                }
            }
            // Let pending debounce decisions land, then lift whatever is still down.
            time += 100_000
            events += processor.advance(to: us(time))
            for button in buttons + [.up] where processor.isDown(button) {
                events += processor.feedSynthetic(ButtonEdge(button: button, pressed: false, time: us(time)))
            }
            events += processor.advance(to: us(time + 60_000_000))
            total += events.count
            if let problem = invariantViolation(events, deferred: gestures.doubleClick?.policy == .deferred) {
                Issue.record("sequence \(sequence): \(problem)\n\(events)")
                break
            }
            if let deadline = processor.nextDeadline {
                Issue.record("sequence \(sequence): a deadline remains at \(deadline)")
                break
            }
        }
        #expect(total > 100_000)
    }

    /// Checks time order, press/release pairing and "each press ends as exactly one gesture"
    /// (a deferred double click stands for both presses of its pair).
    private func invariantViolation(_ events: [ButtonEvent], deferred: Bool) -> String? {
        let buttons: [ButtonID] = [.a, .b, .up]
        var down = [false, false, false]
        var heldThisPress = [false, false, false]
        var presses = [0, 0, 0]
        var endings = [0, 0, 0]
        var previous = InputTime(nanoseconds: .min)
        for event in events {
            if event.time < previous { return "out of order at \(event)" }
            previous = event.time
            guard let button = buttons.firstIndex(of: event.button) else { return "unknown button in \(event)" }
            switch event.kind {
            case .press:
                if down[button] { return "press while down: \(event)" }
                down[button] = true
                heldThisPress[button] = false
                presses[button] += 1
            case .release:
                if !down[button] { return "release while up: \(event)" }
                down[button] = false
                if heldThisPress[button] { endings[button] += 1 }
            case .longPress, .repeat:
                if !down[button] { return "hold while up: \(event)" }
                heldThisPress[button] = true
            case .click:
                endings[button] += 1
            case .doubleClick:
                endings[button] += deferred ? 2 : 1
            }
        }
        if let stuck = down.firstIndex(of: true) { return "\(buttons[stuck]) still down" }
        if presses != endings { return "presses \(presses) but endings \(endings)" }
        return nil
    }
}
