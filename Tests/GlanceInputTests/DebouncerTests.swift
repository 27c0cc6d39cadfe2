import GlanceInput
import Testing

@Suite struct DebouncerTests {
    @Test func cleanEdgesPassAtTheirOwnTime() {
        var debouncer = Debouncer()
        #expect(debouncer.feed(pressed: true, at: ms(100)) == [.init(pressed: true, time: ms(100))])
        #expect(debouncer.feed(pressed: false, at: ms(180)) == [.init(pressed: false, time: ms(180))])
        #expect(debouncer.nextDeadline == nil)
    }

    @Test func chatterAfterAPressIsSwallowed() {
        var debouncer = Debouncer()
        var changes = debouncer.feed(pressed: true, at: ms(0))
        for (index, time) in [2, 3, 5, 8, 11, 12].enumerated() {
            changes += debouncer.feed(pressed: index % 2 == 1, at: ms(Int64(time)))
        }
        #expect(changes == [.init(pressed: true, time: ms(0))])
        #expect(debouncer.nextDeadline == nil, "the line settled at the accepted level")
        #expect(debouncer.advance(to: ms(1_000)) == nil)
        #expect(debouncer.pressed)
    }

    @Test func aTapShorterThanThePeriodIsStillReleasedWhenTheLineFallsQuiet() {
        var debouncer = Debouncer()
        _ = debouncer.feed(pressed: true, at: ms(0))
        #expect(debouncer.feed(pressed: false, at: ms(5)).isEmpty)
        #expect(debouncer.nextDeadline == ms(20))
        #expect(debouncer.advance(to: us(19_999)) == nil)
        #expect(debouncer.advance(to: ms(20)) == .init(pressed: false, time: ms(20)))
        #expect(debouncer.nextDeadline == nil)
    }

    @Test func theQuietPeriodBoundaryIsInclusive() {
        var early = Debouncer()
        _ = early.feed(pressed: true, at: ms(0))
        #expect(early.feed(pressed: false, at: us(14_999)).isEmpty, "14.999 ms after the press is still bounce")

        var onTime = Debouncer()
        _ = onTime.feed(pressed: true, at: ms(0))
        #expect(onTime.feed(pressed: false, at: ms(15)) == [.init(pressed: false, time: ms(15))])
    }

    @Test func everyEdgeRestartsTheQuietPeriod() {
        var debouncer = Debouncer()
        _ = debouncer.feed(pressed: true, at: ms(0))
        _ = debouncer.feed(pressed: false, at: ms(10))
        _ = debouncer.feed(pressed: true, at: ms(20))
        _ = debouncer.feed(pressed: false, at: ms(30))
        #expect(debouncer.nextDeadline == ms(45))
        #expect(debouncer.advance(to: ms(44)) == nil)
        #expect(debouncer.advance(to: ms(45)) == .init(pressed: false, time: ms(45)))
    }

    @Test func aPendingChangeIsReportedBeforeALaterEdge() {
        var debouncer = Debouncer()
        _ = debouncer.feed(pressed: true, at: ms(0))
        _ = debouncer.feed(pressed: false, at: ms(5))
        #expect(debouncer.feed(pressed: true, at: ms(100)) == [
            .init(pressed: false, time: ms(20)),
            .init(pressed: true, time: ms(100)),
        ])
    }

    @Test func zeroPeriodPassesEveryChange() {
        var debouncer = Debouncer(period: .zero)
        var changes: [Debouncer.Change] = []
        for (index, time) in [0, 1, 1, 2].enumerated() {
            changes += debouncer.feed(pressed: index % 2 == 0, at: ms(Int64(time)))
        }
        #expect(changes.map(\.pressed) == [true, false, true, false])
    }

    @Test func repeatedLevelsAndBackwardTimeAreHarmless() {
        var debouncer = Debouncer()
        #expect(debouncer.feed(pressed: false, at: ms(0)).isEmpty)
        #expect(debouncer.feed(pressed: true, at: ms(50)) == [.init(pressed: true, time: ms(50))])
        #expect(debouncer.feed(pressed: true, at: ms(80)).isEmpty)
        // A timestamp from the past counts as "now" (80 ms), which is past the quiet period.
        #expect(debouncer.feed(pressed: false, at: ms(10)) == [.init(pressed: false, time: ms(80))])
        #expect(debouncer.feed(pressed: true, at: ms(20)).isEmpty, "80 ms again: inside the new period")
        #expect(debouncer.nextDeadline == ms(95))
    }
}
