import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that readers see either the old or the new content, never a mix: the
/// data goes to a temporary file in the same directory, is flushed to disk, then renamed
/// over the target (rename is atomic within a file system).
public enum AtomicFile {
    /// Writes `data` to `url` atomically, creating missing parent directories.
    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { ($0 as? NSError)?.localizedDescription ?? "\($0)" }
            throw AtomicFileError(path: url.path, reason: "cannot create the folder \(directory.path): \(reason ?? error.localizedDescription)")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AtomicFileError(path: url.path, reason: String(cString: strerror(errno))) }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary.path)
            throw AtomicFileError(path: url.path, reason: failure)
        }
        // The rename itself reaches the disk only with the folder: without this, a power cut
        // can bring back the old file (or none) although the write returned.
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Reads a file that another program may have put there: only a regular file is read — a
    /// symbolic link, FIFO, device or folder is refused without blocking or following it —
    /// and at most `limit` bytes.
    /// - Returns: The contents, or nil when there is no such file.
    /// - Throws: `AtomicFileError` saying what the file is instead, or that it is too large.
    public static func readRegular(_ url: URL, limit: Int) throws -> Data? {
        // O_NONBLOCK: opening a FIFO with no writer must not wait for one.
        let fd = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP { throw AtomicFileError(path: url.path, reason: "it is a symbolic link; only regular files are read") }
            throw AtomicFileError(path: url.path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw AtomicFileError(path: url.path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = switch info.st_mode & S_IFMT {
            case S_IFIFO: "a FIFO"
            case S_IFCHR, S_IFBLK: "a device"
            case S_IFDIR: "a folder"
            case S_IFSOCK: "a socket"
            default: "not a regular file"
            }
            throw AtomicFileError(path: url.path, reason: "it is \(kind); only regular files are read")
        }
        guard info.st_size <= limit else {
            throw AtomicFileError(path: url.path, reason: "it holds \(info.st_size) bytes; at most \(limit) are read")
        }
        var data = Data(count: Int(info.st_size))
        var offset = 0
        while offset < data.count {
            let count = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw AtomicFileError(path: url.path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            offset += count
        }
        // A file that shrank while being read is taken as it is now.
        return data.prefix(offset)
    }
}

/// A file that could not be written atomically, with the system's reason.
public struct AtomicFileError: Error, CustomStringConvertible, Sendable {
    /// The file that was being written.
    public let path: String
    /// The operating system's explanation (from errno).
    public let reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}

/// Facts about this process.
public enum SystemProcess {
    /// True when running as root (for example as a system service).
    public static var isRoot: Bool { geteuid() == 0 }

    /// Makes writes to a closed pipe or socket fail with EPIPE instead of ending the process
    /// (a log reader or control client that went away must not stop the face).
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
    /// The effective user ID, which names per-user folders such as `/tmp/glance-1000`.
    public static var userID: UInt32 { UInt32(geteuid()) }
}

/// Standard output and standard error, written so that losing them never stops the program.
public enum StandardStream: Sendable {
    case output, error

    /// Writes `text` whole, or drops what cannot be written: a reader that went away (EPIPE,
    /// with SIGPIPE ignored), a full disk or a closed descriptor loses log lines, not the face.
    /// (`FileHandle.write` traps on such errors.)
    public func write(_ text: String) {
        let fd = self == .output ? STDOUT_FILENO : STDERR_FILENO
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
