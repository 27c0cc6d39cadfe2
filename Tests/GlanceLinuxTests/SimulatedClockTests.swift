import Foundation
import GlanceLinux
import Testing

/// The clock of `--clock simulated`: the face's time pauses, jumps and races while `uptime`
/// (buttons, device waits) stays real.
@Suite struct SimulatedClockTests {
    let start = Date(timeIntervalSince1970: 1_795_248_000)

    @Test func pausedTimeStandsStillAndNothingComesDue() {
        let clock = SimulatedClock(start: start)
        clock.setRate(0)
        let now = clock.now
        #expect(clock.now == now)
        #expect(clock.current.rate == 0)
        #expect(clock.waitingTime(until: now.addingTimeInterval(1)) == nil, "a paused face waits for an event, not a time")
        #expect(clock.waitingTime(until: now) == .zero, "what is due is due")
    }

    @Test func stepJumpsForwardOnlyAndKeepsThePause() {
        let clock = SimulatedClock(start: start)
        clock.setRate(0)
        let now = clock.now
        clock.jump(to: now.addingTimeInterval(3600))
        #expect(clock.now == now.addingTimeInterval(3600))
        clock.jump(to: now)
        #expect(clock.now == now.addingTimeInterval(3600), "never back")
        #expect(clock.current.rate == 0)
    }

    @Test func fastForwardCountsWaitsInRealTime() throws {
        let clock = SimulatedClock(start: start)
        clock.setRate(SimulatedClock.fastRate)
        let hour = try #require(clock.waitingTime(until: clock.now.addingTimeInterval(3600)))
        // An hour of face time is six real seconds (a little less: the reading took a moment).
        #expect(hour <= .seconds(6) && hour > .seconds(5))
        let before = clock.uptime
        #expect(clock.uptime >= before, "uptime is the real monotonic clock")
    }
}
