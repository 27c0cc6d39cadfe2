/// How an OLED page controller's rows and columns reach the glass: segment remap, COM scan
/// direction, COM pin configuration, multiplex ratio, display offset and start line, plus how
/// the module is mounted. Shared by the SSD1306-family and SH1106 emulators.
///
/// Mounting model: common modules wire the panel so that the usual init (`A1`, `C8`) shows RAM
/// upright, i.e. glass column 0 is the highest SEG and glass row 0 the highest COM in use.
/// `columnOffset` is the RAM column shown at glass column 0 in that upright setting.
struct OLEDScanGeometry: Hashable, Sendable {
    var panelWidth: Int
    var panelHeight: Int
    var ramColumns: Int
    var columnOffset: Int
    /// The COM pin configuration (`DA`) the panel is wired for.
    var wiredComPins: UInt8

    var segmentRemap = false
    var comScanReversed = false
    var multiplex = 64
    var displayOffset = 0
    var startLine = 0
    var comPins: UInt8 = 0x12

    /// The RAM column shown at glass column `x`.
    func ramColumn(glassX x: Int) -> Int {
        if segmentRemap { return columnOffset + x }
        return (ramColumns - panelWidth - columnOffset) + (panelWidth - 1 - x)
    }

    /// The RAM row (0–63) shown at glass row `y`, or nil when no COM drives it.
    func ramRow(glassY y: Int) -> Int? {
        let wiredCOM = panelHeight - 1 - y
        let com: Int
        if (comPins & 0x30) == (wiredComPins & 0x30) {
            com = wiredCOM
        } else {
            com = Self.com(forPin: Self.pin(forCOM: wiredCOM, config: wiredComPins), config: comPins)
        }
        guard com < multiplex else { return nil }
        let logical = comScanReversed ? multiplex - 1 - com : com
        return (logical + displayOffset + startLine) & 63
    }

    /// The physical pin COM `com` drives under a `DA` configuration: bit 4 alternative
    /// (COM0–31 on even pins, COM32–63 on odd), bit 5 left/right swap.
    static func pin(forCOM com: Int, config: UInt8) -> Int {
        let swap = config & 0x20 != 0
        if config & 0x10 != 0 {
            let half = com < 32 ? 0 : 1
            return 2 * (com % 32) + (swap ? 1 - half : half)
        }
        return swap ? (com + 32) % 64 : com
    }

    /// The COM that drives `pin` under a `DA` configuration (inverse of `pin(forCOM:config:)`).
    static func com(forPin pin: Int, config: UInt8) -> Int {
        for com in 0..<64 where self.pin(forCOM: com, config: config) == pin { return com }
        return pin
    }

    /// The lit (255) and dark (0) glass pixels for page-organised `ram` of `ramColumns` columns.
    func shownPixels(ram: [UInt8], inverse: Bool, entireDisplayOn: Bool) -> [UInt8] {
        if entireDisplayOn { return [UInt8](repeating: 255, count: panelWidth * panelHeight) }
        let columns = (0..<panelWidth).map(ramColumn(glassX:))
        var out = [UInt8](repeating: 0, count: panelWidth * panelHeight)
        ram.withUnsafeBufferPointer { ram in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<panelHeight {
                    let base = y * panelWidth
                    // A row no COM drives stays dark, inverse or not.
                    guard let row = ramRow(glassY: y) else { continue }
                    let page = (row >> 3) * ramColumns, mask = UInt8(1) << UInt8(row & 7)
                    for x in 0..<panelWidth where (ram[page + columns[x]] & mask != 0) != inverse { out[base + x] = 255 }
                }
            }
        }
        return out
    }
}
