import GlanceInput
import Testing

@Suite struct GestureTests {
    @Test func aShortPressIsAClick() {
        #expect(compact(play([(ms(0), true), (ms(80), false)], until: ms(2_000))) == ["press@0", "release@80", "click@80"])
    }

    @Test(arguments: [(599, false), (600, true)])
    func longPressBoundary(held: Int64, isLong: Bool) {
        let events = compact(play([(ms(0), true), (ms(held), false)], until: ms(2_000), gestures: longPressOnly))
        if isLong {
            #expect(events == ["press@0", "long@600", "release@600"])
        } else {
            #expect(events == ["press@0", "release@599", "click@599"])
        }
    }

    @Test func longPressFiresWithoutAnEdgeExactlyAtItsDeadline() {
        var recognizer = GestureRecognizer(button: .a, configuration: longPressOnly)
        #expect(compact(recognizer.press(at: ms(1_000))) == ["press@1000"])
        #expect(recognizer.nextDeadline == ms(1_600))
        #expect(recognizer.advance(to: us(1_599_999)).isEmpty)
        #expect(compact(recognizer.advance(to: ms(1_600))) == ["long@1600"])
        #expect(recognizer.nextDeadline == nil, "a long press fires once per press")
        #expect(recognizer.advance(to: ms(10_000)).isEmpty)
        #expect(compact(recognizer.release(at: ms(10_001))) == ["release@10001"])
    }

    @Test func repeatStartsAfterTheDelayAndKeepsItsInterval() {
        let events = compact(play([(ms(0), true), (ms(1_000), false)], until: ms(2_000), gestures: repeatOnly))
        #expect(events == ["press@0", "repeat1@500", "repeat2@650", "repeat3@800", "repeat4@950", "release@1000"])
    }

    @Test(arguments: [(499, false), (500, true)])
    func repeatBoundary(held: Int64, repeated: Bool) {
        let events = compact(play([(ms(0), true), (ms(held), false)], until: ms(2_000), gestures: repeatOnly))
        #expect(events == (repeated ? ["press@0", "repeat1@500", "release@500"] : ["press@0", "release@499", "click@499"]))
    }

    @Test func defaultsReportRepeatAndLongPressAndNoClickAfterAHold() {
        let events = compact(play([(ms(0), true), (ms(700), false)], until: ms(2_000)))
        #expect(events == ["press@0", "repeat1@500", "long@600", "repeat2@650", "release@700"])
    }

    @Test func configurableTimings() {
        let gestures = GestureConfiguration(
            longPress: .milliseconds(1_000),
            autoRepeat: .init(delay: .milliseconds(200), interval: .milliseconds(50)),
            doubleClick: nil
        )
        let events = compact(play([(ms(0), true), (ms(1_000), false)], until: ms(2_000), gestures: gestures))
        #expect(events.first == "press@0")
        #expect(events.filter { $0.hasPrefix("repeat") }.count == 17)  // 200, 250, …, 1000
        #expect(events.suffix(3) == ["long@1000", "repeat17@1000", "release@1000"])
    }

    @Test(arguments: [(299, true), (300, false)])
    func immediateDoubleClickWindow(gap: Int64, isDouble: Bool) {
        let second = 50 + gap
        let events = compact(play(
            [(ms(0), true), (ms(50), false), (ms(second), true), (ms(second + 40), false)],
            until: ms(3_000), gestures: clicksOnly
        ))
        let last = isDouble ? "double@\(second + 40)" : "click@\(second + 40)"
        #expect(events == ["press@0", "release@50", "click@50", "press@\(second)", "release@\(second + 40)", last])
    }

    @Test func tripleClickIsAClickADoubleClickAndAClick() {
        let events = compact(play(
            [(ms(0), true), (ms(40), false), (ms(100), true), (ms(140), false), (ms(200), true), (ms(240), false)],
            until: ms(3_000), gestures: clicksOnly
        )).filter { !$0.hasPrefix("press") && !$0.hasPrefix("release") }
        #expect(events == ["click@40", "double@140", "click@240"])
    }

