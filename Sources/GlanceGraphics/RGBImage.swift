/// An 8-bit-per-channel sRGB color: previews (PNG and terminal), and the pixels of colour
/// screens (`Bitmap.colors`).
public struct RGB: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    /// Creates a color from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The gray with all three channels at `level`.
    public init(gray level: UInt8) {
        self.init(red: level, green: level, blue: level)
    }

    /// Creates a color from `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF))
    }

    /// The color `fraction / 255` of the way from `self` to `other`.
    public func mixed(with other: RGB, _ fraction: UInt8) -> RGB {
        RGB(red: Bitmap.mix(red, other.red, fraction),
            green: Bitmap.mix(green, other.green, fraction),
            blue: Bitmap.mix(blue, other.blue, fraction))
    }
}

/// A row-major RGB picture, what a preview looks like on screen.
public struct RGBImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Pixels, row by row.
    public var pixels: [RGB]

    /// Creates an image filled with `color`.
    public init(width: Int, height: Int, color: RGB = RGB(hex: 0)) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.pixels = [RGB](repeating: color, count: self.width * self.height)
    }

    /// The color at (`x`, `y`); reading outside returns black and writing there does nothing.
    public subscript(x: Int, y: Int) -> RGB {
        get { x >= 0 && y >= 0 && x < width && y < height ? pixels[y * width + x] : RGB(hex: 0) }
        set { if x >= 0 && y >= 0 && x < width && y < height { pixels[y * width + x] = newValue } }
    }
}
