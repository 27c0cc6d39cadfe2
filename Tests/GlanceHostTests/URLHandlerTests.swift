import Foundation
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
        let outcome = await URLHandlerRunner().run(["sh", "-c", script, "handler", output.path], url: url)
        #expect(outcome == .exited(0))
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
        // Signals 1–31 (the C library keeps two real-time ones above for itself).
        let masks = lines.prefix(2).map { UInt64($0.split(separator: "\t").last ?? "", radix: 16) ?? .max }
        #expect(masks.count == 2 && masks.allSatisfy { $0 & 0x7FFF_FFFF == 0 }, "every signal at its default, none blocked: \(lines)")
        #expect(lines.last == url, "the URL is one literal argument")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/glance-pwned"))
    }

    @Test func aHandlerThatRunsTooLongIsStopped() async {
        let runner = URLHandlerRunner(timeout: .milliseconds(100))
        #expect(await runner.run(["sh", "-c", "sleep 30", "handler"], url: "glance://x") == .timedOut)
        // One that ignores SIGTERM is killed two seconds later.
        #expect(await runner.run(["sh", "-c", "trap '' TERM; sleep 30", "handler"], url: "glance://x") == .timedOut)
    }

    @Test func onlySoManyHandlersRunAtOnce() async throws {
        // The two running handlers wait on FIFOs the test releases: no deadline to race when the
        // machine is busy (the timeout is only a bound; `aHandlerThatRunsTooLongIsStopped` tests it).
        let runner = URLHandlerRunner(limit: 2, timeout: .seconds(60))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glance-handlers-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let gates = ["1", "2"].map { directory.appendingPathComponent($0).path }
        for gate in gates { #expect(mkfifo(gate, 0o600) == 0) }
        let first = runner.start(["sh", "-c", #"cat "$1" > /dev/null"#, "handler", gates[0]], url: "glance://1")
        let second = runner.start(["sh", "-c", #"cat "$1" > /dev/null"#, "handler", gates[1]], url: "glance://2")
        #expect(await runner.start(["true"], url: "glance://3").value == .busy)
        for gate in gates {
            // Opening a FIFO to write waits for its reader; closing it ends the reader's `cat`.
            try await offThePool { _ = close(open(gate, O_WRONLY)) }
        }
        let outcomes = [await first.value, await second.value]
        #expect(outcomes == [.exited(0), .exited(0)])
        #expect(await runner.run(["true"], url: "glance://4") == .exited(0), "places free again")
        #expect(await runner.run(["no-such-handler-program"], url: "glance://5") == .failed("no-such-handler-program: no such program (check the path, or PATH)"))
    }
}
