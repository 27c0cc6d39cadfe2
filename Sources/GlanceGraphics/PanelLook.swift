/// The colors of a panel's glass, so previews and the simulator look like the real thing.
///
/// Gray value 0 shows as `dark`, 255 as `lit`, values between are mixed. Two-color OLED
/// modules (a yellow band over blue) use `band`.
public struct PanelLook: Hashable, Sendable {
    /// The color of an unlit pixel.
    public var dark: RGB
    /// The color of a fully lit pixel.
    public var lit: RGB
    /// A band of rows at the top drawn in another color (two-color OLED modules), or nil.
    public var band: Band?
    /// The color drawn between pixels when `pixelGap` is on (defaults to a shade of `dark`).
    public var gap: RGB
    /// Whether scaled previews leave a one-pixel gap between panel pixels, like OLED glass.
    public var pixelGap: Bool

    /// Rows `0..<rows` whose lit color is `lit` (yellow/blue 0.96" modules: 16 rows of yellow).
    public struct Band: Hashable, Sendable {
        public var rows: Int
        public var lit: RGB

        /// Creates a band of `rows` rows lit in `lit`.
        public init(rows: Int, lit: RGB) {
            self.rows = rows
            self.lit = lit
        }
    }

    /// Creates a look.
    public init(dark: RGB, lit: RGB, gap: RGB? = nil, pixelGap: Bool = false) {
        self.dark = dark
        self.lit = lit
        self.gap = gap ?? dark.mixed(with: RGB(hex: 0), 128)
        self.pixelGap = pixelGap
    }

    /// The color of gray `value` in row `y`.
    public func color(_ value: UInt8, row y: Int) -> RGB {
        guard let band, y < band.rows else { return dark.mixed(with: lit, value) }
        return dark.mixed(with: band.lit, value)
    }

    /// Plain grayscale: black to white, no gaps.
    public static let plain = PanelLook(dark: RGB(hex: 0x000000), lit: RGB(hex: 0xFFFFFF))
    /// A white OLED behind dark glass.
    public static let white = PanelLook(dark: RGB(hex: 0x101214), lit: RGB(hex: 0xF2F6FF), pixelGap: true)
    /// A blue OLED.
    public static let blue = PanelLook(dark: RGB(hex: 0x0A0E16), lit: RGB(hex: 0x4FC3FF), pixelGap: true)
    /// A yellow OLED.
    public static let yellow = PanelLook(dark: RGB(hex: 0x14120A), lit: RGB(hex: 0xFFD83A), pixelGap: true)
    /// A two-color OLED: the top 16 rows yellow, the rest blue.
    public static let yellowBlue: PanelLook = {
        var look = PanelLook.blue
        look.band = Band(rows: 16, lit: RGB(hex: 0xFFD83A))
        return look
    }()
    /// E-ink: black ink (gray 0) on off-white paper (gray 255).
    public static let paper = PanelLook(dark: RGB(hex: 0x1A1A1A), lit: RGB(hex: 0xE9E7E0), gap: RGB(hex: 0xDCDAD3))

    /// The look named `name` (`plain`, `white`, `blue`, `yellow`, `yellow-blue`, `paper`), or nil.
    public static func named(_ name: String) -> PanelLook? {
        switch name.lowercased() {
        case "plain", "gray", "grey": .plain
        case "white": .white
        case "blue": .blue
        case "yellow": .yellow
        case "yellow-blue", "yellowblue": .yellowBlue
        case "paper", "epaper", "e-ink", "eink": .paper
        default: nil
        }
    }

    /// The names `named(_:)` accepts, for help texts and error messages.
    public static let names = ["plain", "white", "blue", "yellow", "yellow-blue", "paper"]
}

extension Bitmap {
    /// The bitmap as it would look on glass: each pixel becomes a `scale`×`scale` block in the
    /// look's colors (a colour bitmap, from a colour screen, in its own colours), with a gap
    /// line between blocks when the look asks for it and `scale` ≥ 3.
    /// - Parameter scale: Output pixels per panel pixel, 1 or more (smaller values count as 1).
    public func rendered(scale: Int = 1, look: PanelLook = .plain) -> RGBImage {
        let scale = max(1, scale)
        var image = RGBImage(width: width * scale, height: height * scale)
        let gaps = look.pixelGap && scale >= 3
        for y in 0..<height {
            for x in 0..<width {
                let color = colors?[y * width + x] ?? look.color(pixels[y * width + x], row: y)
                for dy in 0..<scale {
                    for dx in 0..<scale {
                        let onGap = gaps && (dx == scale - 1 || dy == scale - 1)
                        image.pixels[(y * scale + dy) * image.width + x * scale + dx] = onGap ? look.gap : color
                    }
                }
            }
        }
        return image
    }

    /// The bitmap enlarged by `scale`, each pixel a block.
    public func scaled(by scale: Int) -> Bitmap {
        let scale = max(1, scale)
        return scale > 1 ? resampled(to: Size(width: width * scale, height: height * scale)) : self
    }

    /// A nearest-neighbour copy at `size` (colours too, when it has them).
    public func resampled(to size: Size) -> Bitmap {
        var result = Bitmap(size: size, antialiasing: antialiasing, color: colors != nil)
        guard width > 0, height > 0 else { return result }
        for y in 0..<size.height {
            for x in 0..<size.width {
                let source = (y * height / max(1, size.height)) * width + x * width / max(1, size.width)
                result.pixels[y * size.width + x] = pixels[source]
                if let colors { result.colors![y * size.width + x] = colors[source] }
            }
        }
        return result
    }
}
