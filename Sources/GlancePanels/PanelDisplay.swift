import GlanceGraphics

/// The one owner of the glass: takes the runtime's picture and display state and alone decides
/// everything that turns them into bus bytes — the brightness level (contrast and pre-charge
/// through the controller's drive table), the burn-in shift schedule, ink polarity, the one
/// diff (through its `PanelPipeline`) and the e-paper refresh policy with its state file.
///
/// Order on the glass: a picture is written before light comes on, so waking from `off` never
/// flashes the picture from before; going `off` darkens the glass first and then keeps the
/// controller's RAM current, so the next wake is instant (Docs/Contract.md, "OLED panels"). Nothing is sent
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
        /// How the burn-in shift chooses its next offset.
        public var shiftStrategy: ShiftStrategy = .wearGuided
        /// The farthest the shift moves a picture from where it was drawn, in pixels each way
        /// (0–4; default 2; Docs/Contract.md, "OLED panels").
        public var maximumShift: Int = 2 {
            didSet { maximumShift = min(PanelPipeline.maximumShift, max(0, maximumShift)) }
        }
        /// How often the wear map is saved while the face runs (and always when it stops).
        public var wearSaveInterval: Duration = .seconds(900)
        /// How e-paper refreshes are chosen (`EPaperRefreshPolicy`); other panels ignore it.
        public var ePaper: EPaperRefreshPolicy.Settings

        /// Creates settings (defaults: a shift step every 5 minutes; the e-paper policy's
        /// defaults, from the panel makers' guidance).
        public init(shiftPeriod: Duration? = .seconds(300), ePaper: EPaperRefreshPolicy.Settings = .init()) {
            self.shiftPeriod = shiftPeriod
            self.ePaper = ePaper
        }
    }

    /// What the display has done, for reports and tests.
    public struct Statistics: Hashable, Sendable {
        /// Pictures that reached the panel (anything written).
        public var writes = 0
        /// E-paper refreshes by kind.
        public var refreshes: [RefreshKind: Int] = [:]
        /// E-paper refreshes by the policy's reason.
        public var refreshReasons: [EPaperRefreshPolicy.Reason: Int] = [:]
        /// E-paper pictures the minimum interval held back (each drawn when it ends, or superseded by a newer one).
        public var held = 0
    }

    /// How the burn-in shift picks the next offset, one pixel at most each way per step.
    public enum ShiftStrategy: String, Hashable, Sendable, CaseIterable {
        /// A fixed orbit of one pixel each way (`shiftOrbit`), whatever the panel went through.
        case orbit
        /// The neighbouring offset (within `maximumShift`) that puts the picture's lit pixels
        /// on the least-worn pixels of the wear map.
        case wearGuided = "wear-guided"
    }

    /// The offsets the burn-in shift cycles through (at most one pixel each way).
    public static let shiftOrbit = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1), Point(x: -1, y: 1),
                                    Point(x: -1, y: 0), Point(x: -1, y: -1), Point(x: 0, y: -1), Point(x: 1, y: -1)]

    /// The pipeline pictures go through.
    public nonisolated let pipeline: PanelPipeline
    /// The settings.
    public nonisolated let settings: Settings
    private let clock: any HostClock
    private let store: (any PanelRecordStore<EInkState>)?
    private let wearStore: (any PanelRecordStore<WearMap>)?
    private let report: @Sendable (String) -> Void

    private var picture: Bitmap?
    private var state: DisplayState = .active
    private var level: BrightnessLevel?
    /// The brightest level allowed whatever the state asks (a remote "dim" or "off"); nil for no limit.
    public private(set) var lightLimit: BrightnessLevel?
    private var shift = Point.zero
    /// The e-paper refresh policy and what the glass has been through.
    private let policy: EPaperRefreshPolicy
    private var history = EPaperRefreshPolicy.History()
    /// The e-paper image a restart restored (packed rows), what the glass shows until the first refresh.
    private var restoredImage: [UInt8]?
    /// Whether the policy holds a changed e-paper picture until its minimum interval ends.
    private var holding = false
    private var loaded = false
    /// What the panel has been through (OLED panels); loaded with the e-paper state.
    private var wear: WearMap?
    /// The frame on the glass, its light and since when, not yet added to `wear`.
    private var exposure: (frame: Bitmap, light: Double, since: Date)?
    private var lastWearSave: Date?
    /// The shift period whose offset the wear-guided shift last chose.
    private var shiftStep: Int?
    /// Lit pixel indices (RAM orientation) of the picture at each offset, for `shiftStep` choices.
    private var litCache: (picture: Bitmap, lit: [Point: [Int32]])?
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
    ///   - wearStore: Where an OLED panel's wear map survives restarts (one file per board); nil keeps it in memory.
    ///   - report: Receives a line for anything worth a log entry (a state file that could not be read or written).
    public init(pipeline: PanelPipeline, clock: any HostClock, settings: Settings = Settings(), store: (any PanelRecordStore<EInkState>)? = nil,
                wearStore: (any PanelRecordStore<WearMap>)? = nil, report: @escaping @Sendable (String) -> Void = { _ in }) {
        self.pipeline = pipeline
        self.clock = clock
        self.settings = settings
        policy = EPaperRefreshPolicy(settings: settings.ePaper)
        self.store = store
        self.wearStore = wearStore
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
        return await apply()
    }

    /// Limits the light to `level` at most (`.off` keeps the glass dark), or lifts the limit
    /// (nil); the state's own level still applies when it is dimmer.
    @discardableResult
    public func limitLight(to level: BrightnessLevel?) async -> PanelPipeline.Outcome {
        lightLimit = level
        return await apply()
    }

    /// Does what is due at the clock's time without a new picture: a shift step, a full
    /// e-paper refresh that is due, a retry of a failed panel.
    @discardableResult
    public func update() async -> PanelPipeline.Outcome {
        await apply()
    }

    /// The next moment the display has something to do by itself; nil when nothing is scheduled
    /// (while the panel is failed, `nextRetry` says when it is tried again).
    public var nextDeadline: Date? {
        get async {
            let maintenance = await pipeline.nextMaintenance
            return deadline(maintenance: maintenance)
        }
    }

    private func deadline(maintenance: Duration?) -> Date? {
        guard picture != nil, !failing else { return nil }
        let now = clock.now
        var candidates = [Date]()
        if let maintenance { candidates.append(now.addingTimeInterval(max(.zero, maintenance - clock.uptime).timeInterval)) }
        if panel.technology == .oled, state.isLit, let period = settings.shiftPeriod?.timeInterval, period > 0 {
            candidates.append(Date(timeIntervalSince1970: (floor(now.timeIntervalSince1970 / period) + 1) * period))
        }
        if let due = ePaperDeadline { candidates.append(max(now, due)) }
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
                if let due = ePaperDeadline, now >= due { return true }
                if let maintenance = await pipeline.nextMaintenance, clock.uptime >= maintenance { return true }
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

    private func apply() async -> PanelPipeline.Outcome {
        guard let picture else { return .unchanged }
        await loadState()
        let now = clock.now
        if let planned = plannedDeadline, planned <= now { plannedDeadline = nil }
        closeExposure(at: now)
        let target = max(Self.level(for: state), lightLimit ?? .normal)
        if target == .off, level != .off {
            // Dark first; the RAM is then kept current so waking needs no write.
            await setLevel(.off)
        }
        if panel.technology == .oled, state.isLit { shift = shift(at: now) }
        let outcome: PanelPipeline.Outcome
        if panel.technology == .ePaper {
            outcome = await applyEPaper(picture, at: now)
        } else {
            outcome = await pipeline.show(picture, shift: shift)
        }
        switch outcome {
        case .written: statistics.writes += 1; failing = false
        case .unchanged: failing = false
        case .deferred, .failed: failing = true
        }
        // A panel that must hear from its driver regularly (the Sharp's VCOM) is kept alive.
        await pipeline.maintainIfDue()
        // Light after pixels: a wake shows the new picture, never the one from before.
        if target != .off, level != target { await setLevel(target) }
        await openExposure(at: now)
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

    /// The burn-in offset for `date`: one step per period, of the orbit or towards less wear.
    private func shift(at date: Date) -> Point {
        guard let period = settings.shiftPeriod?.timeInterval, period > 0, settings.maximumShift > 0 else { return .zero }
        let step = Int(floor(date.timeIntervalSince1970 / period))
        switch settings.shiftStrategy {
        case .orbit:
            let count = Self.shiftOrbit.count
            return Self.shiftOrbit[((step % count) + count) % count]
        case .wearGuided:
            guard step != shiftStep else { return shift }
            // The first picture shows where it was drawn; the walk starts at the next step.
            defer { shiftStep = step }
            return shiftStep == nil ? shift : leastWornNeighbour()
        }
    }

    /// The offset at most one pixel each way from the current one (and within `maximumShift`)
    /// whose lit pixels have the least wear between them; staying put only when nothing is better.
    private func leastWornNeighbour() -> Point {
        guard let picture, let wear else { return shift }
        if litCache?.picture != picture { litCache = (picture, [:]) }
        let limit = settings.maximumShift
        let hottest = wear.seconds.max() ?? 0
        var best = shift, bestScore = Double.infinity
        for dy in -1...1 {
            for dx in -1...1 {
                let candidate = Point(x: shift.x + dx, y: shift.y + dy)
                guard abs(candidate.x) <= limit, abs(candidate.y) <= limit else { continue }
                let lit = litPixels(of: picture, at: candidate)
                // Σ (wear / hottest)^32: in effect the most worn pixels the picture would light
                // decide, and the next most worn break ties — a smooth minimum of the maximum
                // (it came closest to the best possible spread in a simulation of the demo clock).
                let score = hottest > 0 ? wear.seconds.withUnsafeBufferPointer { seconds in
                    lit.reduce(0.0) { total, index in
                        var x = seconds[Int(index)] / hottest
                        for _ in 0..<5 { x *= x }
                        return total + x
                    }
                } : 0
                // Staying is the last resort: on a tie the picture moves on, spreading the wear.
                if score < bestScore || (score == bestScore && best == shift && candidate != shift) {
                    best = candidate
                    bestScore = score
                }
            }
        }
        return best
    }

    /// The RAM indices lit when `picture` is shown at `offset` (cached per picture).
    private func litPixels(of picture: Bitmap, at offset: Point) -> [Int32] {
        if let cached = litCache?.lit[offset] { return cached }
        let frame = pipeline.frame(for: picture, shift: offset)
        var lit = [Int32]()
        for (index, value) in frame.pixels.enumerated() where value != 0 { lit.append(Int32(index)) }
        litCache?.lit[offset] = lit
        return lit
    }

    // MARK: - Wear

    /// What the panel has been through so far, up to the clock's time; nil on panels that do not
    /// wear (e-paper, framebuffers).
    public var wearMap: WearMap? {
        get async {
            await loadState()
            closeExposure(at: clock.now)
            return wear
        }
    }

    /// Saves the wear map now (when a face stops).
    public func saveWear() async {
        await loadState()
        closeExposure(at: clock.now)
        await storeWear(at: clock.now)
    }

    /// Adds the time since the exposure began to the wear map.
    private func closeExposure(at now: Date) {
        guard var exposure else { return }
        let duration = now.timeIntervalSince(exposure.since)
        guard duration > 0 else { return }
        wear?.add(exposure.frame, light: exposure.light, duration: duration)
        exposure.since = now
        self.exposure = exposure
    }

    /// Starts accounting what the glass shows now; saves the map when it is due.
    private func openExposure(at now: Date) async {
        guard wear != nil else { return }
        let held = await pipeline.held
        exposure = held.map { ($0, pipeline.controller.light(at: level ?? .off), now) }
        if let last = lastWearSave, now.timeIntervalSince(last) < settings.wearSaveInterval.timeInterval { return }
        if lastWearSave == nil { lastWearSave = now; return }
        await storeWear(at: now)
    }

    private func storeWear(at now: Date) async {
        lastWearSave = now
        guard let wearStore, let wear else { return }
        do {
            try await wearStore.save(wear)
        } catch {
            report("wear map cannot be saved (\(error)); this run's wear is kept in memory and saved again later")
        }
    }

    // MARK: - E-paper refreshes

    /// When the e-paper policy wants the glass updated without a new picture — a held change
    /// when the minimum interval ends, a due full refresh —; at or before now when due, nil on
    /// other panels and while nothing is scheduled.
    private var ePaperDeadline: Date? {
        guard panel.technology == .ePaper else { return nil }
        return policy.deadline(history: history, holding: holding, at: clock.now)
    }

    /// Lets the refresh policy decide what the latest picture needs — nothing, a partial or a
    /// full refresh, or waiting for the minimum interval — and does it.
    private func applyEPaper(_ picture: Bitmap, at now: Date) async -> PanelPipeline.Outcome {
        // Lit picture pixels are ink.
        let ink = picture.inverted()
        guard await pipeline.isHealthy else {
            // What a failed panel shows is unknown: its retry (on the pipeline's back-off) redraws it in full.
            let outcome = await pipeline.show(ink, refresh: .full, redrawUnchanged: true)
            if case .written = outcome { await refreshed(.full, reason: .unknownGlass, at: clock.now) }
            return outcome
        }
        let frame = EInkState.pack(pipeline.frame(for: ink))
        let shown = await pipeline.held.map(EInkState.pack) ?? restoredImage
        let change = shown.map { EPaperRefreshPolicy.changedFraction(from: $0, to: frame, pixelCount: panel.size.width * panel.size.height) }
        switch policy.decide(change: change, history: history, at: now) {
        case .nothing:
            holding = false
            return .unchanged
        case .hold:
            // Only the latest picture is kept; `ePaperDeadline` names the moment it is drawn.
            statistics.held += 1
            holding = true
            return .unchanged
        case .refresh(let kind, let reason):
            holding = false
            let outcome = await pipeline.show(ink, refresh: kind, redrawUnchanged: kind == .full)
            // Timed from its end (the BUSY wait is on the clock): the minimum interval is the glass's rest.
            if case .written = outcome { await refreshed(kind, reason: reason, at: clock.now) }
            return outcome
        }
    }

    // MARK: - E-paper state

    /// Reads the saved refresh state once; a saved glass image goes to the controller so the
    /// first refresh after a restart may be partial. A state that cannot be read is reported and
    /// answered with a full refresh.
    private func loadState() async {
        guard !loaded else { return }
        loaded = true
        if panel.technology == .oled { await loadWear() }
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
            restoredImage = saved.image
            history = EPaperRefreshPolicy.History(partialRefreshesSinceFull: saved.partialRefreshesSinceFull, lastFullRefresh: savedFull)
        } catch {
            report("e-paper state cannot be read (\(error)); starting with a full refresh")
        }
    }

    /// Reads the saved wear map once; one of another size, or one that cannot be read, is
    /// reported and a new map started.
    private func loadWear() async {
        wear = WearMap(size: panel.size)
        guard let wearStore else { return }
        do {
            guard let saved = try await wearStore.load() else { return }
            guard saved.size == panel.size else {
                report("the wear map saved for this board is for a \(saved.width)×\(saved.height) panel, this one is \(panel.size.width)×\(panel.size.height); starting a new map")
                return
            }
            wear = saved
        } catch {
            report("wear map cannot be read (\(error)); starting a new map")
        }
    }

    /// Notes a refresh the glass went through and saves the state file (count, last full
    /// refresh, the image now on the glass).
    private func refreshed(_ kind: RefreshKind, reason: EPaperRefreshPolicy.Reason, at now: Date) async {
        statistics.refreshes[kind, default: 0] += 1
        statistics.refreshReasons[reason, default: 0] += 1
        history.record(kind, at: now)
        restoredImage = nil
        guard let store, let held = await pipeline.held else { return }
        let state = EInkState(width: held.width, height: held.height, partialRefreshesSinceFull: history.partialRefreshesSinceFull,
                              lastFullRefresh: .seconds(Int64((history.lastFullRefresh ?? now).timeIntervalSince1970)), image: EInkState.pack(held))
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
