import Foundation
import GlanceTesting
import Testing
@testable import GlanceHost

/// `glance dev`'s options, what it watches, and the clock it hands from one face process to
/// the next (`glance run --clock-state`).
@Suite struct DevCommandTests {
    // MARK: - Options

    @Test(arguments: [
        (["--web", "0.0.0.0:8080"], "this machine only"),
        (["--web", "0"], "another port at every restart"),
        (["--web", "eighty"], "is not a port"),
        (["--clock", "fast"], "fast"),
        (["--product", "../desk"], "is not a product name"),
        (["--log-level", "loud"], "loud"),
    ])
    func badOptionsAreNamed(arguments: [String], message: String) throws {
        let error = try #require(#expect(throws: (any Error).self) { try DevCommand.parse(arguments) })
        #expect(DevCommand.message(for: error).contains(message), "\(DevCommand.message(for: error))")
    }

    @Test func runOptionsAfterTheTerminatorGoToRun() throws {
        let command = try DevCommand.parse(["--web", "8081", "--", "--usage-report", "usage.json"])
        #expect(command.web == "8081" && command.runOptions == ["--usage-report", "usage.json"])
        #expect(command.clock == .simulated, "the page can steer the face's time by default")
    }

    @Test func runsClockStateNeedsTheSimulatedClock() throws {
        let error = try #require(#expect(throws: (any Error).self) { try RunCommand.parse(["--clock-state", "clock.json"]) })
        #expect(RunCommand.message(for: error).contains("--clock-state hands over a simulated clock: it needs --clock simulated"))
    }

    // MARK: - What is watched

    private func package() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("glance-dev-plan-\(UUID().uuidString)")
        for folder in ["Sources/desk/Views", "Sources/desk/.hidden", "Assets/icons", ".build/debug", "faces"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        return root
    }