    @Test func deferredClickWaitsForTheWindow() {
        let deferred = GestureConfiguration(longPress: nil, autoRepeat: nil, doubleClick: .init(policy: .deferred))
        var recognizer = GestureRecognizer(button: .a, configuration: deferred)
        _ = recognizer.press(at: ms(0))
        #expect(compact(recognizer.release(at: ms(50))) == ["release@50"])
        #expect(recognizer.nextDeadline == ms(350))
        #expect(recognizer.advance(to: ms(349)).isEmpty)
        #expect(compact(recognizer.advance(to: ms(350))) == ["click@350"])
    }

    @Test(arguments: [(299, true), (300, false)])
    func deferredPairIsOneDoubleClick(gap: Int64, isDouble: Bool) {
        let deferred = GestureConfiguration(longPress: nil, autoRepeat: nil, doubleClick: .init(policy: .deferred))
        let second = 50 + gap
        let events = compact(play(
            [(ms(0), true), (ms(50), false), (ms(second), true), (ms(second + 40), false)],
            until: ms(3_000), gestures: deferred
        )).filter { !$0.hasPrefix("press") && !$0.hasPrefix("release") }
        #expect(events == (isDouble ? ["double@\(second + 40)"] : ["click@350", "click@\(second + 40 + 300)"]))
    }

    @Test func deferredFirstClickIsReportedWhenTheSecondPressBecomesAHold() {
        let deferred = GestureConfiguration(autoRepeat: nil, doubleClick: .init(policy: .deferred))
        let events = compact(play([(ms(0), true), (ms(50), false), (ms(100), true), (ms(900), false)], until: ms(3_000), gestures: deferred))
        #expect(events == ["press@0", "release@50", "press@100", "click@700", "long@700", "release@900"])
    }

    @Test func unpairedEdgesAreIgnored() {
        var recognizer = GestureRecognizer(button: .a)
        #expect(recognizer.release(at: ms(0)).isEmpty)
        #expect(compact(recognizer.press(at: ms(10))) == ["press@10"])
        #expect(recognizer.press(at: ms(20)).isEmpty)
        #expect(compact(recognizer.release(at: ms(30))) == ["release@30", "click@30"])
        #expect(recognizer.release(at: ms(40)).isEmpty)
    }

    @Test func everyPhysicalClickRunsOnce() {
        var script: [(InputTime, Bool)] = []
        for index in 0..<20 {
            let start = Int64(index) * 1_000
            script += [(ms(start), true), (ms(start + 60), false)]
        }
        let events = play(script, until: ms(30_000))
        #expect(events.filter { $0.kind == .click }.count == 20)
        #expect(events.filter { $0.kind == .doubleClick }.isEmpty)
    }

    @Test func buttonsInterleaveInTimeOrder() {
        var processor = InputProcessor(buttons: [.a, .b], gestures: longPressOnly)
        var events = processor.feed(ButtonEdge(button: .a, pressed: true, time: ms(0)))
        events += processor.feed(ButtonEdge(button: .b, pressed: true, time: ms(100)))
        #expect(processor.nextDeadline == ms(600))
        events += processor.advance(to: ms(5_000))
        events += processor.feed(ButtonEdge(button: .b, pressed: false, time: ms(5_100)))
        events += processor.feed(ButtonEdge(button: .a, pressed: false, time: ms(5_200)))
        #expect(compact(events, showButton: true) == [
            "a press@0", "b press@100", "a long@600", "b long@700", "b release@5100", "a release@5200",
        ])
        #expect(processor.nextDeadline == nil)
    }

    @Test func aButtonNamedFirstByAnEdgeGetsItsOverride() {
        var processor = InputProcessor(overrides: ["select": longPressOnly])
        _ = processor.feed(ButtonEdge(button: "select", pressed: true, time: ms(0)))
        #expect(processor.buttons == ["select"])
        #expect(processor.isDown("select"))
        #expect(processor.nextDeadline == ms(600), "no repeat at 500 ms: the override has none")
    }
}
