import CPNG

/// A PNG that could not be encoded or decoded; `message` is libpng's explanation.
public struct PNGError: Error, CustomStringConvertible, Sendable {
    /// libpng's message, or ours when the input never reached libpng.
    public let message: String

    public var description: String { "PNG: \(message)" }
}

/// PNG encoding and decoding through libpng's simplified API (which reports errors as
/// values instead of long-jumping, so it is safe to call from Swift).
public enum PNG {
    /// Encodes an 8-bit gray PNG of `bitmap`.
    public static func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        try encode(width: bitmap.width, height: bitmap.height, format: UInt32(PNG_FORMAT_GRAY), bytes: bitmap.pixels)
    }

    /// Encodes an RGB PNG of `image`.
    public static func encode(_ image: RGBImage) throws -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(image.pixels.count * 3)
        for pixel in image.pixels { bytes += [pixel.red, pixel.green, pixel.blue] }
        return try encode(width: image.width, height: image.height, format: UInt32(PNG_FORMAT_RGB), bytes: bytes)
    }

    /// Decodes any PNG (gray, palette, RGB, with or without alpha, 1–16 bits) into 8-bit gray,
    /// compositing transparency over black.
    /// - Parameters:
    ///   - data: The PNG file's bytes.
    ///   - keepingColor: Whether a colour PNG also fills the bitmap's `colors` (a colour
    ///     screen's screenshot); gray PNGs never have them.
    ///   - maximumPixels: The most pixels the image may have, checked from its header before
    ///     any pixel is decoded (a colour image costs about 7 bytes a pixel while decoding).
    /// - Throws: `PNGError` when the data is not a readable PNG or has too many pixels.
    public static func decode(_ data: [UInt8], keepingColor: Bool = false, maximumPixels: Int = 64 << 20) throws -> Bitmap {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let began = data.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard began != 0 else { throw PNGError(message: message(of: image)) }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0 else { throw PNGError(message: "image of \(width)×\(height) pixels is empty") }
        guard width * height <= maximumPixels else {
            throw PNGError(message: "image of \(width)×\(height) pixels is over the limit of \(maximumPixels)")
        }
        let isColor = image.format & UInt32(PNG_FORMAT_FLAG_COLOR) != 0
        if keepingColor, isColor {
            var gray = try decode(data, maximumPixels: maximumPixels)
            gray.colors = try decodeRGB(data, width: gray.width, height: gray.height)
            return gray
        }
        image.format = UInt32(PNG_FORMAT_GRAY)
        var pixels = [UInt8](repeating: 0, count: width * height)
        var black = png_color(red: 0, green: 0, blue: 0)
        let finished = pixels.withUnsafeMutableBytes { raw in
            png_image_finish_read(&image, &black, raw.baseAddress, Int32(width), nil)
        }
        guard finished != 0 else { throw PNGError(message: message(of: image)) }
        return Bitmap(width: width, height: height, pixels: pixels)!
    }

    /// The width and height a PNG's header (its IHDR chunk) declares, read without decoding
    /// anything, so a caller can refuse an image by its size before it costs memory; nil when
    /// the bytes do not begin like a PNG or declare a size the format does not allow.
    public static func dimensions(of data: [UInt8]) -> (width: Int, height: Int)? {
        // The 8-byte signature, then IHDR first: its length (13), its type, width and height (big-endian).
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= 24, Array(data[0..<8]) == signature, Array(data[12..<16]) == Array("IHDR".utf8) else { return nil }
        func word(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        // The format allows at most 2³¹ − 1 each way (so the product fits an Int).
        guard word(16) <= Int(Int32.max), word(20) <= Int(Int32.max) else { return nil }
        return (word(16), word(20))
    }

    /// The pixels of a PNG of `width`×`height` as sRGB colours, transparency over black.
    private static func decodeRGB(_ data: [UInt8], width: Int, height: Int) throws -> [RGB] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let began = data.withUnsafeBytes { raw in png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) }
        guard began != 0 else { throw PNGError(message: message(of: image)) }
        image.format = UInt32(PNG_FORMAT_RGB)
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        var black = png_color(red: 0, green: 0, blue: 0)
        let finished = bytes.withUnsafeMutableBytes { raw in png_image_finish_read(&image, &black, raw.baseAddress, Int32(width * 3), nil) }
        guard finished != 0 else { throw PNGError(message: message(of: image)) }
        return (0..<(width * height)).map { RGB(red: bytes[3 * $0], green: bytes[3 * $0 + 1], blue: bytes[3 * $0 + 2]) }
    }

    private static func encode(width: Int, height: Int, format: UInt32, bytes: [UInt8]) throws -> [UInt8] {
        guard width > 0, height > 0 else { throw PNGError(message: "cannot encode an empty \(width)×\(height) image") }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        defer { png_image_free(&image) }
        let channels = format == UInt32(PNG_FORMAT_RGB) ? 3 : 1
        let stride = Int32(width * channels)
        var size = 0
        // First call measures, second call writes.
        let measured = bytes.withUnsafeBytes { raw in
            png_image_write_to_memory(&image, nil, &size, 0, raw.baseAddress, stride, nil)
        }
        guard measured != 0, size > 0 else { throw PNGError(message: message(of: image)) }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { out in
            bytes.withUnsafeBytes { raw in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, raw.baseAddress, stride, nil)
            }
        }
        guard written != 0 else { throw PNGError(message: message(of: image)) }
        return Array(output.prefix(size))
    }

    private static func message(of image: png_image) -> String {
        var text = image.message
        let message = withUnsafeBytes(of: &text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return message.isEmpty ? "libpng failed without a message" : message
    }
}

extension Bitmap {
    /// The bitmap as a PNG: gray at scale 1 with the plain look, otherwise RGB as `look` shows it
    /// (a colour bitmap always in its own colours).
    /// - Parameters:
    ///   - scale: Output pixels per panel pixel (1 or more).
    ///   - look: Colors and pixel gaps; `.plain` keeps the file gray.
    public func png(scale: Int = 1, look: PanelLook = .plain) throws -> [UInt8] {
        if look == .plain, colors == nil { return try PNG.encode(scaled(by: scale)) }
        return try PNG.encode(rendered(scale: scale, look: look))
    }
}
