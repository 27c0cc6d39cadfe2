import ArgumentParser
import Foundation
import GlanceGraphics
import GlanceLinux

/// The files commands write (`--out`, `--sheet`, `--out-dir`, `--capture`): written
/// atomically, replacing only a regular file, and for a PNG the image's size checked before a
/// pixel is scaled.
enum OutputFile {
    /// The most pixels a written image may have: 128 Mi (16384×8192), room for the whole
    /// specimen sheet at --scale 4 (2048×43212). Writing one that large peaks at about 180 MB
    /// in the plain look and 820 MB in a coloured one (that sheet, 88 megapixels, measured
    /// 120 MB and 540 MB; debug build).
    static let maximumPixels = 128 << 20

    /// Scales the commands accept (`--scale`): output pixels per panel pixel.
    static let scales = 1...16

    /// Checks `--scale` against `scales`.
    /// - Throws: `ValidationError` naming the option, the range and the value.
    static func validate(scale: Int) throws {
        guard scales.contains(scale) else {
            throw ValidationError("--scale must be between \(scales.lowerBound) and \(scales.upperBound), got \(scale).")
        }
    }

    /// Why an image of `width`×`height` pixels drawn at `scale` is too large to write, or nil
    /// when it is not. Sizes that would overflow an `Int` count as too large.
    static func problem(width: Int, height: Int, scale: Int) -> String? {
        let (scaledWidth, wide) = width.multipliedReportingOverflow(by: scale)
        let (scaledHeight, tall) = height.multipliedReportingOverflow(by: scale)
        let (pixels, many) = scaledWidth.multipliedReportingOverflow(by: scaledHeight)
        guard wide || tall || many || pixels > maximumPixels else { return nil }
        let size = wide || tall ? "more than \(Int.max) pixels wide or tall" : "\(scaledWidth)×\(scaledHeight) pixels"
        return "the image would be \(size) (\(width)×\(height) at --scale \(scale)), more than the \(maximumPixels) pixels (16384×8192) "
            + "glance writes; use a smaller --scale"
    }

    /// Encodes `bitmap` at `scale` in `look` and writes it to `path` atomically
    /// (`AtomicFile.writePNG`), once its size is checked.
    /// - Throws: `CommandFailure` naming `path`: the image is too large, cannot be encoded, or
    ///   cannot be written (something other than a regular file is there, a folder is missing
    ///   rights…).
    static func writePNG(_ bitmap: Bitmap, scale: Int, look: PanelLook, to path: String) throws {
        if let problem = problem(width: bitmap.width, height: bitmap.height, scale: scale) {
            throw CommandFailure("cannot write \(path): \(problem)")
        }
        do {
            try AtomicFile.writePNG(bitmap, scale: scale, look: look, to: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// Writes `data` to `path` atomically.
    /// - Throws: `CommandFailure` with the atomic writer's message, which names the path.
    static func write(_ data: Data, to path: String) throws {
        do {
            try AtomicFile.write(data, to: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
