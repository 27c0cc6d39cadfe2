import Foundation
import GlanceCore
import GlanceLinux
import GlanceTesting
import Testing
@testable import GlanceHost

/// Issue 15, item 8: URL-handler programs.
@Suite struct URLHandlerTests {
    @Test func aHandlerStartsWithDefaultSignalsAndNoShell() async throws {
        // This process ignores SIGPIPE (as glance run does) and runs on threads that block signals.
        signal(SIGPIPE, SIG_IGN)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("glance-handler-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: output) }
        let url = "glance://tap?x=$(touch /tmp/glance-pwned);rm -rf ~"
        let script = #"grep -E '^Sig(Blk|Ign)' /proc/self/status > "$1"; printf '%s\n' "$2" >> "$1""#
        let outcome = await URLHandlerRunner().run(["sh", "-c", script, "handler", output.path], url: url, clock: ManualClock(advancesOnSleep: false))
        #expect(outcome == .exited(0))
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
        // Signals 1–31 (the C library keeps two real-time ones above for itself).
        let masks = lines.prefix(2).map { UInt64($0.split(separator: "\t").last ?? "", radix: 16) ?? .max }
        #expect(masks.count == 2 && masks.allSatisfy { $0 & 0x7FFF_FFFF == 0 }, "every signal at its default, none blocked: \(lines)")
        #expect(lines.last == url, "the URL is one literal argument")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/glance-pwned"))
    }

    /// The timeout and the kill after it are waited for on the face's clock: the test moves it.
    @Test func aHandlerThatRunsTooLongIsStopped() async throws {
        let clock = ManualClock(advancesOnSleep: false)
        let runner = URLHandlerRunner(timeout: .seconds(30))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glance-handlers-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ready = directory.appendingPathComponent("ready").path
        #expect(mkfifo(ready, 0o600) == 0)
        // Ignores SIGTERM (as `sleep` then does), then says so through the FIFO.
        let handler = runner.start(["sh", "-c", #"trap '' TERM; echo ready > "$1"; exec sleep 600"#, "handler", ready], url: "glance://x", clock: clock)
        let said = try await offThePool { () throws -> String in
            guard let file = fopen(ready, "r") else { throw POSIXError(.EIO) }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 16)
            return fgets(&line, 16, file) == nil ? "" : String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        #expect(said == "ready\n")
        try await Self.waitForSleeper(on: clock)
        #expect(clock.sleeps == [.seconds(30)], "the timeout waits on the face's clock")
        clock.advance(by: .seconds(30))
        // SIGTERM went out and was ignored: the kill waits its two seconds, on the clock too.
        try await Self.waitForSleeper(on: clock)
        #expect(clock.sleeps == [.seconds(30), URLHandlerRunner.killDelay])
        clock.advance(by: URLHandlerRunner.killDelay)
        #expect(await handler.value == .timedOut)
    }

    @Test func aHandlerThatEndsInTimeLeavesNoWaitBehind() async throws {
        let clock = ManualClock(advancesOnSleep: false)
        #expect(await URLHandlerRunner(timeout: .seconds(30)).run(["true"], url: "glance://x", clock: clock) == .exited(0))
        // The timeout's wait is cancelled with the handler's end (bounded: it is cancelled
        // before `run` returns, but its task may take a moment to leave the clock).
        var turns = 0
        while clock.sleeperCount > 0, turns < 10_000 { await Task.yield(); turns += 1 }
        #expect(clock.sleeperCount == 0)
        #expect(clock.now == ManualClock.defaultStart, "no time passed")
    }

    /// Waits (a bounded number of turns) until a task sleeps on `clock`.
    private static func waitForSleeper(on clock: ManualClock) async throws {
        var turns = 0
        while clock.sleeperCount == 0, turns < 100_000 { await Task.yield(); turns += 1 }
        try #require(clock.sleeperCount == 1, "the handler's timer waits on the clock")
    }

    @Test func onlySoManyHandlersRunAtOnce() async throws {
        // The two running handlers wait on FIFOs the test releases: no deadline to race when the
        // machine is busy (the timeout is only a bound; `aHandlerThatRunsTooLongIsStopped` tests it).
        let runner = URLHandlerRunner(limit: 2, timeout: .seconds(60)), clock = ManualClock(advancesOnSleep: false)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glance-handlers-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let gates = ["1", "2"].map { directory.appendingPathComponent($0).path }
        for gate in gates { #expect(mkfifo(gate, 0o600) == 0) }
        let first = runner.start(["sh", "-c", #"cat "$1" > /dev/null"#, "handler", gates[0]], url: "glance://1", clock: clock)
        let second = runner.start(["sh", "-c", #"cat "$1" > /dev/null"#, "handler", gates[1]], url: "glance://2", clock: clock)
        #expect(await runner.start(["true"], url: "glance://3", clock: clock).value == .busy)
        for gate in gates {
            // Opening a FIFO to write waits for its reader; closing it ends the reader's `cat`.
            await offThePool { _ = close(open(gate, O_WRONLY)) }
        }
        let outcomes = [await first.value, await second.value]
        #expect(outcomes == [.exited(0), .exited(0)])
        #expect(await runner.run(["true"], url: "glance://4", clock: clock) == .exited(0), "places free again")
        #expect(await runner.run(["no-such-handler-program"], url: "glance://5", clock: clock) == .failed("no-such-handler-program: no such program (check the path, or PATH)"))
    }
}
