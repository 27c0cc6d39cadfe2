import Foundation
import GlanceLinux
import Testing

@Suite struct DirectoryWatcherTests {
    @Test func atomicWritesAreReportedByName() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glance-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let watcher = try DirectoryWatcher(directory: directory.path)
        try AtomicFile.write(Data("{\"t\": 21}".utf8), to: directory.appendingPathComponent("weather.json"))
        try AtomicFile.write(Data("[]".utf8), to: directory.appendingPathComponent("tasks.json"))
        // Names in the order they first arrive. A name may come twice: when another thread
        // starts a process while a temporary file is open, the child's copy of the descriptor
        // can be the last one closed, after the rename, and inotify then reports the close
        // under the final name (the test suite starts processes in parallel tests).
        var seen = [String]()
        for try await name in watcher.changes {
            if !seen.contains(name) { seen.append(name) }
            if seen.count == 2 { break }
        }
        await watcher.stop()
        // The temporary files are skipped; each rename arrives as the final name.
        #expect(seen == ["weather.json", "tasks.json"])
        #expect(try String(contentsOf: directory.appendingPathComponent("weather.json"), encoding: .utf8) == "{\"t\": 21}")
    }

    /// The folder deleted and made again (a script that clears the app group, a restore from
    /// a backup): the watcher stayed on the deleted folder and reported nothing ever after.
    @Test(.timeLimit(.minutes(1))) func aFolderMadeAgainIsWatchedAgain() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glance-watch-\(UUID().uuidString)/group")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let watcher = try DirectoryWatcher(directory: directory.path)
        var changes = watcher.changes.makeAsyncIterator()
        func seen(_ expected: Set<String>) async throws -> Bool {
            var missing = expected
            while !missing.isEmpty, let name = try await changes.next() { missing.remove(name) }
            return missing.isEmpty
        }
        // Deleted and made again.
        try FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        try AtomicFile.write(Data("{}".utf8), to: directory.appendingPathComponent("weather.json"))
        #expect(try await seen(["weather.json"]))
        // Moved away and another moved in, with a file already in it.
        let other = directory.deletingLastPathComponent().appendingPathComponent("incoming")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)
        try Data("[]".utf8).write(to: other.appendingPathComponent("tasks.json"))
        try FileManager.default.moveItem(at: directory, to: directory.deletingLastPathComponent().appendingPathComponent("old"))
        try FileManager.default.moveItem(at: other, to: directory)
        try AtomicFile.write(Data("{}".utf8), to: directory.appendingPathComponent("news.json"))
        #expect(try await seen(["tasks.json", "news.json"]))
        await watcher.stop()
    }

    @Test func atomicWriteFailsWithTheSystemsReason() {
        let error = #expect(throws: AtomicFileError.self) {
            try AtomicFile.write(Data(), to: URL(fileURLWithPath: "/proc/glance-cannot-write/x.json"))
        }
        #expect(error?.path == "/proc/glance-cannot-write/x.json")
    }
}
