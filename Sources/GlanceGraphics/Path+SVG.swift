// SVG path data (the `d` attribute) → `Path`. Used by the symbol catalog; arcs become cubics.

import Foundation

/// Why a piece of SVG path data could not be read, and where.
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Zero-based character offset in the path data where reading stopped.
    public var offset: Int
    /// What was wrong, e.g. "expected a number after 'L'".
    public var message: String

    /// Creates an error at `offset` (zero-based character index) with `message`.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "\(message) (at character \(offset + 1))" }
}

extension Path {
    /// Creates a path from SVG path data such as `"M4 4 h16 v16 H4 z"`.
    ///
    /// Supports every SVG 1.1 command — M L H V C S Q T A Z, absolute (upper case) and
    /// relative (lower case) — with implicit repeats, implicit line-tos after a move,
    /// numbers packed without separators (`"M.5-1e1.5"`) and packed arc flags (`"a1 1 0 0110 10"`).
    /// Elliptical arcs are converted to cubic Béziers (at most 90° each).
    /// - Parameter svgPathData: The path data; coordinates are taken as drawing coordinates.
    /// - Throws: `SVGPathError` naming the offending character offset; never traps on bad input.
    public init(svgPathData: String) throws {
        self.init()
        var reader = SVGPathReader(Array(svgPathData.utf8))
        try reader.read(into: &self)
    }
}

// MARK: - Reader

