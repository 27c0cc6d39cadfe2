/// How a panel stores a pixel; the working `Bitmap` is 8-bit gray (with colour beside it in
/// `fullColor` rendering) and is reduced to one of these on the way to the glass.
public enum PixelFormat: String, CaseIterable, Sendable, CustomStringConvertible {
    /// One bit per pixel: lit or dark (SSD1306, SH1106, SSD1309, e-ink).
    case mono1
    /// Sixteen gray levels (SSD1327).
    case gray4
    /// 256 gray levels (gray panels, previews).
    case gray8
    /// 8 bits each of red, green and blue: colour framebuffers, which show `Bitmap.colors`
    /// when the picture has them (`fullColor` rendering) and the gray otherwise.
    case rgb888

    /// Bits each pixel takes in the panel's memory.
    public var bitsPerPixel: Int {
        switch self {
        case .mono1: 1
        case .gray4: 4
        case .gray8: 8
        case .rgb888: 24
        }
    }

    /// The number of distinct levels a pixel can show.
    public var levels: Int { 1 << bitsPerPixel }

    public var description: String { rawValue }
}

/// How 8-bit gray is reduced to one bit per pixel.
public enum MonoConversion: String, CaseIterable, Sendable {
    /// Lit where the gray value is at least the threshold; intermediate tones vanish or go solid.
    case threshold
    /// An 8×8 Bayer ordered dither: intermediate tones become stable patterns that do not
    /// shimmer from frame to frame (unlike error diffusion), so unchanged content stays unchanged.
    case orderedDither
}

extension Bitmap {
    /// The 8×8 Bayer matrix, values 0…63.
    static let bayer8: [UInt8] = [
        0, 32, 8, 40, 2, 34, 10, 42,
        48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38,
        60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41,
        51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37,
        63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// `bayer8` as the lowest gray that lights each cell: level L of 0…255 lights a cell when
    /// L*64/255 (rounded) exceeds its matrix entry (see `monochrome`). Comparing with these
    /// spares a division a pixel on every frame of a 1-bit panel.
    static let bayer8Thresholds: [UInt8] = bayer8.map { entry in
        UInt8((0...255).first { (Int($0) * 64 + 127) / 255 > Int(entry) } ?? 255)
    }

    /// A copy reduced to 1 bit per pixel, stored as 0 (dark) or 255 (lit).
    /// - Parameters:
    ///   - conversion: Threshold or ordered dither.
    ///   - threshold: For `.threshold`, the lowest gray value that lights a pixel.
    /// Ordered dither keeps 0 dark and 255 lit, and lights about `value / 255` of the pixels
    /// of a flat area, anchored to bitmap coordinates so patterns line up across shapes.
    public func monochrome(_ conversion: MonoConversion = .orderedDither, threshold: UInt8 = 128) -> Bitmap {
        var result = grayOnly
        result.pixels.withUnsafeMutableBufferPointer { out in
            switch conversion {
            case .threshold:
                for index in out.indices { out[index] = out[index] >= threshold ? 255 : 0 }
            case .orderedDither:
                // Level L of 0…255 lights the pixel when L*64/255 exceeds the matrix entry,
                // which maps 0 to all dark and 255 to all lit: L at least the cell's threshold.
                // Eight pixels at a time (a row of the matrix), the rest one by one.
                let bytes = UnsafeMutableRawBufferPointer(out)
                Bitmap.bayer8Thresholds.withUnsafeBytes { thresholds in
                    for y in 0..<height {
                        let row = (y & 7) * 8, start = y * width
                        let cells = thresholds.loadUnaligned(fromByteOffset: row, as: SIMD8<UInt8>.self)
                        var x = 0
                        while x + 8 <= width {
                            let gray = bytes.loadUnaligned(fromByteOffset: start + x, as: SIMD8<UInt8>.self)
                            bytes.storeBytes(of: SIMD8<UInt8>(repeating: 0).replacing(with: 255, where: gray .>= cells),
                                             toByteOffset: start + x, as: SIMD8<UInt8>.self)
                            x += 8
                        }
                        while x < width {
                            out[start + x] = out[start + x] >= thresholds[row + (x & 7)] ? 255 : 0
                            x += 1
                        }
                    }
                }
            }
        }
        return result
    }

    /// A copy quantized to 16 levels (0, 17, 34, … 255), rounding to the nearest.
    public func quantizedToGray4() -> Bitmap {
        var result = grayOnly
        result.pixels.withUnsafeMutableBufferPointer { out in
            for index in out.indices { out[index] = UInt8((Int(out[index]) + 8) / 17 * 17) }
        }
        return result
    }

    /// A copy reduced to what a panel of `format` can show (gray8 keeps the grays, rgb888
    /// returns the bitmap unchanged); `conversion` and `threshold` as `monochrome(_:threshold:)`.
    public func converted(to format: PixelFormat, mono conversion: MonoConversion = .orderedDither, threshold: UInt8 = 128) -> Bitmap {
        switch format {
        case .mono1: monochrome(conversion, threshold: threshold)
        case .gray4: quantizedToGray4()
        case .gray8: grayOnly
        case .rgb888: self
        }
    }

    /// This bitmap without its colours (a gray panel's picture).
    public var grayOnly: Bitmap {
        guard colors != nil else { return self }
        var result = self
        result.colors = nil
        return result
    }
}

extension Bitmap {
    /// A copy with every gray level inverted (255 − value).
    public func inverted() -> Bitmap {
        var result = self
        if let colors {
            result.colors = colors.map { RGB(red: 255 &- $0.red, green: 255 &- $0.green, blue: 255 &- $0.blue) }
        }
        result.pixels.withUnsafeMutableBufferPointer { out in
            for index in out.indices { out[index] = 255 &- out[index] }
        }
        return result
    }
}
