import Foundation
import GlanceCore
import GlanceLinux
import GlanceTesting
import Testing
@testable import GlanceHost

/// `glance dev`'s decisions: when saves have settled, build or restart, and what a build's
/// outcome leads to; then the session doing them through a fake builder and face, on a clock
/// the test owns.
@Suite struct DevLoopTests {
    private static func ms(_ milliseconds: Int64) -> Duration { .milliseconds(milliseconds) }

    /// A loop whose first build has succeeded and whose face runs.
    private func running() -> DevLoop {
        var loop = DevLoop(programExists: false)
        #expect(loop.start() == [.build])
        #expect(loop.built(succeeded: true, programChanged: true) == [.restartFace])
        return loop
    }

    @Test func burstOfSavesMakesOneBuildAfterTheQuietTime() {
        var loop = running()
        // An editor writes the file, a backup and the file again within 50 ms.
        loop.changed(.source, at: Self.ms(1_000))
        loop.changed(.source, at: Self.ms(1_020))
        loop.changed(.source, at: Self.ms(1_050))
        #expect(loop.deadline == Self.ms(1_250), "200 ms after the last save")
        #expect(loop.tick(at: Self.ms(1_249)) == [])
        #expect(loop.tick(at: Self.ms(1_250)) == [.build])
        #expect(loop.deadline == nil, "the build decides what comes next")
        #expect(loop.tick(at: Self.ms(5_000)) == [], "one build for the burst")
    }

    @Test func aLongStreamOfSavesWaitsTwoSecondsAtMost() {
        var loop = running()
        for step in 0..<30 { loop.changed(.source, at: Self.ms(100 * Int64(step))) }
        #expect(loop.deadline == Self.ms(2_000), "first save + 2 s, though saves keep coming")
        #expect(loop.tick(at: Self.ms(2_000)) == [.build])
    }

    @Test func savesDuringABuildWaitForItThenBuildAgain() {
        var loop = running()
        loop.changed(.source, at: .zero)
        #expect(loop.tick(at: Self.ms(200)) == [.build])
        loop.changed(.source, at: Self.ms(1_000))
        #expect(loop.deadline == nil, "no second build while one runs")
        #expect(loop.built(succeeded: true, programChanged: true) == [.restartFace])
        #expect(loop.deadline == Self.ms(1_200), "the save during the build still has its quiet time")
        #expect(loop.tick(at: Self.ms(4_000)) == [.build])
    }

    @Test func aFailedBuildKeepsTheFaceRunning() {
        var loop = running()
        loop.changed(.source, at: .zero)
        #expect(loop.tick(at: Self.ms(200)) == [.build])
        #expect(loop.built(succeeded: false, programChanged: false) == [], "no restart: the last good build runs on")
        #expect(loop.faceRunning)
        loop.changed(.source, at: Self.ms(9_000))
        #expect(loop.tick(at: Self.ms(9_200)) == [.build], "the fix builds")
        #expect(loop.built(succeeded: true, programChanged: true) == [.restartFace])
    }

    @Test func aFaceFileSaveRestartsWithoutABuild() {
        var loop = running()
        loop.changed(.face, at: .zero)
        #expect(loop.tick(at: Self.ms(200)) == [.restartFace])
        // Code and the face file in one burst: the build's restart reads both.
        loop.changed(.face, at: Self.ms(1_000))
        loop.changed(.source, at: Self.ms(1_010))
        #expect(loop.tick(at: Self.ms(1_210)) == [.build])
        #expect(loop.built(succeeded: true, programChanged: true) == [.restartFace])
        #expect(loop.deadline == nil)
    }

    @Test func aBuildThatChangedNothingLeavesTheFaceUnlessItsFilesChanged() {
        var loop = running()
        loop.changed(.source, at: .zero)
        #expect(loop.tick(at: Self.ms(200)) == [.build])
        #expect(loop.built(succeeded: true, programChanged: false) == [], "same program: no restart")
        loop.changed(.source, at: Self.ms(1_000))
        #expect(loop.tick(at: Self.ms(1_200)) == [.build])
        loop.changed(.face, at: Self.ms(1_500))
        #expect(loop.built(succeeded: true, programChanged: false) == [.restartFace], "the face file changed during the build")
        #expect(loop.deadline == nil, "that restart read it")
    }

    @Test func theFirstBuildFailingRunsTheProgramBuiltBefore() {
        var before = DevLoop(programExists: true)
        #expect(before.start() == [.build])
        #expect(before.built(succeeded: false, programChanged: false) == [.restartFace])
        var none = DevLoop(programExists: false)
        #expect(none.start() == [.build])
        #expect(none.built(succeeded: false, programChanged: false) == [], "nothing to run yet")
        none.changed(.face, at: .zero)
        #expect(none.tick(at: Self.ms(200)) == [], "a face file save has no program to restart")
    }

    @Test func aFaceThatStoppedStartsAtTheNextGoodBuild() {
        var loop = running()
        loop.faceStopped()
        loop.changed(.source, at: .zero)
        #expect(loop.tick(at: Self.ms(200)) == [.build])
        #expect(loop.built(succeeded: true, programChanged: false) == [.restartFace], "not running: start it, same program or not")
    }

    // MARK: - The session, with a fake builder and face

