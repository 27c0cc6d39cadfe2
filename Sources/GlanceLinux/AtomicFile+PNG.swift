import Foundation
import GlanceGraphics

extension AtomicFile {
    /// Encodes `bitmap` as a PNG, `scale` pixels a side for each of its pixels in `look`, and
    /// writes it to `url` as `write(_:to:)` does: the one way Glance writes a PNG file (command
    /// output, frame files), so every one is whole or absent and replaces only a regular file.
    /// - Throws: `AtomicFileError` naming the path: the image cannot be encoded, something
    ///   other than a regular file is there, or the system's reason the write failed.
    public static func writePNG(_ bitmap: Bitmap, scale: Int = 1, look: PanelLook = .plain, to url: URL) throws {
        try writePNG(to: url) { try bitmap.png(scale: scale, look: look) }
    }

    /// Encodes the colour `image` as a PNG and writes it to `url` as `write(_:to:)` does.
    /// - Throws: `AtomicFileError` naming the path, as `writePNG(_:scale:look:to:)`.
    public static func writePNG(_ image: RGBImage, to url: URL) throws {
        try writePNG(to: url) { try PNG.encode(image) }
    }

    private static func writePNG(to url: URL, encode: () throws -> [UInt8]) throws {
        let png: [UInt8]
        do {
            png = try encode()
        } catch {
            throw AtomicFileError(path: url.path, reason: "the image cannot be encoded as PNG: \(error)")
        }
        try write(Data(png), to: url)
    }
}
