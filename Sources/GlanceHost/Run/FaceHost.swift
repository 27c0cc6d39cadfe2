import Foundation
import GlanceGraphics
import GlanceInput
import GlanceLinux
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
actor FaceHost: ControlTarget {
    /// Something for the loop to handle.
    enum Event: Sendable {
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
    typealias FaceLoader = @Sendable () async throws -> (FacePlan, FaceRuntime)?

    nonisolated let clock: any HostClock
    nonisolated let board: BoardConfiguration
    nonisolated let assembly: PanelAssembly
    let logger: Logger
    var plan: FacePlan
    var runtime: FaceRuntime
    /// The state file and the frame folder, written after the rounds that change them.
    var files: FaceFiles
    let loadFace: FaceLoader?
    /// What `@AppStorage` reads: the app group's `defaults.json`, read again when it changes.
    let defaults: MemoryKeyValueStore?
    /// Where the app groups' containers are.
    nonisolated let appGroupRoot: URL
    var input: ButtonInput
    /// Buttons whose current press woke the face: their gestures run no binding.
    var swallowing: Set<ButtonID> = []
    let screen: SimulatorScreen?
    private var stopAt: Date?
    var stopped = false

    nonisolated let inbox = Locked<[Event]>([])
    nonisolated let doorbell: AsyncStream<Void>.Continuation
    private let rings: AsyncStream<Void>
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// The frame the display was last given.
    var shownFrame: Frame?
    /// Gestures seen, newest last (at most 50), for `glance ctl status`.
    var recent: [FaceSnapshot.Gesture] = []
    /// Intents run, newest last (at most 50), by name.
    var intents: [String] = []
    /// Milliseconds from process start to the first frame on the panel.
    var firstFrameMilliseconds: Double?
    /// The process's counters once start-up was over: the usage report's settled figures
    /// are counted from here.
    var settledUsage: ProcessUsage?
    /// Frames the runtime made and frames given to the display (the rest were superseded within a round).
    var framesMade = 0
    var framesShown = 0
    /// What the frames cost in energy (`FaceHost+Energy.swift`); nil for panels without a power model.
    var energy: FaceEnergy?
    /// Who follows `snapshots(wanting:)`, with the parts each wants.
    var listeners: [Int: (parts: FaceSnapshot.Parts, continuation: AsyncStream<FaceSnapshot>.Continuation)] = [:]
    var nextListener = 0
    /// Snapshots made so far; whether this round changed what a snapshot shows; its gestures.
    var sequence = 0
    var changed = false
    var madeGestures: [FaceSnapshot.Gesture] = []
    /// Who follows the app group's folder (`appGroupFolders()`).
    var folderFollowers: [AsyncStream<URL>.Continuation] = []
    /// Each app-group file's contents when its change was last handled: a second report of the
    /// same write (the folder watcher after a remote write) reloads nothing.
    var appGroupContents: [String: Data] = [:]
    /// Intents the runtime had performed when the loop last looked.
    var intentsPerformed = 0
    /// Moments listeners asked the loop to wake at (`setAlarm`), by name.
    nonisolated let alarms = Locked<[String: FaceAlarm]>([:])

    init(board: BoardConfiguration, plan: FacePlan, runtime: FaceRuntime, assembly: PanelAssembly, clock: any HostClock,
         logger: Logger, stateFile: URL, frameFolder: URL? = nil, screen: SimulatorScreen? = nil, loadFace: FaceLoader? = nil,
         defaults: MemoryKeyValueStore? = nil, appGroupRoot: URL = AppGroup.defaultRoot()) {
        self.defaults = defaults
        self.appGroupRoot = appGroupRoot
        self.board = board
        self.plan = plan
        self.runtime = runtime
        self.assembly = assembly
        self.clock = clock
        self.logger = logger
        files = FaceFiles(stateFile: stateFile, frameFolder: frameFolder)
        self.screen = screen
        self.loadFace = loadFace
        input = ButtonInput(board: board)
        energy = FaceEnergy(controller: assembly.pipeline.controller)
        (rings, doorbell) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let doorbell = self.doorbell, inbox = self.inbox
        runtime.onChange { Self.post(.changed, inbox: inbox, doorbell: doorbell) }
    }

    /// Queues an event for the loop; callable from any thread.
    nonisolated func post(_ event: Event) {
        Self.post(event, inbox: inbox, doorbell: doorbell)
    }

    static func post(_ event: Event, inbox: Locked<[Event]>, doorbell: AsyncStream<Void>.Continuation) {
        inbox.withLock { $0.append(event) }
        doorbell.yield()
    }

    // MARK: - Driving

    /// Shows the first frames: the placeholders, then whatever the providers answered.
    func start() async {
        await exclusive {
            var frames = await runtime.start()
            frames += await runtime.settle()
            await show(frames)
        }
    }

    /// Handles everything queued and everything due at the clock's time, without moving it.
    func round() async {
        await exclusive { await work() }
    }

    /// Like `round()`, then waits for intents and async providers in flight and handles what
    /// they caused, until nothing is left (simulated runs and tests).
    func drain() async {
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
    func run(until end: Date, on clock: ManualClock, moved: @Sendable (Date) -> Void = { _ in }) async {
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
    func runLive(duration: TimeInterval?) async {
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

    /// Asks the loop to publish a snapshot once `alarm` is due (nil: no longer), under `name`,
    /// which replaces that name's earlier alarm: a listener's timer (the MQTT bridge's message
    /// expiry and glass interval) is one of the loop's deadlines, never a sleep of its own.
    nonisolated func setAlarm(_ name: String, _ alarm: FaceAlarm?) {
        let changed = alarms.withLock { alarms in
            defer { alarms[name] = alarm }
            return alarms[name] != alarm
        }
        // The loop counts its wait again.
        if changed { doorbell.yield() }
    }

    /// The longest single wait of the live loop, in seconds.
    static let longestWait: TimeInterval = 60

    /// The next moment something is due: the runtime's wake-up, a gesture decision, the
    /// display's shift step, refresh or retry, a listener's alarm, the end of the run.
    func nextDeadline() async -> Date? {
        let now = clock.now, uptime = clock.uptime
        var candidates = [await runtime.nextWakeUp, await assembly.display.nextDeadline, await assembly.display.nextRetry, stopAt]
        if let deadline = input.nextDeadline {
            candidates.append(now.addingTimeInterval(max(.zero, deadline - clock.inputTime).timeInterval))
        }
        for alarm in alarms.withLock({ Array($0.values) }) {
            switch alarm {
            case .wall(let date): candidates.append(date)
            case .uptime(let moment): candidates.append(now.addingTimeInterval(max(.zero, moment - uptime).timeInterval))
            }
        }
        return candidates.compactMap { $0 }.min()
    }

    /// How long the live loop may wait, on the clock's `uptime`: until the next wall-clock
    /// deadline (the runtime's wake-up, the display's, the end of the run) as the clock
    /// counts it, or the next deadline of `uptime` itself (a gesture decision, a panel retry),
    /// whichever comes first; nil when nothing is due without an event.
    private func nextWait() async -> Duration? {
        var wallDeadlines = [await runtime.nextWakeUp, await assembly.display.nextDeadline, stopAt]
        let uptime = clock.uptime
        var waits = [Duration?]()
        for alarm in alarms.withLock({ Array($0.values) }) {
            switch alarm {
            case .wall(let date): wallDeadlines.append(date)
            case .uptime(let moment): waits.append(max(.zero, moment - uptime))
            }
        }
        let wall = wallDeadlines.compactMap { $0 }.min()
        waits.append(wall.flatMap { clock.waitingTime(until: $0) })
        if let deadline = input.nextDeadline {
            waits.append(max(.zero, deadline - clock.inputTime))
        }
        if let attempt = await assembly.pipeline.nextAttempt {
            waits.append(max(.zero, attempt - uptime))
        }
        return waits.compactMap { $0 }.min()
    }

    private func isDue(_ date: Date?) -> Bool {
        date.map { $0 <= clock.now } ?? false
    }

    /// Runs `body` with no other unit of work in progress (actor methods interleave at every
    /// `await`; this keeps the runtime's frames and the display in one order).
    func exclusive<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
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
        let uptime = clock.uptime
        let rang = alarms.withLock { alarms in
            let due = alarms.filter { $0.value.isDue(now: now, uptime: uptime) }
            for name in due.keys { alarms[name] = nil }
            return !due.isEmpty
        }
        // A listener's alarm: it finds what is due in the snapshot this round publishes.
        if rang { changed = true }
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

/// A moment a listener of the loop wants to be woken at (`FaceHost.setAlarm`).
enum FaceAlarm: Sendable, Equatable {
    /// On the clock's wall time, which widgets and the dates they read follow.
    case wall(Date)
    /// On the clock's `uptime`: real time whatever a simulated clock's pace.
    case uptime(Duration)

    func isDue(now: Date, uptime: Duration) -> Bool {
        switch self {
        case .wall(let date): date <= now
        case .uptime(let moment): moment <= uptime
        }
    }
}
