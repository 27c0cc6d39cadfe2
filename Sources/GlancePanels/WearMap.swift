import GlanceGraphics

/// What an OLED panel has been through, per pixel: the time each pixel was lit, weighted by
/// how hard it was driven, in seconds at full drive.
///
/// OLED pixels age with the charge that passes through them, which is roughly proportional to
/// their light output (contrast, pre-charge and VCOMH together, `OLEDLuminance`) times the time
/// they are lit. A pixel shown at half the light for two hours counts one hour at full drive; a
/// gray pixel counts in proportion to its level. Coordinates are the controller's RAM
/// orientation — the physical pixels — so a map stays true when a face or its rotation changes.
public struct WearMap: PanelRecord {
    /// Width in pixels (RAM orientation).
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Seconds at full drive per pixel, row by row.
    public private(set) var seconds: [Double]
    /// Seconds accounted in all, lit or not.
    public private(set) var observed: Double = 0
    /// Seconds the glass gave any light.
    public private(set) var lit: Double = 0

    /// An unworn map of `size`.
    public init(size: Size) {
        width = max(0, size.width)
        height = max(0, size.height)
        seconds = [Double](repeating: 0, count: width * height)
    }

    /// The size.
    public var size: Size { Size(width: width, height: height) }

    /// Adds `duration` seconds of `frame` on the glass with a fully lit pixel giving `light`
    /// (0…1 of full drive; 0 while the display is off). Frames of another size are ignored.
    /// Costs one pass over the pixels (about 8 k additions on a 128×64 panel).
    public mutating func add(_ frame: Bitmap, light: Double, duration: Double) {
        guard duration > 0, frame.width == width, frame.height == height else { return }
        observed += duration
        guard light > 0 else { return }
        lit += duration
        let scale = light * duration / 255
        frame.pixels.withUnsafeBufferPointer { pixels in
            seconds.withUnsafeMutableBufferPointer { wear in
                for index in 0..<wear.count { wear[index] += Double(pixels[index]) * scale }
            }
        }
    }

    /// The wear of the pixel at `x`, `y`, in seconds at full drive; 0 outside the map.
    public subscript(x: Int, y: Int) -> Double {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return seconds[y * width + x]
    }

    // MARK: - Summary

    /// A pixel and its wear.
    public struct Pixel: Hashable, Sendable {
        /// Column (RAM orientation).
        public var x: Int
        /// Row.
        public var y: Int
        /// Seconds at full drive.
        public var seconds: Double

        /// Creates a pixel.
        public init(x: Int, y: Int, seconds: Double) {
            self.x = x
            self.y = y
            self.seconds = seconds
        }
    }

    /// The figures a person looks at first.
    public struct Summary: Hashable, Sendable {
        /// The hottest pixel's hours at full drive: how far the panel has aged where it aged most.
        public var hottestHours: Double
        /// The median pixel's hours at full drive.
        public var medianHours: Double
        /// The median of the pixels that were ever lit, in hours at full drive.
        public var litMedianHours: Double
        /// Hottest over lit median: how unevenly the lit pixels aged (1 is perfectly even).
        public var unevenness: Double
        /// Hours accounted, lit or not.
        public var observedHours: Double
        /// Hours the glass gave light.
        public var litHours: Double
        /// The hottest pixels, hottest first.
        public var hottest: [Pixel]
    }

    /// The summary, with the `count` hottest pixels.
    public func summary(hottest count: Int = 5) -> Summary {
        let sorted = seconds.sorted()
        let litSorted = sorted.drop { $0 <= 0 }
        func median<C: Collection>(_ values: C) -> Double where C.Element == Double, C.Index == Int {
            values.isEmpty ? 0 : values[values.startIndex + values.count / 2]
        }
        let top = seconds.indices.sorted { seconds[$0] > seconds[$1] || (seconds[$0] == seconds[$1] && $0 < $1) }
            .prefix(max(0, count)).filter { seconds[$0] > 0 }
            .map { Pixel(x: $0 % max(1, width), y: $0 / max(1, width), seconds: seconds[$0]) }
        let hottest = sorted.last ?? 0, litMedian = median(litSorted)
        return Summary(hottestHours: hottest / 3600, medianHours: median(sorted) / 3600, litMedianHours: litMedian / 3600,
                       unevenness: litMedian > 0 ? hottest / litMedian : 0, observedHours: observed / 3600, litHours: lit / 3600,
                       hottest: top)
    }

