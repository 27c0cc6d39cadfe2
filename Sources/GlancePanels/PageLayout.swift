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
            out.withUnsafeMutableBufferPointer { out in
                // Row by row within a page, so the pixels are read in the order they are stored.
                for (pageIndex, page) in pages.enumerated() {
                    let top = page * 8, start = pageIndex * columns.count
                    for bit in 0..<max(0, min(8, height - top)) {
                        let row = (top + bit) * width, mask = UInt8(1) << UInt8(bit)
                        for (offset, x) in columns.enumerated() where pixels[row + x] >= 128 { out[start + offset] |= mask }
                    }
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
