import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reports files written into one directory, through inotify: a file finished by
/// `close()` after writing or moved in (how atomic writes land) yields its name.
///
/// The directory is followed by name: when it is deleted or moved away and a directory of
/// that name appears again (made anew, or moved in), the new one is watched and every file
/// already in it is reported, since it may have been written before the watch returned.
/// The blocking read runs on a dedicated thread (`EventPump`); `stop()` ends it.
public final class DirectoryWatcher: Sendable {
    /// The directory watched.
    public let directory: String
    /// Names of files (relative to the directory) written or moved in, in order.
    public var changes: AsyncThrowingStream<String, Error> { pump.stream }
    private let pump: EventPump<String>

    /// Starts watching `directory`, creating it when missing.
    /// - Throws: `DirectoryWatcherError` naming the directory and the system's reason.
    public init(directory: String) throws {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw DirectoryWatcherError(directory: directory, reason: "cannot create it: \(error.localizedDescription)")
        }
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw DirectoryWatcherError(directory: directory, reason: errnoDescription(errno)) }
        let watches: Watches
        do {
            watches = try Watches(fd: fd, directory: directory)
        } catch {
            close(fd)
            throw error
        }
        pump = try EventPump<String>.start(name: "glance-watch", descriptors: [fd], read: { fd in
            try watches.readEvents(fd)
        }, cleanup: { close(fd) })
    }

    /// Stops watching; the `changes` stream finishes.
    public func stop() async {
        await pump.stop()
    }

    /// The files `directory` holds now, as `changes` names them (no folders, no names starting
    /// with "."), sorted: what a watch that starts late has to report itself.
    public static func files(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }
}

/// The two inotify watches of one `DirectoryWatcher`: its directory (files written or moved
/// in; the directory's own deletion or move) and the parent (a directory of its name made or
/// moved in). Used by the pump's thread only, after `init`.
private final class Watches: @unchecked Sendable {
    private let directory: String
    private let name: String
    private var folder: Int32
    private let parent: Int32

    init(fd: Int32, directory: String) throws {
        self.directory = directory
        let url = URL(fileURLWithPath: directory)
        name = url.lastPathComponent
        parent = inotify_add_watch(fd, url.deletingLastPathComponent().path, UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_ONLYDIR))
        guard parent >= 0 else { throw DirectoryWatcherError(directory: url.deletingLastPathComponent().path, reason: errnoDescription(errno)) }
        folder = -1
        guard addFolderWatch(fd) else { throw DirectoryWatcherError(directory: directory, reason: errnoDescription(errno)) }
    }

    private func addFolderWatch(_ fd: Int32) -> Bool {
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
        folder = inotify_add_watch(fd, directory, mask)
        return folder >= 0
    }

    /// Reads one batch of inotify events and returns the names of files written or moved into
    /// the directory (temporary files that start with "." are skipped: they are renamed into
    /// place later), and every file of a directory of its name that appeared again.
    func readEvents(_ fd: Int32) throws -> [String]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return [] }
            throw DirectoryWatcherError(directory: directory, reason: errnoDescription(errno))
        }
        if count == 0 { return nil }
        var names = [String]()
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                (raw.load(fromByteOffset: offset, as: Int32.self), raw.load(fromByteOffset: offset + 4, as: UInt32.self),
                 Int(raw.load(fromByteOffset: offset + 12, as: UInt32.self)))
            }
            let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)]
            let entry = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            offset += header + length
            if wd == folder, mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 {
                // Gone: the parent's watch says when a directory of this name is back.
                inotify_rm_watch(fd, folder)
                folder = -1
            } else if wd == folder, !entry.isEmpty, !entry.hasPrefix(".") {
                names.append(entry)
            } else if wd == parent, entry == name, mask & UInt32(IN_ISDIR) != 0 {
                if folder >= 0 { inotify_rm_watch(fd, folder) }
                guard addFolderWatch(fd) else { continue }
                names += DirectoryWatcher.files(in: directory)
            }
        }
        return names
    }
}

/// A directory that could not be watched.
public struct DirectoryWatcherError: Error, CustomStringConvertible, Sendable {
    /// The directory.
    public let directory: String
    /// Why.
    public let reason: String

    public var description: String { "cannot watch \(directory) for changes: \(reason)" }
}
