/// The little-endian fields of the state files (`EInkState`, `WearMap`).
extension Array where Element == UInt8 {
    /// Appends `value` in little-endian byte order.
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    /// The little-endian `T` at `offset`; the caller has checked that the bytes are there.
    func littleEndian<T: FixedWidthInteger>(at offset: Int, as _: T.Type = T.self) -> T {
        var value = T.zero
        for index in 0..<MemoryLayout<T>.size { value |= T(truncatingIfNeeded: self[offset + index]) << (8 * index) }
        return value
    }
}
