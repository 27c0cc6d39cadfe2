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
        UInt8(max(1, min(255, (255 * light(contrast: contrast, prechargeClocks: prechargeClocks, vcomh: vcomh)).rounded())))
    }

    /// The light of a lit pixel as a fraction of full drive (contrast FF, 15 DCLK pre-charge,
    /// VCOMH 0x40): `level` before rounding, over 255. The wear map weighs time by it.
    public static func light(contrast: UInt8, prechargeClocks: Int, vcomh: UInt8) -> Double {
        let current = Double(Int(contrast) + 1) / 256
        let phase2 = Double(min(15, max(1, prechargeClocks)))
        let phase = 0.5 + 0.5 * (phase2 - 1) / 14
        let vcom = 0.65 + 0.35 * Double(min(Int(vcomh), 0x40)) / 0x40
        return current * phase * vcom
    }

    /// The segment current an SSD1315 internal reference setting (`AD`) gives, as a fraction of
    /// the 30 µA setting: bit 4 selects the internal reference, bit 5 its current — 0 gives
    /// 19 µA (ISEG up to 150 µA), 1 gives 30 µA (up to 240 µA) (SSD1315 Rev 1.1, command `AD`).
    /// An external reference (bit 4 clear) counts as 1: the module's resistor sets it.
    public static func referenceScale(_ internalReference: UInt8?) -> Double {
        guard let value = internalReference, value & 0x10 != 0, value & 0x20 == 0 else { return 1 }
        return 19.0 / 30
    }

    /// `shown` with every lit (non-zero) pixel at `level`: a mono emulator's glass.
    static func lit(_ shown: Bitmap, at level: UInt8) -> Bitmap {
        var image = shown
        for index in image.pixels.indices where image.pixels[index] != 0 { image.pixels[index] = level }
        return image
    }
}
