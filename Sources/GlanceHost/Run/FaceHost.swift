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
/// Everything arrives as an `Event` in one inbox — button edges, terminal keys, the runtime's
/// "something finished" signal, app-group changes, SIGHUP, stop — or as a control-socket call;
/// every unit of work runs one at a time (`exclusive`), so frames reach the display in the
/// order the runtime made them, and a round gives the display only its newest frame: nothing
/// is sent that is already superseded. Time is the host's one clock: the live loop asks it to
/// wait until the next deadline (the runtime's wake-up, a gesture decision, the display's
/// shift step or retry, the end of `--duration`); a simulated run or a test moves a
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
    }

    /// What a listener hears (`notices()`): the MQTT bridge publishes state from these.
    enum Notice: Sendable, Equatable {
        /// A frame reached the display, the display changed the glass by itself (a burn-in
        /// shift step, a deferred e-paper refresh), or the light changed.
        case frame
        /// A button made a gesture (physical or requested).
        case gesture(button: String, gesture: ButtonGesture)
    }

    /// Builds a new plan and runtime from the face file (SIGHUP); nil when there is no file.
    typealias FaceLoader = @Sendable () async throws -> (FacePlan, FaceRuntime)?

    nonisolated let clock: any HostClock
    nonisolated let board: BoardConfiguration
    nonisolated let assembly: PanelAssembly
    let logger: Logger
    private(set) var plan: FacePlan
    private(set) var runtime: FaceRuntime
    private let stateFile: URL
    private let frameFolder: URL?
    private let loadFace: FaceLoader?
    /// What `@AppStorage` reads: the app group's `defaults.json`, read again when it changes.
    private let defaults: MemoryKeyValueStore?
    /// Where the app groups' containers are.
    nonisolated let appGroupRoot: URL
    private var input: ButtonInput
    /// Buttons whose current press woke the face: their gestures run no binding.
    private var swallowing: Set<String> = []
    private let screen: SimulatorScreen?
    private var stopAt: Date?
    private(set) var stopped = false

    private nonisolated let inbox = Locked<[Event]>([])
    private nonisolated let doorbell: AsyncStream<Void>.Continuation
    private let rings: AsyncStream<Void>
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    private var frameIndex = 0
    /// The frame the display was last given.
    private(set) var shownFrame: Frame?
    private var savedState: FaceRuntimeState?
    /// Button events seen, newest last (at most 50), for `glance ctl status`.
    private var recent: [String] = []
    private var intents: [String] = []
    /// Milliseconds from process start to the first frame on the panel.
    private(set) var firstFrameMilliseconds: Double?
    /// The process's counters once start-up was over: the usage report's settled figures
    /// are counted from here.
    private var settledUsage: ProcessUsage?
    /// Frames the runtime made and frames given to the display (the rest were superseded within a round).
    private(set) var framesMade = 0
    private(set) var framesShown = 0
    /// What the frames cost in energy (`FaceHost+Energy.swift`); nil for panels without a power model.
    var energy: FaceEnergy?
    private var listeners: [Int: AsyncStream<Notice>.Continuation] = [:]
    /// Who follows the app group's folder (`appGroupFolders()`).
    private var folderFollowers: [AsyncStream<URL>.Continuation] = []
    private var nextListener = 0
    /// Each app-group file's contents when its change was last handled: a second report of the
    /// same write (the folder watcher after a remote write) reloads nothing.
    private var appGroupContents: [String: Data] = [:]

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
        self.stateFile = stateFile
        self.frameFolder = frameFolder
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

    private static func post(_ event: Event, inbox: Locked<[Event]>, doorbell: AsyncStream<Void>.Continuation) {
        inbox.withLock { $0.append(event) }
        doorbell.yield()
    }

    /// The state saved by a previous run, if it is readable; a file over 1 MB (a state names a
    /// few widgets and files) or that is not a state is set aside as `NAME.bad`, `report` says
    /// so, and the face starts afresh.
    static func loadState(_ url: URL, report: (String) -> Void = { _ in }) -> FaceRuntimeState? {
        do {
            return try StateFile.read(url, limit: 1 << 20, what: "the face's state") { bytes in
                do {
                    return try JSONDecoder().decode(FaceRuntimeState.self, from: Data(bytes))
                } catch {
                    throw CommandFailure(AppGroupError.explain(error))
                }
            }
        } catch {
            report("\(error); starting afresh")
            return nil
        }
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

    /// The longest single wait of the live loop, in seconds.
    static let longestWait: TimeInterval = 60

    /// The next moment something is due: the runtime's wake-up, a gesture decision, the
    /// display's shift step, refresh or retry, the end of the run.
    func nextDeadline() async -> Date? {
        let now = clock.now
        var candidates = [await runtime.nextWakeUp, await assembly.display.nextDeadline, await assembly.display.nextRetry, stopAt]
        if let deadline = input.nextDeadline {
            candidates.append(now.addingTimeInterval(max(.zero, deadline - clock.inputTime).timeInterval))
        }
        return candidates.compactMap { $0 }.min()
    }

    /// How long the live loop may wait, on the clock's `uptime`: until the next wall-clock
    /// deadline (the runtime's wake-up, the display's, the end of the run) as the clock
    /// counts it, or the next deadline of `uptime` itself (a gesture decision, a panel retry),
    /// whichever comes first; nil when nothing is due without an event.
    private func nextWait() async -> Duration? {
        let wall = [await runtime.nextWakeUp, await assembly.display.nextDeadline, stopAt].compactMap { $0 }.min()
        var waits = [wall.flatMap { clock.waitingTime(until: $0) }]
        let uptime = clock.uptime
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
    private func exclusive<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
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
        if !frames.isEmpty {
            await show(frames)
        } else if await assembly.display.isDue {
            // A burn-in shift step, a deferred e-paper refresh or a retry: the glass changed
            // without a new frame, and listeners (the browser simulator, MQTT) want to know.
            await refreshDisplay(await metered { await assembly.display.update() })
            notify(.frame)
        }
    }

    private func handle(_ event: Event) async -> [Frame] {
        switch event {
        case .edge(let edge):
            return await dispatch(input.feed(edge))
        case .key(let key):
            return await dispatch(input.feed(key, at: clock.inputTime))
        case .changed:
            return await runtime.update()
        case .appGroupChanged(let file):
            return isUnchanged(appGroupFile: file) ? [] : await appGroupChangedReload(file)
        case .clockChanged:
            return []
        case .reloadFace:
            return await reloadFace()
        case .stop:
            stopped = true
            doorbell.finish()
            for listener in listeners.values { listener.finish() }
            for follower in folderFollowers { follower.finish() }
            return []
        }
    }

    /// What an app-group file's change reloads: every widget for `defaults.json` (as an app
    /// does after writing its defaults), else the widgets that read the file.
    private func appGroupChangedReload(_ file: String) async -> [Frame] {
        switch file {
        case AppGroup.defaultsFileName:
            // Every widget's @AppStorage reads the app's defaults: their change is every widget's input.
            let lifted = await runtime.liftQuarantine(because: "\(file) changed")
            guard let defaults else { return lifted }
            do {
                defaults.replaceAll(with: try AppGroup(name: plan.appGroup, root: appGroupRoot).loadDefaults().snapshot)
                logger.info("\(file) changed; reloading every widget")
                runtime.widgetCenter.reloadAllTimelines()
            } catch {
                logger.warning("\(file) cannot be read; @AppStorage keeps the values it had: \(error)")
            }
            return lifted + (await runtime.update())
        default:
            // The widgets that read the file, in this run or (quarantined ones, which run no
            // code) in the run the state file remembers.
            let kinds = AppGroupInterest.shared.kinds(group: plan.appGroup, file: file)
            let lifted = await runtime.liftQuarantine(of: Set(kinds), because: "\(file), which it reads, changed")
            guard !kinds.isEmpty else { return lifted }
            logger.info("\(file) changed; reloading \(kinds.joined(separator: ", "))")
            for kind in kinds { runtime.widgetCenter.reloadTimelines(ofKind: kind) }
            return lifted + (await runtime.update())
        }
    }

    /// Whether `file` holds what it held when its last change was handled (and remembers it).
    private func isUnchanged(appGroupFile file: String) -> Bool {
        let contents = (try? AppGroup(name: plan.appGroup, root: appGroupRoot).url(for: file))
            .flatMap { try? AtomicFile.readRegular($0, limit: AppGroup.fileSizeLimit) } ?? nil
        guard let contents else { return false }
        defer { appGroupContents[file] = contents }
        return appGroupContents[file] == contents
    }

    /// Button events to bindings. Every press re-arms the idle timer; a press that wakes the
    /// face runs nothing, and neither do the rest of its gestures (its click, long press…).
    private func dispatch(_ events: [ButtonEvent]) async -> [Frame] {
        var frames = [Frame]()
        for event in events {
            frames += await dispatch(button: event.button.rawValue, gesture: event.kind.gesture, synthetic: false)
        }
        return frames
    }

    private func dispatch(button: String, gesture: ButtonGesture, synthetic: Bool) async -> [Frame] {
        recent.append("\(button) \(gesture)")
        if recent.count > 50 { recent.removeFirst(recent.count - 50) }
        notify(.gesture(button: button, gesture: gesture))
        var frames = [Frame]()
        if gesture == .press || synthetic {
            let (woke, activity) = await runtime.buttonActivity()
            frames += activity
            if woke { swallowing.insert(button) } else { swallowing.remove(button) }
        }
        guard !swallowing.contains(button), let action = plan.bindings[FacePlan.BindingKey(button: button, gesture: gesture)] else {
            return frames
        }
        if case .intent(let name) = action {
            intents.append(name)
            if intents.count > 50 { intents.removeFirst(intents.count - 50) }
        }
        return frames + (await runtime.send(action))
    }

    /// SIGHUP: the face file again; the running face stays when it cannot be read.
    private func reloadFace() async -> [Frame] {
        guard let loadFace else { return [] }
        do {
            guard let (plan, runtime) = try await loadFace() else {
                logger.notice("SIGHUP: no face file to read again")
                return []
            }
            logger.notice("SIGHUP: face file read again; \(plan.face.slots.count) slots")
            var state = await self.runtime.savedState
            // Reading the face file again is new input for quarantined widgets: they run again.
            state.quarantined = []
            self.runtime.onChange(nil)
            await runtime.restore(state)
            let inbox = self.inbox, doorbell = self.doorbell
            runtime.onChange { Self.post(.changed, inbox: inbox, doorbell: doorbell) }
            if plan.appGroup != self.plan.appGroup {
                let folder = AppGroup(name: plan.appGroup, root: appGroupRoot).directory
                for follower in folderFollowers { follower.yield(folder) }
            }
            self.plan = plan
            self.runtime = runtime
            swallowing = []
            return await runtime.start()
        } catch {
            logger.error("SIGHUP: keeping the running face: \(error)")
            return []
        }
    }

    // MARK: - The glass

    /// Gives the display the newest of `frames` (the others are superseded already), then the
    /// extras: the simulator's screen, a PNG in the frame folder, the state file when it changed.
    private func show(_ frames: [Frame]) async {
        framesMade += frames.count
        guard let frame = frames.last else { return }
        shownFrame = frame
        framesShown += 1
        let outcome = await metered { await assembly.display.show(frame.bitmap, state: frame.state) }
        if firstFrameMilliseconds == nil { firstFrameMilliseconds = ProcessUsage.secondsSinceStart() * 1000 }
        await refreshDisplay(outcome)
        if let frameFolder { writeFramePNG(frame, to: frameFolder, glass: await assembly.glass?()) }
        await saveStateIfChanged()
        notify(.frame)
    }

    /// A stream of what happens on the face from now on, until the face stops.
    /// (A listener that stops listening is forgotten.)
    func notices() -> AsyncStream<Notice> {
        let (stream, continuation) = AsyncStream.makeStream(of: Notice.self, bufferingPolicy: .bufferingNewest(256))
        nextListener += 1
        let id = nextListener
        listeners[id] = continuation
        continuation.onTermination = { [weak self] _ in Task { await self?.forgetListener(id) } }
        return stream
    }

    /// The app group's folder each time the face file, read again, names another group.
    func appGroupFolders() -> AsyncStream<URL> {
        let (stream, continuation) = AsyncStream.makeStream(of: URL.self, bufferingPolicy: .bufferingNewest(1))
        folderFollowers.append(continuation)
        return stream
    }

    /// How many listen to `notices()` now.
    var listenerCount: Int { listeners.count }

    private func forgetListener(_ id: Int) {
        listeners[id] = nil
    }

    private func notify(_ notice: Notice) {
        for listener in listeners.values { listener.yield(notice) }
    }

    private func refreshDisplay(_ outcome: PanelPipeline.Outcome) async {
        if case .failed(let error) = outcome { logger.debug("frame not shown: \(error)") }
        if let screen { await screen.draw(glass: await assembly.glass?() ?? shownFrame?.bitmap ?? Bitmap(size: assembly.pictureSize),
                                          status: await statusLine()) }
    }

    private func writeFramePNG(_ frame: Frame, to folder: URL, glass: Bitmap?) {
        frameIndex += 1
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime]
        let stamp = formatter.string(from: frame.date).replacingOccurrences(of: ":", with: "")
        let name = String(format: "frame-%06d-%@.png", frameIndex, stamp)
        do {
            let picture = glass ?? frame.bitmap
            try AtomicFile.write(Data(try picture.png(scale: 1)), to: folder.appendingPathComponent(name))
        } catch {
            logger.error("cannot write \(name): \(error)")
        }
    }

    /// One line under the simulated panel: state, what each slot shows, the next wake-up.
    func statusLine() async -> String {
        let status = await runtime.status()
        let shown = status.slots.map { $0.kind ?? ($0.activityID.map { "activity \($0)" } ?? "—") }.joined(separator: " · ")
        let now = clock.now
        let next = await runtime.nextWakeUp.map { date -> String in
            let seconds = date.timeIntervalSince(now)
            return seconds < 90 ? String(format: "next %.0fs", max(0, seconds)) : String(format: "next %.0fm", seconds / 60)
        } ?? "idle"
        return "\(status.state) · \(shown) · \(next)"
    }

    private func saveStateIfChanged() async {
        var state = await runtime.savedState
        state.inputs = AppGroupInterest.shared.files(group: plan.appGroup)
        state.code = FaceAssembly.codeIdentity
        guard state != savedState else { return }
        savedState = state
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(try encoder.encode(state), to: stateFile)
        } catch {
            logger.warning("cannot save the face state to \(stateFile.path): \(error)")
        }
    }

    /// Marks the end of start-up for the usage report (`UsageReport.settling` into the run).
    func noteSettled() {
        settledUsage = ProcessUsage.read()
    }

    /// What the run cost so far (`--usage-report`).
    func usage() async -> UsageReport {
        let statistics = await runtime.statistics
        return UsageReport.measure(runtimeWakeUps: statistics.wakeUps, frames: statistics.frames, firstFrame: firstFrameMilliseconds,
                                   since: settledUsage)
    }

    /// Saves the state and leaves the panel as the board asks: display off, or the last
    /// frame kept (e-paper keeps its image without power anyway).
    func shutDown() async {
        await exclusive {
            await saveStateIfChanged()
            if board.panel.onExit == "off", let shownFrame {
                await assembly.display.show(shownFrame.bitmap, state: .off)
            }
            await assembly.display.saveWear()
        }
    }

    // MARK: - ControlTarget

    func status() async -> ControlStatus {
        await status(panelCare: true)
    }

    /// The status; without `panelCare` the wear summary, energy report and refresh counts
    /// are left out (the MQTT state, published on every frame, needs none of them).
    func status(panelCare: Bool) async -> ControlStatus {
        await exclusive {
            let status = await runtime.status()
            let instances = await runtime.instanceStatus()
            let statistics = await runtime.statistics
            return ControlStatus(
                board: board.name, state: "\(status.state)",
                slots: zip(plan.face.slots, status.slots).map { slot, shown in
                    ControlStatus.Slot(family: slot.family.rawValue, kind: shown.kind, placeholder: shown.isPlaceholder, invalidated: shown.isInvalidated,
                                       activity: shown.activityID, activityStale: shown.activityIsStale,
                                       controls: shown.regions.map(\.label), focused: shown.focusedRegion)
                },
                widgets: instances.map { ControlStatus.Widget(kind: $0.kind, slot: $0.slot, budgetUsed: $0.budgetUsed, intentsFinished: $0.intentsFinished,
                                                         reloading: $0.isReloading, quarantined: $0.isQuarantined) },
                nextWakeUp: await runtime.nextWakeUp, frames: statistics.frames, wakeUps: statistics.wakeUps,
                panelHealthy: await assembly.pipeline.isHealthy, buttonEvents: recent, intents: intents,
                refreshes: panelCare ? await refreshCounts() : nil,
                wear: panelCare ? await assembly.display.wearMap.map { ControlStatus.Wear($0.summary()) } : nil,
                energy: panelCare ? energyReport().map(ControlStatus.Energy.init) : nil)
        }
    }

    /// The display's e-paper refreshes by kind, every kind present; nil on other panels.
    private func refreshCounts() async -> [String: Int]? {
        guard assembly.display.panel.technology == .ePaper else { return nil }
        let refreshes = await assembly.display.statistics.refreshes
        return Dictionary(uniqueKeysWithValues: RefreshKind.allCases.map { ($0.rawValue, refreshes[$0] ?? 0) })
    }

    func reload(kind: String) async throws {
        let kinds = Set(plan.face.slots.flatMap { $0.widgets.map(\.kind) })
        guard kinds.contains(kind) else { throw ControlError.unknown("widget kind", kind, known: kinds.sorted()) }
        runtime.widgetCenter.reloadTimelines(ofKind: kind)
    }

    /// A gesture made up by the control socket, bypassing debounce and timing.
    func press(button: String, gesture: ButtonGesture) async throws {
        guard input.buttons.contains(button) else { throw ControlError.unknown("button", button, known: input.buttons) }
        await exclusive {
            await show(await dispatch(button: button, gesture: gesture, synthetic: true))
        }
    }

    func screenshot() async throws -> [UInt8] {
        if let glass = await assembly.glass?() { return try glass.png() }
        guard let shownFrame else { throw ControlError(description: "nothing has been drawn yet") }
        return try shownFrame.bitmap.png()
    }

    func activity(_ request: ActivityControlRequest) async throws -> String {
        try await exclusive {
            let id = try runtime.activity(request.runtimeRequest())
            // A new activity is new input for a quarantined view of its type (none other).
            if request.action == .start, let type = runtime.attributesType(ofActivity: id) {
                await show(await runtime.liftQuarantine(of: [type], because: "a new \(type) activity started"))
            }
            // The runtime notices the new activity on its next step; run it now so the slot changes at once.
            await show(await runtime.update())
            return id
        }
    }

    // MARK: - The browser simulator

    /// The timeline inspector's view of the face, with the display's light and burn-in shift.
    func inspection() async -> (face: FaceInspection, light: BrightnessLevel?, shift: Point?) {
        await exclusive {
            let display = assembly.display
            let shift = display.panel.technology == .oled && display.settings.shiftPeriod != nil ? await display.pixelShift : nil
            return (await runtime.inspection(), await display.brightness, shift)
        }
    }

    /// What the glass shows now: the emulator's glass, or on a real panel the last frame sent.
    func glassNow() async -> Bitmap {
        if let glass = await assembly.glass?() { return glass }
        return shownFrame?.bitmap ?? Bitmap(size: assembly.pictureSize)
    }

    /// E-paper refreshes by kind so far; empty on other panels.
    func refreshes() async -> [RefreshKind: Int] {
        guard assembly.display.panel.technology == .ePaper else { return [:] }
        return await assembly.display.statistics.refreshes
    }

    /// The next moment something is due on the face's clock (the simulator's "step").
    func nextEvent() async -> Date? {
        [await runtime.nextWakeUp, await assembly.display.nextDeadline].compactMap { $0 }.min()
    }

    // MARK: - Remote control (MQTT)

    /// A file of the app group was written by someone else than the folder's watcher reports
    /// to (a remote write): the same reload as a local write, once.
    func appGroupChanged(_ file: String) async {
        await exclusive { await show(await handle(.appGroupChanged(file))) }
    }

    /// Limits the panel's light (`.off` keeps it dark) or lifts the limit (nil).
    func limitLight(to level: BrightnessLevel?) async {
        await exclusive {
            await refreshDisplay(await metered { await assembly.display.limitLight(to: level) })
            notify(.frame)
        }
    }

    /// The widget kinds of the first stack (a slot with several widgets), in the face's order.
    var stackKinds: [String] {
        plan.face.slots.first { $0.widgets.count > 1 }?.widgets.map(\.kind) ?? []
    }

    /// Shows the widget of `kind` in its stack.
    /// - Throws: `ControlError.unknown` when no stack holds a widget of that kind.
    func showWidget(kind: String) async throws {
        try await exclusive {
            guard let frames = await runtime.showWidget(kind: kind) else {
                throw ControlError.unknown("widget in a stack", kind, known: stackKinds)
            }
            await show(frames)
        }
    }
}
