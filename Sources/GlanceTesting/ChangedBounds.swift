import GlanceGraphics

/// The bounding box of the pixels that differ between two pictures of one size (the whole of
/// `new` when the sizes differ); nil when none does. For tests that check which part of a face changed.
public func changedBounds(_ old: Bitmap, _ new: Bitmap) -> Rect? {
    guard old.size == new.size else { return new.bounds }
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for y in 0..<new.height {
        for x in 0..<new.width where old.pixels[y * new.width + x] != new.pixels[y * new.width + x] {
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
    }
    guard maxX >= 0 else { return nil }
    return Rect(minX: minX, minY: minY, maxX: maxX + 1, maxY: maxY + 1)
}
