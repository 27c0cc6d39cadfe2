import Foundation
import GlanceCore
import GlanceTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs the real `glance` program (built next to the test bundle) the way a person or a
/// service would, to check what only a whole process can show: the terminal comes back after
/// `q`, SIGTERM and errors, and state files stay valid whenever the process is stopped.
@Suite(.serialized) struct ProcessTests {
    /// The glance executable built alongside the tests.
    static let glance = builtProduct("glance")

    /// A pseudo-terminal: the program gets the follower side as its terminal.
    struct PseudoTerminal {
        let leader: Int32
        let follower: Int32

        init(columns: Int = 140, rows: Int = 45) throws {
            var leader: Int32 = -1, follower: Int32 = -1
            var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&leader, &follower, nil, nil, &size) == 0 else { throw POSIXError(.EIO) }
            self.leader = leader
            self.follower = follower
        }

        /// The follower's local flags (ICANON, ECHO, …).
        var localFlags: tcflag_t {
            var attributes = termios()
            tcgetattr(follower, &attributes)
            return attributes.c_lflag
        }

        /// Reads from the leader until `marker` appears (the program's output), at most `limit`
        /// bytes; gives up when nothing arrives for 10 seconds, so a broken program fails the
        /// test instead of hanging it. The wait is off the cooperative pool.
        func read(until marker: String, limit: Int = 4 << 20) async throws -> String {
            let terminal = self
            return await offThePool { terminal.blockingRead(until: marker, limit: limit) }
        }

