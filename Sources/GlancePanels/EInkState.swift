import GlanceGraphics

/// What an e-ink controller must remember across restarts so the next refresh neither ghosts
/// nor flashes needlessly: the image on the glass and the partial refreshes since the last full one.
public struct EInkState: PanelRecord {
    /// Panel width in pixels (RAM orientation).
    public var width: Int
    /// Panel height in pixels.
    public var height: Int
    /// Partial refreshes since the last full refresh.
    public var partialRefreshesSinceFull: Int
    /// When the last full refresh happened: wall-clock time since the Unix epoch (`HostClock.now`).
    public var lastFullRefresh: Duration
    /// The image on the glass: rows of `(width + 7) / 8` bytes, MSB leftmost, 1 = white.
    public var image: [UInt8]

    /// Creates a state.
    public init(width: Int, height: Int, partialRefreshesSinceFull: Int, lastFullRefresh: Duration, image: [UInt8]) {
        self.width = width
        self.height = height
        self.partialRefreshesSinceFull = partialRefreshesSinceFull
        self.lastFullRefresh = lastFullRefresh
        self.image = image
    }

    private static let magic: [UInt8] = Array("GLEI".utf8) + [1]

    /// `serialized()`'s header: `GLEI`, its version, width, height, the partial count and the
    /// time of the last full refresh (5 + 2 + 2 + 4 + 8 bytes).
    public static let headerBytes = 21

    /// "e-paper state".
    public static let names = PanelRecordNames(full: "e-paper state", short: "state", indefinite: "an e-paper state")

    /// The header and the image of a panel of `size`: `(width + 7) / 8` bytes a row.
    public static func byteCount(for size: Size) -> Int {
        headerBytes + (size.width + 7) / 8 * size.height
    }

    /// The panel's size.
    public var size: Size { Size(width: width, height: height) }

    /// Packs a mono frame into rows of `(width + 7) / 8` bytes, MSB leftmost, 1 = white (≥ 128).
    public static func pack(_ frame: Bitmap) -> [UInt8] {
        let width = frame.width, bytesPerRow = (width + 7) / 8
        var out = [UInt8](repeating: 0, count: bytesPerRow * frame.height)
        frame.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<frame.height {
                for x in 0..<width where pixels[y * width + x] >= 128 { out[y * bytesPerRow + x / 8] |= 0x80 >> UInt8(x & 7) }
            }
        }
        return out
    }

    /// The state as bytes for a state file: magic `GLEI`, version 1, width and height (UInt16 LE),
    /// partial count (UInt32 LE), last full refresh in whole seconds (Int64 LE), then the image.
    public func serialized() -> [UInt8] {
        var bytes = Self.magic
        bytes.appendLittleEndian(UInt16(clamping: width))
        bytes.appendLittleEndian(UInt16(clamping: height))
        bytes.appendLittleEndian(UInt32(clamping: partialRefreshesSinceFull))
        bytes.appendLittleEndian(Int64(lastFullRefresh.components.seconds))
        return bytes + image
    }

    /// Reads a state written by `serialized()`.
    /// - Throws: `PanelRecordError` when the bytes are not a version-1 state of consistent size.
    public init(serialized bytes: [UInt8]) throws(PanelRecordError) {
        guard bytes.count >= Self.magic.count + 16, Array(bytes.prefix(Self.magic.count)) == Self.magic else {
            throw PanelRecordError(message: "not a Glance e-ink state file (expected GLEI version 1)")
        }
        let base = Self.magic.count
        width = Int(bytes.littleEndian(at: base, as: UInt16.self))
        height = Int(bytes.littleEndian(at: base + 2, as: UInt16.self))
        partialRefreshesSinceFull = Int(bytes.littleEndian(at: base + 4, as: UInt32.self))
        lastFullRefresh = .seconds(bytes.littleEndian(at: base + 8, as: Int64.self))
        image = Array(bytes[(base + 16)...])
        guard image.count == (width + 7) / 8 * height else {
            throw PanelRecordError(message: "image holds \(image.count) bytes, a \(width)×\(height) panel needs \((width + 7) / 8 * height)")
        }
    }
}
