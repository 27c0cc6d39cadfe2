import Foundation
import GlanceCore
import GlanceLinux
import Logging

/// Sends activated `widgetURL`s and `Link`s to the configured handler (Docs/Contract.md, "URLs"): a
/// program run without a shell with the URL as its last argument, or an HTTP POST whose body
/// is the URL. Without a handler the URL is logged.
enum URLOpener {
    /// Runs the handler programs of every face in this process.
    static let programs = URLHandlerRunner()

    /// Sends `url` to `handler`; a handler program's timeout is waited for on `clock`, the face's.
    static func open(_ url: URL, with handler: FaceConfiguration.URLHandler?, clock: any HostClock, logger: Logger) {
        switch handler {
        case nil:
            logger.notice("opened \(url.absoluteString) (no url-handler configured)")
        case .command(let words)?:
            Task {
                let command = words.joined(separator: " ")
                switch await programs.run(words, url: url.absoluteString, clock: clock) {
                case .exited(0): logger.info("opened \(url.absoluteString) with \(command)")
                case .exited(let status): logger.error("url-handler \(command) ended with status \(status) for \(url.absoluteString)")
                case .timedOut: logger.error("url-handler \(command) ran longer than \(programs.timeout) for \(url.absoluteString) and was stopped")
                case .busy: logger.error("url-handler \(command) not started for \(url.absoluteString): \(programs.limit) handlers are still running")
                case .failed(let error): logger.error("url-handler could not start for \(url.absoluteString): \(error)")
                }
            }
        case .http(let address)?:
            // Off the drawing thread: a slow or absent server may take seconds to answer.
            Task {
                do {
                    let status = try await offThePool(named: "glance-url-handler") { try HTTPPost.send(url.absoluteString, to: address) }
                    if (200..<300).contains(status) {
                        logger.info("opened \(url.absoluteString) through \(address)")
                    } else {
                        logger.error("url-handler \(address) answered \(status) for \(url.absoluteString)")
                    }
                } catch {
                    logger.error("url-handler failed for \(url.absoluteString): \(error)")
                }
            }
        }
    }
}

/// Runs URL-handler programs: at most `limit` at once (a face pressed many times cannot fill
/// the process table), each stopped after `timeout` (SIGTERM to its process group, SIGKILL
/// `killDelay` later), started by `ChildProcess` with the default signal state and no shell.
///
/// Both waits are on the face's `HostClock`, as device waits are (a handler is outside work
/// the face waits on): no timer of its own wakes the process, and a test that owns a
/// `ManualClock` decides when a handler has run too long. On a manual clock that moves itself
/// on a sleep (`advancesOnSleep`, the default) the time passes at once, as simulated hardware
/// takes simulated time: a handler still running then is stopped at once. A handler that ends
/// in time cancels its waits.
final class URLHandlerRunner: Sendable {
    /// How a handler run ended.
    enum Outcome: Equatable, Sendable {
        case exited(Int32)
        case timedOut
        /// Not started: `limit` handlers were running.
        case busy
        case failed(String)
    }

    let limit: Int
    let timeout: Duration
    /// How long a handler has to end after SIGTERM before SIGKILL.
    static let killDelay: Duration = .seconds(2)
    private let running = Locked(0)

    init(limit: Int = 4, timeout: Duration = .seconds(30)) {
        self.limit = limit
        self.timeout = timeout
    }

    /// Runs `words` (a program and its arguments) with `url` appended and waits for it to end.
    func run(_ words: [String], url: String, clock: any HostClock) async -> Outcome {
        await start(words, url: url, clock: clock).value
    }

    /// Takes a place among the `limit` now (or answers `.busy`) and runs the handler in a task.
    func start(_ words: [String], url: String, clock: any HostClock) -> Task<Outcome, Never> {
        let admitted = running.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else { return Task { .busy } }
        let timeout = self.timeout, running = self.running
        return Task {
            defer { running.withLock { $0 -= 1 } }
            return await Self.execute(words, url: url, timeout: timeout, clock: clock)
        }
    }

    private static func execute(_ words: [String], url: String, timeout: Duration, clock: any HostClock) async -> Outcome {
        guard let program = words.first else { return .failed("no program") }
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(program, Array(words.dropFirst()) + [url])
        } catch {
            return .failed(error.description)
        }
        struct Run { var ended = false, expired = false }
        let run = Locked(Run())
        // Signals only while the handler has not been seen to end (checked and sent under the lock).
        let signal = { @Sendable (number: Int32, expiring: Bool) -> Bool in
            run.withLock { run in
                guard !run.ended else { return false }
                if expiring { run.expired = true }
                ChildProcess.signalGroup(pid, number)
                return true
            }
        }
        let watchdog = Task {
            do {
                try await clock.sleep(for: timeout)
                guard signal(SIGTERM, true) else { return }
                try await clock.sleep(for: killDelay)
                _ = signal(SIGKILL, false)
            } catch {
                // Cancelled: the handler ended in time.
            }
        }
        // waitpid blocks: on a thread of its own, off the concurrency pool.
        let status = await offThePool(named: "glance-url-handler") { ChildProcess.wait(pid) }
        let expired = run.withLock { run in
            run.ended = true
            return run.expired
        }
        watchdog.cancel()
        return expired ? .timedOut : .exited(status)
    }
}