    @Test func theSourceTreeThePackageFileAndTheFaceAreWatched() throws {
        let root = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.path
        let plan = DevWatchPlan(packagePath: path, faceFile: path + "/glance.yaml")
        #expect(plan.folders() == [
            .init(path: path + "/Sources", change: .source),
            .init(path: path + "/Sources/desk", change: .source),
            .init(path: path + "/Sources/desk/Views", change: .source),
            .init(path: path + "/Assets", change: .face),
            .init(path: path + "/Assets/icons", change: .face),
            .init(path: path, change: .source, only: ["Package.swift", "glance.yaml"]),
        ])
        let elsewhere = DevWatchPlan(packagePath: path, faceFile: path + "/faces/kitchen.yaml").folders()
        #expect(elsewhere.suffix(2) == [.init(path: path + "/faces", change: .face, only: ["kitchen.yaml"]),
                                        .init(path: path, change: .source, only: ["Package.swift"])])
    }

    @Test func whatAWrittenFileMeans() {
        let plan = DevWatchPlan(packagePath: "/p", faceFile: "/p/glance.yaml")
        let sources = DevWatchPlan.Folder(path: "/p/Sources/desk", change: .source)
        let root = DevWatchPlan.Folder(path: "/p", change: .source, only: ["Package.swift", "glance.yaml"])
        #expect(plan.change(of: "desk.swift", in: sources) == .source)
        #expect(plan.change(of: "data.json", in: sources) == .source, "a resource is part of the build")
        for editorFile in ["desk.swift~", "4913", "desk.swp", "#desk.swift#", "desk.swift.tmp"] {
            #expect(plan.change(of: editorFile, in: sources) == nil, "\(editorFile)")
        }
        #expect(plan.change(of: "Package.swift", in: root) == .source)
        #expect(plan.change(of: "glance.yaml", in: root) == .face)
        #expect(plan.change(of: "Package.resolved", in: root) == nil, "swift build writes it")
        #expect(plan.change(of: "README.md", in: root) == nil)
    }

    /// Real inotify watches: a save under Sources/ is code, one of the face file is the face's,
    /// an editor's backup is nothing, and a folder made later is watched from the next save on.
    @Test func savesReachTheSessionAsChanges() async throws {
        let root = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.resolvingSymlinksInPath().path
        let changes = Arrivals<DevSession.Event>()
        let watch = DevWatch(plan: DevWatchPlan(packagePath: path, faceFile: path + "/glance.yaml"), post: { changes.append($0) })
        try await watch.refresh()
        try Data("// a backup\n".utf8).write(to: URL(fileURLWithPath: path + "/Sources/desk/desk.swift~"))
        try Data("let a = 1\n".utf8).write(to: URL(fileURLWithPath: path + "/Sources/desk/desk.swift"))
        #expect(await changes.wait { $0.contains(.changed(.source, path: "Sources/desk/desk.swift")) })
        try Data("board: simulator\n".utf8).write(to: URL(fileURLWithPath: path + "/glance.yaml"))
        #expect(await changes.wait { $0.contains(.changed(.face, path: "glance.yaml")) })
        try FileManager.default.createDirectory(atPath: path + "/Sources/desk/Model", withIntermediateDirectories: false)
        try Data("let b = 2\n".utf8).write(to: URL(fileURLWithPath: path + "/Sources/desk/desk.swift"))
        #expect(await changes.wait { $0.filter { $0 == .changed(.source, path: "Sources/desk/desk.swift") }.count == 2 })
        try Data("struct Model {}\n".utf8).write(to: URL(fileURLWithPath: path + "/Sources/desk/Model/Model.swift"))
        #expect(await changes.wait { $0.contains(.changed(.source, path: "Sources/desk/Model/Model.swift")) })
        #expect(await watch.folders.contains(path + "/Sources/desk/Model"))
        await watch.stop()
        #expect(!changes.all.contains { "\($0)".contains("desk.swift~") }, "\(changes.all)")
    }

    // MARK: - The clock across restarts

    private static let written = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [(0.0, 0.0), (1, 30), (600, 18_000)])
    func theFacesTimeRunsOnAtItsRateBetweenProcesses(rate: Double, ran: Double) {
        let handover = ClockHandover(faceTime: Date(timeIntervalSince1970: 1_900_000_000), rate: rate, writtenAt: Self.written)
        #expect(handover.faceTime(atReal: Self.written.addingTimeInterval(30)) == Date(timeIntervalSince1970: 1_900_000_000 + ran))
        #expect(handover.faceTime(atReal: Self.written.addingTimeInterval(-3_600)) == handover.faceTime, "a real clock set back runs nothing")
    }

    @Test func aHandoverIsWrittenAndReadBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-dev-clock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("clock.json")
        #expect(try ClockHandover.read(url) == nil, "none yet: the face's time starts at the real time")
        let handover = ClockHandover(faceTime: Date(timeIntervalSince1970: 1_900_000_000.25), rate: 0, writtenAt: Self.written)
        try handover.write(to: url)
        #expect(try ClockHandover.read(url) == handover)
    }

    @Test(arguments: [
        (#"{"faceTime":1900000000,"rate":601,"writtenAt":1800000000}"#, "its rate 601.0 is not between 0 and 600"),
        (#"{"faceTime":1e300,"rate":1,"writtenAt":1800000000}"#, "its faceTime 1e+300 is not a time between 1970 and 2200"),
        (#"{"faceTime":1900000000,"rate":-1,"writtenAt":1800000000}"#, "its rate -1.0"),
        (#"{"rate":1}"#, "is not the face's clock"),
    ])
    func aFileThatIsNotAHandoverIsSetAside(text: String, problem: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-dev-clock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("clock.json")
        try Data(text.utf8).write(to: url)
        let error = try #require(#expect(throws: (any Error).self) { try ClockHandover.read(url) })
        #expect("\(error)".contains(problem), "\(error)")
        #expect("\(error)".contains("set aside as \(url.path).bad"))
        #expect(FileManager.default.fileExists(atPath: url.path + ".bad"))
    }

    /// The real program hands its clock on: a face fast-forwarding at 2100 goes on from where
    /// the last run left it, ten seconds of real time later (100 minutes at 600 times), and
    /// leaves its time for the next run. The real time it writes is the machine's, not the
    /// face's (under --clock simulated the process's own wall clock reads the face's time).
    @Test func glanceRunHandsItsClockToTheNextRun() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-dev-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("socket"), withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("clock.json")
        let faceTime = Date(timeIntervalSince1970: 4_102_444_800) // 2100-01-01
        let real = Date(timeIntervalSinceNow: 0)
        try ClockHandover(faceTime: faceTime, rate: 600, writtenAt: real.addingTimeInterval(-10)).write(to: url)
        var environment = ProcessInfo.processInfo.environment
        environment["GLANCE_STATE_DIR"] = folder.path
        environment["GLANCE_CONTROL_SOCKET"] = folder.appendingPathComponent("socket/control.sock").path
        // A minute of face time at 600 times: a tenth of a second.
        let run = try await runToEnd(ProcessTests.glance, ["run", "--headless", "--web", "0", "--clock", "simulated",
                                                           "--clock-state", url.path, "--duration", "60s"], environment: environment)
        #expect(run.status == 0, "\(run.output)")
        let left = try #require(try ClockHandover.read(url))
        #expect(left.rate == 600, "still fast-forwarding")
        #expect(left.faceTime >= faceTime.addingTimeInterval(6_000 + 60), "10 s × 600 between runs, then the minute run: \(left.faceTime)")
        #expect(left.writtenAt >= real && left.writtenAt < faceTime, "the machine's time, not the face's: \(left.writtenAt)")
    }
}
