import GlanceGraphics

/// Turns pictures into the fewest bus bytes that make the panel show them, and keeps going
/// when the panel misbehaves.
///
/// Each picture is converted to the panel's pixel format (threshold or ordered dither),
/// shifted by the burn-in offset the `PanelDisplay` chose, rotated (by the controller's remap commands where it can,
/// in software otherwise), compared with what the panel holds, and sent as the regions a
/// `TransferPlanner` chooses.
///
/// Faults: a failing write or initialisation marks the panel's state unknown; the failure is
/// reported once; later calls retry no sooner than the back-off allows (without waiting, so the
/// caller is never blocked), re-initialise and redraw in full, and report the recovery once.
public actor PanelPipeline {
    /// What to do with pictures on the way to this panel.
    public struct Settings: Hashable, Sendable {
        /// Clockwise rotation from the picture to the panel's RAM orientation.
        public var rotation: PanelRotation
        /// How gray becomes 1 bit on mono panels.
        public var monoConversion: MonoConversion
        /// For `.threshold`, the lowest gray value that lights a pixel.
        public var threshold: UInt8
        /// Whether a half turn may be done by the controller's remap commands.
        public var useHardwareFlip: Bool
        /// Retry timing after a fault.
        public var retry: RetryPolicy

        /// Creates settings.
        public init(rotation: PanelRotation = .none, monoConversion: MonoConversion = .orderedDither, threshold: UInt8 = 128,
                    useHardwareFlip: Bool = true, retry: RetryPolicy = RetryPolicy()) {
            self.rotation = rotation
            self.monoConversion = monoConversion
            self.threshold = threshold
            self.useHardwareFlip = useHardwareFlip
            self.retry = retry
        }
    }

    /// Exponential back-off between attempts to reach a failed panel.
    public struct RetryPolicy: Hashable, Sendable {
        /// The wait before the first retry.
        public var initialDelay: Duration
        /// The longest wait between retries.
        public var maximumDelay: Duration
        /// How much each failed retry multiplies the wait.
        public var factor: Int

        /// Creates a policy (defaults: 0.5 s doubling up to 30 s).
        public init(initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30), factor: Int = 2) {
            self.initialDelay = initialDelay
            self.maximumDelay = maximumDelay
            self.factor = max(1, factor)
        }
    }

    /// What happened to one picture.
    public enum Outcome: Sendable {
        /// The panel already showed it; nothing was sent.
        case unchanged
        /// These regions (RAM coordinates) were sent; `full` when the panel was (re)initialised first.
        case written(regions: [Rect], full: Bool)
        /// The panel is failed and the next attempt is not due until this time.
        case deferred(until: Duration)
        /// The attempt failed with this error.
        case failed(any Error)
    }

    /// Something worth telling a person, reported once per episode.
    public enum Event: Sendable {
        /// The panel stopped answering (or timed out); its state is unknown until it recovers.
        case failed(panel: String, error: any Error)
        /// The panel answers again after `attempts` tries and was redrawn in full.
        case recovered(panel: String, attempts: Int, downtime: Duration)
    }

    private struct Fault {
        var since: Duration
        var attempts: Int
        var delay: Duration
        var nextAttempt: Duration
    }

    /// The controller driven.
    public nonisolated let controller: any PanelController
    /// The panel's description (taken from the controller).
    public nonisolated let panel: PanelDescription
    /// The settings.
    public nonisolated let settings: Settings
    private let clock: any HostClock
    private let report: @Sendable (Event) -> Void
    private let planner: TransferPlanner
    private let flipInHardware: Bool
    private let softwareRotation: PanelRotation

    /// What the panel's RAM holds (RAM orientation and format); nil when unknown.
    public private(set) var held: Bitmap?
    /// The latest picture given to `show(_:)`.
    public private(set) var picture: Bitmap?
    /// The farthest a picture is moved against burn-in, in pixels each way.
    public static let maximumShift = 4
    /// The burn-in offset applied to pictures, each component within ±`maximumShift`.
    public private(set) var pixelShift: Point = .zero
    /// The brightness level asked for.
    public private(set) var brightness: BrightnessLevel = .normal
    private var ready = false
    private var fault: Fault?
    /// When the last transfer to the panel ended (`uptime`), for `nextMaintenance`.
    private var lastTransfer: Duration?
    /// The latest picture converted to the panel's format.
    private var conversion: (picture: Bitmap, converted: Bitmap)?

    /// Creates a pipeline; does no I/O.
    /// - Parameters:
    ///   - controller: The panel controller.
    ///   - clock: Time for retry back-off.
    ///   - settings: Format conversion, rotation and retry settings.
    ///   - report: Receives failures and recoveries, once each per episode.
    public init(controller: any PanelController, clock: any HostClock, settings: Settings = Settings(),
                report: @escaping @Sendable (Event) -> Void = { _ in }) {
        self.controller = controller
        self.panel = controller.panel
        self.clock = clock
        self.settings = settings
        self.report = report
        self.planner = TransferPlanner(addressing: controller.panel.addressing)
        flipInHardware = settings.useHardwareFlip && controller.panel.supportsHardwareFlip && settings.rotation.includesHalfTurn
        softwareRotation = flipInHardware ? settings.rotation.removingHalfTurn : settings.rotation
    }

    /// The size pictures should have: the panel's size, turned for quarter rotations.
    public nonisolated var pictureSize: Size { settings.rotation.pictureSize(forPanel: panel.size) }

    /// Whether the panel is in a known, working state.
    public var isHealthy: Bool { fault == nil }

    /// How long a whole new frame takes to reach the glass, estimated from the panel's power
    /// model: the wire time of every pixel's bytes on its bus, plus a partial refresh on
    /// e-paper. Zero for panels without a model (framebuffers, written in memory).
    public nonisolated var frameTime: Duration {
        guard let model = PowerModel.of(controller) else { return .zero }
        let bytes = (panel.size.width * panel.size.height * panel.format.bitsPerPixel + 7) / 8
        let wire = model.bus.seconds(BusCost(bytes: bytes, transactions: 1))
        return .seconds(wire + (model.ePaper?.partialRefresh ?? 0))
    }

    /// Makes the panel show `picture` (cropped or padded with black to `pictureSize`) moved by
    /// `shift` against burn-in (clamped to ±`maximumShift` each way), with one diff against what the panel
    /// holds. Never throws and never waits for back-off: when the panel is failed and no retry
    /// is due, the picture is kept for later and `.deferred` is returned.
    /// - Parameters:
    ///   - refresh: The e-paper refresh to do when something changed; other panels ignore it.
    ///   - redrawUnchanged: Send the whole picture even when the panel already holds it (a
    ///     full e-paper refresh that clears ghosting).
    public func show(_ picture: Bitmap, shift: Point = .zero, refresh: RefreshKind = .partial, redrawUnchanged: Bool = false) async -> Outcome {
        self.picture = picture
        let limit = Self.maximumShift
        pixelShift = Point(x: min(limit, max(-limit, shift.x)), y: min(limit, max(-limit, shift.y)))
        return await update(refresh: refresh, redrawUnchanged: redrawUnchanged)
    }

    /// Re-sends the latest picture if the panel is failed and a retry is due (for run loops
    /// with no new picture to show); otherwise does what `show(_:)` would with the same picture.
    public func refresh() async -> Outcome {
        await update(refresh: .partial, redrawUnchanged: false)
    }

    /// When the panel next needs `maintain()` (on the clock's `uptime`): its maintenance
    /// interval after the last transfer; nil for panels without one, or before the first picture.
    public var nextMaintenance: Duration? {
        guard let interval = controller.maintenanceInterval, ready, fault == nil, let lastTransfer else { return nil }
        return lastTransfer + interval
    }

    /// Does the panel's maintenance if it is due (see `PanelController.maintain()`); a failure
    /// is handled like any other fault.
    public func maintainIfDue() async {
        guard let due = nextMaintenance, clock.uptime >= due else { return }
        do {
            try await controller.maintain()
            lastTransfer = clock.uptime
        } catch {
            await fail(error)
        }
    }

    /// When the next attempt to reach a failed panel is due (on the clock's `uptime`); nil while healthy.
    public var nextAttempt: Duration? { fault?.nextAttempt }

    /// Sets the brightness level; a failure is handled like any other fault.
    public func setBrightness(_ level: BrightnessLevel) async {
        brightness = level
        guard ready else { return }
        do {
            try await controller.setBrightness(level)
        } catch {
            await fail(error)
        }
    }

    /// The frame the panel should hold for `picture`: converted, shifted and rotated.
    public nonisolated func frame(for picture: Bitmap, shift: Point = .zero) -> Bitmap {
        placed(converted(picture), shift: shift)
    }

    /// `picture` fitted to `pictureSize` and converted to the panel's pixel format.
    nonisolated func converted(_ picture: Bitmap) -> Bitmap {
        let size = pictureSize
        let fitted = picture.size == size ? picture : picture.cropped(to: Rect(origin: .zero, size: size))
        return fitted.converted(to: panel.format, mono: settings.monoConversion, threshold: settings.threshold)
    }

    /// A converted picture moved by `shift` and rotated to the RAM orientation.
    nonisolated func placed(_ converted: Bitmap, shift: Point) -> Bitmap {
        softwareRotation.apply(to: shift == .zero ? converted : Self.shifted(converted, by: shift))
    }

    /// What the glass should show for `picture` (format, shift and the whole rotation applied),
    /// for comparing with an emulator's glass.
    public nonisolated func expectedGlass(for picture: Bitmap, shift: Point = .zero) -> Bitmap {
        let frame = frame(for: picture, shift: shift)
        return flipInHardware ? PanelRotation.half.apply(to: frame) : frame
    }

    /// `bitmap` moved by `shift`, uncovered pixels dark.
    static func shifted(_ bitmap: Bitmap, by shift: Point) -> Bitmap {
        let w = bitmap.width, h = bitmap.height
        func moved<T>(_ pixels: [T], dark: T) -> [T] {
            var out = [T](repeating: dark, count: w * h)
            let x0 = max(0, shift.x), x1 = min(w, w + shift.x)
            guard x0 < x1 else { return out }
            pixels.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    for y in max(0, shift.y)..<max(max(0, shift.y), min(h, h + shift.y)) {
                        let from = (y - shift.y) * w + (x0 - shift.x), to = y * w + x0
                        for i in 0..<(x1 - x0) { dst[to + i] = src[from + i] }
                    }
                }
            }
            return out
        }
        var result = Bitmap(width: w, height: h, pixels: moved(bitmap.pixels, dark: 0), antialiasing: bitmap.antialiasing)!
        result.colors = bitmap.colors.map { moved($0, dark: RGB(gray: 0)) }
        return result
    }

    // MARK: - Updating

    private func update(refresh: RefreshKind, redrawUnchanged: Bool) async -> Outcome {
        guard let picture else { return .unchanged }
        if let fault {
            let now = clock.uptime
            if now < fault.nextAttempt { return .deferred(until: fault.nextAttempt) }
        }
        // A picture shown again (a shift step, a retry, a level change) is not converted again.
        if conversion?.picture != picture { conversion = (picture, converted(picture)) }
        let frame = placed(conversion!.converted, shift: pixelShift)
        do {
            var full = false
            if !ready {
                held = nil
                if panel.supportsHardwareFlip { try await controller.setFlipped(flipInHardware) }
                try await controller.initialize()
                if brightness != .normal { try await controller.setBrightness(brightness) }
                lastTransfer = clock.uptime
                ready = true
                full = true
            }
            var regions = planner.regions(from: held, to: frame)
            if regions.isEmpty, redrawUnchanged { regions = [Rect(origin: .zero, size: panel.size)] }
            guard !regions.isEmpty else {
                await recovered()
                return .unchanged
            }
            try await controller.write(frame, regions: regions, refresh: refresh)
            lastTransfer = clock.uptime
            held = frame
            await recovered()
            return .written(regions: regions, full: full)
        } catch {
            await fail(error)
            return .failed(error)
        }
    }

    private func fail(_ error: any Error) async {
        ready = false
        held = nil
        let now = clock.uptime
        if var fault {
            fault.attempts += 1
            fault.delay = min(settings.retry.maximumDelay, fault.delay * settings.retry.factor)
            fault.nextAttempt = now + fault.delay
            self.fault = fault
        } else {
            fault = Fault(since: now, attempts: 1, delay: settings.retry.initialDelay, nextAttempt: now + settings.retry.initialDelay)
            report(.failed(panel: panel.name, error: error))
        }
    }

    private func recovered() async {
        guard let fault else { return }
        self.fault = nil
        let now = clock.uptime
        report(.recovered(panel: panel.name, attempts: fault.attempts, downtime: now - fault.since))
    }
}
