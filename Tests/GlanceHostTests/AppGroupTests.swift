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

    /// Issue 37, item 6: one writer of app-group files for the browser page, MQTT and providers.
    @Test func everyWriterChecksLimitsAndWritesTheSameWay() throws {
        let (group, root) = group()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try group.write(contents: Data("{\"t\": 1}".utf8), to: "w.json"), "written, the container made")
        #expect(try group.contents(of: "w.json") == Data("{\"t\": 1}".utf8))
        let url = group.directory.appendingPathComponent("w.json")
        let inode = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        #expect(try group.write(contents: Data("{\"t\": 1}".utf8), to: "w.json") == false, "the same bytes are not written again")
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int == inode)
        #expect(try group.write(contents: Data("2".utf8), to: "w.json"), "a bare value is JSON")
        #expect(try group.contents(of: "none.json") == nil)
        let notJSON = #expect(throws: AppGroupError.self) { try group.write(contents: Data("{oops".utf8), to: "w.json") }
        #expect(notJSON?.description.hasPrefix("w.json is not saved: not JSON: ") == true)
        let large = Data("\"".utf8) + Data(repeating: 0x61, count: AppGroup.fileSizeLimit) + Data("\"".utf8)
        #expect(throws: AppGroupError.notSaved("w.json", reason: "over the app-group limit of \(AppGroup.fileSizeLimit) bytes")) {
            try group.write(contents: large, to: "w.json")
        }
        #expect(throws: AppGroupError.invalidName("../w.json", group: "desk")) { try group.write(contents: Data("1".utf8), to: "../w.json") }
        #expect(try group.contents(of: "w.json") == Data("2".utf8), "a refused write leaves the file as it was")
        // A folder inside the container that links out of it is neither read nor written through.
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: group.directory.appendingPathComponent("out"), withDestinationURL: outside)
        let linked = #expect(throws: AppGroupError.self) { try group.write(contents: Data("1".utf8), to: "out/x.json") }
        #expect(linked?.description == "cannot write \(group.directory.path)/out/x.json: \(group.directory.path)/out is a symbolic link; only files inside the app group are written")
        #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("x.json").path))
        #expect(throws: AppGroupError.self) { try group.contents(of: "out/x.json") }
    }

    @Test func defaultRootFollowsTheEnvironment() {
        #expect(AppGroup.defaultRoot(environment: ["GLANCE_STATE_DIR": "/tmp/x"], isRoot: true).path == "/tmp/x")
        #expect(AppGroup.defaultRoot(environment: [:], isRoot: true).path == "/var/lib/glance")
        #expect(AppGroup.defaultRoot(environment: ["XDG_STATE_HOME": "/home/pi/.state", "HOME": "/home/pi"], isRoot: false).path == "/home/pi/.state/glance")
        #expect(AppGroup.defaultRoot(environment: ["HOME": "/home/pi"], isRoot: false).path == "/home/pi/.local/state/glance")
    }
}
