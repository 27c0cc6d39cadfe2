import GlanceGraphics

// Helpers shared by the primitive tests.

/// A crisp (or anti-aliased) black bitmap after running `draw` on it.
func render(width: Int, height: Int, antialiasing: Bool = false, _ draw: (inout Bitmap) -> Void) -> Bitmap {
    var bitmap = Bitmap(width: width, height: height, antialiasing: antialiasing)
    draw(&bitmap)
    return bitmap
}

/// ASCII art of a crisp black bitmap after running `draw` on it.
func ascii(width: Int, height: Int, _ draw: (inout Bitmap) -> Void) -> String {
    render(width: width, height: height, draw).ascii()
}

/// A deterministic pseudo-random sequence (64-bit LCG) so property tests are reproducible.
struct TestRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next value in `range`.
    mutating func next(in range: ClosedRange<Int>) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int((state >> 33) % span)
    }
}

extension Bitmap {
    /// The coordinates of every pixel at least `threshold` bright, row by row.
    func litPixels(threshold: UInt8 = 128) -> [Point] {
        var points: [Point] = []
        for y in 0..<height {
            for x in 0..<width where self[x, y] >= threshold { points.append(Point(x: x, y: y)) }
        }
        return points
    }

    /// The bitmap mirrored left to right.
    func mirroredHorizontally() -> Bitmap {
        var copy = self
        for y in 0..<height {
            for x in 0..<width { copy[x, y] = self[width - 1 - x, y] }
        }
        return copy
    }

    /// The bitmap mirrored top to bottom.
    func mirroredVertically() -> Bitmap {
        var copy = self
        for y in 0..<height {
            for x in 0..<width { copy[x, y] = self[x, height - 1 - y] }
        }
        return copy
    }

    /// The bitmap reflected in its main diagonal (must be square).
    func transposed() -> Bitmap {
        var copy = self
        for y in 0..<height {
            for x in 0..<width { copy[x, y] = self[y, x] }
        }
        return copy
    }
}
