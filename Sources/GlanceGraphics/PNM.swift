/// A PGM or PBM file that could not be read, with the byte offset where reading stopped.
public struct PNMError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What was wrong.
    public let message: String
    /// Byte offset into the data.
    public let offset: Int

    /// Creates an error at byte `offset`.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "PNM at byte \(offset): \(message)" }
}

extension Bitmap {
    /// Binary PGM (P5), 8 bits per pixel, 0 black.
    public func pgm() -> [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
    }

    /// Binary PBM (P4) of the pixels at or above `threshold`; in PBM a set bit is black, so a
    /// lit pixel is written as 0.
    public func pbm(threshold: UInt8 = 128) -> [UInt8] {
        var bytes = Array("P4\n\(width) \(height)\n".utf8)
        let rowBytes = (width + 7) / 8
        for y in 0..<height {
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<width where pixels[y * width + x] < threshold {
                row[x / 8] |= 0x80 >> UInt8(x % 8)
            }
            bytes += row
        }
        return bytes
    }

    /// The width and height a PGM or PBM header declares, read without decoding anything, so a
    /// caller can refuse an image by its size before it costs memory; nil when the bytes do not
    /// begin like one.
    public static func pnmDimensions(of data: [UInt8]) -> (width: Int, height: Int)? {
        var reader = PNMReader(data: data)
        guard let magic = try? reader.token(), ["P1", "P2", "P4", "P5"].contains(magic),
              let width = try? reader.number(), let height = try? reader.number() else { return nil }
        return (width, height)
    }

    /// Reads a PGM (P2, P5) or PBM (P1, P4) image; PBM black becomes 0 and white 255, PGM
    /// values are rescaled from the file's maximum to 0…255.
    /// - Parameter maximumPixels: The most pixels the image may have, checked from its header
    ///   before any pixel is read.
    /// - Throws: `PNMError` naming the problem and the byte offset.
    public init(pnm data: [UInt8], maximumPixels: Int = 64 << 20) throws {
        var reader = PNMReader(data: data)
        let magic = try reader.token()
        guard ["P1", "P2", "P4", "P5"].contains(magic) else {
            throw PNMError(message: "expected P1, P2, P4 or P5, found \"\(magic.prefix(8))\"", offset: 0)
        }
        let width = try reader.number(), height = try reader.number()
        guard width > 0, height > 0 else { throw PNMError(message: "size \(width)×\(height) is empty", offset: reader.offset) }
        guard width * height <= maximumPixels else {
            throw PNMError(message: "size \(width)×\(height) is over the limit of \(maximumPixels) pixels", offset: reader.offset)
        }
        let isBitmap = magic == "P1" || magic == "P4"
        let maximum = isBitmap ? 1 : try reader.number()
        guard (1...65535).contains(maximum) else {
            throw PNMError(message: "maximum value \(maximum) is outside 1…65535", offset: reader.offset)
        }
        // Checked before the pixels are allocated, so a large header on little data costs nothing:
        // the binary forms need their bytes after one whitespace byte, the text forms at least a
        // byte a value.
        let isBinary = magic == "P4" || magic == "P5"
        let needed = magic == "P4" ? (width + 7) / 8 * height : width * height * (magic == "P5" && maximum > 255 ? 2 : 1)
        let available = max(0, data.count - reader.offset - (isBinary ? 1 : 0))
        guard needed <= available else {
            throw PNMError(message: isBinary ? "pixel data ends after \(available) of \(needed) bytes"
                                             : "pixel data ends after \(available) bytes, too few for \(width)×\(height) values",
                           offset: data.count)
        }
        var pixels = [UInt8](repeating: 0, count: width * height)
        switch magic {
        case "P1", "P2":
            for index in pixels.indices {
                let value = try reader.number()
                guard value <= maximum else { throw PNMError(message: "value \(value) exceeds \(maximum)", offset: reader.offset) }
                pixels[index] = isBitmap ? (value == 1 ? 0 : 255) : UInt8(value * 255 / maximum)
            }
        case "P4":
            reader.offset += 1
            let rowBytes = (width + 7) / 8
            let raw = Array(try reader.bytes(rowBytes * height))
            for y in 0..<height {
                for x in 0..<width {
                    let bit = raw[y * rowBytes + x / 8] & (0x80 >> UInt8(x % 8))
                    pixels[y * width + x] = bit != 0 ? 0 : 255
                }
            }
        default:
            reader.offset += 1
            let wide = maximum > 255
            let raw = Array(try reader.bytes(pixels.count * (wide ? 2 : 1)))
            for index in pixels.indices {
                let value = wide ? Int(raw[index * 2]) << 8 | Int(raw[index * 2 + 1]) : Int(raw[index])
                pixels[index] = UInt8(min(value, maximum) * 255 / maximum)
            }
        }
        self.init(width: width, height: height, pixels: pixels)!
    }
}

/// Reads the whitespace-separated header tokens of a PNM file, skipping `#` comments.
private struct PNMReader {
    let data: [UInt8]
    var offset = 0
    /// Where the most recent token began, for error messages.
    var tokenStart = 0

    mutating func token() throws -> String {
        while offset < data.count {
            if data[offset] == UInt8(ascii: "#") {
                while offset < data.count, data[offset] != UInt8(ascii: "\n") { offset += 1 }
            } else if Self.isSpace(data[offset]) {
                offset += 1
            } else {
                break
            }
        }
        tokenStart = offset
        while offset < data.count, !Self.isSpace(data[offset]), data[offset] != UInt8(ascii: "#") { offset += 1 }
        guard offset > tokenStart else { throw PNMError(message: "unexpected end of data", offset: offset) }
        return String(decoding: data[tokenStart..<offset], as: UTF8.self)
    }

    mutating func number() throws -> Int {
        let text = try token()
        guard let value = Int(text), value >= 0, text.count <= 9 else {
            throw PNMError(message: "expected a non-negative number, found \"\(text.prefix(12))\"", offset: tokenStart)
        }
        return value
    }

    mutating func bytes(_ count: Int) throws -> ArraySlice<UInt8> {
        guard offset + count <= data.count else {
            throw PNMError(message: "pixel data ends after \(data.count - offset) of \(count) bytes", offset: data.count)
        }
        defer { offset += count }
        return data[offset..<(offset + count)]
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}
