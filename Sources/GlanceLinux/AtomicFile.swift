import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that readers see either the old or the new content, never a mix: the
/// data goes to a temporary file in the same directory, is flushed to disk, then renamed
/// over the target (rename is atomic within a file system).
///
/// Only a regular file is ever replaced: a destination that is a folder, FIFO, device, socket
/// or symbolic link is refused with its path, whatever it points to. A link is refused rather
/// than followed or replaced: following it would write wherever whoever made the link chose
/// (the state folder may be writable by a group), and replacing it would lose the link; the
/// message names its target, so the file can be named directly.
public enum AtomicFile {
    /// Writes `data` to `url` atomically, creating missing parent directories.
    /// - Throws: `AtomicFileError` naming the path: something other than a regular file is
    ///   there (see `checkReplaceable(_:)`), or the system's reason the write failed.
    public static func write(_ data: Data, to url: URL) throws {
        try checkReplaceable(url)
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { ($0 as? NSError)?.localizedDescription ?? "\($0)" }
            throw AtomicFileError(path: url.path, reason: "cannot create the folder \(directory.path): \(reason ?? error.localizedDescription)")
        }
        let temporary = directory.appendingPathComponent(temporaryName(for: url.lastPathComponent, process: getpid(), random: UInt32.random(in: 0...UInt32.max)))
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
    /// - Parameter followingLinks: Whether a symbolic link to a regular file is read too (a
    ///   file the user named, such as a configuration file linked from elsewhere).
    /// - Returns: The contents, or nil when there is no such file.
    /// - Throws: `AtomicFileError` saying what the file is instead, or that it is too large.
    public static func readRegular(_ url: URL, limit: Int, followingLinks: Bool = false) throws -> Data? {
        // O_NONBLOCK: opening a FIFO with no writer must not wait for one.
        let fd = open(url.path, O_RDONLY | (followingLinks ? 0 : O_NOFOLLOW) | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
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
            throw AtomicFileError(path: url.path, reason: "it is \(fileKind(info.st_mode)); only regular files are read")
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

    // MARK: - What may be replaced

    /// Checks that `url` may be replaced or removed: nothing is there, or a regular file. The
    /// last component is not followed, so a symbolic link is refused even when it leads to a
    /// regular file. Callers that remove or rename over a file of their own (a state file
    /// set aside) check it with this first.
    /// - Throws: `AtomicFileError` naming the path and what is there instead.
    public static func checkReplaceable(_ url: URL) throws {
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            let code = errno
            // Nothing there (or a missing folder, which write creates).
            if code == ENOENT || code == ENOTDIR { return }
            throw AtomicFileError(path: url.path, reason: String(cString: strerror(code)))
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFREG { return }
        if type == S_IFLNK {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)).map { " to \($0)" } ?? ""
            throw AtomicFileError(path: url.path, reason: "it is a symbolic link\(target); glance replaces only regular files, never a link: name the file itself or remove the link")
        }
        throw AtomicFileError(path: url.path, reason: "it is \(fileKind(info.st_mode)), not a regular file; glance replaces only regular files")
    }

    /// How messages name a file of mode `mode` ("a FIFO", "a device"…).
    static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    // MARK: - Temporaries left by a killed writer

    /// The temporary file `write` fills for `name`: `.NAME.PID.RANDOM.tmp`, hidden, in the
    /// same folder, naming the process that writes it.
    static func temporaryName(for name: String, process: Int32, random: UInt32) -> String {
        ".\(name).\(process).\(random).tmp"
    }

    /// The process whose `write` named `fileName`, or nil when the name is not one of its
    /// temporaries (`.NAME.PID.RANDOM.tmp`, PID and RANDOM in decimal).
    static func temporaryWriter(of fileName: String) -> Int32? {
        guard fileName.hasPrefix("."), fileName.hasSuffix(".tmp") else { return nil }
        let parts = fileName.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3,
              !parts.dropLast(2).joined(separator: ".").isEmpty,
              let process = decimal(parts[parts.count - 2]).flatMap(Int32.init(exactly:)), process > 0,
              decimal(parts[parts.count - 1]).flatMap(UInt32.init(exactly:)) != nil
        else { return nil }
        return process
    }

    private static func decimal(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 10, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// Removes the temporary files `write` left in `folder` (not its subfolders) when its
    /// process was killed in the middle of a write: only names of `write`'s pattern, only
    /// regular files, and only those of processes no longer running, so a write in progress
    /// (this process's, or another glance's on the same folder) is never disturbed.
    /// - Returns: The paths removed, in name order.
    @discardableResult
    public static func removeStrayTemporaries(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed = [String]()
        for name in names.sorted() {
            guard let writer = temporaryWriter(of: name), writer != getpid() else { continue }
            // kill(pid, 0) fails with ESRCH only when no such process exists (EPERM: it runs as another user).
            guard kill(writer, 0) != 0, errno == ESRCH else { continue }
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, unlink(path) == 0 else { continue }
            removed.append(path)
        }
        return removed
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
