import GlanceGraphics

/// The one owner of the glass: takes the runtime's picture and display state and alone decides
/// everything that turns them into bus bytes — the brightness level (contrast and pre-charge
/// through the controller's drive table), the burn-in shift schedule, ink polarity, the one
/// diff (through its `PanelPipeline`) and the e-paper refresh policy with its state file.
///
/// Order on the glass: a picture is written before light comes on, so waking from `off` never
/// flashes the picture from before; going `off` darkens the glass first and then keeps the
/// controller's RAM current, so the next wake is instant (WIDGETKIT.md item 29). Nothing is sent
/// that a newer picture has already replaced: the display holds only the latest picture and
/// state, and a shift step or a due full refresh redraws that picture, never an older one.
///
/// Time comes from the host's clock; the display never waits. `nextDeadline` says when it next
/// has something to do on its own (a shift step, a due full refresh, a retry of a failed panel)
/// and the run loop calls `update()` then.
public actor PanelDisplay {
    /// How the display cares for its glass.
    public struct Settings: Hashable, Sendable {
        /// How often the burn-in shift moves by one step on OLED panels; nil never shifts.
        public var shiftPeriod: Duration?
        /// Partial e-paper refreshes allowed before the next change gets a full one.
        public var partialRefreshesBeforeFull: Int
        /// The longest time between full e-paper refreshes, even when nothing changes.
        public var fullRefreshInterval: Duration

        /// Creates settings (defaults: a shift step every 5 minutes, a full e-paper refresh
        /// after 20 partial ones and at least daily, HARDWARE.md).
        public init(shiftPeriod: Duration? = .seconds(300), partialRefreshesBeforeFull: Int = 20,
                    fullRefreshInterval: Duration = .seconds(24 * 3600)) {
            self.shiftPeriod = shiftPeriod
            self.partialRefreshesBeforeFull = max(0, partialRefreshesBeforeFull)
            self.fullRefreshInterval = fullRefreshInterval
        }
    }

    /// What the display has done, for reports and tests.
    public struct Statistics: Hashable, Sendable {
        /// Pictures that reached the panel (anything written).
        public var writes = 0
        /// E-paper refreshes by kind.
        public var refreshes: [RefreshKind: Int] = [:]
    }

    /// The offsets the burn-in shift cycles through (at most one pixel each way).
    public static let shiftOrbit = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1), Point(x: -1, y: 1),
                                    Point(x: -1, y: 0), Point(x: -1, y: -1), Point(x: 0, y: -1), Point(x: 1, y: -1)]

    /// The pipeline pictures go through.
    public nonisolated let pipeline: PanelPipeline
    /// The settings.
    public nonisolated let settings: Settings
    private let clock: any HostClock
    private let store: (any EInkStateStore)?
    private let report: @Sendable (String) -> Void

    private var picture: Bitmap?
    private var state: DisplayState = .active
    private var level: BrightnessLevel?
    private var shift = Point.zero
    private var partialsSinceFull = 0
    private var lastFullRefresh: Date?
    private var loaded = false
    /// Whether the last attempt failed or was deferred: the pipeline's retry schedule then rules.
    private var failing = false
    /// The earliest deadline `nextDeadline` handed out that no update has met yet.
    private var plannedDeadline: Date?
    /// What the display has done so far.
    public private(set) var statistics = Statistics()

    /// Creates a display; does no I/O.
    /// - Parameters:
    ///   - pipeline: The panel's pipeline.
    ///   - clock: The host's clock (shift schedule, refresh policy, retries).
    ///   - settings: Shift and e-paper policy.
    ///   - store: Where an e-paper panel's refresh state and glass image survive restarts (one file); nil keeps them in memory.
    ///   - report: Receives a line for anything worth a log entry (a state file that could not be read or written).
    public init(pipeline: PanelPipeline, clock: any HostClock, settings: Settings = Settings(), store: (any EInkStateStore)? = nil,
                report: @escaping @Sendable (String) -> Void = { _ in }) {
        self.pipeline = pipeline
        self.clock = clock
        self.settings = settings
        self.store = store
        self.report = report
    }

    /// What the panel is.
    public nonisolated var panel: PanelDescription { pipeline.panel }

    /// The size pictures should have.
    public nonisolated var pictureSize: Size { pipeline.pictureSize }

    /// The burn-in offset applied now.
    public var pixelShift: Point { shift }

    /// The brightness level last sent; nil before the first picture.
    public var brightness: BrightnessLevel? { level }

    /// Makes the glass show `picture` (lit = foreground) in `state`.
    /// - Returns: What happened to the pixels.
    @discardableResult
    public func show(_ picture: Bitmap, state: DisplayState) async -> PanelPipeline.Outcome {
        self.picture = picture
        self.state = state
        return await apply(forceFull: false)
    }

    /// Does what is due at the clock's time without a new picture: a shift step, a full
    /// e-paper refresh that is due, a retry of a failed panel.
    @discardableResult
    public func update() async -> PanelPipeline.Outcome {
        await apply(forceFull: fullRefreshDate.map { clock.now >= $0 } ?? false)
    }

    /// The next moment the display has something to do by itself; nil when nothing is scheduled
    /// (while the panel is failed, `nextRetry` says when it is tried again).
    public var nextDeadline: Date? {
        guard picture != nil, !failing else { return nil }
        let now = clock.now
        var candidates = [Date]()
        if panel.technology == .oled, state.isLit, let period = settings.shiftPeriod?.timeInterval, period > 0 {
            candidates.append(Date(timeIntervalSince1970: (floor(now.timeIntervalSince1970 / period) + 1) * period))
        }
        if let due = fullRefreshDate { candidates.append(max(now, due)) }
        let next = candidates.min()
        // Kept until met: a real wait ends a little after it, when this names the next step.
        if let next { plannedDeadline = min(plannedDeadline ?? next, next) }
        return next
    }

    /// Whether something the display scheduled (a shift step, a full refresh) or a retry of a
    /// failed panel is due: call `update()` then, even when the clock has passed the moment.
    public var isDue: Bool {
        get async {
            let now = clock.now
            if !failing {
                if let planned = plannedDeadline, now >= planned { return true }
                if let due = fullRefreshDate, now >= due { return true }
            }
            // On the pipeline's own (monotonic) reading: a wall time made from it would lie a
            // moment after any `now` read before it.
            return await pipeline.nextAttempt.map { clock.uptime >= $0 } ?? false
        }
    }

    /// When a failed panel is next tried, on the clock's wall time; nil while healthy.
    public var nextRetry: Date? {
        get async {
            guard let attempt = await pipeline.nextAttempt else { return nil }
            return clock.now.addingTimeInterval(max(.zero, attempt - clock.uptime).timeInterval)
        }
    }

    // MARK: - Deciding

    private func apply(forceFull: Bool) async -> PanelPipeline.Outcome {
        guard let picture else { return .unchanged }
        await loadState()
        let now = clock.now
        if let planned = plannedDeadline, planned <= now { plannedDeadline = nil }
        let target = Self.level(for: state)
        if target == .off, level != .off {
            // Dark first; the RAM is then kept current so waking needs no write.
            await setLevel(.off)
        }
        if panel.technology == .oled, state.isLit { shift = shift(at: now) }
        let outcome: PanelPipeline.Outcome
        if panel.technology == .ePaper {
            // Lit picture pixels are ink.
            let full = forceFull || lastFullRefresh == nil || partialsSinceFull >= settings.partialRefreshesBeforeFull
            outcome = await pipeline.show(picture.inverted(), refresh: full ? .full : .partial, redrawUnchanged: forceFull)
            if case .written = outcome { await refreshed(full ? .full : .partial, at: now) }
        } else {
            outcome = await pipeline.show(picture, shift: shift)
        }
        switch outcome {
        case .written: statistics.writes += 1; failing = false
        case .unchanged: failing = false
        case .deferred, .failed: failing = true
        }
        // Light after pixels: a wake shows the new picture, never the one from before.
        if target != .off, level != target { await setLevel(target) }
        return outcome
    }

    private func setLevel(_ target: BrightnessLevel) async {
        level = target
        await pipeline.setBrightness(target)
    }

    /// The brightness level for a display state.
    public static func level(for state: DisplayState) -> BrightnessLevel {
        switch state {
        case .active: .normal
        case .alwaysOn: .dim
        case .off: .off
        }
    }

    /// The burn-in offset for `date`: one step of the orbit per period.
    private func shift(at date: Date) -> Point {
        guard let period = settings.shiftPeriod?.timeInterval, period > 0 else { return .zero }
        let step = Int(floor(date.timeIntervalSince1970 / period))
        let count = Self.shiftOrbit.count
        return Self.shiftOrbit[((step % count) + count) % count]
    }

    /// When the next e-paper full refresh is due even with nothing changed; nil on other panels
    /// and before the first full refresh.
    private var fullRefreshDate: Date? {
        guard panel.technology == .ePaper else { return nil }
        return lastFullRefresh?.addingTimeInterval(settings.fullRefreshInterval.timeInterval)
    }

    // MARK: - E-paper state

    /// Reads the saved refresh state once; a saved glass image goes to the controller so the
    /// first refresh after a restart may be partial. A state that cannot be read is reported and
    /// answered with a full refresh.
    private func loadState() async {
        guard !loaded else { return }
        loaded = true
        guard panel.technology == .ePaper, let store else { return }
        do {
            guard let saved = try await store.load() else { return }
            guard saved.width == panel.size.width, saved.height == panel.size.height else {
                report("e-paper state is for a \(saved.width)×\(saved.height) panel, this one is \(panel.size.width)×\(panel.size.height); starting with a full refresh")
                return
            }
            let savedFull = Date(timeIntervalSince1970: saved.lastFullRefresh.timeInterval)
            guard savedFull <= clock.now else {
                report("e-paper state says the last full refresh was at \(savedFull), in the future (a corrupt file or a clock that was wrong); starting with a full refresh")
                return
            }
            if let controller = pipeline.controller as? any EPaperController { await controller.restore(image: saved.image) }
            partialsSinceFull = saved.partialRefreshesSinceFull
            lastFullRefresh = savedFull
        } catch {
            report("e-paper state cannot be read (\(error)); starting with a full refresh")
        }
    }

    private func refreshed(_ kind: RefreshKind, at now: Date) async {
        statistics.refreshes[kind, default: 0] += 1
        if kind == .full {
            partialsSinceFull = 0
            lastFullRefresh = now
        } else {
            partialsSinceFull += 1
        }
        guard let store, let held = await pipeline.held else { return }
        let state = EInkState(width: held.width, height: held.height, partialRefreshesSinceFull: partialsSinceFull,
                              lastFullRefresh: .seconds(Int64((lastFullRefresh ?? now).timeIntervalSince1970)), image: EInkState.pack(held))
        do {
            try await store.save(state)
        } catch {
            report("e-paper state cannot be saved (\(error)); a restart will begin with a full refresh")
        }
    }
}

/// An e-paper controller that can be told what its glass shows, so a partial refresh after a
/// restart has the right old image.
public protocol EPaperController: PanelController {
    /// Sets the image the glass shows (packed as `EInkState.image`); used by the next initialisation.
    func restore(image: [UInt8]) async
}

extension SSD1680Controller: EPaperController {}
