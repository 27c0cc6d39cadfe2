/// An 8-bit gray working surface: 0 is black (dark pixel), 255 is full white (lit pixel).
///
/// Drawing goes through a clip stack and a translation: `withRegion(_:_:)` turns a
/// rectangle into a sub-bitmap view whose origin is that rectangle's corner and whose
/// drawing never leaves it. Pixels outside the current clip are never written.
/// Equality compares size and pixels only, not the drawing state.
public struct Bitmap: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Row-major gray values, `width * height` of them.
    public var pixels: [UInt8]
    /// When true, edges of shapes get partial coverage (gray panels); when false every
    /// pixel is either covered or not, sampled at its centre (crisp 1-bit panels).
    public var antialiasing: Bool
    /// The sRGB colour of each pixel, row-major beside `pixels`, on a colour surface (the
    /// `fullColor` rendering of colour screens); nil on gray surfaces. `pixels` keeps each
    /// pixel's gray either way, so gray consumers never look at colour.
    public var colors: [RGB]?
    /// What drawing paints on a colour surface: nil paints the gray being drawn, a colour
    /// paints that colour (with the gray still going to `pixels`). See `painting(_:_:)`.
    public var paint: RGB?

    /// Drawing translation: drawing coordinate (0, 0) is bitmap pixel `origin`.
    public private(set) var origin: Point = .zero
    /// The current clip in bitmap (not drawing) coordinates; always inside the bitmap.
    public private(set) var clipBounds: Rect
    private var clipStack: [(clip: Rect, origin: Point)] = []

    /// Creates a bitmap filled with `value`.
    /// - Parameters:
    ///   - width: Width in pixels; negative values become zero.
    ///   - height: Height in pixels; negative values become zero.
    ///   - value: Initial gray level of every pixel (0 black … 255 white).
    ///   - antialiasing: Whether shapes get gray edges; see `antialiasing`.
    ///   - color: Whether the bitmap keeps colour (`colors`) beside its grays.
    public init(width: Int, height: Int, value: UInt8 = 0, antialiasing: Bool = false, color: Bool = false) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.pixels = [UInt8](repeating: value, count: self.width * self.height)
        self.antialiasing = antialiasing
        self.colors = color ? [RGB](repeating: RGB(gray: value), count: self.width * self.height) : nil
        self.clipBounds = Rect(x: 0, y: 0, width: self.width, height: self.height)
    }

    /// Creates a bitmap of `size` filled with `value`.
    public init(size: Size, value: UInt8 = 0, antialiasing: Bool = false, color: Bool = false) {
        self.init(width: size.width, height: size.height, value: value, antialiasing: antialiasing, color: color)
    }

    /// A blank surface like this one: same size, anti-aliasing and colour, no clip or translation.
    public func blank(value: UInt8 = 0) -> Bitmap {
        Bitmap(width: width, height: height, value: value, antialiasing: antialiasing, color: colors != nil)
    }

    /// `blocks` one under the other at the left edge of a sheet `width` wide, `gap` pixels
    /// apart and from the top and bottom edges (contact and specimen sheets).
    public init(column blocks: [Bitmap], width: Int, gap: Int) {
        self.init(width: width, height: max(1, blocks.reduce(0) { $0 + $1.height + gap } + gap))
        var y = gap
        for block in blocks {
            draw(block, at: Point(x: 0, y: y))
            y += block.height + gap
        }
    }

    /// Creates a bitmap from row-major gray values; returns nil when the count is not `width * height`.
    public init?(width: Int, height: Int, pixels: [UInt8], antialiasing: Bool = false) {
        guard width >= 0, height >= 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
        self.antialiasing = antialiasing
        self.clipBounds = Rect(x: 0, y: 0, width: width, height: height)
    }

    /// The bitmap's size.
    public var size: Size { Size(width: width, height: height) }
    /// The whole bitmap as a rectangle in bitmap coordinates.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The current clip expressed in drawing coordinates (after translation).
    public var clipInDrawingSpace: Rect { clipBounds.offsetBy(dx: -origin.x, dy: -origin.y) }

    // MARK: - Pixel access

    /// The gray value at bitmap pixel (`x`, `y`), ignoring clip and translation;
    /// reading outside the bitmap returns 0 and writing there does nothing.
    public subscript(x: Int, y: Int) -> UInt8 {
        get {
            guard x >= 0, y >= 0, x < width, y < height else { return 0 }
            return pixels[y * width + x]
        }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            pixels[y * width + x] = newValue
            colors?[y * width + x] = paint ?? RGB(gray: newValue)
        }
    }

    /// The colour of bitmap pixel (`x`, `y`): its `colors` entry on a colour surface, else its gray.
    public func color(x: Int, y: Int) -> RGB {
        guard x >= 0, y >= 0, x < width, y < height else { return RGB(gray: 0) }
        return colors?[y * width + x] ?? RGB(gray: pixels[y * width + x])
    }

    /// Runs `body` with `paint` set to `color` (nil: the drawn gray), then restores it.
    @discardableResult
    public mutating func painting<R>(_ color: RGB?, _ body: (inout Bitmap) throws -> R) rethrows -> R {
        let saved = paint
        paint = color
        defer { paint = saved }
        return try body(&self)
    }

    /// The gray value at `point` in bitmap coordinates (0 outside).
    public subscript(point: Point) -> UInt8 {
        get { self[point.x, point.y] }
        set { self[point.x, point.y] = newValue }
    }

    // MARK: - Clip stack and regions

    /// Narrows the clip to `rect` (drawing coordinates); undo with `popClip()`.
    public mutating func pushClip(_ rect: Rect) {
        clipStack.append((clipBounds, origin))
        clipBounds = clipBounds.intersection(rect.offsetBy(dx: origin.x, dy: origin.y))
    }

    /// Restores the clip and translation saved by the matching `pushClip(_:)` or region.
    public mutating func popClip() {
        guard let saved = clipStack.popLast() else { return }
        clipBounds = saved.clip
        origin = saved.origin
    }

    /// Runs `body` with the clip narrowed to `rect` (drawing coordinates).
    public mutating func withClip<R>(_ rect: Rect, _ body: (inout Bitmap) throws -> R) rethrows -> R {
        pushClip(rect)
        defer { popClip() }
        return try body(&self)
    }

    /// Runs `body` on a sub-bitmap view: drawing coordinate (0, 0) becomes `rect`'s corner
    /// and nothing outside `rect` (or the enclosing clip) can be written.
    public mutating func withRegion<R>(_ rect: Rect, _ body: (inout Bitmap) throws -> R) rethrows -> R {
        pushClip(rect)
        origin = origin + rect.origin
        defer { popClip() }
        return try body(&self)
    }

    /// Runs `body` with drawing coordinates moved by `offset`, clip unchanged.
    public mutating func withTranslation<R>(_ offset: Point, _ body: (inout Bitmap) throws -> R) rethrows -> R {
        clipStack.append((clipBounds, origin))
        origin = origin + offset
        defer { popClip() }
        return try body(&self)
    }

    /// A black bitmap with this one's size, clip and translation, for drawing coverage masks.
    func coverageLayer() -> Bitmap {
        var layer = self
        layer.pixels = [UInt8](repeating: 0, count: pixels.count)
        layer.colors = nil
        layer.paint = nil
        return layer
    }

    // MARK: - Writing pixels

    /// Blends `value` into drawing pixel (`x`, `y`) with `coverage` (0 nothing … 255 replace).
    @inline(__always)
    public mutating func blend(x: Int, y: Int, value: UInt8, coverage: UInt8 = 255) {
        let bx = x + origin.x, by = y + origin.y
        guard coverage > 0, clipBounds.contains(Point(x: bx, y: by)) else { return }
        let index = by * width + bx
        pixels[index] = Bitmap.mix(pixels[index], value, coverage)
        if colors != nil { colors![index] = colors![index].mixed(with: paint ?? RGB(gray: value), coverage) }
    }

    /// Blends `value` with its own colour (nil: the gray, or `paint`) into drawing pixel (`x`, `y`):
    /// pixels copied from another surface.
    @inline(__always)
    public mutating func blend(x: Int, y: Int, value: UInt8, color: RGB?, coverage: UInt8) {
        guard let color, colors != nil else { return blend(x: x, y: y, value: value, coverage: coverage) }
        painting(color) { $0.blend(x: x, y: y, value: value, coverage: coverage) }
    }

    /// Blends `value` into the horizontal run `x0..<x1` of drawing row `y`.
    public mutating func blendSpan(y: Int, from x0: Int, to x1: Int, value: UInt8, coverage: UInt8 = 255) {
        let by = y + origin.y
        guard coverage > 0, by >= clipBounds.minY, by < clipBounds.maxY else { return }
        let start = max(x0 + origin.x, clipBounds.minX), end = min(x1 + origin.x, clipBounds.maxX)
        guard start < end else { return }
        let row = by * width
        pixels.withUnsafeMutableBufferPointer { buffer in
            if coverage == 255 {
                for index in (row + start)..<(row + end) { buffer[index] = value }
            } else {
                for index in (row + start)..<(row + end) { buffer[index] = Bitmap.mix(buffer[index], value, coverage) }
            }
        }
        guard colors != nil else { return }
        let color = paint ?? RGB(gray: value)
        for index in (row + start)..<(row + end) { colors![index] = colors![index].mixed(with: color, coverage) }
    }

    /// Fills `rect` (drawing coordinates) with `value` at `opacity` (255 opaque).
    public mutating func fill(_ rect: Rect, value: UInt8, opacity: UInt8 = 255) {
        for y in rect.minY..<max(rect.minY, rect.maxY) {
            blendSpan(y: y, from: rect.minX, to: rect.maxX, value: value, coverage: opacity)
        }
    }

    /// Sets every pixel inside the current clip to `value`.
    public mutating func clear(_ value: UInt8 = 0) {
        fill(clipInDrawingSpace, value: value)
    }

    /// `background` moved towards `foreground` by `coverage / 255`, rounded.
    @inline(__always)
    public static func mix(_ background: UInt8, _ foreground: UInt8, _ coverage: UInt8) -> UInt8 {
        if coverage == 255 { return foreground }
        let b = Int(background), f = Int(foreground), a = Int(coverage)
        return UInt8((b * (255 - a) + f * a + 127) / 255)
    }

    // MARK: - Blits

    /// Copies `source` with its top-left corner at `point` (drawing coordinates), blended at `opacity`.
    public mutating func draw(_ source: Bitmap, at point: Point, opacity: UInt8 = 255) {
        for sy in 0..<source.height {
            for sx in 0..<source.width {
                let index = sy * source.width + sx
                blend(x: point.x + sx, y: point.y + sy, value: source.pixels[index], color: source.colors?[index], coverage: opacity)
            }
        }
    }

    /// Paints `value` through `mask`: each mask pixel is the coverage (0 transparent … 255 opaque)
    /// of the pixel it lands on. Glyphs and symbols are drawn this way.
    public mutating func draw(mask: Bitmap, at point: Point, value: UInt8, opacity: UInt8 = 255) {
        for sy in 0..<mask.height {
            for sx in 0..<mask.width {
                let m = mask.pixels[sy * mask.width + sx]
                guard m > 0 else { continue }
                let coverage = opacity == 255 ? m : UInt8((Int(m) * Int(opacity) + 127) / 255)
                blend(x: point.x + sx, y: point.y + sy, value: value, coverage: coverage)
            }
        }
    }

    /// Copies `source`, using `alpha` (same size as `source`) as per-pixel opacity.
    public mutating func draw(_ source: Bitmap, alpha: Bitmap, at point: Point) {
        precondition(source.size == alpha.size, "alpha must match the source size")
        for sy in 0..<source.height {
            for sx in 0..<source.width {
                let index = sy * source.width + sx
                blend(x: point.x + sx, y: point.y + sy, value: source.pixels[index], color: source.colors?[index],
                      coverage: alpha.pixels[index])
            }
        }
    }

    /// Keeps this picture where `mask` is 255, `original` where it is 0 and a mix in between:
    /// a layer drawn over `original`, seen through `mask` (all three one size).
    public mutating func show(through mask: Bitmap, over original: Bitmap) {
        precondition(mask.pixels.count == pixels.count && original.pixels.count == pixels.count, "sizes must match")
        pixels.withUnsafeMutableBufferPointer { out in
            for index in out.indices where mask.pixels[index] != 255 {
                out[index] = Bitmap.mix(original.pixels[index], out[index], mask.pixels[index])
            }
        }
        guard let below = original.colors, colors != nil else { return }
        for index in below.indices where mask.pixels[index] != 255 {
            colors![index] = below[index].mixed(with: colors![index], mask.pixels[index])
        }
    }

    /// A copy of the pixels inside `rect` (bitmap coordinates); parts outside the bitmap read as 0.
    public func cropped(to rect: Rect) -> Bitmap {
        var result = Bitmap(size: rect.size, antialiasing: antialiasing, color: colors != nil)
        let visible = rect.intersection(bounds)
        for y in visible.minY..<max(visible.minY, visible.maxY) {
            let dst = (y - rect.minY) * rect.width + (visible.minX - rect.minX)
            let src = y * width + visible.minX
            result.pixels.replaceSubrange(dst..<(dst + visible.width), with: pixels[src..<(src + visible.width)])
            if let colors { result.colors!.replaceSubrange(dst..<(dst + visible.width), with: colors[src..<(src + visible.width)]) }
        }
        return result
    }

    /// The smallest rectangle holding every pixel brighter than `threshold` (empty when none is).
    public func litBounds(threshold: UInt8 = 0) -> Rect {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where pixels[y * width + x] > threshold {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? .zero : Rect(minX: minX, minY: minY, maxX: maxX + 1, maxY: maxY + 1)
    }
}

extension Bitmap: Equatable {
    public static func == (lhs: Bitmap, rhs: Bitmap) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.pixels == rhs.pixels && lhs.colors == rhs.colors
    }
}
