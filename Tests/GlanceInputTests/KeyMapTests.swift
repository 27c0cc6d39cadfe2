import GlanceInput
import Testing

@Suite struct KeyMapTests {
    @Test func arrowsAndLettersClickTheBonnetButtons() {
        var processor = InputProcessor()
        var events: [ButtonEvent] = []
        for (index, key) in [Key.up, .down, .left, .right, .enter, .space, .character("a"), .character("b")].enumerated() {
            events += processor.feed(key, map: .simulator, at: ms(Int64(index) * 1_000))
        }
        events += processor.advance(to: ms(20_000))
        #expect(compact(events, showButton: true).filter { $0.contains("click") } == [
            "up click@0", "down click@1000", "left click@2000", "right click@3000",
            "center click@4000", "center click@5000", "a click@6000", "b click@7000",
        ])
        #expect(events.filter { $0.kind == .press }.count == 8)
        #expect(events.filter { $0.kind == .release }.count == 8)
    }

    @Test func aKeyIsAPressAndAReleaseAtOneInstantWithoutDebounceDelay() {
        var processor = InputProcessor(gestures: clicksOnly)
        #expect(compact(processor.feed(.up, map: .simulator, at: ms(5))) == ["press@5", "release@5", "click@5"])
        #expect(compact(processor.feed(.up, map: .simulator, at: ms(100))) == ["press@100", "release@100", "double@100"])
    }

    @Test func shiftedKeysHoldForALongPress() {
        var processor = InputProcessor(gestures: longPressOnly)
        #expect(compact(processor.feed(.character("A"), map: .simulator, at: ms(0))) == ["press@0"])
        #expect(processor.nextDeadline == ms(600))
        #expect(compact(processor.advance(to: ms(600))) == ["long@600"])
        #expect(processor.nextDeadline == ms(1_000), "the synthetic release")
        #expect(compact(processor.advance(to: ms(5_000))) == ["release@1000"])
    }

    @Test func aKeyForAHeldButtonReleasesItFirst() {
        var processor = InputProcessor(gestures: longPressOnly)
        _ = processor.feed(.character("A"), map: .simulator, at: ms(0))
        #expect(compact(processor.feed(.character("a"), map: .simulator, at: ms(200))) == [
            "release@200", "click@200", "press@200", "release@200", "click@200",
        ])
        #expect(processor.nextDeadline == nil)
    }

    @Test func unboundKeysDoNothing() {
        var processor = InputProcessor()
        #expect(processor.feed(.character("z"), map: .simulator, at: ms(0)).isEmpty)
        #expect(processor.feed(.control("c"), map: .simulator, at: ms(1)).isEmpty)
        #expect(processor.buttons.isEmpty)
    }

    @Test func keysForAButtonAreListedStably() {
        #expect(KeyMap.simulator.keys(for: .center) == [.character("C"), .character("c"), .enter, .space])
        #expect(KeyMap.simulator.binding(for: .character("B")) == .init(button: .b, hold: .seconds(1)))
    }
}
