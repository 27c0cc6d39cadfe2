import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reports files written into one directory, through inotify: a file finished by
/// `close()` after writing or moved in (how atomic writes land) yields its name.
///
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
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            let reason = errnoDescription(errno)
            close(fd)
            throw DirectoryWatcherError(directory: directory, reason: reason)
        }
        pump = try EventPump<String>.start(name: "glance-watch", descriptors: [fd], read: { fd in
            try DirectoryWatcher.readEvents(fd)
        }, cleanup: { close(fd) })
    }

    /// Stops watching; the `changes` stream finishes.
    public func stop() async {
        await pump.stop()
    }

    /// Reads one batch of inotify events and returns the names of regular files among them
    /// (temporary files that start with "." are skipped: they are renamed into place later).
    private static func readEvents(_ fd: Int32) throws -> [String]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return [] }
            throw DirectoryWatcherError(directory: "inotify", reason: errnoDescription(errno))
        }
        if count == 0 { return nil }
        var names = [String]()
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let length = buffer.withUnsafeBytes { raw -> Int in
                Int(raw.load(fromByteOffset: offset + 12, as: UInt32.self))
            }
            let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            if !name.isEmpty, !name.hasPrefix(".") { names.append(name) }
            offset += header + length
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
