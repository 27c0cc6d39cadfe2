extension Bitmap {
    /// The bitmap as ASCII art for tests: `#` for pixels at or above `threshold`, `.` below,
    /// rows joined by newlines with no trailing newline.
    public func ascii(threshold: UInt8 = 128) -> String {
        var text = ""
        text.reserveCapacity((width + 1) * height)
        for y in 0..<height {
            if y > 0 { text.append("\n") }
            for x in 0..<width { text.append(pixels[y * width + x] >= threshold ? "#" : ".") }
        }
        return text
    }

    /// The bitmap as gray ASCII art, one character per pixel from the ramp ` .:-=+*#%@`
    /// (dark to lit), for looking at anti-aliased or dithered output in test failures.
    public func asciiGray() -> String {
        let ramp = Array(" .:-=+*#%@")
        var text = ""
        for y in 0..<height {
            if y > 0 { text.append("\n") }
            for x in 0..<width { text.append(ramp[Int(pixels[y * width + x]) * (ramp.count - 1) / 255]) }
        }
        return text
    }

    /// Parses ASCII art (`#` lit as 255, `.` or space dark as 0; every row the same length).
    /// Leading and trailing blank lines are ignored so multi-line literals read naturally.
    /// - Returns: nil when rows differ in length or contain other characters.
    public init?(ascii: String) {
        let rows = ascii.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0.allSatisfy(\.isWhitespace) }
            .reversed().drop { $0.allSatisfy(\.isWhitespace) }.reversed()
        let width = rows.first?.count ?? 0
        var pixels = [UInt8]()
        for row in rows {
            guard row.count == width else { return nil }
            for character in row {
                switch character {
                case "#": pixels.append(255)
                case ".", " ": pixels.append(0)
                default: return nil
                }
            }
        }
        self.init(width: width, height: rows.count, pixels: pixels)
    }
}
