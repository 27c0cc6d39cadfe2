import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts helper programs (URL handlers) cleanly: no shell, standard input from /dev/null,
/// every signal at its default action and none blocked — whatever the starting thread had (the
/// process ignores SIGPIPE; Dispatch's threads block signals) — and in a process group of its
/// own, so a timeout ends it with everything it started.
public enum ChildProcess {
    /// Starts `program` with `arguments`; a program without a slash is looked up in `PATH`.
    /// - Parameters:
    ///   - output: A descriptor the child's standard output and error go to; nil keeps ours.
    ///   - errors: A descriptor for the child's standard error alone; nil sends it with `output`.
    ///   - descriptors: More descriptors the child gets, by number in the child (3, 4, …) to
    ///     ours (a browser's DevTools pipe).
    ///   - folder: The child's working folder; nil keeps ours.
    ///   - environment: The child's environment; nil passes ours.
    /// - Returns: The child's process ID (and group ID).
    /// - Throws: `ChildProcessError` naming the program when it cannot be started.
    public static func spawn(_ program: String, _ arguments: [String], output: Int32? = nil, errors: Int32? = nil,
                             descriptors: [Int32: Int32] = [:], folder: String? = nil,
                             environment: [String: String]? = nil) throws(ChildProcessError) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, output, STDERR_FILENO)
        }
        if let errors { posix_spawn_file_actions_adddup2(&actions, errors, STDERR_FILENO) }
        if let folder {
            guard let addChdir = spawnChdir else { throw ChildProcessError(program: program, code: ENOSYS) }
            _ = addChdir(&actions, folder)
        }
        for (child, ours) in descriptors.sorted(by: { $0.key < $1.key }) {
            posix_spawn_file_actions_adddup2(&actions, ours, child)
        }
        let words = [program] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var pid: pid_t = 0
        let result = envp == nil ? posix_spawnp(&pid, program, &actions, &attributes, &argv, environ)
            : posix_spawnp(&pid, program, &actions, &attributes, &argv, &envp!)
        guard result == 0 else { throw ChildProcessError(program: program, code: result) }
        return pid
    }

    /// How a child ended.
    public enum Ending: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signalled(Int32)

        /// The status a shell would report: the exit status, or 128 + the signal.
        public var code: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }
    }

    /// Waits for `pid` to end (blocking the calling thread).
    /// - Returns: How it ended; nil when it is not a child of this process.
    public static func end(of pid: pid_t) -> Ending? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// Waits for `pid` to end (blocking the calling thread).
    /// - Returns: The exit status, or 128 + the signal that ended it; -1 when `pid` is not a
    ///   child of this process.
    public static func wait(_ pid: pid_t) -> Int32 {
        end(of: pid)?.code ?? -1
    }

    /// Sends `signal` to the child's whole process group.
    public static func signalGroup(_ pid: pid_t, _ signal: Int32) {
        _ = kill(-pid, signal)
    }
}

/// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift's Glibc module
/// leaves out (it is a GNU extension).
private let spawnChdir: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
}()

/// A helper program that could not be started.
public struct ChildProcessError: Error, CustomStringConvertible, Sendable {
    public let program: String
    public let code: Int32
    public init(program: String, code: Int32) {
        self.program = program
        self.code = code
    }
    public var description: String {
        code == ENOENT ? "\(program): no such program (check the path, or PATH)" : "\(program): \(errnoDescription(code))"
    }
}
