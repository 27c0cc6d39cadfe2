import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `poll(2)` failed on an event pump's thread.
package struct PollError: Error, CustomStringConvertible {
    /// The C library's error number.
    package var errno: Int32

    /// The message shown to the user.
    package var description: String { "waiting for input failed: \(errnoDescription(errno)) (errno \(errno))" }
}

/// Runs blocking reads on a dedicated thread and hands what they produce to async code.
///
/// The thread sleeps in `poll(2)` on the source descriptors plus a wake pipe, so nothing polls
/// on a timer and `stop()` ends it at once. Each readable descriptor is passed to `read`, whose
/// elements are yielded to `stream`; `read` returns nil when its source has ended (it is also
/// called on a hang-up, to drain what is left). When the
/// thread leaves, `cleanup` runs on it (releasing what the reads used) and the stream finishes:
/// normally after `stop()`, a consumer's cancellation or the end of a source, with the error
/// after a failed read.
package final class EventPump<Element: Sendable>: @unchecked Sendable {
    // Immutable after `start`; the descriptors stay open until deinit so a late `stop()` never
    // writes to a reused descriptor.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// Whether the thread has left, and who waits for it to (guarded by `lock`). Resumed on
    /// the pump's own thread: a `DispatchGroup.notify` on a global queue would start
    /// libdispatch's worker pool, and with it its once-a-second monitor timer.
    private var exited = false
    private var exitWaiters: [CheckedContinuation<Void, Never>] = []
    private let lock = NSLock()
    /// The elements read, in order.
    package let stream: AsyncThrowingStream<Element, Error>
    private let continuation: AsyncThrowingStream<Element, Error>.Continuation

    private init(wakeRead: Int32, wakeWrite: Int32) {
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
        (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// Starts a thread named `name` waiting on `descriptors`.
    /// - Throws: `PollError` when the wake pipe cannot be created.
    package static func start(
        name: String,
        descriptors: [Int32],
        read: @escaping @Sendable (Int32) throws -> [Element]?,
        cleanup: @escaping @Sendable () -> Void = {}
    ) throws -> EventPump {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw PollError(errno: errno) }
        for end in pipeEnds { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        let pump = EventPump(wakeRead: pipeEnds[0], wakeWrite: pipeEnds[1])
        pump.continuation.onTermination = { [weak pump] _ in pump?.wake() }
        let thread = Thread { pump.run(descriptors: descriptors, read: read, cleanup: cleanup) }
        thread.name = name
        thread.start()
        return pump
    }

    /// Asks the thread to stop and waits until it has left (cleanup done, stream finished).
    /// Safe to call more than once and from any task.
    package func stop() async {
        wake()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let running = lock.withLock {
                if !exited { exitWaiters.append(done) }
                return !exited
            }
            if !running { done.resume() }
        }
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func run(descriptors: [Int32], read: (Int32) throws -> [Element]?, cleanup: () -> Void) {
        defer {
            cleanup()
            let waiters = lock.withLock {
                exited = true
                return exitWaiters
            }
            for waiter in waiters { waiter.resume() }
        }
        var watched = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        watched.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
        var open = descriptors.count
        while open > 0 {
            for index in watched.indices { watched[index].revents = 0 }
            guard poll(&watched, nfds_t(watched.count), -1) >= 0 else {
                if errno == EINTR { continue }
                continuation.finish(throwing: PollError(errno: errno))
                return
            }
            if watched[watched.count - 1].revents != 0 { break }
            for index in watched.indices.dropLast() where watched[index].revents != 0 {
                let events = Int32(watched[index].revents)
                do {
                    // A hang-up is read too: what is left, then the end of input, comes from `read`.
                    if events & Int32(POLLIN | POLLHUP) != 0, let elements = try read(watched[index].fd) {
                        for element in elements { continuation.yield(element) }
                        continue
                    }
                    // The source ended (read said so) or is broken (POLLERR, POLLNVAL): stop watching it.
                    watched[index].fd = -1
                    open -= 1
                } catch {
                    continuation.finish(throwing: error)
                    return
                }
            }
        }
        continuation.finish()
    }
}
