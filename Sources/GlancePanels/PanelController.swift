import GlanceGraphics

/// Drives one panel controller over its bus: initialisation, RAM writes of changed regions,
/// brightness and power. Constructors do no I/O; `initialize()` is the first call that does.
///
/// Frames reach `write(_:regions:)` already converted to the panel's pixel format, in the
/// controller's RAM orientation (`panel.size`), with the regions the transfer planner chose.
/// Only `initialize()` and `write(_:regions:)` are required; the rest have defaults.
public protocol PanelController: Actor {
    /// What the panel is: RAM size and pixel format, and how updates can be addressed.
    nonisolated var panel: PanelDescription { get }

    /// Resets the controller (when it has a reset line) and sends its initialisation sequence;
    /// the display RAM content is unknown afterwards until a full write.
    /// - Throws: The transport's error, or `PanelError.busyTimeout`.
    func initialize() async throws

    /// Sends the pixels of `frame` inside `regions` (tile-aligned as `panel.addressing` asks)
    /// and makes them visible.
    /// - Parameters:
    ///   - frame: The whole frame, `panel.size`, in `panel.format` (mono: 0 or 255; gray4: multiples of 17).
    ///   - regions: Rectangles in frame coordinates; the controller may send more, never less.
    /// - Throws: The transport's error, `PanelError.frameSize`, or `PanelError.busyTimeout`.
    func write(_ frame: Bitmap, regions: [Rect]) async throws

    /// Like `write(_:regions:)`, with the kind of refresh an e-paper panel should do; panels
    /// that show RAM as it is written ignore `refresh`.
    /// - Throws: As `write(_:regions:)`.
    func write(_ frame: Bitmap, regions: [Rect], refresh: RefreshKind) async throws

    /// Sets the light output; `.off` turns the display off while RAM keeps accepting writes.
    /// - Throws: The transport's error.
    func setBrightness(_ level: BrightnessLevel) async throws

    /// Puts the controller into its lowest-power state.
    /// - Throws: The transport's error.
    func sleep() async throws

    /// Leaves the state `sleep()` entered; the picture in RAM shows again.
    /// - Throws: The transport's error.
    func wake() async throws

    /// Rotates the output by 180° with the controller's remap commands (when
    /// `panel.supportsHardwareFlip`), so the pipeline need not rotate in software.
    /// Takes effect at once when initialised and is kept across `initialize()`.
    /// - Throws: `PanelError.unsupported` when the controller cannot, or the transport's error.
    func setFlipped(_ flipped: Bool) async throws

    /// How long the panel may go without a transfer before it needs `maintain()` (a Sharp
    /// memory LCD's VCOM must alternate at least once a second); nil when it never does.
    nonisolated var maintenanceInterval: Duration? { get }

    /// Sends what the panel needs to keep its picture healthy while nothing changes (the
    /// Sharp's VCOM toggle); called by the pipeline when `maintenanceInterval` has passed
    /// since the last transfer.
    /// - Throws: The transport's error.
    func maintain() async throws

    /// The light a fully lit pixel gives at `level`, as a fraction of this controller at full
    /// drive (contrast FF, the longest pre-charge, the highest VCOMH); 0 when dark. The wear
    /// map weighs the time pixels are lit by it.
    nonisolated func light(at level: BrightnessLevel) -> Double
}

extension PanelController {
    /// Panels that show RAM as it is written have one kind of update.
    public func write(_ frame: Bitmap, regions: [Rect], refresh: RefreshKind) async throws {
        try await write(frame, regions: regions)
    }

    /// Panels with a single light level only switch on and off: `.off` sleeps, any other level wakes.
    public func setBrightness(_ level: BrightnessLevel) async throws {
        if level == .off { try await sleep() } else { try await wake() }
    }

    /// Panels without a power-saving mode keep showing their picture and do nothing here.
    public func sleep() async throws {}

    /// Panels without a power-saving mode have nothing to leave and do nothing here.
    public func wake() async throws {}

