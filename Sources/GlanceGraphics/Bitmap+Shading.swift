// Filling and stroking with a varying gray (gradients). The solid-color paths stay as they
// are; these rasterize coverage into a scratch layer first and then paint pixel by pixel.

extension Bitmap {
    /// Fills the inside of `path` with `shading` (sampled at each pixel's centre), at `opacity`.
    public mutating func fill(_ path: Path, shading: Shading, opacity: UInt8 = 255, rule: FillRule = .nonZero) {
        var layer = coverageLayer()
        layer.fill(path, value: 255, rule: rule)
        paint(coverage: layer, shading: shading, opacity: opacity)
    }

    /// Strokes `path` with `style`, painting the stroke with `shading`, at `opacity`.
    public mutating func stroke(_ path: Path, style: StrokeStyle, shading: Shading, opacity: UInt8 = 255) {
        var layer = coverageLayer()
        layer.stroke(path, style: style, value: 255)
        paint(coverage: layer, shading: shading, opacity: opacity)
    }

    /// Blends `shading` into every pixel of the clip that `coverage` (a layer of this bitmap) covers.
    private mutating func paint(coverage: Bitmap, shading: Shading, opacity: UInt8) {
        guard opacity > 0 else { return }
        let clip = clipBounds, originX = Double(origin.x), originY = Double(origin.y)
        for y in clip.minY..<max(clip.minY, clip.maxY) {
            for x in clip.minX..<clip.maxX {
                let index = y * width + x
                let c = Int(coverage.pixels[index])
                guard c > 0 else { continue }
                let color = shading.sample(x: Double(x) - originX + 0.5, y: Double(y) - originY + 0.5)
                let alpha = c * Int(color.opacity) * Int(opacity) / (255 * 255)
                guard alpha > 0 else { continue }
                pixels[index] = Bitmap.mix(pixels[index], color.level, UInt8(alpha))
                if colors != nil { colors![index] = colors![index].mixed(with: color.rgb, UInt8(alpha)) }
            }
        }
    }
}
