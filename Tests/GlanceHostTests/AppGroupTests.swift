import Foundation
import Testing
@testable import GlanceHost

@Suite struct AppGroupTests {
    private struct Weather: Codable, Equatable {
        var temperature: Int
        var condition: String
    }

    private func group() -> (AppGroup, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("glance-group-\(UUID().uuidString)")
        return (AppGroup(name: "desk", root: root), root)
    }

    @Test func writesAndReadsJSON() throws {
        let (group, root) = group()
        defer { try? FileManager.default.removeItem(at: root) }
        try group.write(Weather(temperature: 21, condition: "Sunny"), to: "weather.json")
        #expect(try group.read(Weather.self, from: "weather.json") == Weather(temperature: 21, condition: "Sunny"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: group.directory.path)
        #expect(leftovers == ["weather.json"])
    }

    @Test func errorsExplainThemselves() throws {
        let (group, root) = group()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: AppGroupError.invalidName("../etc/passwd", group: "desk")) { try group.url(for: "../etc/passwd") }
        #expect(throws: AppGroupError.missing(group.directory.appendingPathComponent("none.json").path)) {
            try group.read(Weather.self, from: "none.json")
        }
        try FileManager.default.createDirectory(at: group.directory, withIntermediateDirectories: true)
        try Data("{\"temperature\": \"warm\", \"condition\": \"x\"}".utf8).write(to: group.directory.appendingPathComponent("bad.json"))
        let error = #expect(throws: AppGroupError.self) { try group.read(Weather.self, from: "bad.json") }
        #expect(error?.description.hasSuffix("is not the expected JSON: 'temperature' should be Int") == true)
    }

    @Test func defaultRootFollowsTheEnvironment() {
        #expect(AppGroup.defaultRoot(environment: ["GLANCE_STATE_DIR": "/tmp/x"], isRoot: true).path == "/tmp/x")
        #expect(AppGroup.defaultRoot(environment: [:], isRoot: true).path == "/var/lib/glance")
        #expect(AppGroup.defaultRoot(environment: ["XDG_STATE_HOME": "/home/pi/.state", "HOME": "/home/pi"], isRoot: false).path == "/home/pi/.state/glance")
        #expect(AppGroup.defaultRoot(environment: ["HOME": "/home/pi"], isRoot: false).path == "/home/pi/.local/state/glance")
    }
}