    // MARK: - Heat map

    /// A heat map: unworn pixels black, then through dark red, orange and yellow to white at
    /// the hottest pixel, each pixel `scale` × `scale`.
    public func heatMap(scale: Int = 4) -> RGBImage {
        let scale = max(1, scale)
        let hottest = seconds.max() ?? 0
        var image = RGBImage(width: width * scale, height: height * scale)
        for y in 0..<height {
            for x in 0..<width {
                let color = Self.heat(hottest > 0 ? seconds[y * width + x] / hottest : 0)
                for dy in 0..<scale {
                    for dx in 0..<scale { image[x * scale + dx, y * scale + dy] = color }
                }
            }
        }
        return image
    }

    /// The heat colour of `fraction` (0…1) of the hottest pixel.
    static func heat(_ fraction: Double) -> RGB {
        let t = min(1, max(0, fraction))
        guard t > 0 else { return RGB(red: 0, green: 0, blue: 0) }
        func channel(_ value: Double) -> UInt8 { UInt8(min(255, max(0, (value * 255).rounded()))) }
        // Black → red over the first third, → yellow over the second, → white over the last.
        return RGB(red: channel(0.25 + t * 2.25), green: channel((t - 1.0 / 3) * 3), blue: channel((t - 2.0 / 3) * 3))
    }

    // MARK: - File format

    private static let magic: [UInt8] = Array("GLWR".utf8) + [1]

    /// The bytes of a map's file before its pixels (a file holds this plus 4 a pixel).
    public static var headerBytes: Int { magic.count + 20 }

    /// "wear map".
    public static let names = PanelRecordNames(full: "wear map", short: "map", indefinite: "a wear map")

    /// The header and 4 bytes a pixel of a panel of `size`.
    public static func byteCount(for size: Size) -> Int {
        headerBytes + 4 * size.width * size.height
    }

    /// The map as bytes for its file: magic `GLWR`, version 1, width and height (UInt16 LE),
    /// observed and lit seconds (Float64 LE), then each pixel's seconds as Float32 LE, row by
    /// row (32 KB for 128×64; a Float32 keeps a pixel to within a second over years).
    public func serialized() -> [UInt8] {
        var bytes = Self.magic
        bytes.reserveCapacity(bytes.count + 20 + seconds.count * 4)
        bytes.appendLittleEndian(UInt16(clamping: width))
        bytes.appendLittleEndian(UInt16(clamping: height))
        bytes.appendLittleEndian(observed.bitPattern)
        bytes.appendLittleEndian(lit.bitPattern)
        for value in seconds { bytes.appendLittleEndian(Float(value).bitPattern) }
        return bytes
    }

    /// Reads a map written by `serialized()`.
    /// - Throws: `PanelRecordError` when the bytes are not a version-1 map of consistent size and finite values.
    public init(serialized bytes: [UInt8]) throws(PanelRecordError) {
        let header = Self.headerBytes
        guard bytes.count >= header, Array(bytes.prefix(Self.magic.count)) == Self.magic else {
            throw PanelRecordError(message: "not a Glance wear map (expected GLWR version 1)")
        }
        let base = Self.magic.count
        width = Int(bytes.littleEndian(at: base, as: UInt16.self))
        height = Int(bytes.littleEndian(at: base + 2, as: UInt16.self))
        observed = Double(bitPattern: bytes.littleEndian(at: base + 4, as: UInt64.self))
        lit = Double(bitPattern: bytes.littleEndian(at: base + 12, as: UInt64.self))
        let count = width * height
        guard bytes.count == header + count * 4 else {
            throw PanelRecordError(message: "holds \(bytes.count - header) bytes of pixels, a \(width)×\(height) map needs \(count * 4)")
        }
        seconds = (0..<count).map { Double(Float(bitPattern: bytes.littleEndian(at: header + $0 * 4, as: UInt32.self))) }
        guard observed.isFinite, lit.isFinite, observed >= 0, lit >= 0, seconds.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw PanelRecordError(message: "holds a negative or non-finite time")
        }
    }
}
