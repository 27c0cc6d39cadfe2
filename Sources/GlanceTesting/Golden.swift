import Foundation
import GlanceGraphics

/// Compares bitmaps with golden PNG files kept beside the tests.
///
/// On a mismatch the actual image (`NAME.actual.png`) and a diff image (`NAME.diff.png`:
/// matching pixels dimmed, differing ones red) are written next to the expected file.
/// Set `GLANCE_RECORD_GOLDEN=1` to write the expected files instead of comparing.
public enum Golden {
    /// Checks `bitmap` against the golden PNG at `path`.
    /// - Returns: nil when they match; otherwise a message saying what differs and where the
    ///   actual and diff images were written.
    public static func mismatch(_ bitmap: Bitmap, path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        if ProcessInfo.processInfo.environment["GLANCE_RECORD_GOLDEN"] == "1" {
            do {
                try Data(try bitmap.png()).write(to: url, options: .atomic)
                return nil
            } catch {
                return "could not record \(path): \(error)"
            }
        }
        guard let data = try? Data(contentsOf: url) else {
            return "no golden image at \(path); run the tests with GLANCE_RECORD_GOLDEN=1 to record it"
        }
        let expected: Bitmap
        do {
            expected = try PNG.decode(Array(data))
        } catch {
            return "golden image \(path) is unreadable: \(error)"
        }
        guard expected != bitmap else { return nil }

        let base = url.deletingPathExtension()
        let actualURL = base.appendingPathExtension("actual.png"), diffURL = base.appendingPathExtension("diff.png")
        // Whole files or none, replacing what is there (never writing through a link), as
        // GlanceLinux's `AtomicFile.writePNG`, which this target sits below.
        let written = (try? Data(try bitmap.png()).write(to: actualURL, options: .atomic)) != nil
            && (try? Data(try PNG.encode(diff(expected, bitmap))).write(to: diffURL, options: .atomic)) != nil
        let sizes = expected.size == bitmap.size ? "" : " (expected \(expected.size), got \(bitmap.size))"
        let count = zip(expected.pixels, bitmap.pixels).filter { $0 != $1 }.count
        return "\(path) differs in \(count) pixels\(sizes); "
            + (written ? "see \(actualURL.lastPathComponent) and \(diffURL.lastPathComponent) beside it" : "could not write the actual and diff images")
    }

    /// An image of the union of both sizes: dimmed gray where equal, red where they differ.
    static func diff(_ expected: Bitmap, _ actual: Bitmap) -> RGBImage {
        var image = RGBImage(width: max(expected.width, actual.width), height: max(expected.height, actual.height))
        for y in 0..<image.height {
            for x in 0..<image.width {
                let inBoth = x < expected.width && y < expected.height && x < actual.width && y < actual.height
                if inBoth, expected[x, y] == actual[x, y] {
                    let v = UInt8(Int(actual[x, y]) / 3)
                    image[x, y] = RGB(red: v, green: v, blue: v)
                } else {
                    image[x, y] = RGB(hex: 0xFF2020)
                }
            }
        }
        return image
    }
}
