import GlanceGraphics

/// A framebuffer in memory: the byte buffer tests and previews use in place of `/dev/fbN`,
/// with a reader that turns screen memory back into gray pixels.
public actor MemoryFramebuffer: FramebufferDevice {
    /// The screen it pretends to be.
    public nonisolated let info: FramebufferScreenInfo
    /// Screen memory.
    public private(set) var memory: [UInt8]
    /// Whether the screen is blanked.
    public private(set) var blanked = false
    /// Bytes written so far.
    public private(set) var bytesWritten = 0
    /// `write(_:at:)` calls so far.
    public private(set) var writes = 0

    /// Creates screen memory filled with `fill`.
    public init(info: FramebufferScreenInfo, fill: UInt8 = 0xA5) {
        self.info = info
        memory = [UInt8](repeating: fill, count: info.byteCount)
    }

    /// Copies `bytes` into memory at `offset`.
    /// - Throws: `FramebufferError.outOfRange` when the write would pass the end of screen memory.
    public func write(_ bytes: [UInt8], at offset: Int) throws {
        guard offset >= 0, offset + bytes.count <= memory.count else {
            throw FramebufferError.outOfRange(offset: offset, count: bytes.count, size: memory.count)
        }
        memory.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        bytesWritten += bytes.count
        writes += 1
    }

    /// Records the blanking state.
    public func setBlanked(_ blanked: Bool) {
        self.blanked = blanked
    }

    /// The screen: gray is mono as 0/255, RGB565 from its 6-bit green channel, XRGB8888 from
    /// green (a gray frame's value either way); colour screens also give every pixel's colour
    /// (`colors`, 5/6/5 bits widened to 8). All dark while blanked.
    public var screen: Bitmap {
        let color: Bool
        if case .mono = info.layout { color = false } else { color = true }
        var image = Bitmap(width: info.width, height: info.height, color: color)
        guard !blanked else { return image }
        for y in 0..<info.height {
            let line = y * info.lineLength
            for x in 0..<info.width {
                switch info.layout {
                case let .mono(whiteIsOne, msbFirst):
                    let bit = msbFirst ? 7 - x % 8 : x % 8
                    let set = memory[line + x / 8] & (1 << UInt8(bit)) != 0
                    image[x, y] = set == whiteIsOne ? 255 : 0
                case .rgb565:
                    let value = UInt16(memory[line + 2 * x]) | UInt16(memory[line + 2 * x + 1]) << 8
                    let red = UInt8(value >> 11), green = UInt8((value >> 5) & 0x3F), blue = UInt8(value & 0x1F)
                    image.pixels[y * info.width + x] = green << 2 | green >> 4
                    image.colors![y * info.width + x] = RGB(red: red << 3 | red >> 2, green: green << 2 | green >> 4, blue: blue << 3 | blue >> 2)
                case .xrgb8888:
                    image.pixels[y * info.width + x] = memory[line + 4 * x + 1]
                    image.colors![y * info.width + x] = RGB(red: memory[line + 4 * x + 2], green: memory[line + 4 * x + 1], blue: memory[line + 4 * x])
                }
            }
        }
        return image
    }
}

/// A backlight in memory, for simulated screens and tests: it remembers the share it was set to.
public actor MemoryBacklight: Backlight {
    /// `memory`.
    public nonisolated let name = "memory"
    /// The share of full light set last (1 until set).
    public private(set) var fraction: Double = 1
    /// Every share set, in order.
    public private(set) var history: [Double] = []

    /// Creates a backlight at full light.
    public init() {}

    /// Remembers `fraction`.
    public func set(fraction: Double) {
        self.fraction = max(0, min(1, fraction))
        history.append(self.fraction)
    }

    /// `screen` as the backlight shows it: every pixel scaled by the share.
    public func lit(_ screen: Bitmap) -> Bitmap {
        guard fraction < 1 else { return screen }
        var image = screen
        func dimmed(_ value: UInt8) -> UInt8 { UInt8((Double(value) * fraction).rounded()) }
        for index in image.pixels.indices { image.pixels[index] = dimmed(image.pixels[index]) }
        image.colors = image.colors?.map { RGB(red: dimmed($0.red), green: dimmed($0.green), blue: dimmed($0.blue)) }
        return image
    }
}

/// Errors from framebuffer devices.
public enum FramebufferError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A write would pass the end of screen memory.
    case outOfRange(offset: Int, count: Int, size: Int)

    /// A one-line human-readable summary.

    public var description: String {
        switch self {
        case let .outOfRange(offset, count, size): "framebuffer write of \(count) bytes at \(offset) passes the end of its \(size) bytes"
        }
    }
}
