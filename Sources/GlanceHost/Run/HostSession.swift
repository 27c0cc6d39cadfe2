import Foundation
import GlanceGraphics
import GlanceLinux
import GlancePanels
import GlanceWidgets
import Logging

/// One running face: the runtime's frames go to the panel (and the simulator's screen or a
/// folder of PNGs), button actions go to the runtime, and the control socket asks it
/// questions. It owns the state file and the shutdown sequence.
actor HostSession: ControlTarget {
    let board: BoardConfiguration
    private(set) var plan: FacePlan
    private(set) var runtime: FaceRuntime
    let assembly: PanelAssembly
    let logger: Logger
    private let stateFile: URL
    private let frameFolder: URL?
    private var frameIndex = 0
    private var lastFrame: Frame?
    private var brightness: BrightnessLevel = .normal
    private var shift: Point = .zero
    private var savedState: FaceRuntimeState?
    private var intents: [String] = []
    private var display: SimulatorScreen?
    /// Milliseconds from process start to the first frame on the panel.
    private(set) var firstFrameMilliseconds: Double?
    weak var router: InputRouter?
    private var loop: Task<Void, Never>?
    private var panelRetry: Task<Void, Never>?

    init(board: BoardConfiguration, plan: FacePlan, runtime: FaceRuntime, assembly: PanelAssembly, logger: Logger,
         stateFile: URL, frameFolder: URL?) {
        self.board = board
        self.plan = plan
        self.runtime = runtime
        self.assembly = assembly
        self.logger = logger
        self.stateFile = stateFile
        self.frameFolder = frameFolder
    }

    func attach(router: InputRouter, display: SimulatorScreen?) {
        self.router = router
        self.display = display
    }

    /// The state saved by a previous run, if it is readable.
    static func loadState(_ url: URL) -> FaceRuntimeState? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try? JSONDecoder().decode(FaceRuntimeState.self, from: data)
    }

    /// Starts the runtime's own loop (real time): frames come here until `stopLoop()`.
    func startLoop() {
        let runtime = self.runtime
        let (input, _) = AsyncStream.makeStream(of: FaceAction.self)
        loop = Task { [weak self] in
            await runtime.run(input: input) { [weak self] frame in await self?.show(frame) }
        }
    }

    /// Stops the runtime's loop and waits for it to end.
    func stopLoop() async {
        loop?.cancel()
        await loop?.value
        loop = nil
        panelRetry?.cancel()
        panelRetry = nil
    }

    /// Swaps in a new face (after SIGHUP re-read the face file): the old runtime stops, its
    /// state carries over where the slots still match, and the new one starts.
    func replace(plan: FacePlan, runtime: FaceRuntime) async {
        let state = await self.runtime.savedState
        await stopLoop()
        await runtime.restore(state)
        self.plan = plan
        self.runtime = runtime
        startLoop()
    }

    // MARK: - Frames

    /// Shows a frame: brightness and pixel shift first, then the pixels, then the extras
    /// (the simulator's screen, a PNG in the frame folder, the state file when it changed).
    func show(_ frame: Frame) async {
        lastFrame = frame
        let level: BrightnessLevel = switch frame.brightness {
        case .normal: .normal
        case .dim: .dim
        case .off: .off
        }
        if level != brightness {
            brightness = level
            await assembly.pipeline.setBrightness(level)
        }
        if frame.pixelShift != shift {
            shift = frame.pixelShift
            _ = await assembly.pipeline.setPixelShift(shift)
        }
        let outcome = await assembly.show(frame.bitmap)
        if firstFrameMilliseconds == nil { firstFrameMilliseconds = ProcessUsage.secondsSinceStart() * 1000 }
        if frame.fullRefresh { _ = await assembly.pipeline.refresh() }
        switch outcome {
        case .failed(let error):
            logger.debug("frame not shown: \(error)")
            retryPanelUntilHealthy()
        case .deferred:
            retryPanelUntilHealthy()
        default:
            break
        }
        if let frameFolder { writeFramePNG(frame, to: frameFolder, glass: await assembly.glass?()) }
        if let display { await display.draw(glass: await assembly.glass?() ?? frame.bitmap, status: await statusLine()) }
        await saveStateIfChanged()
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
        let next = await runtime.nextWakeUp.map { date -> String in
            let seconds = date.timeIntervalSinceNow
            return seconds < 90 ? String(format: "next %.0fs", max(0, seconds)) : String(format: "next %.0fm", seconds / 60)
        } ?? "idle"
        return "\(status.state) · \(shown) · \(next)"
    }

    // MARK: - State

    private func saveStateIfChanged() async {
        let state = await runtime.savedState
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

    /// What the run cost so far (`--usage-report`).
    func usage() async -> UsageReport {
        let statistics = await runtime.statistics
        return UsageReport.measure(runtimeWakeUps: statistics.wakeUps, frames: statistics.frames, firstFrame: firstFrameMilliseconds)
    }

    /// While the panel is failed, offers the latest picture again whenever the pipeline's
    /// back-off allows, so a panel that comes back is initialised and redrawn at once rather
    /// than at the face's next frame, which may be minutes away.
    private func retryPanelUntilHealthy() {
        guard panelRetry == nil else { return }
        panelRetry = Task { [weak self] in
            while !Task.isCancelled {
                // Polling is cheap: refresh() does no I/O until the back-off has passed.
                do { try await Task.sleep(for: .milliseconds(250)) } catch { return }
                guard let self, await self.retryPanel() else { return }
            }
        }
    }

    /// One retry; false once the panel is healthy again.
    private func retryPanel() async -> Bool {
        _ = await assembly.pipeline.refresh()
        guard await assembly.pipeline.isHealthy else { return true }
        panelRetry = nil
        return false
    }

    /// Saves the state and leaves the panel as the board asks: display off, or the last
    /// frame kept (e-paper keeps its image without power anyway).
    func shutDown() async {
        await saveStateIfChanged()
        if board.panel.onExit == "off" {
            await assembly.pipeline.setBrightness(.off)
        }
    }

    // MARK: - Actions

    /// Delivers a button action to the runtime.
    func perform(_ action: FaceAction) async {
        if case .intent(let name) = action {
            intents.append(name)
            if intents.count > 50 { intents.removeFirst(intents.count - 50) }
        }
        for frame in await runtime.send(action) { await show(frame) }
    }

    // MARK: - ControlTarget

    func status() async -> ControlStatus {
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
            widgets: instances.map { ControlStatus.Widget(kind: $0.kind, slot: $0.slot, budgetUsed: $0.budgetUsed, intentsFinished: $0.intentsFinished, reloading: $0.isReloading) },
            nextWakeUp: await runtime.nextWakeUp, frames: statistics.frames, wakeUps: statistics.wakeUps,
            panelHealthy: await assembly.pipeline.isHealthy, buttonEvents: await router?.recent ?? [], intents: intents)
    }

    func reload(kind: String) async throws {
        let kinds = Set(plan.face.slots.flatMap { $0.widgets.map(\.kind) })
        guard kinds.contains(kind) else { throw ControlError.unknown("widget kind", kind, known: kinds.sorted()) }
        runtime.widgetCenter.reloadTimelines(ofKind: kind)
    }

    func press(button: String, gesture: String) async throws {
        guard let router else { throw ControlError(description: "buttons are not connected yet") }
        try await router.synthetic(button: button, gesture: gesture)
    }

    func screenshot() async throws -> [UInt8] {
        if let glass = await assembly.glass?() { return try glass.png() }
        guard let lastFrame else { throw ControlError(description: "nothing has been drawn yet") }
        return try lastFrame.bitmap.png()
    }

    func activity(_ request: ActivityControlRequest) async throws -> String {
        let id = try runtime.activity(request.runtimeRequest())
        // The runtime notices the new activity on its next step; run it now so the slot changes at once.
        for frame in await runtime.update() { await show(frame) }
        return id
    }
}
