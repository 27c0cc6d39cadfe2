import Foundation
import GlanceCore
import Synchronization

/// A value handed between threads by code that keeps to one at a time.
public struct Unchecked<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}

/// What a child process left when it ended.
public struct FinishedProcess: Sendable {
    /// The exit status, or the signal's number when `signalled`.
    public let status: Int32
    /// True when a signal ended it.
    public let signalled: Bool
    /// Its standard output; with `separateErrors: false`, its standard error too.
    public let output: String
    /// Its standard error, when asked for apart.
    public let errors: String
}

/// The end of a child process, awaited without holding a thread: `Process.waitUntilExit()`
/// on any thread but the main one spins a core until the child ends. Make it before `run()`:
/// it sets the process's `terminationHandler`.
public final class ProcessEnd: Sendable {
    private struct State {
        var ended = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init(of process: Process) {
        process.terminationHandler = { [self] _ in
            let waiting = state.withLock { state in
                state.ended = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
    }

    /// Returns once the process has ended.
    public func wait() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if !state.ended { state.waiting.append(continuation) }
                return state.ended
            }
            if now { continuation.resume() }
        }
    }
}

/// Runs `executable` with `arguments` to its end and returns its status and what it printed;
/// standard input is empty. Reading and waiting run on threads of their own (GlanceCore's
/// `offThePool`).
///
/// Started with `posix_spawn`, not Foundation's `Process`: `Process.run()` in this toolchain's
/// Foundation (Swift 6.3) reads up to 256 bytes past glibc's directory buffer while it scans
/// `/proc/self/fd`, and crashes the test process when that buffer ends at an unmapped page
/// (swift-corelibs-foundation pull request 5472, "Process.run() on Linux crashes
/// intermittently"): one of three runs of the unit tests crashed so. The pipes are
/// close-on-exec, so children other tests start meanwhile do not hold them open.
/// - Parameters:
///   - environment: The child's environment; nil keeps this process's.
///   - folder: The working folder; nil keeps this process's.
///   - separateErrors: Keeps standard error apart in `errors` instead of mixed into `output`.
public func runToEnd(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                     in folder: URL? = nil, separateErrors: Bool = false) async throws -> FinishedProcess {
    var output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
    guard pipe(&output) == 0, !separateErrors || pipe(&errors) == 0 else { throw SpawnFailure(program: executable.path, code: errno) }
    for end in output + errors where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, separateErrors ? errors[1] : output[1], STDERR_FILENO)
    if let folder {
        guard let addChdir = spawnChdir else { throw SpawnFailure(program: executable.path, code: ENOSYS) }
        _ = addChdir(&actions, folder.path)
    }
    var argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { for pointer in envp ?? [] { free(pointer) } }
    var pid: pid_t = 0
    let started = envp == nil ? posix_spawn(&pid, executable.path, &actions, nil, &argv, environ)
        : posix_spawn(&pid, executable.path, &actions, nil, &argv, &envp!)
    close(output[1])
    if separateErrors { close(errors[1]) }
    guard started == 0 else {
        close(output[0])
        if separateErrors { close(errors[0]) }
        throw SpawnFailure(program: executable.path, code: started)
    }
    // Both pipes are drained at once, so a child filling one while the other is read cannot block.
    let (outputEnd, errorsEnd) = (output[0], errors[0])
    async let errorText = separateErrors
        ? offThePool { FileHandle(fileDescriptor: errorsEnd, closeOnDealloc: true).readDataToEndOfFile() } : Data()
    let text = await offThePool { FileHandle(fileDescriptor: outputEnd, closeOnDealloc: true).readDataToEndOfFile() }
    let errorData = await errorText
    let child = pid
    let status = await offThePool { () -> Int32 in
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        return status
    }
    let signal = status & 0x7F
    return FinishedProcess(status: signal == 0 ? (status >> 8) & 0xFF : signal, signalled: signal != 0,
                           output: String(decoding: text, as: UTF8.self), errors: String(decoding: errorData, as: UTF8.self))
}

/// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift's Glibc module
/// leaves out (it is a GNU extension).
private let spawnChdir: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
}()

/// A program `runToEnd` could not start.
public struct SpawnFailure: Error, CustomStringConvertible {
    public let program: String
    public let code: Int32
    public var description: String { "cannot start \(program): \(String(cString: strerror(code)))" }
}