private struct SVGPathReader {
    let bytes: [UInt8]
    var index = 0
    /// Current point, start of the current subpath, and the last control point for S/T reflection.
    var current = PointF(x: 0, y: 0)
    var start = PointF(x: 0, y: 0)
    var lastCubicControl: PointF?
    var lastQuadControl: PointF?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func read(into path: inout Path) throws {
        skipSeparators()
        var command: UInt8?
        var isFirst = true
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isCommand(byte) {
                command = byte
                index += 1
            } else if command == nil || !Self.startsNumber(byte) {
                throw SVGPathError(offset: index, message: "unexpected character '\(Self.show(byte))'")
            }
            guard let letter = command else { break }
            if isFirst, letter != UInt8(ascii: "M"), letter != UInt8(ascii: "m") {
                throw SVGPathError(offset: max(0, index - 1), message: "path data must start with a move (M or m)")
            }
            isFirst = false
            command = try perform(letter, into: &path)
            skipSeparators()
        }
    }

    /// Runs one command (one set of arguments); returns the command that implicitly repeats.
    private mutating func perform(_ letter: UInt8, into path: inout Path) throws -> UInt8? {
        let relative = letter >= UInt8(ascii: "a")
        let upper = relative ? letter - 32 : letter
        let base = relative ? current : PointF(x: 0, y: 0)
        func point(_ x: Double, _ y: Double) -> PointF { PointF(x: base.x + x, y: base.y + y) }
        var cubicControl: PointF?
        var quadControl: PointF?
        defer {
            lastCubicControl = cubicControl
            lastQuadControl = quadControl
        }

        switch upper {
        case UInt8(ascii: "Z"):
            path.closeSubpath()
            current = start
            return nil
        case UInt8(ascii: "M"):
            let p = point(try number(after: letter), try number(after: letter))
            path.move(to: p)
            current = p
            start = p
            // Further coordinate pairs after a move are line-tos of the same kind.
            return relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
        case UInt8(ascii: "L"):
            current = point(try number(after: letter), try number(after: letter))
            path.addLine(to: current)
        case UInt8(ascii: "H"):
            current = PointF(x: base.x + (try number(after: letter)), y: current.y)
            path.addLine(to: current)
        case UInt8(ascii: "V"):
            current = PointF(x: current.x, y: (relative ? current.y : 0) + (try number(after: letter)))
            path.addLine(to: current)
        case UInt8(ascii: "C"), UInt8(ascii: "S"):
            let c1: PointF
            if upper == UInt8(ascii: "C") {
                c1 = point(try number(after: letter), try number(after: letter))
            } else {
                c1 = lastCubicControl.map { PointF(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
            }
            let c2 = point(try number(after: letter), try number(after: letter))
            let end = point(try number(after: letter), try number(after: letter))
            path.addCurve(to: end, control1: c1, control2: c2)
            current = end
            cubicControl = c2
        case UInt8(ascii: "Q"), UInt8(ascii: "T"):
            let c: PointF
            if upper == UInt8(ascii: "Q") {
                c = point(try number(after: letter), try number(after: letter))
            } else {
                c = lastQuadControl.map { PointF(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
            }
            let end = point(try number(after: letter), try number(after: letter))
            path.addQuadCurve(to: end, control: c)
            current = end
            quadControl = c
        case UInt8(ascii: "A"):
            let rx = try number(after: letter), ry = try number(after: letter)
            let rotation = try number(after: letter)
            let largeArc = try flag(after: letter), sweep = try flag(after: letter)
            let end = point(try number(after: letter), try number(after: letter))
            Self.appendArc(to: &path, from: current, to: end, rx: rx, ry: ry,
                           rotationDegrees: rotation, largeArc: largeArc, sweep: sweep)
            current = end
        default:
            throw SVGPathError(offset: index - 1, message: "unknown command '\(Self.show(letter))'")
        }
        return letter
    }

    // MARK: Tokens

    private mutating func skipSeparators() {
        while index < bytes.count, Self.isSeparator(bytes[index]) { index += 1 }
    }

    private mutating func number(after letter: UInt8) throws -> Double {
        skipSeparators()
        let begin = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1; digits += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1; digits += 1 }
        }
        guard digits > 0 else {
            index = begin
            let found = begin < bytes.count ? "'\(Self.show(bytes[begin]))'" : "the end"
            throw SVGPathError(offset: begin, message: "expected a number after '\(Self.show(letter))', found \(found)")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var probe = index + 1
            if probe < bytes.count, bytes[probe] == UInt8(ascii: "+") || bytes[probe] == UInt8(ascii: "-") { probe += 1 }
            if probe < bytes.count, Self.isDigit(bytes[probe]) {
                index = probe
                while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            }
        }
        let text = String(decoding: bytes[begin..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite, abs(value) < 1e9 else {
            throw SVGPathError(offset: begin, message: "number '\(text)' is out of range")
        }
        skipSeparators()
        return value
    }

    /// An arc flag is a single '0' or '1' and may be packed against what follows ("0110").
    private mutating func flag(after letter: UInt8) throws -> Bool {
        skipSeparators()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw SVGPathError(offset: index, message: "expected an arc flag (0 or 1) after '\(Self.show(letter))'")
        }
        defer { index += 1; skipSeparators() }
        return bytes[index] == UInt8(ascii: "1")
    }

    private static func isCommand(_ b: UInt8) -> Bool {
        switch b | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
             UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            // `| 0x20` maps some punctuation onto letters; only accept real letters.
            return (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
        default:
            return false
        }
    }
    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    private static func isSeparator(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: ",") || b == 9 || b == 10 || b == 13 || b == 12
    }
    private static func startsNumber(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }
    private static func show(_ b: UInt8) -> String {
        b >= 32 && b < 127 ? String(UnicodeScalar(b)) : String(format: "\\x%02X", b)
    }

    // MARK: Arcs

    /// Appends an SVG elliptical arc as cubic Béziers (SVG 1.1 implementation notes, F.6.5–F.6.6).
    static func appendArc(to path: inout Path, from p0: PointF, to p1: PointF, rx rxIn: Double, ry ryIn: Double,
                          rotationDegrees: Double, largeArc: Bool, sweep: Bool) {
        var rx = abs(rxIn), ry = abs(ryIn)
        if p0 == p1 { return }
        guard rx > 0, ry > 0 else { return path.addLine(to: p1) }
        let phi = rotationDegrees * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        // Radii too small to reach the end point are scaled up just enough (F.6.6).
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator > 0 ? max(0, numerator / denominator).squareRoot() : 0
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let center = PointF(x: cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2,
                            y: sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2)
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }
        guard delta.isFinite, center.x.isFinite, center.y.isFinite else { return path.addLine(to: p1) }

        let segments = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / Double(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        func onEllipse(_ t: Double) -> PointF {
            PointF(x: center.x + rx * cos(t) * cosPhi - ry * sin(t) * sinPhi,
                   y: center.y + rx * cos(t) * sinPhi + ry * sin(t) * cosPhi)
        }
        func derivative(_ t: Double) -> PointF {
            PointF(x: -rx * sin(t) * cosPhi - ry * cos(t) * sinPhi,
                   y: -rx * sin(t) * sinPhi + ry * cos(t) * cosPhi)
        }
        var t = theta1
        var from = p0
        for index in 0..<segments {
            let next = t + step
            let to = index == segments - 1 ? p1 : onEllipse(next)
            let d0 = derivative(t), d1 = derivative(next)
            path.addCurve(to: to,
                          control1: PointF(x: from.x + k * d0.x, y: from.y + k * d0.y),
                          control2: PointF(x: to.x - k * d1.x, y: to.y - k * d1.y))
            from = to
            t = next
        }
    }
}
