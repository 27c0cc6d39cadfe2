import GlanceGraphics

/// A clockwise rotation from the picture's orientation to the panel's RAM orientation.
public enum PanelRotation: Int, CaseIterable, Hashable, Sendable {
    /// No rotation.
    case none = 0
    /// A quarter turn clockwise: the picture's top edge lands on the panel's right edge.
    case quarter = 90
    /// A half turn.
    case half = 180
    /// Three quarter turns clockwise (a quarter turn counter-clockwise).
    case threeQuarters = 270

    /// Creates a rotation from degrees (multiples of 90, any sign); nil otherwise.
    public init?(degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    /// The size a picture needs so that, rotated, it fills a panel of `panelSize`.
    public func pictureSize(forPanel panelSize: Size) -> Size {
        switch self {
        case .none, .half: panelSize
        case .quarter, .threeQuarters: Size(width: panelSize.height, height: panelSize.width)
        }
    }

    /// This rotation with a half turn taken away (what is left for software when the
    /// controller flips by 180° in hardware).
    public var removingHalfTurn: PanelRotation {
        PanelRotation(degrees: rawValue + 180)!
    }

    /// Whether the rotation includes a half turn a flipping controller could do.
    public var includesHalfTurn: Bool { self == .half || self == .threeQuarters }

    /// `bitmap` rotated clockwise by this rotation.
    public func apply(to bitmap: Bitmap) -> Bitmap {
        let w = bitmap.width, h = bitmap.height
        switch self {
        case .none:
            return bitmap
        case .half:
            var out = bitmap
            out.pixels.reverse()
            out.colors?.reverse()
            return out
        case .quarter, .threeQuarters:
            func turned<T>(_ pixels: [T]) -> [T] {
                guard let first = pixels.first else { return pixels }
                var out = [T](repeating: first, count: w * h)
                pixels.withUnsafeBufferPointer { src in
                    out.withUnsafeMutableBufferPointer { dst in
                        // Output is h wide and w tall.
                        for y in 0..<h {
                            for x in 0..<w {
                                let (ox, oy) = self == .quarter ? (h - 1 - y, x) : (y, w - 1 - x)
                                dst[oy * h + ox] = src[y * w + x]
                            }
                        }
                    }
                }
                return out
            }
            var out = Bitmap(width: h, height: w, pixels: turned(bitmap.pixels), antialiasing: bitmap.antialiasing)!
            out.colors = bitmap.colors.map(turned)
            return out
        }
    }
}
