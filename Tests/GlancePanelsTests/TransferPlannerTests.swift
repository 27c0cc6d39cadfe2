import GlanceGraphics
import GlancePanels
import GlanceTesting
import Testing

/// The planner's diff compares eight pixels at a time while they match: changes anywhere in
/// a word, at a row's last pixels (widths that are no multiple of eight) or nowhere at all
/// must still come out as they did pixel by pixel.
@Suite struct TransferPlannerTests {
    static let pages = TransferAddressing(tileWidth: 1, tileHeight: 8, bytesPerTile: 1, windowSetup: BusCost(bytes: 6, transactions: 1),
                                          windowsSpanBands: true, strategy: .spans)

    @Test(arguments: [(128, 64), (13, 7), (8, 8), (7, 3)])
    func everyChangedPixelIsInARegion(size: (Int, Int)) {
        let planner = TransferPlanner(addressing: Self.pages)
        var random = SplitMix64(seed: UInt64(size.0 * 1000 + size.1))
        var old = Bitmap(width: size.0, height: size.1)
        for index in old.pixels.indices { old.pixels[index] = UInt8.random(in: 0...1, using: &random) * 255 }
        #expect(planner.regions(from: old, to: old).isEmpty)
        for round in 0..<200 {
            var new = old
            let count = 1 + round % 3
            var changed = [(Int, Int)]()
            for _ in 0..<count {
                let (x, y) = (Int.random(in: 0..<size.0, using: &random), Int.random(in: 0..<size.1, using: &random))
                new[x, y] = new[x, y] == 0 ? 255 : 0
                changed.append((x, y))
            }
            let regions = planner.regions(from: old, to: new)
            for (x, y) in changed where new[x, y] != old[x, y] {
                #expect(regions.contains { $0.contains(Point(x: x, y: y)) }, "(\(x), \(y)) in \(size): \(regions)")
            }
        }
    }
}
