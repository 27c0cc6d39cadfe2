import GlanceGraphics

/// Packs mono frames into page-controller RAM bytes, and unpacks RAM for the emulators: one byte
/// per column per page, bit 0 the top row.
enum PageLayout {
    /// The bytes for `pages` × `columns` of `frame`, page by page, column by column; rows past the
    /// frame's bottom are zero.
    static func bytes(of frame: Bitmap, pages: Range<Int>, columns: Range<Int>) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pages.count * columns.count)
        let width = frame.width, height = frame.height
        frame.pixels.withUnsafeBufferPointer { pixels in
            var index = 0
            for page in pages {
                let top = page * 8
                let rows = max(0, min(8, height - top))
                for x in columns {
                    var byte: UInt8 = 0
                    for bit in 0..<rows where pixels[(top + bit) * width + x] >= 128 { byte |= 1 << UInt8(bit) }
                    out[index] = byte
                    index += 1
                }
            }
        }
        return out
    }

    /// Page RAM of `columns` columns × `pages` pages as a bitmap, 255 where a bit is set.
    static func image(ofRAM ram: [UInt8], columns: Int, pages: Int = 8) -> Bitmap {
        var image = Bitmap(width: columns, height: pages * 8)
        for y in 0..<(pages * 8) {
            for x in 0..<columns where ram[(y >> 3) * columns + x] & (1 << (y & 7)) != 0 { image[x, y] = 255 }
        }
        return image
    }
}