        private func blockingRead(until marker: String, limit: Int) -> String {
            var output = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while output.count < limit {
                var ready = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 10_000) == 1 else { break }
                let count = Glibc.read(leader, &buffer, buffer.count)
                if count <= 0 { break }
                output += buffer[0..<count]
                if String(decoding: output, as: UTF8.self).contains(marker) { break }
            }
            return String(decoding: output, as: UTF8.self)
        }

        func write(_ text: String) {
            _ = text.withCString { Glibc.write(leader, $0, strlen($0)) }
        }

        func close() {
            Glibc.close(leader)
            Glibc.close(follower)
        }
    }

    /// Starts the built `glance` on `terminal`; the returned end is awaited instead of
    /// `waitUntilExit()`, which spins a core off the main thread.
    private func launch(_ arguments: [String], terminal: PseudoTerminal, state: URL) throws -> (Process, ProcessEnd) {
        let process = Process()
        process.executableURL = Self.glance
        process.arguments = arguments
        let handle = FileHandle(fileDescriptor: terminal.follower, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        var environment = ProcessInfo.processInfo.environment
        environment["GLANCE_STATE_DIR"] = state.path
        environment["GLANCE_CONTROL_SOCKET"] = state.appendingPathComponent("control.sock").path
        environment["COLORTERM"] = ""
        process.environment = environment
        let end = ProcessEnd(of: process)
        try process.run()
        return (process, end)
    }

    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("glance-process-\(UUID().uuidString.prefix(8))")
    }

    @Test func quittingWithQRestoresTheTerminal() async throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let canonical = terminal.localFlags & tcflag_t(ICANON)
        #expect(canonical != 0)
        let state = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let (process, end) = try launch(["run", "--board", "simulator"], terminal: terminal, state: state)
        let screen = try await terminal.read(until: "q quit")
        #expect(screen.contains("\u{1B}[?1049h"), "the simulator switches to the alternate screen")
        #expect(terminal.localFlags & tcflag_t(ICANON) == 0, "raw mode while running")
        terminal.write("q")
        // Read on while it quits: a full terminal would hold the program in its last write.
        let last = try await terminal.read(until: "\u{1B}[?1049l")
        await end.wait()
        #expect(process.terminationStatus == 0)
        #expect(terminal.localFlags & tcflag_t(ICANON) != 0, "the terminal is cooked again")
        #expect(last.contains("\u{1B}[?25h"), "the cursor is shown again")
    }

    @Test func sigtermRestoresTheTerminalAndLeavesValidState() async throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let state = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let (process, end) = try launch(["run", "--board", "simulator"], terminal: terminal, state: state)
        _ = try await terminal.read(until: "q quit")
        // A key moves the stack, so there is state worth saving; then stop mid-run.
        terminal.write("\u{1B}[B")
        _ = try await terminal.read(until: "weather")
        process.terminate()
        _ = try await terminal.read(until: "\u{1B}[?1049l")
        await end.wait()
        #expect(process.terminationStatus == 0)
        #expect(terminal.localFlags & tcflag_t(ICANON) != 0)
        let file = state.appendingPathComponent("face-simulator.json")
        let data = try #require(FileManager.default.contents(atPath: file.path))
        let saved = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect((saved?["shownKinds"] as? [String]) == ["weather"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: state.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func configurationErrorsExitTwoWithoutTouchingTheTerminal() async throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let state = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let face = state.appendingPathComponent("glance.yaml")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try Data("bindings:\n  Z: stack.next\n".utf8).write(to: face)
        let (process, end) = try launch(["run", "--config", face.path], terminal: terminal, state: state)
        await end.wait()
        #expect(process.terminationStatus == 2)
        let output = try await terminal.read(until: "\n")
        #expect(output.contains("glance.yaml:2:3: board 'simulator' has no button 'Z'"))
        #expect(!output.contains("\u{1B}[?1049h"))
        #expect(terminal.localFlags & tcflag_t(ICANON) != 0)
    }

    /// A board on an I2C bus the machine does not have ends at once with how to enable I2C.
    /// The bus is one no machine here has (i2c-97), so the test means the same on a Pi.
    @Test func hardwareBoardWithoutI2CExplainsHowToEnableIt() async throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let state = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let board = state.appendingPathComponent("far-bus.yaml")
        try Data("name: far-bus\npanel: {controller: ssd1306, size: 128x64, bus: i2c-97, address: 0x3c}\n".utf8).write(to: board)
        let (process, end) = try launch(["run", "--board", board.path], terminal: terminal, state: state)
        await end.wait()
        #expect(process.terminationStatus == 2)
        #expect(try await terminal.read(until: "reboot").contains("no I2C bus /dev/i2c-97 (enable I2C with sudo raspi-config nonint do_i2c 0"))
    }

    /// Issue 15, item 2: a widget that traps takes the face down once; the next start
    /// quarantines it (the other widget draws, the process keeps running) and so do later
    /// starts, until its inputs change.
    @Test func aWidgetThatTrapsIsQuarantinedAfterOneCrash() async throws {
        let fixture = Self.glance.deletingLastPathComponent().appendingPathComponent("glance-crash-fixture")
        try #require(FileManager.default.isExecutableFile(atPath: fixture.path), "swift build --build-tests builds \(fixture.path)")
        let state = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state.appendingPathComponent("glance"), withIntermediateDirectories: true)
        try Data(#"{"trap": true}"#.utf8).write(to: state.appendingPathComponent("glance/trap.json"))
        let face = state.appendingPathComponent("face.yaml")
        try Data("""
            board: simulator
            slots:
              - family: accessoryRectangular
                frame: {x: 0, y: 0, width: 128, height: 32}
                widgets: trap
              - family: accessoryRectangular
                frame: {x: 0, y: 32, width: 128, height: 32}
                widgets: steady

            """.utf8).write(to: face)
        var environment = ProcessInfo.processInfo.environment
        environment["GLANCE_STATE_DIR"] = state.path
        environment["GLANCE_CONTROL_SOCKET"] = state.appendingPathComponent("socket/control.sock").path
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let arguments = ["run", "--headless", "--clock", "fast", "--duration", "1m", "--config", face.path]
        let crashed = try await runToEnd(fixture, arguments, environment: environment)
        #expect(crashed.signalled, "the trap ends the process, as it would")
        let record = try String(contentsOf: state.appendingPathComponent("crash.record"), encoding: .utf8)
        #expect(record.hasPrefix("glance-crash 1\n") && record.hasSuffix("\ntrap\n"), "\(record)")

        let quarantined = try await runToEnd(fixture, arguments, environment: environment)
        #expect(!quarantined.signalled && quarantined.status == 0, "\(quarantined.output)")
        #expect(quarantined.output.contains("ERROR widget trap crashed the face last time (signal"))
        let again = try await runToEnd(fixture, arguments, environment: environment)
        #expect(again.status == 0 && again.output.contains("widget trap is still quarantined"), "\(again.output)")
    }

    /// Issue 35: under `--clock fast`, widget code's `Date()` reads the face's time, as under
    /// `--clock simulated`: a provider asking again in ten minutes is asked every ten simulated
    /// minutes (it read the real time and its `.after` dates lay in the past, spending the budget).
    @Test func fastClockSteersWidgetCodesDate() async throws {
        let fixture = Self.glance.deletingLastPathComponent().appendingPathComponent("glance-crash-fixture")
        try #require(FileManager.default.isExecutableFile(atPath: fixture.path), "swift build --build-tests builds \(fixture.path)")
        let state = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state.appendingPathComponent("glance"), withIntermediateDirectories: true)
        let face = state.appendingPathComponent("face.yaml")
        try Data("board: simulator\nslots:\n  - family: accessoryRectangular\n    widgets: clockwatch\n".utf8).write(to: face)
        var environment = ProcessInfo.processInfo.environment
        environment["GLANCE_STATE_DIR"] = state.path
        environment["GLANCE_CONTROL_SOCKET"] = state.appendingPathComponent("socket/control.sock").path
        let run = try await runToEnd(fixture, ["run", "--headless", "--clock", "fast", "--duration", "55m", "--config", face.path], environment: environment)
        #expect(run.status == 0, "\(run.output)")
        let times = try String(contentsOf: state.appendingPathComponent("glance/clockwatch.txt"), encoding: .utf8)
            .split(separator: "\n").compactMap { Double($0) }
        let steps = zip(times, times.dropFirst()).map { ($1 - $0).rounded() }
        #expect(times.count == 6, "at 0, 10, … 50 minutes: \(times)")
        #expect(steps.allSatisfy { $0 == 600 }, "\(steps)")
    }

    /// Issue 19: libdispatch watches its global worker pool with a timer that wakes the
    /// process every second for good once a worker has started, 60 of the 80 wake-ups a
    /// minute of a dimmed face. A face on Glance's executor never starts that pool: none of
    /// libdispatch's global workers ("com.apple.root.<qos>-qos", shortened by the kernel to
    /// its last 15 bytes) is alive at the end of a run, and the executor ran the face's jobs.
    @Test func anIdleFaceStartsNeitherLibdispatchsPoolNorMQTT() async throws {
        let state = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let face = state.appendingPathComponent("face.yaml")
        try Data("always-on:\n  idle: 1s\n".utf8).write(to: face)
        let report = state.appendingPathComponent("usage.json")
        var environment = ProcessInfo.processInfo.environment
        environment["GLANCE_STATE_DIR"] = state.path
        environment["GLANCE_CONTROL_SOCKET"] = state.appendingPathComponent("control.sock").path
        environment["GLANCE_DISPATCH_EXECUTOR"] = nil
        let run = try await runToEnd(Self.glance, ["run", "--board", "simulator", "--headless", "--config", face.path, "--duration", "2s",
                                                   "--usage-report", report.path, "--log-level", "error"], environment: environment)
        #expect(run.status == 0, "\(run.output)")
        let usage = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        let threads = try #require(usage?["threads"] as? [String])
        let executor = try #require(usage?["executor"] as? [String: Any])
        #expect(executor["installed"] as? Bool == true)
        #expect((executor["jobs"] as? Int ?? 0) > 0)
        #expect(!threads.contains { $0.hasSuffix("-qos") }, "libdispatch global workers: \(threads)")
        #expect((usage?["frames"] as? Int ?? 0) >= 2, "the face drew and dimmed")
        // A face without `mqtt:` never opens libmosquitto, nor the libssl and libcrypto it
        // brings (1.8 MB resident when it was linked).
        let libraries = try #require(usage?["libraries"] as? [String])
        #expect(libraries.contains { $0.hasPrefix("libc.so") }, "\(libraries)")
        #expect(!libraries.contains { $0.hasPrefix("libmosquitto") || $0.hasPrefix("libssl") || $0.hasPrefix("libcrypto") }, "\(libraries)")
    }

    /// Issue 15, item 5: `glance run 2>&1 | head -n1` — the reader leaves after one line and
    /// the face must go on (it trapped in `FileHandle.write` with EPIPE, exit 132).
    @Test func aLogReaderThatLeavesDoesNotStopTheFace() async throws {
        let state = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let process = Process()
        process.executableURL = Self.glance
        process.arguments = ["run", "--headless", "--clock", "fast", "--duration", "2h", "--log-level", "debug"]
        var environment = ProcessInfo.processInfo.environment
        environment["GLANCE_STATE_DIR"] = state.path
        environment["GLANCE_CONTROL_SOCKET"] = state.appendingPathComponent("socket/control.sock").path
        process.environment = environment
        let log = Pipe()
        process.standardOutput = log
        process.standardError = log
        let end = ProcessEnd(of: process)
        try process.run()
        // Read the first line, then close the only reading end, as `head -n1` does.
        let reading = log.fileHandleForReading
        let first = try await offThePool {
            var first = [UInt8]()
            var byte: UInt8 = 0
            while Glibc.read(reading.fileDescriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") { first.append(byte) }
            try reading.close()
            return first
        }
        await end.wait()
        #expect(String(decoding: first, as: UTF8.self).contains("running 1 slot"))
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        // A full disk: every log line fails with ENOSPC and is dropped.
        let full = Process()
        full.executableURL = Self.glance
        full.arguments = process.arguments
        full.environment = environment
        full.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let fullEnd = ProcessEnd(of: full)
        try full.run()
        await fullEnd.wait()
        #expect(full.terminationReason == .exit && full.terminationStatus == 0)
    }
}
