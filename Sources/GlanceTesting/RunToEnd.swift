import Foundation
import GlanceCore
import GlanceLinux
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
/// Started with GlanceLinux's `ChildProcess` (`posix_spawn`), not Foundation's `Process`:
/// `Process.run()` in this toolchain's Foundation (Swift 6.3) reads up to 256 bytes past
/// glibc's directory buffer while it scans `/proc/self/fd`, and crashes the test process when
/// that buffer ends at an unmapped page (swift-corelibs-foundation pull request 5472,
/// "Process.run() on Linux crashes intermittently"): one of three runs of the unit tests
/// crashed so. The pipes are close-on-exec, so children other tests start meanwhile do not
/// hold them open.
/// - Parameters:
///   - environment: The child's environment; nil keeps this process's.
///   - folder: The working folder; nil keeps this process's.
///   - separateErrors: Keeps standard error apart in `errors` instead of mixed into `output`.
public func runToEnd(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                     in folder: URL? = nil, separateErrors: Bool = false) async throws -> FinishedProcess {
    var output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
    guard pipe(&output) == 0, !separateErrors || pipe(&errors) == 0 else {
        throw ChildProcessError(program: executable.path, code: errno)
    }
    for end in output + errors where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let pid: pid_t
    do {
        defer {
            close(output[1])
            if separateErrors { close(errors[1]) }
        }
        pid = try ChildProcess.spawn(executable.path, arguments, output: output[1], errors: separateErrors ? errors[1] : nil,
                                     folder: folder?.path, environment: environment)
    } catch {
        close(output[0])
        if separateErrors { close(errors[0]) }
        throw error
    }
    // Both pipes are drained at once, so a child filling one while the other is read cannot block.
    let (outputEnd, errorsEnd) = (output[0], errors[0])
    async let errorText = separateErrors
        ? offThePool { FileHandle(fileDescriptor: errorsEnd, closeOnDealloc: true).readDataToEndOfFile() } : Data()
    let text = await offThePool { FileHandle(fileDescriptor: outputEnd, closeOnDealloc: true).readDataToEndOfFile() }
    let errorData = await errorText
    let ending = await offThePool { ChildProcess.end(of: pid) }
    let (status, signalled): (Int32, Bool) = switch ending {
    case .exited(let status): (status, false)
    case .signalled(let signal): (signal, true)
    case nil: (-1, false)
    }
    return FinishedProcess(status: status, signalled: signalled,
                           output: String(decoding: text, as: UTF8.self), errors: String(decoding: errorData, as: UTF8.self))
}

/// A program of this package that `swift build --build-tests` builds beside the tests: next to
/// the test bundle, in the folder holding it, or in the checkout's `.build/debug` (found from
/// `testFile`, a file two folders below the root, as `Tests/Target/File.swift`).
public func builtProduct(_ name: String, testFile: String = #filePath) -> URL {
    let bundle = Bundle.main.bundleURL
    let root = URL(fileURLWithPath: testFile).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [bundle.appendingPathComponent(name), bundle.deletingLastPathComponent().appendingPathComponent(name),
                      root.appendingPathComponent(".build/debug/\(name)")]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
}
