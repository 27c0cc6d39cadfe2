import Foundation
import GlanceTesting
import Testing
@testable import GlanceLinux
#if canImport(Glibc)
import Glibc
#endif

/// Paths that name something other than what glance would write or remove there (issue 39):
/// nothing but glance's own socket and regular files is ever removed or replaced.
@Suite struct HostilePathTests {
    /// A private folder for one test (0700, as the control socket's folder must be).
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("glance-hostile-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return url
    }

    /// A socket file nobody answers on, as a run killed with SIGKILL leaves it.
    private func staleSocket(at path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = try UnixSocketServer.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(fd)
        #expect(bound == 0)
    }

    private func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    // MARK: - The control socket

    @Test func aControlSocketPathNamingAFileLeavesItAndSaysWhatItIs() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.txt").path
        #expect(FileManager.default.createFile(atPath: notes, contents: Data("keep me\n".utf8)))
        let error = #expect(throws: UnixSocketError.self) { try UnixSocketServer(path: notes) }
        #expect(error?.description == """
            control socket \(notes): cannot listen: it is a regular file, not a socket; glance removes only a socket that a \
            stopped run left behind: move it away or choose another socket path
            """)
        #expect(error?.isForeignFile == true, "the caller stops instead of running without the socket")
        #expect(FileManager.default.contents(atPath: notes) == Data("keep me\n".utf8))
    }

    @Test func aFolderALinkOrAFIFOAtTheSocketPathIsRefusedAndKept() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target").path
        #expect(FileManager.default.createFile(atPath: target, contents: Data("x".utf8)))
        let cases: [(name: String, make: (String) -> Void, kind: String, type: mode_t)] = [
            ("folder.sock", { mkdir($0, 0o700) }, "a folder", S_IFDIR),
            ("link.sock", { symlink(target, $0) }, "a symbolic link", S_IFLNK),
            ("fifo.sock", { mkfifo($0, 0o600) }, "a FIFO", S_IFIFO),
        ]
        for (name, make, kind, type) in cases {
            let path = folder.appendingPathComponent(name).path
            make(path)
            let error = #expect(throws: UnixSocketError.self) { try UnixSocketServer(path: path) }
            #expect(error?.message.hasPrefix("it is \(kind), not a socket") == true, "\(name): \(String(describing: error))")
            #expect(mode(path) == type, "\(name) is still there, unchanged")
        }
        #expect(FileManager.default.contents(atPath: target) == Data("x".utf8))
    }

    @Test func aStaleSocketIsReplacedAndALiveOneRefused() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("control.sock").path
        try staleSocket(at: path)
        #expect(mode(path) == S_IFSOCK)
        let server = try UnixSocketServer(path: path)
        let error = #expect(throws: UnixSocketError.self) { try UnixSocketServer(path: path) }
        #expect(error?.message == "another glance is already running with this control socket")
        await server.stop()
        #expect(mode(path) == nil, "stopping removes the socket it made")
    }

    @Test func stoppingLeavesWhatReplacedTheSocket() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("control.sock").path
        let server = try UnixSocketServer(path: path)
        // Someone moved the socket away and put a file in its place while the face ran.
        #expect(rename(path, path + ".moved") == 0)
        #expect(FileManager.default.createFile(atPath: path, contents: Data("notes".utf8)))
        await server.stop()
        #expect(FileManager.default.contents(atPath: path) == Data("notes".utf8))
        #expect(mode(path + ".moved") == S_IFSOCK)
    }

    // MARK: - The atomic writer's destination

    @Test func theAtomicWriterReplacesOnlyRegularFiles() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let regular = folder.appendingPathComponent("regular.png")
        try AtomicFile.write(Data("old".utf8), to: regular)
        try AtomicFile.write(Data("new".utf8), to: regular)
        #expect(FileManager.default.contents(atPath: regular.path) == Data("new".utf8))

        let target = folder.appendingPathComponent("target.png")
        try Data("target".utf8).write(to: target)
        let socketPath = folder.appendingPathComponent("socket.png").path
        try staleSocket(at: socketPath)
        let cases: [(name: String, make: (String) -> Void, reason: String, type: mode_t)] = [
            ("folder.png", { mkdir($0, 0o700) }, "it is a folder, not a regular file; glance replaces only regular files", S_IFDIR),
            ("fifo.png", { mkfifo($0, 0o600) }, "it is a FIFO, not a regular file; glance replaces only regular files", S_IFIFO),
            ("socket.png", { _ in }, "it is a socket, not a regular file; glance replaces only regular files", S_IFSOCK),
            ("link.png", { symlink(target.path, $0) },
             "it is a symbolic link to \(target.path); glance replaces only regular files, never a link: name the file itself or remove the link", S_IFLNK),
        ]
        for (name, make, reason, type) in cases {
            let path = folder.appendingPathComponent(name)
            make(path.path)
            let error = #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data("png".utf8), to: path) }
            #expect(error?.description == "cannot write \(path.path): \(reason)")
            #expect(mode(path.path) == type, "\(name) is still there, unchanged")
        }
        #expect(FileManager.default.contents(atPath: target.path) == Data("target".utf8))
        // Nothing was left behind: no temporary files next to the refused destinations.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["fifo.png", "folder.png", "link.png", "regular.png", "socket.png", "target.png"])
    }

    @Test func aDeviceIsNeverReplaced() throws {
        // /dev/null stands for any device, only looked at: a broken writer must not replace the real one.
        let error = #expect(throws: AtomicFileError.self) { try AtomicFile.checkReplaceable(URL(fileURLWithPath: "/dev/null")) }
        #expect(error?.reason == "it is a character device, not a regular file; glance replaces only regular files")
        // Written to: a copy of /dev/null (device 1:3, makedev(1, 3)) in the test's folder (root may make device nodes).
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let device = folder.appendingPathComponent("null.png")
        guard mknod(device.path, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0 else { return }
        let written = #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data("png".utf8), to: device) }
        #expect(written?.reason == "it is a character device, not a regular file; glance replaces only regular files")
        #expect(mode(device.path) == S_IFCHR)
    }

    // MARK: - Temporaries a killed writer left

    @Test func temporaryNamesAreRecognisedExactly() {
        let name = AtomicFile.temporaryName(for: "state.json", process: 4242, random: 17)
        #expect(name == ".state.json.4242.17.tmp")
        #expect(AtomicFile.temporaryWriter(of: name) == 4242)
        #expect(AtomicFile.temporaryWriter(of: ".a.b.c.12.4294967295.tmp") == 12)
        for other in ["state.json.4242.17.tmp", ".state.json.tmp", "..4242.17.tmp", ".state.json.42x.17.tmp", ".state.json.4242.17.tmpx",
                      ".state.json.4242.4294967296.tmp", ".state.json.99999999999.1.tmp", ".state.json.0.1.tmp", ".state.json.-1.1.tmp",
                      ".state.json.4242..tmp", "notes.tmp"] {
            #expect(AtomicFile.temporaryWriter(of: other) == nil, "\(other)")
        }
    }

    @Test func strayTemporariesOfEndedWritersAreRemovedAndNothingElse() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A process that has ended: its number is free until reused.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        let end = ProcessEnd(of: ended)
        try ended.run()
        await end.wait()
        let gone = ended.processIdentifier
        let names = [
            AtomicFile.temporaryName(for: "state.json", process: gone, random: 1),  // stray: removed
            AtomicFile.temporaryName(for: "simulator.wear", process: gone, random: 2),  // stray: removed
            AtomicFile.temporaryName(for: "mine.json", process: getpid(), random: 3),  // a write in progress here: kept
            AtomicFile.temporaryName(for: "init.json", process: 1, random: 4),  // a live process's: kept
            "notes.tmp", "state.json", ".hidden.tmp",  // not the writer's names: kept
        ]
        for name in names { #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data("x".utf8))) }
        // The writer's pattern, but a folder (and one inside a subfolder): kept.
        let strayFolder = folder.appendingPathComponent(AtomicFile.temporaryName(for: "dir", process: gone, random: 5))
        try FileManager.default.createDirectory(at: strayFolder, withIntermediateDirectories: false)
        let nested = strayFolder.appendingPathComponent(AtomicFile.temporaryName(for: "nested", process: gone, random: 6))
        #expect(FileManager.default.createFile(atPath: nested.path, contents: nil))

        let removed = AtomicFile.removeStrayTemporaries(in: folder)
        #expect(removed == [names[0], names[1]].sorted().map { folder.appendingPathComponent($0).path })
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == (Array(names[2...]) + [strayFolder.lastPathComponent]).sorted())
        #expect(FileManager.default.fileExists(atPath: nested.path))
        #expect(AtomicFile.removeStrayTemporaries(in: folder.appendingPathComponent("missing")) == [])
    }
}
