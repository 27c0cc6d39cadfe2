import Foundation

/// Runs a face: schedules timelines, handles button actions, runs intents, follows the
/// always-on state machine, and emits a `Frame` whenever something visible changed.
///
/// The runtime does no I/O and never waits. Time comes from the host's clock; events come in
/// as calls (`start()`, `wakeUp()` when `nextWakeUp` has come, `send(_:)` for buttons,
/// `update()` after the change handler fired); pictures and the display state go out as the
/// `Frame`s those calls return, in order — nothing else leaves the runtime. It has something
/// to do only when something is due: an entry date, a reload the policy or a retry asks for,
/// a budget deferral ending, a provider timeout, the next change of live text, an always-on
/// transition, a live activity going stale or leaving.
///
/// The host's run loop drives it (`glance run`, `--clock fast` and whole-host tests alike):
/// `start()`, then it moves the clock to `nextWakeUp` (or waits for it) and calls `wakeUp()`;
/// `settle()` waits for intents and async providers in flight. How a picture becomes bus
/// bytes — brightness, burn-in shift, e-paper refreshes — is the panel's `PanelDisplay`'s business.
public actor FaceRuntime {
    /// The face being run.
    public nonisolated let face: Face
    let settings: RuntimeSettings
    let time: any HostClock
    /// The center `WidgetCenter.shared` means inside this runtime's providers and intents.
    public nonisolated let widgetCenter: WidgetCenter
    /// The center `Activity.request` uses inside this runtime's intents.
    public nonisolated let activityCenter: ActivityCenter
    let logSink: @Sendable (RuntimeLogRecord) -> Void
    let openURL: @Sendable (URL) -> Void
    var registry: IntentRegistry
    let activityEngines: [String: ActivityEngine]

    var instances: [WidgetInstance] = []
    /// When each instance's provider is called (indices as in `instances`).
    var scheduler: TimelineScheduler
    var stacks: [SmartStack] = []
    var machine: AlwaysOnMachine
    var focus: (slot: Int, region: Int)?
    var renders: [RenderResult?]
    /// What each slot's last render was made from, and when, to skip renders that would not differ.
    var renderKeys: [RenderKey?]
    var renderDates: [Date]
    /// Each slot's views resolved for its render key, redrawn as live content changes without
    /// running `body` again (Docs/Contract.md, "Views and redaction").
    var preparedViews: [PreparedView?]
    var shownActivities: [String?]
    var lastBitmap: Bitmap?
    /// The slots as last drawn, without the focus ring.
    var lastComposite: Bitmap?
    /// The display state of the last frame.
    var lastState: DisplayState?
    var lastStepDate: Date
    /// The earliest wake-up handed out by `nextWakeUp` that no step has met yet.
    var plannedWakeUp: Date?
    var started = false
    var intentCounter = 0
    /// Intents being performed and async provider calls, cancelled when a call times out.
    var tasks: [TaskKey: Task<Void, Never>] = [:]
    /// When each provider call in flight started: face time and the clock's `uptime` (the inspector's durations).
    var callStarts: [Int: (Date, Duration)] = [:]
    var progress = false
    /// Until when the dimmed frame of an intent's press is not drawn (`provisionalHold`).
    var provisionalUntil: Date?
    var warnedURLs: Set<Int> = []
    /// Kinds whose code does not run (they crashed the face last time), until lifted.
    public internal(set) var quarantined: Set<String>
    /// Called (from any thread) when something finished on its own — an intent, an async or
    /// late provider, a `WidgetCenter` request, an activity — and `update()` has work to do.
    nonisolated let changeHandler = Locked<(@Sendable () -> Void)?>(nil)
    /// What the runtime has done so far.
    public internal(set) var statistics = RuntimeStatistics()

    /// Creates a runtime for `face` with the widgets of a bundle.
    /// - Parameters:
    ///   - widgets: The bundle's widgets (`WidgetBundle` lists them).
    ///   - intents: Intents bindings may name; configuration intents and intents seen in
    ///     buttons are added as they appear.
    ///   - face: Slots and what they hold.
    ///   - settings: Budget, timeout, retry and always-on settings.
    ///   - time: The host's clock; the runtime never reads the system clock itself.
    ///   - log: Receives every log record (errors carry the widget's kind).
    ///   - openURL: Called when a `Link` or `widgetURL` is activated.
    ///   - widgetCenter: The center to listen to (the composition root passes the shared one); nil makes a private one.
    ///   - activityCenter: The activity center to use; nil makes a private one.
    /// - Throws: `FaceError` when a slot names an unknown kind, an unsupported family, holds
    ///   nothing or lies outside the panel.
    public init(widgets: [WidgetDescriptor], intents: IntentRegistry = IntentRegistry(), face: Face,
                settings: RuntimeSettings = RuntimeSettings(), time: any HostClock,
                log: @escaping @Sendable (RuntimeLogRecord) -> Void = { _ in },
                openURL: @escaping @Sendable (URL) -> Void = { _ in },
                widgetCenter: WidgetCenter? = nil, activityCenter: ActivityCenter? = nil) throws(FaceError) {
        var byKind = [String: WidgetDescriptor]()
        var engines = [String: ActivityEngine]()
        var registry = intents
        for widget in widgets {
            switch widget.engine {
            case .timeline(let engine):
                guard byKind[widget.kind] == nil else { throw .duplicateKind(widget.kind) }
                byKind[widget.kind] = widget
                if let type = engine.intentType { registry.register(type) }
            case .activity(let engine):
                engines[engine.attributesType] = engine
            }
        }
        let known = widgets.compactMap { $0.timeline == nil ? nil : $0.kind }
        var instances = [WidgetInstance]()
        var stacks = [SmartStack]()
        let panel = Rect(origin: .zero, size: face.size)
        for (index, slot) in face.slots.enumerated() {
            guard !slot.widgets.isEmpty else { throw .emptySlot(index) }
            guard panel.contains(slot.rect) else { throw .slotOutsidePanel(slot: index, rect: slot.rect, panel: face.size) }
            var members = [Int]()
            for placement in slot.widgets {
                guard let descriptor = byKind[placement.kind], let engine = descriptor.timeline else {
                    throw .unknownKind(placement.kind, slot: index, known: known)
                }
                guard descriptor.supportedFamilies.contains(slot.family) else {
                    throw .unsupportedFamily(kind: placement.kind, family: slot.family, slot: index, supported: descriptor.supportedFamilies)
                }
                let context = TimelineProviderContext(family: slot.family, displaySize: slot.rect.size, isPreview: false)
                members.append(instances.count)
                instances.append(WidgetInstance(id: instances.count, slot: index, descriptor: descriptor, engine: engine,
                                                configuration: placement.configuration, context: context))
            }
            stacks.append(SmartStack(members: members, ordering: slot.ordering, rotation: slot.rotation?.seconds))
        }
        self.face = face
        self.settings = settings
        self.time = time
        self.widgetCenter = widgetCenter ?? WidgetCenter()
        self.activityCenter = activityCenter ?? ActivityCenter()
        self.logSink = log
        self.openURL = openURL
        self.registry = registry
        self.activityEngines = engines
        self.instances = instances
        self.scheduler = TimelineScheduler(widgets: instances.count, budget: settings.reloadBudget,
                                           providerTimeout: settings.providerTimeout.seconds, retry: settings.retry)
        self.stacks = stacks
        let now = time.now
        self.machine = AlwaysOnMachine(settings: settings.alwaysOn, now: now)
        self.renders = Array(repeating: nil, count: face.slots.count)
        self.renderKeys = Array(repeating: nil, count: face.slots.count)
        self.preparedViews = Array(repeating: nil, count: face.slots.count)
        self.renderDates = Array(repeating: now, count: face.slots.count)
        self.shownActivities = Array(repeating: nil, count: face.slots.count)
        self.lastStepDate = now
        self.quarantined = settings.quarantined
    }

    /// Creates a runtime for `face` with the widgets and intents of `bundle`.
    /// - Throws: `FaceError` as `init(widgets:…)` does.
    public init<Bundle: WidgetBundle>(bundle: Bundle, face: Face, settings: RuntimeSettings = RuntimeSettings(),
                                      time: any HostClock, log: @escaping @Sendable (RuntimeLogRecord) -> Void = { _ in },
                                      openURL: @escaping @Sendable (URL) -> Void = { _ in }) throws(FaceError) {
        try self.init(widgets: bundle.widgetDescriptors, intents: bundle.intentRegistry, face: face, settings: settings,
                      time: time, log: log, openURL: openURL)
    }

    // MARK: - Driving

    /// Shows every slot's placeholder (the first frame), then asks every provider for its timeline.
    /// - Returns: The frames to show, in order: the placeholders, then whatever answered at once.
    @discardableResult
    public func start() -> [Frame] {
        guard !started else { return [] }
        started = true
        let changed = changeHandler
        activityCenter.attach(time: time, supportedTypes: Set(activityEngines.keys),
                              log: { [logSink] message in logSink(RuntimeLogRecord(level: .warning, kind: nil, message: message)) },
                              listener: { changed.withLock { $0 }?() })
        widgetCenter.setListener { changed.withLock { $0 }?() }
        widgetCenter.publish(instances.map { WidgetInfo(kind: $0.kind, family: face.slots[$0.slot].family, configuration: $0.configuration) })
        for index in instances.indices where !quarantined.contains(instances[index].kind) {
            loadPlaceholder(index)
        }
        let now = time.now
        var frames = [Frame]()
        if let frame = compose(at: now) { frames.append(frame) }
        frames += step(isWakeUp: false)
        return frames
    }

    /// Processes everything due at the clock's current time; call it when `nextWakeUp` has come.
    /// - Returns: The frames to show, if anything visible changed.
    @discardableResult
    public func wakeUp() -> [Frame] {
        step(isWakeUp: true)
    }

    /// Processes queued requests and answers (`WidgetCenter`, late completions, activities) without counting a wake-up.
    @discardableResult
    public func update() -> [Frame] {
        step(isWakeUp: false)
    }

    /// The next moment something is due; nil when nothing will ever be, unless an event comes.
    public var nextWakeUp: Date? {
        let next = computeNextWakeUp(after: time.now)
        // Keep a moment already handed out until a step has met it: a real wait ends a little
        // after its deadline, when this property already names the one after.
        if let next { plannedWakeUp = min(plannedWakeUp ?? next, next) }
        return next
    }

    /// Whether a wake-up `nextWakeUp` handed out has come and no step has met it yet: call
    /// `wakeUp()` then, even when the clock has passed the moment.
    public var isWakeUpDue: Bool {
        plannedWakeUp.map { time.now >= $0 } ?? false
    }

    /// Waits for every intent and async provider call in flight, processing their results.
    ///
    /// Do not call it while a provider that never answers is in flight: move the clock past
    /// its timeout and call `wakeUp()` first (the call is then abandoned).
    /// - Returns: The frames produced meanwhile.
    public func settle() async -> [Frame] {
        // Intents that finished while nobody was stepping have reloads waiting: start them first.
        var frames = step(isWakeUp: false)
        while let (id, task) = tasks.first {
            await task.value
            tasks[id] = nil
            frames += step(isWakeUp: false)
        }
        return frames
    }

    /// Sets what is called, from any thread, when something finished on its own and `update()`
    /// has work to do (the host's run loop then calls it); nil stops the calls.
    public nonisolated func onChange(_ handler: (@Sendable () -> Void)?) {
        changeHandler.withLock { $0 = handler }
    }

    /// Tells the host that `update()` has work.
    func signalChange() {
        changeHandler.withLock { $0 }?()
    }

    /// Asks widget `index` for its placeholder entry, which shows until its first timeline.
    func loadPlaceholder(_ index: Int) {
        let instance = instances[index]
        let entry = guarded(instance.kind) { withCenters { instance.engine.placeholder(instance.context) } }
        instances[index].entries = [entry]
        statistics.placeholderCalls[instance.kind, default: 0] += 1
    }

    /// Lets quarantined widgets run again — their own inputs changed (an app-group file they
    /// read, their activity, the face file) — and reloads them.
    /// - Parameters:
    ///   - kinds: The widgets (or activity attributes types) whose inputs changed; nil for all.
    ///   - reason: What changed, for the log ("weather.json changed").
    /// - Returns: The frames to show (the widgets' placeholders, then what answered at once).
    @discardableResult
    public func liftQuarantine(of kinds: Set<String>? = nil, because reason: String) -> [Frame] {
        let lifted = kinds.map { quarantined.intersection($0) } ?? quarantined
        guard !lifted.isEmpty else { return [] }
        quarantined.subtract(lifted)
        log(.info, kind: nil, "quarantine lifted for \(lifted.sorted().joined(separator: ", ")): \(reason)")
        for index in instances.indices where lifted.contains(instances[index].kind) {
            loadPlaceholder(index)
            scheduler.requestReload(of: index)
        }
        progress = true
        return step(isWakeUp: false)
    }

    /// Runs `body`, widget `kind`'s own code, with the crash guard told.
    func guarded<R>(_ kind: String, _ body: () throws -> R) rethrows -> R {
        settings.codeGuard?.enter(kind)
        defer { settings.codeGuard?.leave() }
        return try body()
    }

    // MARK: - Status

    /// What each slot shows now.
    public func status() -> FaceStatus {
        let now = time.now
        let slots = face.slots.indices.map { slot -> SlotStatus in
            let regions = renders[slot]?.interactiveRegions ?? []
            let focused = focus?.slot == slot ? focus?.region : nil
            if let id = shownActivities[slot], let activity = activityCenter.snapshot(id: id) {
                return SlotStatus(kind: nil, entry: nil, isPlaceholder: false, isInvalidated: false, activityID: id,
                                  activityIsStale: activity.staleDate.map { now >= $0 } ?? false, regions: regions, focusedRegion: focused)
            }
            let instance = instances[stacks[slot].visible]
            let entry = instance.entryIndex(at: now).map { instance.entries[$0].value }
            return SlotStatus(kind: instance.kind, entry: entry, isPlaceholder: instance.isPlaceholder,
                              isInvalidated: instance.pendingIntents > 0, activityID: nil, activityIsStale: false,
                              regions: regions, focusedRegion: focused)
        }
        return FaceStatus(state: machine.state, slots: slots)
    }

    /// Bookkeeping of every widget instance, in the face's order.
    public func instanceStatus() -> [InstanceStatus] {
        let now = time.now
        return instances.enumerated().map { index, instance in
            InstanceStatus(kind: instance.kind, slot: instance.slot, budgetUsed: scheduler.budgetUsed(by: index, at: now),
                           intentsFinished: instance.intentsFinished, intentReloadsStarted: scheduler.intentReloadsStarted(for: index),
                           isReloading: scheduler.isReloading(index),
                           entryDates: instance.isPlaceholder ? [] : instance.entries.map(\.date), isPlaceholder: instance.isPlaceholder,
                           isQuarantined: quarantined.contains(instance.kind))
        }
    }

    // MARK: - Helpers

    func log(_ level: RuntimeLogRecord.Level, kind: String?, _ message: String) {
        logSink(RuntimeLogRecord(level: level, kind: kind, message: message))
    }

    /// Runs widget code with `WidgetCenter.shared` and `ActivityCenter.shared` meaning this runtime's centers.
    /// When `kind` is given, `WidgetCenter.currentKind` names the widget whose provider runs
    /// (and tasks it starts inherit it), so the host learns which widgets read which files.
    func withCenters<R>(kind: String? = nil, _ body: () throws -> R) rethrows -> R {
        try WidgetCenter.$current.withValue(widgetCenter) {
            try ActivityCenter.$current.withValue(activityCenter) {
                try WidgetCenter.$currentKind.withValue(kind) { try body() }
            }
        }
    }
}

/// What a runtime task is doing: the key under which `tasks` keeps it.
enum TaskKey: Hashable {
    case reload(Int)
    case intent(Int)
}
