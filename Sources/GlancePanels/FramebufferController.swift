import GlanceGraphics

/// Drives a Linux framebuffer (`/dev/fbN`: mono, RGB565 or XRGB8888) through a
/// `FramebufferDevice`, writing the changed rows as one contiguous block.
///
/// Mono framebuffers get 1-bit frames; colour ones get the picture's colours (`fullColor`
/// rendering), or its gray as equal channels when it has none.
/// Brightness is the backlight when the screen has one (`levels`: normal full, dim 40 %,
/// dimmest 10 %); `.off` blanks the screen and switches the backlight off. Screen memory is
/// kept current either way.
public actor FramebufferController: PanelController {
    /// Pipeline-facing description.
    public nonisolated let panel: PanelDescription
    /// The screen.
    public nonisolated let info: FramebufferScreenInfo
    /// The backlight, when the screen has one Glance may use.
    public nonisolated let backlight: (any Backlight)?
    /// The backlight's share of its maximum at each level but `.off`.
    public nonisolated let levels: [BrightnessLevel: Double]
    private let device: any FramebufferDevice
    private var blanked = false

    /// The default backlight levels.
    public static let defaultLevels: [BrightnessLevel: Double] = [.normal: 1, .dim: 0.4, .dimmest: 0.1]

    /// Creates a controller for a screen described by `info`; does no I/O.
    /// - Parameters:
    ///   - device: Screen memory and blanking.
    ///   - info: The screen's size and pixel layout.
    ///   - backlight: The backlight that dims it, if any.
    ///   - levels: The backlight's share at each level.
    public init(device: any FramebufferDevice, info: FramebufferScreenInfo, backlight: (any Backlight)? = nil,
                levels: [BrightnessLevel: Double] = FramebufferController.defaultLevels) {
        self.device = device
        self.info = info
        self.backlight = backlight
        self.levels = levels
        let format: PixelFormat
        if case .mono = info.layout { format = .mono1 } else { format = .rgb888 }
        panel = PanelDescription(
            name: "framebuffer \(info.width)×\(info.height)", size: Size(width: info.width, height: info.height), format: format,
            addressing: TransferAddressing(
                tileWidth: max(1, info.width), tileHeight: 1, bytesPerTile: info.lineLength,
                windowSetup: BusCost(bytes: 0, transactions: 1),
                windowsSpanBands: true, strategy: .boundingBox),
            supportsHardwareFlip: false, technology: .framebuffer)
    }

    /// Unblanks the screen; framebuffers need no other initialisation.
    public func initialize() async throws {
        try await device.setBlanked(false)
        blanked = false
    }

    /// Writes the full lines from the regions' top to their bottom in one write.
    public func write(_ frame: Bitmap, regions: [Rect]) async throws {
        guard frame.size == panel.size else { throw PanelError.frameSize(panel: panel.name, expected: panel.size, got: frame.size) }
        let box = regions.reduce(Rect.zero) { $0.union($1) }.intersection(Rect(origin: .zero, size: panel.size))
        guard !box.isEmpty else { return }
        var bytes = [UInt8](repeating: 0, count: box.height * info.lineLength)
        let colors = frame.colors
        frame.pixels.withUnsafeBufferPointer { pixels in
            for y in box.minY..<box.maxY {
                let line = (y - box.minY) * info.lineLength, row = y * info.width
                for x in 0..<info.width {
                    let gray = pixels[row + x]
                    if case let .mono(whiteIsOne, msbFirst) = info.layout {
                        if (gray >= 128) == whiteIsOne { bytes[line + x / 8] |= 1 << UInt8(msbFirst ? 7 - x % 8 : x % 8) }
                        continue
                    }
                    let color = colors?[row + x] ?? RGB(gray: gray)
                    if case .rgb565 = info.layout {
                        let value = UInt16(color.red >> 3) << 11 | UInt16(color.green >> 2) << 5 | UInt16(color.blue >> 3)
                        bytes[line + 2 * x] = UInt8(value & 0xFF)
                        bytes[line + 2 * x + 1] = UInt8(value >> 8)
                    } else {
                        // XRGB8888 in memory order: blue, green, red, unused.
                        bytes[line + 4 * x] = color.blue
                        bytes[line + 4 * x + 1] = color.green
                        bytes[line + 4 * x + 2] = color.red
                        bytes[line + 4 * x + 3] = 0xFF
                    }
                }
            }
        }
        try await device.write(bytes, at: box.minY * info.lineLength)
    }

    /// The backlight at the level's share; `.off` also blanks the screen. Without a
    /// backlight only `.off` does anything.
    public func setBrightness(_ level: BrightnessLevel) async throws {
        if level == .off {
            try await sleep()
            return
        }
        if blanked { try await wake() }
        try await backlight?.set(fraction: levels[level] ?? 1)
    }

    /// Blanks the screen (`FBIOBLANK`) and switches the backlight off; memory is kept.
    public func sleep() async throws {
        try await device.setBlanked(true)
        try await backlight?.set(fraction: 0)
        blanked = true
    }

    /// Unblanks the screen and switches the backlight on at full.
    public func wake() async throws {
        try await device.setBlanked(false)
        try await backlight?.set(fraction: levels[.normal] ?? 1)
        blanked = false
    }

    /// The backlight's share at `level` (1 at every level but `.off` without a backlight).
    public nonisolated func light(at level: BrightnessLevel) -> Double {
        guard level != .off else { return 0 }
        return backlight == nil ? 1 : levels[level] ?? 1
    }
}
