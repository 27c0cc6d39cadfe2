import GlanceGraphics

/// What an e-ink controller must remember across restarts so the next refresh neither ghosts
/// nor flashes needlessly: the image on the glass and the partial refreshes since the last full one.
public struct EInkState: Hashable, Sendable {
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
    /// - Throws: `EInkStateError` when the bytes are not a version-1 state of consistent size.
    public init(serialized bytes: [UInt8]) throws(EInkStateError) {
        guard bytes.count >= Self.magic.count + 16, Array(bytes.prefix(Self.magic.count)) == Self.magic else {
            throw EInkStateError(message: "not a Glance e-ink state file (expected GLEI version 1)")
        }
        let base = Self.magic.count
        width = Int(bytes.littleEndian(at: base, as: UInt16.self))
        height = Int(bytes.littleEndian(at: base + 2, as: UInt16.self))
        partialRefreshesSinceFull = Int(bytes.littleEndian(at: base + 4, as: UInt32.self))
        lastFullRefresh = .seconds(bytes.littleEndian(at: base + 8, as: Int64.self))
        image = Array(bytes[(base + 16)...])
        guard image.count == (width + 7) / 8 * height else {
            throw EInkStateError(message: "image holds \(image.count) bytes, a \(width)×\(height) panel needs \((width + 7) / 8 * height)")
        }
    }
}

/// An e-ink state that could not be read.
public struct EInkStateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// Creates an error.
    public init(message: String) { self.message = message }
    /// A one-line human-readable summary.
    public var description: String { message }
}

/// Where the `PanelDisplay` of an e-paper panel keeps its `EInkState` between runs (one file, owned by the host).
public protocol EInkStateStore: Sendable {
    /// The saved state, or nil when nothing was saved yet.
    /// - Throws: When the store exists but cannot be read.
    func load() async throws -> EInkState?
    /// Replaces the saved state.
    /// - Throws: When the state cannot be written.
    func save(_ state: EInkState) async throws
}

/// An `EInkStateStore` in memory: survives a controller, not the process (tests, previews).
public actor MemoryEInkStateStore: EInkStateStore {
    /// The saved state.
    public private(set) var state: EInkState?
    /// How many times `save(_:)` was called.
    public private(set) var saves = 0

    /// Creates a store holding `state`.
    public init(state: EInkState? = nil) {
        self.state = state
    }

    /// Returns the saved state.
    public func load() -> EInkState? { state }

    /// Keeps `state`.
    public func save(_ state: EInkState) {
        self.state = state
        saves += 1
    }
}
