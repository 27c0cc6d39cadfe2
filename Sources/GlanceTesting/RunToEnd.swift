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
/// standard input is empty. Reading runs on threads of its own (GlanceCore's `offThePool`).
/// - Parameters:
///   - environment: The child's environment; nil keeps this process's.
///   - folder: The working folder; nil keeps this process's.
///   - separateErrors: Keeps standard error apart in `errors` instead of mixed into `output`.
public func runToEnd(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                     in folder: URL? = nil, separateErrors: Bool = false) async throws -> FinishedProcess {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let folder { process.currentDirectoryURL = folder }
    process.standardInput = FileHandle.nullDevice
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = separateErrors ? errors : output
    let end = ProcessEnd(of: process)
    try process.run()
    // Both pipes are drained at once, so a child filling one while the other is read cannot block.
    async let errorText = separateErrors ? offThePool { errors.fileHandleForReading.readDataToEndOfFile() } : Data()
    let text = await offThePool { output.fileHandleForReading.readDataToEndOfFile() }
    let errorData = await errorText
    await end.wait()
    return FinishedProcess(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                           output: String(decoding: text, as: UTF8.self), errors: String(decoding: errorData, as: UTF8.self))
}
