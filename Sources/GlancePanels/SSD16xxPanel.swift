/// An e-paper panel on an SSD1680-family controller (SSD1680, SSD1681): the chip's RAM and the
/// part of it the glass shows. The command set is the same across the family; what differs is
/// the RAM size, the gates and sources in use, and the display update control 1 that selects
/// the sources.
public struct SSD16xxPanel: Hashable, Sendable {
    /// A short name for messages, e.g. `SSD1680 122×250`.
    public var name: String
    /// Sources in use (pixels per row, RAM orientation).
    public var width: Int
    /// Gates in use (rows, RAM orientation).
    public var height: Int
    /// The chip's RAM width in bytes of 8 sources.
    public var ramBytesPerRow: Int
    /// The chip's RAM height in gates.
    public var ramRows: Int
    /// Display update control 1 (`21 A B`) when the panel needs other than the reset value
    /// (the SSD1680's 122 sources start at S8: `21 00 80`).
    public var updateControl1: [UInt8]?
    /// Seeds the emulator's power-on RAM garbage (different per chip).
    let garbageSeed: UInt32

    /// Bytes per row of the panel's own image (width rounded up to whole bytes).
    public var bytesPerRow: Int { (width + 7) / 8 }

    /// Waveshare 2.13" V4 and similar: SSD1680, 122 sources × 250 gates of a 176×296 RAM
    /// (datasheet rev 0.14: RAM 176 × 296; `21 00 80` selects S8–S167).
    public static let ssd1680_122x250 = SSD16xxPanel(name: "SSD1680 122×250", width: 122, height: 250, ramBytesPerRow: 22, ramRows: 296,
                                                     updateControl1: [0x00, 0x80], garbageSeed: 0x1680)
    /// 1.54" 200×200 boards (Waveshare 1.54" V2, Adafruit 1.54"): SSD1681, whose 200×200 RAM the
    /// glass uses whole (see Docs/Panels.md for the sources).
    public static let ssd1681_200x200 = SSD16xxPanel(name: "SSD1681 200×200", width: 200, height: 200, ramBytesPerRow: 25, ramRows: 200,
                                                     updateControl1: nil, garbageSeed: 0x1681)
}