    /// Most panels keep their picture without help.
    public nonisolated var maintenanceInterval: Duration? { nil }

    /// Most panels keep their picture without help and do nothing here.
    public func maintain() async throws {}

    /// Panels with a single light level give all of it whenever they are on.
    public nonisolated func light(at level: BrightnessLevel) -> Double {
        level == .off ? 0 : 1
    }

    /// Controllers without remap commands cannot flip; the pipeline rotates in software instead.
    public func setFlipped(_ flipped: Bool) async throws {
        if flipped { throw PanelError.unsupported("\(panel.name) cannot rotate by 180° in hardware") }
    }
}

/// Light output levels a panel offers for always-on and idle states.
public enum BrightnessLevel: String, CaseIterable, Sendable, Comparable {
    /// Full brightness for active use.
    case normal
    /// Reduced brightness, for idle and night.
    case dim
    /// The least light the panel can make while still readable.
    case dimmest
    /// Display off; RAM is kept current so turning on shows the latest frame.
    case off

    /// Brighter levels sort first.
    public static func < (lhs: BrightnessLevel, rhs: BrightnessLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What a controller is, as far as the pipeline needs to know.
public struct PanelDescription: Hashable, Sendable {
    /// A short name for messages, e.g. `SSD1306 128×64`.
    public var name: String
    /// The RAM size in the controller's own orientation.
    public var size: Size
    /// How pixels are stored.
    public var format: PixelFormat
    /// How updates can be addressed and what they cost.
    public var addressing: TransferAddressing
    /// Whether `setFlipped(_:)` works (180° by remap commands).
    public var supportsHardwareFlip: Bool
    /// How the glass makes a picture: light (OLED) or ink (e-paper).
    public var technology: PanelTechnology

    /// Creates a description.
    public init(name: String, size: Size, format: PixelFormat, addressing: TransferAddressing, supportsHardwareFlip: Bool,
                technology: PanelTechnology = .oled) {
        self.name = name
        self.size = size
        self.format = format
        self.addressing = addressing
        self.supportsHardwareFlip = supportsHardwareFlip
        self.technology = technology
    }
}

/// How a panel's glass makes a picture, which decides dimming, burn-in care and ink polarity.
public enum PanelTechnology: String, Hashable, Sendable {
    /// Lit pixels emit light: dimmable, wears with use (burn-in), dark where nothing is drawn.
    case oled
    /// Pixels are ink on paper: no light, keeps its picture without power, slow refreshes that ghost.
    case ePaper
    /// A framebuffer device (an LCD with a backlight): shows RAM as written, no burn-in care.
    case framebuffer
    /// A reflective memory LCD (Sharp): no light, no burn-in, shows lines as written and keeps
    /// them while powered, given a regular VCOM toggle (`maintenanceInterval`).
    case memoryLCD
}

/// How an e-paper panel redraws.
public enum RefreshKind: String, Hashable, Sendable, CaseIterable {
    /// Only the changed window, quickly and without a flash; ghosting builds up.
    case partial
    /// The whole glass through its full waveform (a flash), clearing ghosting.
    case full
}

/// Errors raised by controllers themselves (transport errors pass through unchanged).
public enum PanelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A BUSY line stayed active longer than allowed; the controller was reset.
    case busyTimeout(panel: String, operation: String, waited: Duration)
    /// The controller cannot do what was asked.
    case unsupported(String)
    /// A frame of the wrong size reached `write(_:regions:)`.
    case frameSize(panel: String, expected: Size, got: Size)

    /// A one-line human-readable summary.

    public var description: String {
        switch self {
        case let .busyTimeout(panel, operation, waited):
            "\(panel): BUSY still active \(waited) after \(operation); the panel was reset (is the BUSY wire connected?)"
        case let .unsupported(message):
            message
        case let .frameSize(panel, expected, got):
            "\(panel): frame is \(got), the panel needs \(expected)"
        }
    }
}
