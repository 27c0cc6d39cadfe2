import ArgumentParser
import Foundation
import GlanceCore
import GlanceGraphics
import GlanceLinux
import GlanceTesting
import Testing
@testable import GlanceHost
#if canImport(Glibc)
import Glibc
#endif

/// Issue 39, hostile input round two: nothing but glance's own files is removed or replaced,
/// and numbers on the command line are range-checked instead of trapping.
@Suite struct HostileInputTests {
    /// Runs the built `glance` (the demo bundle's `WidgetBundle.main()`) with a state folder and
    /// control socket of the test's own. `memoryLimit` (kilobytes) runs it under `ulimit -v`.
    private func glance(_ arguments: [String], in folder: URL, socket: String? = nil, memoryLimit: Int? = nil) async throws -> FinishedProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["GLANCE_STATE_DIR"] = folder.appendingPathComponent("state").path
        environment["GLANCE_CONTROL_SOCKET"] = socket ?? folder.appendingPathComponent("socket/control.sock").path
        if let memoryLimit {
            return try await runToEnd(URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -v \(memoryLimit); exec \"$0\" \"$@\"", ProcessTests.glance.path] + arguments,
                                      environment: environment, in: folder)
        }
        return try await runToEnd(ProcessTests.glance, arguments, environment: environment, in: folder)
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("glance-hostile-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return url
    }

    private func type(_ url: URL) -> mode_t? {
        var info = stat()
        return lstat(url.path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    private func fifo(_ name: String, in folder: URL) -> URL {
        let url = folder.appendingPathComponent(name)
        #expect(mkfifo(url.path, 0o600) == 0)
        return url
    }

    // MARK: - Files that are not glance's

    @Test func aControlSocketPathNamingAFileLeavesTheFile() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("my notes\n".utf8).write(to: notes)
        let run = try await glance(["run", "--board", "simulator", "--headless", "--duration", "2s"], in: folder, socket: notes.path)
        #expect(!run.signalled && run.status == 2, "it stops rather than run without its socket: \(run.output)")
        #expect(run.output.contains("control socket \(notes.path): cannot listen: it is a regular file, not a socket"), "\(run.output)")
        #expect(try Data(contentsOf: notes) == Data("my notes\n".utf8))
    }

    /// A FIFO named as a face or board file hung `glance config check` (and `run`), and
    /// /dev/zero filled its memory: only a regular file is read, up to 1 MB.
    @Test func configurationFilesAreRegularFilesOfBoundedSize() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = fifo("face.yaml", in: folder)
        let big = folder.appendingPathComponent("big.yaml")
        try Data(repeating: UInt8(ascii: "#"), count: (1 << 20) + 1).write(to: big)
        let cases: [([String], String)] = [
            (["config", "check", pipe.path], "\(pipe.path): is not read: it is a FIFO; only regular files are read"),
            (["config", "check", "/dev/zero"], "/dev/zero: is not read: it is a character device; only regular files are read"),
            (["config", "check", big.path], "\(big.path): is not read: it holds 1048577 bytes; at most 1048576 are read"),
            (["run", "--headless", "--config", pipe.path, "--duration", "1s"], "\(pipe.path): is not read: it is a FIFO"),
            (["run", "--headless", "--board", big.path, "--duration", "1s"], "\(big.path): board file is not read: it holds 1048577 bytes"),
        ]
        for (arguments, message) in cases {
            let result = try await glance(arguments, in: folder)
            #expect(result.status == 2 && !result.signalled, "\(arguments): \(result.output)")
            #expect(result.output.contains(message), "\(arguments): \(result.output)")
        }
    }

    /// A write killed half-way leaves its temporary file; the next start removes it (and
    /// nothing else).
    @Test func aFaceStartRemovesTemporariesOfEndedWrites() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let group = folder.appendingPathComponent("state/glance")
        try FileManager.default.createDirectory(at: group, withIntermediateDirectories: true)
        // PID 2^22 + 1 is above Linux's largest process id: no such process runs.
        let stray = [folder.appendingPathComponent("state/.face-simulator.json.4194305.7.tmp"), group.appendingPathComponent(".weather.json.4194305.9.tmp")]
        let mine = group.appendingPathComponent(".notes.tmp")
        for file in stray + [mine] { try Data("{".utf8).write(to: file) }
        let run = try await glance(["run", "--board", "simulator", "--headless", "--duration", "1s"], in: folder)
        #expect(run.status == 0, "\(run.output)")
        for file in stray {
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(run.output.contains("removed \(file.path): the temporary file of a write whose process ended"), "\(run.output)")
        }
        #expect(FileManager.default.fileExists(atPath: mine.path), "not a name of glance's writer")
    }

    @Test func outputOptionsNeverReplaceAFIFO() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = folder.appendingPathComponent("bus.txt")
        let made = try await glance(["panel", "test", "--board", "simulator", "--capture", capture.path, "--out", folder.appendingPathComponent("first.png").path],
                                    in: folder)
        #expect(made.status == 0, "\(made.output)")
        let refused: [(name: String, arguments: (String) -> [String])] = [
            ("preview.png", { ["preview", "clock", "--family", "rectangular", "--out", $0] }),
            ("board.png", { ["preview", "--board", "simulator", "--out", $0] }),
            ("specimen.png", { ["specimen", "--out", $0] }),
            ("glass.png", { ["panel", "test", "--board", "simulator", "--out", $0] }),
            ("capture.txt", { ["panel", "test", "--board", "simulator", "--capture", $0, "--out", folder.appendingPathComponent("other.png").path] }),
            ("replayed.png", { ["panel", "replay", "--board", "simulator", "--capture", capture.path, "--out", $0] }),
            ("glance.service", { ["service", "install", "--board", "simulator", "--user", "nobody", "--path", $0] }),
        ]
        for (name, arguments) in refused {
            let target = fifo(name, in: folder)
            let result = try await glance(arguments(target.path), in: folder)
            #expect(result.status != 0 && !result.signalled, "\(name): \(result.output)")
            #expect(result.output.contains("cannot write \(target.path): it is a FIFO, not a regular file"), "\(name): \(result.output)")
            #expect(type(target) == S_IFIFO, "\(name) is still the FIFO")
        }
        // A run writes its report and capture when it ends: the failure is logged, the FIFO kept.
        let report = fifo("usage.json", in: folder), runCapture = fifo("run-bus.txt", in: folder)
        let run = try await glance(["run", "--board", "simulator", "--headless", "--clock", "fast", "--duration", "1m",
                                    "--usage-report", report.path, "--capture", runCapture.path], in: folder)
        #expect(!run.signalled)
        #expect(run.output.contains("cannot write \(report.path): it is a FIFO"), "\(run.output)")
        #expect(run.output.contains("cannot write \(runCapture.path): it is a FIFO"), "\(run.output)")
        #expect(type(report) == S_IFIFO && type(runCapture) == S_IFIFO)
    }

    @Test func aScreenshotNeverReplacesAFIFO() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A face that answers one screenshot request with a PNG.
        let path = folder.appendingPathComponent("socket/control.sock").path
        let server = try UnixSocketServer(path: path)
        let png = try Bitmap(width: 2, height: 2).png()
        let serving = Task {
            for try await connection in server.connections {
                await offThePool {
                    _ = connection.readLine()
                    connection.write(ControlResponse.success(png: png).line())
                }
                break
            }
        }
        let target = fifo("face.png", in: folder)
        let command = try #require(try ControlCommand.parseAsRoot(["screenshot", target.path, "--socket", path]) as? ControlCommand.Screenshot)
        await #expect(throws: ExitCode(1)) { try await command.run() }
        try await serving.value
        await server.stop()
        #expect(type(target) == S_IFIFO)
    }

    @Test func wearNeitherWritesIntoADeviceNorRemovesAFolder() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await glance(["run", "--board", "simulator", "--headless", "--clock", "fast", "--duration", "1h"], in: folder)
        #expect(run.status == 0, "\(run.output)")
        // A copy of /dev/null in the test's folder (root may make device nodes; others use a
        // socket, which is not a regular file either): a broken command must not replace the real one.
        let device = folder.appendingPathComponent("heat.png")
        let isDevice = mknod(device.path, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0
        if !isDevice {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in device.path.utf8.enumerated() { raw[index] = byte }
            }
            _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
            close(fd)
        }
        let kind = isDevice ? "a character device" : "a socket"
        let heat = try await glance(["wear", "--board", "simulator", "--out", device.path], in: folder)
        #expect(heat.status != 0 && heat.output.contains("cannot write \(device.path): it is \(kind), not a regular file"), "\(heat.output)")
        #expect(type(device) == (isDevice ? S_IFCHR : S_IFSOCK))

        // --reset renames the map over <board>.wear.old: a folder there is kept, with what it holds.
        let map = folder.appendingPathComponent("state/simulator.wear")
        let old = folder.appendingPathComponent("state/simulator.wear.old")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: old.appendingPathComponent("photo.jpg"))
        let reset = try await glance(["wear", "--board", "simulator", "--reset"], in: folder)
        #expect(reset.status != 0, "\(reset.output)")
        #expect(reset.output.contains("cannot start a new wear map: \(old.path): it is a folder, not a regular file"), "\(reset.output)")
        #expect(try Data(contentsOf: old.appendingPathComponent("photo.jpg")) == Data("keep".utf8))
        #expect(type(map) == S_IFREG, "the map stays where it was")
    }

    // MARK: - Numbers on the command line

    @Test func outOfRangeNumbersAreRefusedNotTrapped() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("x.png").path
        let capture = folder.appendingPathComponent("bus.txt")
        let made = try await glance(["panel", "test", "--board", "simulator", "--capture", capture.path, "--out", out, "--scale", "1"], in: folder)
        #expect(made.status == 0, "\(made.output)")
        let devices = folder.appendingPathComponent("dev")
        try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: devices.appendingPathComponent("gpiochip0").path, contents: nil))
        let cases: [(arguments: [String], message: String)] = [
            (["panel", "test", "--board", "simulator", "--out", out, "--scale", "100000000000"], "--scale must be between 1 and 16, got 100000000000"),
            (["panel", "test", "--board", "simulator", "--out", out, "--scale", "1000000"], "--scale must be between 1 and 16, got 1000000"),
            (["panel", "replay", "--board", "simulator", "--capture", capture.path, "--out", out, "--scale", "100000000000"],
             "--scale must be between 1 and 16, got 100000000000"),
            (["gpio", "list", "--device-directory", devices.path, "--chip", "4294967296"],
             "--chip 4294967296 is not a chip number: GPIO chips are numbered 0 to 255"),
            (["gpio", "list", "--device-directory", devices.path, "--chip", "gpiochip256"], "--chip gpiochip256 is not a chip number"),
            (["wear", "--board", "simulator", "--top", "1000000000000"], "--top must be between 0 and 1000, got 1000000000000"),
        ]
        for (arguments, message) in cases {
            let result = try await glance(arguments, in: folder)
            #expect(!result.signalled && result.status == ExitCode.validationFailure.rawValue, "\(arguments): \(result.status) \(result.output)")
            #expect(result.output.contains(message), "\(arguments): \(result.output)")
        }
        // 65536×65536 pixels: refused before anything is drawn, even with 3 GB of memory.
        let huge = try await glance(["preview", "clock", "--family", "rectangular", "--size", "4096x4096", "--scale", "16", "--out", out],
                                    in: folder, memoryLimit: 3 << 20)
        #expect(!huge.signalled && huge.status == ExitCode.validationFailure.rawValue, "\(huge.status) \(huge.output)")
        #expect(huge.output.contains("--size 4096x4096 with --scale 16: the image would be 65536×65536 pixels"), "\(huge.output)")
    }

    /// Every numeric option, through the root command both `WidgetBundle.main()` and
    /// `Widget.main()` parse with.
    @Test(arguments: [
        (["panel", "test", "--scale", "0"], "--scale must be between 1 and 16, got 0."),
        (["panel", "test", "--scale", "17"], "--scale must be between 1 and 16, got 17."),
        (["panel", "replay", "--capture", "c", "--scale=-9223372036854775808"], "--scale must be between 1 and 16, got -9223372036854775808."),
        (["preview", "clock", "--family", "inline", "--out", "x.png", "--scale", "99"], "--scale must be between 1 and 16, got 99."),
        (["preview", "clock", "--family", "inline", "--out", "x.png", "--size", "4097x16"], "--size '4097x16' is not WIDTHxHEIGHT such as 128x64, each 1 to 4096."),
        (["preview", "clock", "--family", "inline", "--out", "x.png", "--size", "4096x4096", "--scale", "3"],
         "--size 4096x4096 with --scale 3: the image would be 12288×12288 pixels (4096×4096 at --scale 3), more than the 134217728 pixels (16384×8192) glance writes; use a smaller --scale."),
        (["specimen", "--scale", "100000000000"], "--scale must be between 1 and 16, got 100000000000."),
        (["specimen", "--width", "100000000000"], "--width must be between 64 and 4096, got 100000000000."),
        (["wear", "--scale", "65536"], "--scale must be between 1 and 16, got 65536."),
        (["wear", "--top", "1001"], "--top must be between 0 and 1000, got 1001."),
        (["gpio", "list", "--chip=-1"], "--chip -1 is not a chip number: GPIO chips are numbered 0 to 255 (or give a label or a path)."),
        (["gpio", "list", "--chip", "99999999999999999999999"], "--chip 99999999999999999999999 is not a chip number: GPIO chips are numbered 0 to 255 (or give a label or a path)."),
        (["bench", "--idle-seconds", "100000000000"], "--idle-seconds must be 5…3600, got 100000000000."),
        (["bench", "--latency-clicks", "0"], "--latency-clicks must be 1…1000, got 0."),
    ])
    func everyNumericOptionIsRangeChecked(arguments: [String], message: String) {
        do {
            _ = try GlanceCommand.parseAsRoot(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(GlanceCommand.message(for: error) == message, "\(arguments)")
            #expect(GlanceCommand.exitCode(for: error) == .validationFailure)
        }
    }

    @Test func numbersInRangeStillParse() throws {
        _ = try GlanceCommand.parseAsRoot(["panel", "test", "--scale", "16"])
        _ = try GlanceCommand.parseAsRoot(["preview", "clock", "--family", "inline", "--out", "x.png", "--size", "4096x4096", "--scale", "2"])
        _ = try GlanceCommand.parseAsRoot(["wear", "--top", "1000", "--scale", "1"])
        for chip in ["0", "255", "gpiochip4", "pinctrl-bcm2711", "/dev/gpiochip0", "glance-sim"] {
            _ = try GlanceCommand.parseAsRoot(["gpio", "list", "--chip", chip])
        }
        #expect(GPIOCommand.List.selector("gpiochip4") == .number(4))
        #expect(GPIOCommand.List.selector("pinctrl-rp1") == .label("pinctrl-rp1"))
        #expect(GPIOCommand.List.selector("256") == nil)
    }

    @Test func aRelevanceJSONCannotCarryIsRefused() throws {
        for value in ["nan", "inf", "-inf"] {
            let command = try #require(try ControlCommand.parseAsRoot(["activity", "start", "T", "--attributes", "{}", "--state", "{}", "--relevance=\(value)"])
                as? ControlCommand.ActivityCommand.Start)
            #expect(throws: ExitCode(2)) { try command.request() }
        }
        let fine = try #require(try ControlCommand.parseAsRoot(["activity", "update", "a", "--state", "{}", "--relevance=-1e300"])
            as? ControlCommand.ActivityCommand.Update)
        #expect(try fine.request().relevanceScore == -1e300)
    }

    @Test func anEndlessJSONFileIsRefused() throws {
        let command = try #require(try ControlCommand.parseAsRoot(["activity", "start", "T", "--attributes", "@/dev/zero", "--state", "{}"])
            as? ControlCommand.ActivityCommand.Start)
        #expect(throws: ExitCode(2)) { try command.request() }
    }

    @Test func theImageLimitCountsPixelsWithoutOverflowing() {
        #expect(OutputFile.problem(width: 4096, height: 8192, scale: 2) == nil)
        #expect(OutputFile.problem(width: 4096, height: 8193, scale: 2) != nil)
        #expect(OutputFile.problem(width: Int.max, height: 2, scale: 16)?.contains("more than \(Int.max) pixels wide or tall") == true)
        #expect(OutputFile.problem(width: 1 << 32, height: 1 << 32, scale: 1) != nil)
    }

    // MARK: - Bus numbers in board files

    @Test(arguments: [
        ("spi-1.-9223372036854775808", "b.yaml:2:50: bus is 'spi-1.-9223372036854775808', expected spi-BUS.CS such as spi-0.0, with BUS from 0 to 32767 and CS from 0 to 255"),
        ("spi-32768.0", "b.yaml:2:50: bus is 'spi-32768.0', expected spi-BUS.CS such as spi-0.0, with BUS from 0 to 32767 and CS from 0 to 255"),
        ("spi-1.256", "b.yaml:2:50: bus is 'spi-1.256', expected spi-BUS.CS such as spi-0.0, with BUS from 0 to 32767 and CS from 0 to 255"),
        ("spi-+1.0", "b.yaml:2:50: bus is 'spi-+1.0', expected spi-BUS.CS such as spi-0.0, with BUS from 0 to 32767 and CS from 0 to 255"),
        ("spi-1.0.0", "b.yaml:2:50: bus is 'spi-1.0.0', expected spi-BUS.CS such as spi-0.0, with BUS from 0 to 32767 and CS from 0 to 255"),
    ])
    func spiBusNumbersAreRangeChecked(bus: String, message: String) {
        let yaml = "name: x\npanel: {controller: ssd1680, size: 250x122, bus: \(bus), dc: 25, reset: 17, busy: 24}\n"
        let error = #expect(throws: ConfigurationError.self) { try BoardConfiguration(yaml: yaml, file: "b.yaml") }
        #expect(error?.description == message)
    }

    @Test(arguments: [
        ("i2c-1048576", "b.yaml:2:49: bus is 'i2c-1048576', expected i2c-N with N from 0 to 1048575, such as i2c-1"),
        ("i2c-99999999999999999999", "b.yaml:2:49: bus is 'i2c-99999999999999999999', expected i2c-N with N from 0 to 1048575, such as i2c-1"),
        ("i2c--1", "b.yaml:2:49: bus is 'i2c--1', expected i2c-N with N from 0 to 1048575, such as i2c-1"),
        ("i2c-+1", "b.yaml:2:49: bus is 'i2c-+1', expected i2c-N with N from 0 to 1048575, such as i2c-1"),
    ])
    func i2cBusNumbersAreRangeChecked(bus: String, message: String) {
        let yaml = "name: x\npanel: {controller: ssd1306, size: 128x64, bus: \(bus), address: 0x3c}\n"
        let error = #expect(throws: ConfigurationError.self) { try BoardConfiguration(yaml: yaml, file: "b.yaml") }
        #expect(error?.description == message)
    }

    @Test func busNumbersInRangeStillLoad() throws {
        let i2c = try BoardConfiguration(yaml: "name: x\npanel: {controller: ssd1306, size: 128x64, bus: i2c-1048575, address: 0x08}\n", file: "b.yaml")
        #expect(i2c.panel.connection == .i2c(bus: 1_048_575, address: 0x08))
        let spi = try BoardConfiguration(yaml: "name: x\npanel: {controller: ssd1680, size: 250x122, bus: spi-32767.255, dc: 25, reset: 17, busy: 24}\n",
                                         file: "b.yaml")
        #expect(spi.panel.connection == .spi(bus: 32767, chipSelect: 255, dataCommand: 25, reset: 17, busy: 24))
        let address = #expect(throws: ConfigurationError.self) {
            try BoardConfiguration(yaml: "name: x\npanel: {controller: ssd1306, size: 128x64, bus: i2c-1, address: -60}\n", file: "b.yaml")
        }
        #expect(address?.description == "b.yaml:2:65: panel.address is -60, expected 8…119")
    }

    @Test func configCheckNamesTheLineOfABadBus() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let board = folder.appendingPathComponent("board.yaml")
        try Data("name: x\npanel:\n  controller: ssd1680\n  size: 250x122\n  bus: spi-1.-9223372036854775808\n  dc: 25\n  reset: 17\n  busy: 24\n".utf8)
            .write(to: board)
        let check = try await glance(["config", "check", board.path], in: folder)
        #expect(check.status == 2, "\(check.output)")
        #expect(check.output.contains("\(board.path):5:8: bus is 'spi-1.-9223372036854775808'"), "\(check.output)")
    }
}
