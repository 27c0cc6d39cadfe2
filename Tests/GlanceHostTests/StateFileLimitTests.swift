import Foundation
import GlanceFace
import GlanceGraphics
import GlanceLinux
import GlancePanels
import Testing
@testable import GlanceHost

/// The state folder's files are read with a limit checked before reading, and one that is
/// too large or not what it should be is set aside as NAME.bad, never read whole or lost.
@Suite struct StateFileLimitTests {
    private final class Folder: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("glance-state-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        func file(_ name: String, _ bytes: [UInt8]) throws -> URL {
            let file = url.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            return file
        }

        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path) }
        func size(_ name: String) -> Int? {
            (try? FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(name).path))?[.size] as? Int
        }
    }

    private static let garbage = [UInt8](repeating: 0x55, count: 1 << 20)

    // MARK: - Wear maps

    @Test func aWearMapLargerThanThePanelsIsSetAsideUnread() throws {
        let folder = try Folder()
        let url = try folder.file("simulator.wear", Self.garbage)
        let store = FileRecordStore<WearMap>(url: url, panelSize: Size(width: 128, height: 64))
        let error = #expect(throws: StateFileError.self) { try store.load() }
        // 5 bytes of magic and version, 20 of header, 4 a pixel.
        #expect(error?.description == "\(url.path) is not read as the wear map of a 128×64 panel: it holds 1048576 bytes; at most 32793 are read; set aside as \(url.path).bad")
        #expect(!folder.exists("simulator.wear"))
        #expect(folder.size("simulator.wear.bad") == 1 << 20, "set aside whole, not deleted")
    }

    @Test func aWearMapThatIsNotOneIsSetAside() throws {
        let folder = try Folder()
        let url = try folder.file("simulator.wear", Array(Self.garbage.prefix(100)))
        // `glance wear` reports it and leaves it where it is.
        #expect(throws: PanelRecordError(message: "not a Glance wear map (expected GLWR version 1)")) { try FileRecordStore<WearMap>(url: url, setsAside: false).load() }
        #expect(folder.size("simulator.wear") == 100)
        let store = FileRecordStore<WearMap>(url: url)
        let error = #expect(throws: StateFileError.self) { try store.load() }
        #expect(error?.description == "\(url.path) is not a wear map: not a Glance wear map (expected GLWR version 1); set aside as \(url.path).bad")
        #expect(folder.exists("simulator.wear.bad"))
        // The face starts a new map and saves it where the bad one was.
        #expect(try store.load() == nil)
        try store.save(WearMap(size: Size(width: 4, height: 2)))
        #expect(try store.load() == WearMap(size: Size(width: 4, height: 2)))
    }

    @Test func aWearMapOfAnotherPanelIsSetAside() throws {
        let folder = try Folder()
        let url = try folder.file("simulator.wear", WearMap(size: Size(width: 64, height: 32)).serialized())
        let error = #expect(throws: StateFileError.self) { try FileRecordStore<WearMap>(url: url, panelSize: Size(width: 32, height: 128)).load() }
        #expect(error?.description == "\(url.path) is not the wear map of a 32×128 panel: it is a 64×32 map; set aside as \(url.path).bad")
        // Either orientation of the panel is the panel's (the map is kept in the controller's).
        let turned = try folder.file("turned.wear", WearMap(size: Size(width: 128, height: 32)).serialized())
        #expect(try FileRecordStore<WearMap>(url: turned, panelSize: Size(width: 32, height: 128)).load()?.size == Size(width: 128, height: 32))
    }

    // MARK: - E-paper states

    @Test func anEPaperStateLargerThanThePanelsIsSetAsideUnread() throws {
        let folder = try Folder()
        let url = try folder.file("epaper.state", Self.garbage)
        let error = #expect(throws: StateFileError.self) { try FileRecordStore<EInkState>(url: url, panelSize: Size(width: 250, height: 122)).load() }
        // 21 bytes of header, then 122 rows of 32 bytes (or 250 of 16).
        #expect(error?.description == "\(url.path) is not read as the e-paper state of a 250×122 panel: it holds 1048576 bytes; at most 4021 are read; set aside as \(url.path).bad")
        #expect(folder.size("epaper.state.bad") == 1 << 20)
    }

    @Test func anEPaperStateThatIsNotOneIsSetAside() throws {
        let folder = try Folder()
        let url = try folder.file("epaper.state", Array("GLEI".utf8))
        let error = #expect(throws: StateFileError.self) { try FileRecordStore<EInkState>(url: url).load() }
        #expect(error?.description == "\(url.path) is not an e-paper state: not a Glance e-ink state file (expected GLEI version 1); set aside as \(url.path).bad")
        #expect(folder.exists("epaper.state.bad"))
    }

    // MARK: - The face's state

    @Test func aFaceStateThatIsTooLargeOrNotJSONIsSetAside() throws {
        let folder = try Folder()
        let large = try folder.file("face-simulator.json", Array(repeating: UInt8(ascii: " "), count: (1 << 20) + 1))
        var reports: [String] = []
        #expect(FaceFiles.loadState(large, report: { reports.append($0) }) == nil)
        #expect(reports == ["\(large.path) is not read as the face's state: it holds 1048577 bytes; at most 1048576 are read; set aside as \(large.path).bad; starting afresh"])
        #expect(folder.size("face-simulator.json.bad") == (1 << 20) + 1)

        let broken = try folder.file("face-simulator.json", Array("{\"shownKinds\": [".utf8))
        reports = []
        #expect(FaceFiles.loadState(broken, report: { reports.append($0) }) == nil)
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("\(broken.path) is not the face's state: ") == true)
        #expect(reports.first?.hasSuffix("set aside as \(broken.path).bad; starting afresh") == true)
        #expect(folder.size("face-simulator.json.bad") == 16, "the newest bad file replaces the older one")

        #expect(FaceFiles.loadState(broken) == nil, "no file: nothing to say")
    }

    // MARK: - The crash record

    @Test func aCrashRecordThatIsNotOneIsSetAside() throws {
        let folder = try Folder()
        let url = try folder.file("crash.record", Array(repeating: UInt8(ascii: "x"), count: 5000))
        var reports: [String] = []
        #expect(CrashGuard.takeRecord(at: url, report: { reports.append($0) }) == nil)
        #expect(reports == ["\(url.path) is not read as a crash record: it holds 5000 bytes; at most 4096 are read; set aside as \(url.path).bad"])
        #expect(folder.size("crash.record.bad") == 5000)

        _ = try folder.file("crash.record", Array("glance-crash 1\nSIGILL\nclock\n".utf8))
        reports = []
        #expect(CrashGuard.takeRecord(at: url, report: { reports.append($0) }) == nil)
        #expect(reports == ["\(url.path) is not a crash record: expected 'glance-crash 1', a signal number and a widget kind on three lines; set aside as \(url.path).bad"])

        // What a run that did not crash leaves (the guard's empty file) is no record and nothing to report.
        _ = try folder.file("crash.record", [])
        reports = []
        #expect(CrashGuard.takeRecord(at: url, report: { reports.append($0) }) == nil)
        #expect(reports.isEmpty)
        #expect(!folder.exists("crash.record"))

        _ = try folder.file("crash.record", Array("glance-crash 1\n4\nclock\n".utf8))
        let record = CrashGuard.takeRecord(at: url)
        #expect(record?.widget == "clock" && record?.signal == 4)
        #expect(!folder.exists("crash.record"))
    }

    // MARK: - @AppStorage values

    @Test func aDefaultsFileOverTheAppGroupLimitIsRefusedWithItsSize() throws {
        let folder = try Folder()
        let group = AppGroup(name: "desk", root: folder.url)
        try FileManager.default.createDirectory(at: group.directory, withIntermediateDirectories: true)
        let url = group.directory.appendingPathComponent("defaults.json")
        try Data(repeating: UInt8(ascii: " "), count: AppGroup.fileSizeLimit + 1).write(to: url)
        let error = #expect(throws: AppGroupError.self) { try group.loadDefaults() }
        #expect(error == .refused(url.path, reason: "it holds 4194305 bytes; at most 4194304 are read"))
        #expect(FileManager.default.fileExists(atPath: url.path), "a file of another program's is left where it is")
    }

    // MARK: - Never over what is not glance's

    /// Setting a file aside renamed it over whatever was at NAME.bad: a FIFO, device or link
    /// there was replaced. Now it stays, and so does the file, and the error says why.
    @Test func aBadFileIsNeverSetAsideOverAFIFO() throws {
        let folder = try Folder()
        let state = try folder.file("face-simulator.json", Array("not json".utf8))
        let bad = folder.url.appendingPathComponent("face-simulator.json.bad")
        try #require(mkfifo(bad.path, 0o600) == 0)
        let error = StateFile.setAside(state, problem: "is not the face's state")
        #expect(error.setAsideAs == nil)
        #expect(error.description == "\(state.path) is not the face's state; it could not be set aside (\(bad.path) is in the way: it is a FIFO, not a regular file; glance replaces only regular files)",
                "\(error)")
        var info = stat()
        #expect(lstat(bad.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is still there")
        #expect(folder.exists("face-simulator.json"), "the file is kept where it was")
    }

    /// The crash guard removed whatever was at crash.record before making its own.
    @Test func theCrashGuardLeavesAFIFOAtItsRecordPath() throws {
        let folder = try Folder()
        let record = folder.url.appendingPathComponent("crash.record")
        try #require(mkfifo(record.path, 0o600) == 0)
        #expect(throws: AtomicFileError.self) { try CrashGuard.install(recordingAt: record) }
        var info = stat()
        #expect(lstat(record.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }
}
