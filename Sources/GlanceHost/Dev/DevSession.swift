#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import Foundation
import GlanceCore

/// Builds the package for `glance dev`.
protocol DevBuilding: Sendable {
    /// Starts a build and returns at once; its outcome arrives as `DevSession.Event.built`.
    func startBuild()
    /// Ends a build in progress, if any, and waits until it has ended.
    func cancel() async
}

/// Runs the face for `glance dev`: one process at a time.
protocol DevFaceRunning: Sendable {
    /// Stops the face if one runs and waits until it has ended (its state and clock saved),
    /// then starts the program the last good build made.
    /// - Throws: A message naming the program when it cannot be started.
    func restart() async throws
    /// Stops the face, if one runs, and waits until it has ended.
    func stop() async
}

/// How a build ended.
struct DevBuildOutcome: Sendable, Equatable {
    /// The build's exit status (0: built).
    var status: Int32
    /// Whether the program's file is another than before the build.
    var programChanged: Bool
    /// Why the build could not even start, if it could not.
    var failure: String?

    var succeeded: Bool { status == 0 && failure == nil }
}

/// `glance dev` at work: takes the watchers', the build's and the face's events one at a time,
/// lets `DevLoop` decide, and does what it decides through the builder and the face runner.
///
/// Time comes from the host clock: the quiet time of a burst of saves is a deadline on its
/// `uptime`, which `run(_:)` waits for with the clock's `sleep(for:)`; a test hands events to
/// `handle(_:)` itself and moves a `ManualClock`.
actor DevSession {
    /// What happens.
    enum Event: Sendable, Equatable {
        /// A file the face depends on was written (`path` as it is shown).
        case changed(DevLoop.Change, path: String)
        /// The build ended.
        case built(DevBuildOutcome)
        /// The face ended by itself (not stopped by the session), with this exit status.
        case faceEnded(status: Int32)
        /// A folder can no longer be watched (why); saves there go unseen.
        case watchFailed(String)
        /// The gathered changes' deadline may have come.
        case tick
        /// Ctrl-C or SIGTERM: stop the build and the face, and end.
        case stop
    }

    private var loop: DevLoop
    private let clock: any HostClock
    private let builder: any DevBuilding
    private let face: any DevFaceRunning
    private let say: @Sendable (String) -> Void
    /// Files changed since the last build or restart, for the next message.
    private var changedPaths: [String] = []
    /// Uptime at which the running build started.
    private var buildStart: Duration?
    /// The task waiting for the gathered changes' deadline.
    private var timer: Task<Void, Never>?

    /// Creates the session.
    /// - Parameters:
    ///   - timing: How saves are gathered.
    ///   - programExists: Whether a program built before is there (the face runs it should the first build fail).
    ///   - say: Prints one line of the session's own (builds, restarts, failures).
    init(clock: any HostClock, builder: any DevBuilding, face: any DevFaceRunning, timing: DevLoop.Timing = DevLoop.Timing(),
         programExists: Bool, say: @escaping @Sendable (String) -> Void) {
        loop = DevLoop(timing: timing, programExists: programExists)
        self.clock = clock
        self.builder = builder
        self.face = face
        self.say = say
    }

    /// The uptime at which the gathered changes are acted on, if any are waiting.
    var deadline: Duration? { loop.deadline }

    /// Builds first, then takes `events` until `.stop` (or their end): Ctrl-C stops the build
    /// and the face before this returns. `post` is how a deadline's `.tick` joins `events`.
    func run(_ events: AsyncStream<Event>, post: @escaping @Sendable (Event) -> Void) async {
        await begin()
        armTimer(post: post)
        for await event in events {
            if event == .stop { break }
            await handle(event)
            armTimer(post: post)
        }
        await finish()
    }

    /// The first build.
    func begin() async {
        await perform(loop.start())
    }

    /// Takes one event and does what it leads to.
    func handle(_ event: Event) async {
        switch event {
        case .changed(let change, let path):
            loop.changed(change, at: clock.uptime)
            if !changedPaths.contains(path) { changedPaths.append(path) }
        case .built(let outcome):
            report(outcome)
            await perform(loop.built(succeeded: outcome.succeeded, programChanged: outcome.programChanged))
        case .faceEnded(let status):
            loop.faceStopped()
            say("the face stopped (exit status \(status)); it starts again at the next save")
        case .watchFailed(let reason):
            say("\(reason); saves there are not seen until glance dev starts again")
        case .tick:
            await perform(loop.tick(at: clock.uptime))
        case .stop:
            await finish()
        }
    }

    /// Stops the build and the face.
    func finish() async {
        timer?.cancel()
        timer = nil
        await builder.cancel()
        await face.stop()
    }

    // MARK: - Doing

    private func perform(_ actions: [DevLoop.Action]) async {
        for action in actions {
            switch action {
            case .build:
                let what = changedPaths.isEmpty ? "" : " (\(Self.list(changedPaths)) changed)"
                changedPaths = []
                say("building\(what)…")
                buildStart = clock.uptime
                builder.startBuild()
            case .restartFace:
                let what = changedPaths.isEmpty ? "" : " (\(Self.list(changedPaths)) changed)"
                changedPaths = []
                do {
                    try await face.restart()
                    say("face started\(what)")
                } catch {
                    loop.faceStopped()
                    say("cannot start the face: \(error)")
                }
            }
        }
    }

    private func report(_ outcome: DevBuildOutcome) {
        let took = buildStart.map { " in \(Self.seconds(clock.uptime - $0))" } ?? ""
        buildStart = nil
        if let failure = outcome.failure {
            say("cannot build: \(failure)")
        } else if outcome.status != 0 {
            let running = loop.faceRunning ? "the face keeps running the last good build" : "no face runs yet"
            say("the build failed (exit status \(outcome.status))\(took): \(running); fix the error above and save")
        } else {
            say(outcome.programChanged ? "built\(took)" : "built\(took); the program did not change")
        }
    }

    /// Waits for the loop's deadline on the host clock, then posts `.tick`.
    private func armTimer(post: @escaping @Sendable (Event) -> Void) {
        timer?.cancel()
        timer = nil
        guard let deadline = loop.deadline else { return }
        let wait = deadline - clock.uptime
        timer = Task { [clock] in
            if wait > .zero {
                do {
                    try await clock.sleep(for: wait)
                } catch {
                    return // cancelled: another event came first and set the timer again
                }
            }
            post(.tick)
        }
    }

    // MARK: - Messages

    /// "a.swift", "a.swift and b.swift", "a.swift, b.swift and c.swift", "a.swift, b.swift and 3 more".
    static func list(_ paths: [String]) -> String {
        switch paths.count {
        case 0: ""
        case 1: paths[0]
        case 2, 3: paths.dropLast().joined(separator: ", ") + " and " + paths[paths.count - 1]
        default: "\(paths[0]), \(paths[1]) and \(paths.count - 2) more"
        }
    }

    /// "0.4 s", "12.3 s".
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = (seconds * 10 + attoseconds / 100_000_000_000_000_000)
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
#endif
