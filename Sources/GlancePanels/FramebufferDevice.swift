/// A Linux framebuffer (`/dev/fbN`) as far as a controller needs it: positioned writes into
/// the mapped screen memory and blanking. GlanceLinux implements it with `pwrite` and
/// `FBIOBLANK`; `MemoryFramebuffer` implements it on a byte buffer for tests.
public protocol FramebufferDevice: Sendable {
    /// Writes `bytes` into screen memory starting at byte `offset`.
    /// - Throws: The device's error (for example the framebuffer went away).
    func write(_ bytes: [UInt8], at offset: Int) async throws
    /// Blanks (true) or unblanks the screen; screen memory is kept.
    /// - Throws: The device's error.
    func setBlanked(_ blanked: Bool) async throws
}

/// A display's backlight (`/sys/class/backlight/NAME` on Linux): the light of an LCD.
public protocol Backlight: Sendable {
    /// A short name for messages, e.g. `soc:backlight`.
    var name: String { get }
    /// Sets the light to `fraction` of its maximum (0 off; any positive fraction at least the
    /// lowest step the device has, so a dimmed panel is never dark).
    /// - Throws: The device's error.
    func set(fraction: Double) async throws
}

/// The screen information a framebuffer controller needs (from `FBIOGET_VSCREENINFO` and
/// `FBIOGET_FSCREENINFO`, read by GlanceLinux).
public struct FramebufferScreenInfo: Hashable, Sendable {
    /// How a framebuffer stores a pixel.
    public enum PixelLayout: Hashable, Sendable {
        /// 1 bit per pixel; `whiteIsOne` for `FB_VISUAL_MONO10`, false for `MONO01`;
        /// `msbFirst` when the leftmost pixel is bit 7.
        case mono(whiteIsOne: Bool, msbFirst: Bool)
        /// 16-bit little-endian RGB 5-6-5.
        case rgb565
        /// 32-bit little-endian XRGB: bytes blue, green, red, unused.
        case xrgb8888
    }

    /// Visible width in pixels (`xres`).
    public var width: Int
    /// Visible height in pixels (`yres`).
    public var height: Int
    /// Bytes per line (`line_length`), at least what `width` pixels take.
    public var lineLength: Int
    /// How pixels are stored.
    public var layout: PixelLayout

    /// Creates screen information; `lineLength` defaults to the packed length.
    public init(width: Int, height: Int, layout: PixelLayout, lineLength: Int? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.layout = layout
        let packed: Int
        switch layout {
        case .mono: packed = (self.width + 7) / 8
        case .rgb565: packed = self.width * 2
        case .xrgb8888: packed = self.width * 4
        }
        self.lineLength = max(packed, lineLength ?? packed)
    }

    /// Screen memory size in bytes.
    public var byteCount: Int { lineLength * height }
}
