#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A gray paint that varies across the surface: a linear, radial or angular ramp through
/// stops. Gradients are drawn with it; on 1-bit panels the pipeline dithers the grays it makes.
public struct Shading: Sendable, Hashable {
    /// How a point maps to a position (0…1) along the ramp.
    public enum Geometry: Sendable, Hashable {
        /// Along the line from `from` to `to`; constant across it.
        case linear(from: PointF, to: PointF)
        /// By distance from `center`, `startRadius` at 0 and `endRadius` at 1.
        case radial(center: PointF, startRadius: Double, endRadius: Double)
        /// By angle around `center`, clockwise on screen from `startAngle` to `endAngle`
        /// (degrees from 3 o'clock); outside the sweep the nearer end's color holds.
        case angular(center: PointF, startAngle: Double, endAngle: Double)
    }

    /// One color of the ramp: where it sits (0…1), its gray level and its opacity.
    public struct Stop: Sendable, Hashable {
        /// Position along the ramp, 0…1.
        public var location: Double
        /// Gray level (0 dark … 255 lit).
        public var level: UInt8
        /// Opacity (0 transparent … 255 opaque).
        public var opacity: UInt8
        /// Colour on a colour surface; nil is the gray `level`.
        public var rgb: RGB?

        /// Creates a stop.
        public init(location: Double, level: UInt8, opacity: UInt8 = 255, rgb: RGB? = nil) {
            self.location = location
            self.level = level
            self.opacity = opacity
            self.rgb = rgb
        }

        /// Level, opacity and colour (the gray as a colour when `rgb` is nil).
        public var color: (level: UInt8, opacity: UInt8, rgb: RGB) { (level, opacity, rgb ?? RGB(gray: level)) }
    }

    /// The mapping from points to ramp positions.
    public var geometry: Geometry
    /// The stops, in increasing location.
    public var stops: [Stop]

    /// Creates a shading; stops are sorted by location.
    public init(_ geometry: Geometry, stops: [Stop]) {
        self.geometry = geometry
        self.stops = stops.sorted { $0.location < $1.location }
    }

    /// The ramp position of drawing point (`x`, `y`), clamped to 0…1.
    public func position(x: Double, y: Double) -> Double {
        let t: Double
        switch geometry {
        case .linear(let from, let to):
            let dx = to.x - from.x, dy = to.y - from.y
            let length2 = dx * dx + dy * dy
            t = length2 > 0 ? ((x - from.x) * dx + (y - from.y) * dy) / length2 : 0
        case .radial(let center, let startRadius, let endRadius):
            let distance = ((x - center.x) * (x - center.x) + (y - center.y) * (y - center.y)).squareRoot()
            t = endRadius != startRadius ? (distance - startRadius) / (endRadius - startRadius) : (distance < startRadius ? 0 : 1)
        case .angular(let center, let startAngle, let endAngle):
            let sweep = endAngle - startAngle
            guard sweep != 0 else { return 0 }
            var angle = atan2(y - center.y, x - center.x) * 180 / .pi - startAngle
            let turn = sweep > 0 ? 360.0 : -360.0
            angle = angle.truncatingRemainder(dividingBy: 360)
            if angle * turn < 0 { angle += turn }
            // Past the end of a partial sweep, the nearer end wins.
            if abs(angle) > abs(sweep) { return abs(angle) - abs(sweep) < (360 - abs(angle)) ? 1 : 0 }
            t = angle / sweep
        }
        return t.isFinite ? min(1, max(0, t)) : 0
    }

    /// The gray level, opacity and colour at ramp position `t` (0…1), interpolated between stops.
    public func color(at t: Double) -> (level: UInt8, opacity: UInt8, rgb: RGB) {
        guard let first = stops.first, let last = stops.last else { return (0, 0, RGB(gray: 0)) }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        for index in 1..<stops.count where t <= stops[index].location {
            let a = stops[index - 1].color, b = stops[index].color
            let span = stops[index].location - stops[index - 1].location
            let f = span > 0 ? (t - stops[index - 1].location) / span : 1
            func lerp(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8((Double(p) + (Double(q) - Double(p)) * f).rounded()) }
            return (lerp(a.level, b.level), lerp(a.opacity, b.opacity),
                    RGB(red: lerp(a.rgb.red, b.rgb.red), green: lerp(a.rgb.green, b.rgb.green), blue: lerp(a.rgb.blue, b.rgb.blue)))
        }
        return last.color
    }

    /// The gray level, opacity and colour at drawing point (`x`, `y`).
    public func sample(x: Double, y: Double) -> (level: UInt8, opacity: UInt8, rgb: RGB) {
        color(at: position(x: x, y: y))
    }
}
