import Foundation
import GlanceGraphics
import GlancePanels
import GlanceTesting
import Testing
@testable import GlanceHost

/// `glance wear` on what a real `glance run` left in the state folder (issue 18).
@Suite struct WearCommandTests {
    /// Runs the built `glance` with `arguments` and the state folder `state`; returns the exit
    /// status and everything it printed. The wait is on a thread of its own: a test blocked on
    /// a child process must not hold one of the few threads every other test's tasks run on.
    private func glance(_ arguments: [String], state: URL, in folder: URL? = nil) async throws -> (status: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["GLANCE_STATE_DIR"] = state.path
        environment["GLANCE_CONTROL_SOCKET"] = state.appendingPathComponent("socket/control.sock").path
        let finished = try await runToEnd(ProcessTests.glance, arguments, environment: environment, in: folder)
        return (finished.status, finished.output)
    }

    @Test func aSimulatedDayLeavesAMapThatWearPrintsDrawsAndResets() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("glance-wear-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: state) }
        let day = try await glance(["run", "--board", "simulator", "--headless", "--clock", "fast", "--duration", "24h"], state: state)
        #expect(day.status == 0, "\(day.output)")
        let file = state.appendingPathComponent("simulator.wear")
        let map = try WearMap(serialized: Array(try Data(contentsOf: file)))
        #expect(abs(map.observed - 86_400) < 1, "the whole day is accounted, saved when the face stopped")

        let heat = state.appendingPathComponent("heat.png")
        let json = try await glance(["wear", "--board", "simulator", "--json", "--out", heat.path, "--scale", "2", "--top", "3"], state: state)
        #expect(json.status == 0, "\(json.output)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(report["board"] as? String == "simulator")
        #expect((report["observedHours"] as? Double).map { abs($0 - 24) < 0.01 } == true)
        let hottest = try #require(report["hottestHours"] as? Double)
        #expect(abs(hottest - map.summary().hottestHours) < 0.01 && hottest > 0)
        #expect((report["hottest"] as? [[String: Any]])?.count == 3)
        let png = try Data(contentsOf: heat)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        // Width and height from the IHDR chunk: the map at scale 2.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 256 && height == 128)

        let text = try await glance(["wear"], state: state, in: state)
        #expect(text.status == 0 && text.output.contains("simulator (128×64): 24.0 h accounted") && text.output.contains("hottest pixel"), "\(text.output)")

        let reset = try await glance(["wear", "--reset"], state: state, in: state)
        #expect(reset.status == 0 && reset.output.contains("starts a new wear map"), "\(reset.output)")
        #expect(FileManager.default.fileExists(atPath: file.path + ".old") && !FileManager.default.fileExists(atPath: file.path))
        let none = try await glance(["wear"], state: state, in: state)
        #expect(none.status != 0 && none.output.contains("no wear map for board 'simulator' yet"), "\(none.output)")
    }

    @Test func aDamagedMapIsNamedWithWhatToDo() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("glance-wear-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let file = state.appendingPathComponent("adafruit-pioled.wear")
        try Data("GLWR\u{1}short".utf8).write(to: file)
        let result = try await glance(["wear", "--board", "adafruit-pioled"], state: state)
        #expect(result.status != 0)
        #expect(result.output.contains(file.path) && result.output.contains("glance wear --reset"), "\(result.output)")
        #expect(try Data(contentsOf: file) == Data("GLWR\u{1}short".utf8), "the file is left as it was")
    }

    @Test func wrongOptionsAreRefusedBeforeAnythingIsRead() throws {
        #expect(throws: (any Error).self) { try WearCommand.parseAsRoot(["--scale", "0"]) }
        #expect(throws: (any Error).self) { try WearCommand.parseAsRoot(["--reset", "--out", "x.png"]) }
        #expect(throws: (any Error).self) { try WearCommand.parseAsRoot(["--top", "-1"]) }
    }
}
