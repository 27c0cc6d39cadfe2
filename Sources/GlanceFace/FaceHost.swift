import Foundation
import GlanceCore
import GlanceGraphics
import GlanceInput
import GlancePanels
import GlanceWidgets
import Logging

/// One running face and its run loop: the only place where events meet the runtime and the
/// runtime's frames meet the panel.
///
/// One way in: everything arrives as an `Event` in one inbox — button edges, terminal keys, the
/// runtime's "something finished" signal, app-group changes, SIGHUP, stop, and the requests of
/// the control socket, MQTT and the browser page (`FaceRequest`, answered when handled). Rounds
/// run one at a time, so frames reach the display in the order the runtime made them, and a
/// round gives the display only its newest frame: nothing is sent that is already superseded.
/// One way out: after a round that changed something the loop publishes a `FaceSnapshot` to
/// its listeners, and writes the state file and the frame folder (`FaceHost+Glass.swift`). Time is the host's one clock: the live loop asks it to
/// wait until the next deadline (the runtime's wake-up, a gesture decision, the display's
/// shift step or retry, a listener's alarm, the end of `--duration`); a simulated run or a test moves a
/// `ManualClock` from deadline to deadline instead, through the same code.
package actor FaceHost: ControlTarget {
    /// Something for the loop to handle.
    package enum Event: Sendable {
        /// A GPIO edge, stamped by the kernel.
        case edge(ButtonEdge)
        /// A key from the simulator's terminal.
        case key(Key)
        /// The runtime has work (an intent or provider finished, a `WidgetCenter` request).
        case changed
        /// A file in the app group changed.
        case appGroupChanged(String)
        /// The simulated clock was paused, resumed, sped up or moved: count the waits again.
        case clockChanged
        /// Read the face file again (SIGHUP).
        case reloadFace
        /// Stop the loop.
        case stop
        /// A request of the control socket, MQTT or the page, answered in `FaceReply`.
        case request(FaceRequest, FaceReply)
    }

    /// Builds a new plan and runtime from the face file (SIGHUP); nil when there is no file.
    package typealias FaceLoader = @Sendable () async throws -> (FacePlan, FaceRuntime)?

    package nonisolated let clock: any HostClock
    package nonisolated let board: FaceBoard
    package nonisolated let assembly: PanelAssembly
    package let logger: Logger
    package var plan: FacePlan
    package var runtime: FaceRuntime
    /// The state file and the frame folder, written after the rounds that change them.
    package var files: FaceFiles
    package let loadFace: FaceLoader?
    /// What `@AppStorage` reads: the app group's `defaults.json`, read again when it changes.
    package let defaults: MemoryKeyValueStore?
    /// Where the app groups' containers are.
    package nonisolated let appGroupRoot: URL
    /// The app groups' files, read for the loop (GlanceHost's are the folders under `appGroupRoot`).
    package let appGroups: any FaceAppGroups
    package var input: ButtonInput
    /// Buttons whose current press woke the face: their gestures run no binding.
    package var swallowing: Set<ButtonID> = []
    package let screen: (any FaceScreen)?
    /// Seconds from the process's start to now (the first frame's time in the usage report).
    package let secondsSinceStart: @Sendable () -> Double
    var stopAt: Date?
    package var stopped = false

    package nonisolated let inbox = Locked<[Event]>([])
    package nonisolated let doorbell: AsyncStream<Void>.Continuation
    private let rings: AsyncStream<Void>
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// The frame the display was last given.
    package var shownFrame: Frame?
    /// Gestures seen, newest last (at most 50), for `glance ctl status`.
    package var recent: [FaceSnapshot.Gesture] = []
    /// Intents run, newest last (at most 50), by name.
    package var intents: [String] = []
    /// Milliseconds from process start to the first frame on the panel.
    package var firstFrameMilliseconds: Double?
    /// Frames the runtime made and frames given to the display (the rest were superseded within a round).
    package var framesMade = 0
    package var framesShown = 0
    /// What the frames cost in energy (`FaceHost+Energy.swift`); nil for panels without a power model.
    package var energy: FaceEnergy?
    /// Who follows `snapshots(wanting:)`, with the parts each wants.
    package var listeners: [Int: (parts: FaceSnapshot.Parts, continuation: AsyncStream<FaceSnapshot>.Continuation)] = [:]
    package var nextListener = 0
    /// Snapshots made so far; whether this round changed what a snapshot shows; its gestures.
    package var sequence = 0
    package var changed = false
    package var madeGestures: [FaceSnapshot.Gesture] = []
    /// Who follows the app group's folder (`appGroupFolders()`).
    package var folderFollowers: [AsyncStream<URL>.Continuation] = []
    /// Each app-group file's contents when its change was last handled: a second report of the
    /// same write (the folder watcher after a remote write) reloads nothing.
    package var appGroupContents: [String: Data] = [:]
    /// Intents the runtime had performed when the loop last looked.
    package var intentsPerformed = 0
    /// Moments listeners asked the loop to wake at (`setAlarm`), by name.
    nonisolated let alarms = Locked<[String: FaceAlarm]>([:])

    /// A face on `assembly`'s display, running `runtime` for `plan` on `clock`.
    /// - Parameters:
    ///   - files: The state file and frame folder, and what writes them.
    ///   - screen: The simulator's screen under the panel, if any.
    ///   - loadFace: Reads the face file again on SIGHUP; nil when the face came from no file.
    ///   - defaults: What `@AppStorage` reads, replaced when the app group's `defaults.json` changes.
    ///   - appGroupRoot: Where the app groups' containers are; `appGroups` reads them.
    ///   - secondsSinceStart: The process's age in seconds (the first frame's time).
    package init(board: FaceBoard, plan: FacePlan, runtime: FaceRuntime, assembly: PanelAssembly, clock: any HostClock,
         logger: Logger, files: FaceFiles, screen: (any FaceScreen)? = nil, loadFace: FaceLoader? = nil,
         defaults: MemoryKeyValueStore? = nil, appGroupRoot: URL, appGroups: any FaceAppGroups,
         secondsSinceStart: @escaping @Sendable () -> Double) {
        self.defaults = defaults
        self.appGroupRoot = appGroupRoot
        self.appGroups = appGroups
        self.secondsSinceStart = secondsSinceStart
        self.board = board
        self.plan = plan
        self.runtime = runtime
        self.assembly = assembly
        self.clock = clock
        self.logger = logger
        self.files = files
        self.screen = screen
        self.loadFace = loadFace
        input = ButtonInput(board: board)
        energy = FaceEnergy(controller: assembly.pipeline.controller)
        (rings, doorbell) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let doorbell = self.doorbell, inbox = self.inbox
        runtime.onChange { Self.post(.changed, inbox: inbox, doorbell: doorbell) }
    }

    /// Queues an event for the loop; callable from any thread.
    package nonisolated func post(_ event: Event) {
        Self.post(event, inbox: inbox, doorbell: doorbell)
    }

    package static func post(_ event: Event, inbox: Locked<[Event]>, doorbell: AsyncStream<Void>.Continuation) {
        inbox.withLock { $0.append(event) }
        doorbell.yield()
    }

    // MARK: - Driving

    /// Shows the first frames: the placeholders, then whatever the providers answered.
    package func start() async {
        await exclusive {
            var frames = await runtime.start()
            frames += await runtime.settle()
            await show(frames)
        }
    }

    /// Handles everything queued and everything due at the clock's time, without moving it.
    package func round() async {
        await exclusive { await work() }
    }

    /// Like `round()`, then waits for intents and async providers in flight and handles what
    /// they caused, until nothing is left (simulated runs and tests).
    package func drain() async {
        await exclusive {
            // Bounded: a deadline that stays due without progress must not hang a simulated run.
            for _ in 0..<1000 where !stopped {
                await work()
                await show(await runtime.settle())
                let next = await nextDeadline()
                guard !inbox.withLock({ $0.isEmpty }) || isDue(next) else { return }
            }
            logger.warning("a deadline stays due without progress; moving on")
        }
    }

    /// Simulated time: moves `clock` from deadline to deadline, doing what each one asks,
    /// until `end` (or a stop); every deadline is met at its exact moment. `moved` hears the
    /// clock's time before each step's work (`glance run --clock fast` holds `Date()` there).
    package func run(until end: Date, on clock: ManualClock, moved: @Sendable (Date) -> Void = { _ in }) async {
        moved(clock.now)
        await drain()
        while !stopped, let next = await nextDeadline(), next <= end {
            // At least a millisecond per step, so a deadline that keeps coming back cannot stall the run.
            clock.advance(to: max(next, clock.now.addingTimeInterval(0.001)))
            moved(clock.now)
            await drain()
            // A simulated day is long work: let the rest of the process run between deadlines.
            await Task.yield()
        }
        if !stopped {
            clock.advance(to: end)
            moved(end)
        }
    }

    /// Real time: runs until `.stop` (or `duration`), waiting on the clock for the next deadline.
    package func runLive(duration: TimeInterval?) async {
        stopAt = duration.map { clock.now.addingTimeInterval($0) }
        await start()
        var timer: Task<Void, Never>?
        var iterator = rings.makeAsyncIterator()
        repeat {
            await round()
            if stopped { break }
            timer?.cancel()
            if let wait = await nextWait() {
                // At most a minute at a time: a wall clock set forward (NTP at boot on a Pi
                // without a battery clock) is noticed within a minute.
                let delay = min(.seconds(Self.longestWait), wait)
                let clock = self.clock, doorbell = self.doorbell
                timer = Task {
                    do {
                        try await clock.sleep(for: delay)
                        doorbell.yield()
                    } catch {
                        // Cancelled: a newer deadline replaced this one.
                    }
                }
            }
        } while await iterator.next() != nil
        timer?.cancel()
    }

    /// The longest single wait of the live loop, in seconds.
    package static let longestWait: TimeInterval = 60

    private func isDue(_ date: Date?) -> Bool {
        date.map { $0 <= clock.now } ?? false
    }

    /// Runs `body` with no other unit of work in progress (actor methods interleave at every
    /// `await`; this keeps the runtime's frames and the display in one order).
    package func exclusive<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        while busy { await withCheckedContinuation { waiters.append($0) } }
        busy = true
        defer {
            busy = false
            if !waiters.isEmpty { waiters.removeFirst().resume() }
        }
        return try await body()
    }

    // MARK: - A round

    private func work() async {
        var frames = [Frame]()
        for event in inbox.withLock({ queued in defer { queued = [] }; return queued }) {
            frames += await handle(event)
        }
        let now = clock.now
        if await runtime.isWakeUpDue {
            frames += await runtime.wakeUp()
        }
        if let deadline = input.nextDeadline, deadline <= clock.inputTime {
            frames += await dispatch(input.advance(to: clock.inputTime))
        }
        if let stopAt, now >= stopAt { stopped = true }
        // A listener's alarm: it finds what is due in the snapshot this round publishes.
        if ringDueAlarms(now: now) { changed = true }
        if !frames.isEmpty {
            await show(frames)
        } else if await assembly.display.isDue {
            // A burn-in shift step, a deferred e-paper refresh or a retry: the glass changed
            // without a new frame, and listeners (the browser simulator, MQTT) want to know.
            await refreshDisplay(await metered { await assembly.display.update() })
            changed = true
        }
        await publishIfChanged()
    }
}