    private final class FakeBuilder: DevBuilding {
        let log: Arrivals<String>
        init(log: Arrivals<String>) { self.log = log }
        func startBuild() { log.append("build") }
        func cancel() async { log.append("cancel build") }
    }

    private final class FakeFace: DevFaceRunning {
        let log: Arrivals<String>
        let fails: Bool
        init(log: Arrivals<String>, fails: Bool = false) {
            self.log = log
            self.fails = fails
        }
        func restart() async throws {
            if fails { throw CommandFailure("desk: no such program") }
            log.append("restart")
        }
        func stop() async { log.append("stop face") }
    }

    private func session(_ clock: ManualClock, log: Arrivals<String>, programExists: Bool = false, faceFails: Bool = false) -> DevSession {
        DevSession(clock: clock, builder: FakeBuilder(log: log), face: FakeFace(log: log, fails: faceFails),
                   programExists: programExists, say: { log.append("say: " + $0) })
    }

    @Test func sessionBuildsRestartsAndSaysWhatHappened() async {
        let clock = ManualClock()
        let log = Arrivals<String>()
        let session = session(clock, log: log)
        await session.begin()
        clock.advance(by: 41.25)
        await session.handle(.built(DevBuildOutcome(status: 0, programChanged: true)))
        await session.handle(.changed(.source, path: "Sources/desk/desk.swift"))
        clock.advance(by: 0.1)
        await session.handle(.changed(.source, path: "Sources/desk/Views.swift"))
        await session.handle(.changed(.source, path: "Sources/desk/Model.swift"))
        await session.handle(.changed(.source, path: "Sources/desk/desk.swift"))
        clock.advance(by: 0.15)
        await session.handle(.tick)
        #expect(await session.deadline == clock.uptime + .milliseconds(50), "a tick before the deadline waits on")
        clock.advance(by: 0.05)
        await session.handle(.tick)
        clock.advance(by: 3)
        await session.handle(.built(DevBuildOutcome(status: 1, programChanged: false)))
        await session.handle(.faceEnded(status: 2))
        await session.handle(.changed(.face, path: "glance.yaml"))
        clock.advance(by: 0.2)
        await session.handle(.tick)
        #expect(log.all == [
            "say: building…", "build",
            "say: built in 41.2 s", "restart", "say: face started",
            "say: building (Sources/desk/desk.swift, Sources/desk/Views.swift and Sources/desk/Model.swift changed)…", "build",
            "say: the build failed (exit status 1) in 3.0 s: the face keeps running the last good build; fix the error above and save",
            "say: the face stopped (exit status 2); it starts again at the next save",
            "restart", "say: face started (glance.yaml changed)",
        ])
    }

    @Test func aFaceOrABuildThatCannotStartIsSaidAndTriedAgainLater() async {
        let clock = ManualClock()
        let log = Arrivals<String>()
        let session = session(clock, log: log, faceFails: true)
        await session.begin()
        await session.handle(.built(DevBuildOutcome(status: 0, programChanged: true)))
        await session.handle(.changed(.source, path: "Sources/desk/desk.swift"))
        clock.advance(by: 0.2)
        await session.handle(.tick)
        await session.handle(.built(DevBuildOutcome(status: -1, programChanged: false, failure: "swift: no such program (check the path, or PATH)")))
        await session.handle(.changed(.face, path: "glance.yaml"))
        clock.advance(by: 0.2)
        await session.handle(.tick)
        #expect(log.all == [
            "say: building…", "build", "say: built in 0.0 s", "say: cannot start the face: desk: no such program",
            "say: building (Sources/desk/desk.swift changed)…", "build",
            "say: cannot build: swift: no such program (check the path, or PATH)",
            "say: cannot start the face: desk: no such program",
        ])
    }

    /// The whole loop: events in, the quiet time waited for on the clock (a timer that sleeps
    /// on the `ManualClock` until the test moves it), Ctrl-C stopping the build and the face.
    @Test func runWaitsForTheQuietTimeOnTheHostClock() async throws {
        let clock = ManualClock(advancesOnSleep: false)
        let log = Arrivals<String>()
        let session = session(clock, log: log)
        let (events, continuation) = AsyncStream.makeStream(of: DevSession.Event.self)
        let post: @Sendable (DevSession.Event) -> Void = { continuation.yield($0) }
        let running = Task { await session.run(events, post: post) }
        #expect(await log.wait { $0.contains("build") })
        post(.built(DevBuildOutcome(status: 0, programChanged: true)))
        #expect(await log.wait { $0.contains("restart") })
        post(.changed(.source, path: "Sources/desk/desk.swift"))
        var turns = 0
        while clock.sleeperCount == 0, turns < 100_000 { await Task.yield(); turns += 1 }
        try #require(clock.sleeperCount == 1, "the quiet time is a wait on the host clock")
        clock.advance(by: 0.19)
        #expect(clock.sleeperCount == 1, "not yet")
        #expect(log.all.filter { $0 == "build" }.count == 1)
        clock.advance(by: 0.01)
        #expect(await log.wait { $0.filter { $0 == "build" }.count == 2 }, "the burst settled: a build")
        post(.stop)
        await running.value
        #expect(Array(log.all.suffix(2)) == ["cancel build", "stop face"])
    }
}
