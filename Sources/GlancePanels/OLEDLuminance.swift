import GlanceGraphics

/// A documented approximation of how bright a lit OLED pixel is for given drive settings,
/// used by the emulators' `glass` so dimming can be asserted.
///
/// Light is proportional to segment current (contrast + 1, out of 256), scaled by how long
/// the pixel is pre-charged (0.5 at 1 DCLK rising linearly to 1.0 at 15) and by the VCOMH
/// level (0.65 at 0x00 rising linearly to 1.0 at 0x40 and above). Only the ordering matters:
/// every setting moves light the way the datasheets say it does.
public enum OLEDLuminance {
    /// The gray level (1–255) of a lit pixel.
    /// - Parameters:
    ///   - contrast: The contrast register.
    ///   - prechargeClocks: The pre-charge period in DCLKs, 1–15 (SSD1306 phase 2, `D9` bits 7:4;
    ///     SH1106 pre-charge, `D9` bits 3:0); 0 is invalid and read as 1.
    ///   - vcomh: The VCOMH deselect register.
    public static func level(contrast: UInt8, prechargeClocks: Int, vcomh: UInt8) -> UInt8 {
        let current = Double(Int(contrast) + 1) / 256
        let phase2 = Double(min(15, max(1, prechargeClocks)))
        let phase = 0.5 + 0.5 * (phase2 - 1) / 14
        let vcom = 0.65 + 0.35 * Double(min(Int(vcomh), 0x40)) / 0x40
        return UInt8(max(1, min(255, (255 * current * phase * vcom).rounded())))
    }

    /// `shown` with every lit (non-zero) pixel at `level`: a mono emulator's glass.
    static func lit(_ shown: Bitmap, at level: UInt8) -> Bitmap {
        var image = shown
        for index in image.pixels.indices where image.pixels[index] != 0 { image.pixels[index] = level }
        return image
    }
}
