// One catalog symbol: vector layers on a design grid, optional hand-drawn bitmaps, and rendering.

/// One painting step of a symbol: a path filled or stroked with ink, or erased back to none.
public struct SymbolLayer: Hashable, Sendable {
    /// How the layer's path turns into covered area.
    public enum Paint: Hashable, Sendable {
        /// The inside of the path, by `rule`.
        case fill(FillRule)
        /// A band `width` design units wide centred on the path, with `cap` at open ends and round joins.
        case stroke(width: Double, cap: LineCap)
    }

    /// The outline in design units (see `Symbol.designWidth`).
    public var path: Path
    /// Fill or stroke.
    public var paint: Paint
    /// When true the covered area is cleared (knock-outs such as the tick in `checkmark.circle.fill`).
    public var erases: Bool

    /// Creates a layer.
    public init(path: Path, paint: Paint, erases: Bool = false) {
        self.path = path
        self.paint = paint
        self.erases = erases
    }
}

/// A named pictogram from the symbol catalog, drawable at any pixel size as a coverage mask.
///
/// Symbols are vector layers on a design grid (24×24 for every standard symbol) painted in
/// order; a symbol may also carry hand-drawn bitmaps for particular pixel sizes, which win
/// over the vector rendering at exactly that size.
public struct Symbol: Equatable, Sendable {
    /// The SF Symbols-style name, e.g. `"drop.fill"`.
    public let name: String
    /// Width of the design grid in design units.
    public let designWidth: Double
    /// Height of the design grid in design units; `pixelSize` maps onto this.
    public let designHeight: Double
    /// The painting steps, in order.
    public let layers: [SymbolLayer]
    /// Hand-drawn coverage masks keyed by pixel size (height).
    public let bitmaps: [Int: Bitmap]

    /// Largest pixel size a mask is rendered at; larger requests are clamped to it.
    public static let maximumPixelSize = 512

    /// Creates a symbol from its parts; `bitmaps` must already have the sizes `maskSize(pixelSize:)` gives.
    public init(name: String, designWidth: Double = 24, designHeight: Double = 24,
                layers: [SymbolLayer], bitmaps: [Int: Bitmap] = [:]) {
        self.name = name
        self.designWidth = designWidth
        self.designHeight = designHeight
        self.layers = layers
        self.bitmaps = bitmaps
    }

    /// The size of the mask drawn at `pixelSize`: that many rows, and columns from the grid's aspect ratio.
    public func maskSize(pixelSize: Int) -> Size {
        let height = min(max(0, pixelSize), Symbol.maximumPixelSize)
        let width = Int((Double(height) * designWidth / designHeight).rounded())
        return Size(width: width, height: height)
    }

    /// Renders the symbol as a coverage mask: 255 where there is ink, 0 where there is none.
    ///
    /// A hand-drawn bitmap for exactly `pixelSize` is returned as is (in both modes);
    /// otherwise the layers are scaled from the design grid and painted in order.
    /// - Parameters:
    ///   - pixelSize: Height of the mask in pixels (usually the font size); clamped to 0…`maximumPixelSize`.
    ///   - antialiased: Gray edges (area coverage) when true; every pixel 0 or 255, sampled at its centre, when false.
    public func mask(pixelSize: Int, antialiased: Bool = false) -> Bitmap {
        let size = maskSize(pixelSize: pixelSize)
        if let bitmap = bitmaps[size.height], bitmap.size == size {
            var copy = bitmap
            copy.antialiasing = antialiased
            return copy
        }
        var mask = Bitmap(size: size, value: 0, antialiasing: antialiased)
        guard size.height > 0, designHeight > 0 else { return mask }
        let scale = Double(size.height) / designHeight
        // Design edges sit on whole pixels at 12, 16 and 24 px; the tiny nudge keeps pixel
        // centres off them so crisp rendering never depends on how a tie is broken.
        let nudge = 1.0 / 64
        for layer in layers {
            let path = layer.path.mapPoints { PointF(x: $0.x * scale + nudge, y: $0.y * scale + nudge) }
            let value: UInt8 = layer.erases ? 0 : 255
            switch layer.paint {
            case .fill(let rule):
                mask.fill(path, value: value, rule: rule)
            case .stroke(let width, let cap):
                let style = StrokeStyle(lineWidth: width * scale, lineCap: cap, lineJoin: .round)
                mask.stroke(path, style: style, value: value)
            }
        }
        return mask
    }

    /// A placeholder mask for a symbol the catalog does not have: a box with a cross, `pixelSize` square.
    /// - Parameter pixelSize: Side of the square in pixels; clamped to 0…`maximumPixelSize`.
    public static func missingMask(pixelSize: Int) -> Bitmap {
        let side = min(max(0, pixelSize), maximumPixelSize)
        var mask = Bitmap(width: side, height: side)
        guard side > 0 else { return mask }
        let thickness = max(1, side / 12)
        for y in 0..<side {
            for x in 0..<side {
                let onBorder = x < thickness || y < thickness || x >= side - thickness || y >= side - thickness
                // Both diagonals, `thickness` pixels wide along each row.
                let down = x - y, up = x + y - (side - 1)
                let onDiagonal = (0..<thickness).contains(down) || (0..<thickness).contains(up)
                if onBorder || onDiagonal { mask[x, y] = 255 }
            }
        }
        return mask
    }
}
