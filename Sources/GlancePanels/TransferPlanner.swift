import GlanceGraphics

/// Chooses the regions of a frame to send so that the panel ends up holding the new frame at
/// the least bus cost (bytes plus per-transaction overhead, as `TransferAddressing` prices them).
///
/// For `.spans`, each band's changed tiles form runs; neighbouring runs merge when sending the
/// gap costs less than opening another window, and runs merge into the window above them when
/// the union costs less than the two apart. A plan dearer than one full-frame window is
/// replaced by the full frame.
public struct TransferPlanner: Hashable, Sendable {
    /// How the controller's RAM is addressed.
    public var addressing: TransferAddressing

    /// Creates a planner for `addressing`.
    public init(addressing: TransferAddressing) {
        self.addressing = addressing
    }

    /// The regions to send to turn `old` into `new` (frame coordinates, tile-aligned, clipped
    /// to the frame); the whole frame when `old` is nil, a different size, or gray where `new`
    /// has colour (or the reverse); empty when equal.
    public func regions(from old: Bitmap?, to new: Bitmap) -> [Rect] {
        let full = Rect(x: 0, y: 0, width: new.width, height: new.height)
        guard let old, old.size == new.size, (old.colors == nil) == (new.colors == nil) else { return full.isEmpty ? [] : [full] }
        // On a colour screen a pixel changes when its colour does, even at the same gray.
        let oldColors = old.colors ?? [], newColors = new.colors ?? []
        let colored = !newColors.isEmpty
        let tw = addressing.tileWidth, th = addressing.tileHeight
        let tilesX = (new.width + tw - 1) / tw, bands = (new.height + th - 1) / th
        var changed = [Bool](repeating: false, count: tilesX * bands)
        var any = false
        old.pixels.withUnsafeBufferPointer { a in
            new.pixels.withUnsafeBufferPointer { b in
                let (aBytes, bBytes) = (UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b))
                for y in 0..<new.height {
                    let row = y * new.width, band = (y / th) * tilesX
                    var x = 0
                    // Gray frames eight pixels at a time: the bytes that differ mark their tiles.
                    while !colored, x + 8 <= new.width {
                        var difference = UInt64(littleEndian: aBytes.loadUnaligned(fromByteOffset: row + x, as: UInt64.self))
                            ^ UInt64(littleEndian: bBytes.loadUnaligned(fromByteOffset: row + x, as: UInt64.self))
                        while difference != 0 {
                            let lane = difference.trailingZeroBitCount / 8
                            changed[band + (x + lane) / tw] = true
                            any = true
                            difference &= ~(0xFF << UInt64(lane * 8))
                        }
                        x += 8
                    }
                    while x < new.width {
                        if a[row + x] != b[row + x] || (colored && oldColors[row + x] != newColors[row + x]) {
                            changed[band + x / tw] = true
                            any = true
                            x = (x / tw + 1) * tw
                        } else {
                            x += 1
                        }
                    }
                }
            }
        }
        guard any else { return [] }

        var tileRects: [Rect]
        switch addressing.strategy {
        case .boundingBox:
            var box = Rect.zero
            for band in 0..<bands {
                for tile in 0..<tilesX where changed[band * tilesX + tile] {
                    box = box.union(Rect(x: tile, y: band, width: 1, height: 1))
                }
            }
            tileRects = [box]
        case .spans:
            tileRects = spanRects(changed: changed, tilesX: tilesX, bands: bands)
        }
        let totalClocks = tileRects.reduce(0) { $0 + cost($1).clocks }
        if totalClocks >= cost(Rect(x: 0, y: 0, width: tilesX, height: bands)).clocks { return [full] }
        return tileRects.map { Rect(x: $0.minX * tw, y: $0.minY * th, width: $0.width * tw, height: $0.height * th).intersection(full) }
    }

    /// The estimated cost of sending `regions` of a frame (for reports and tests).
    public func cost(of regions: [Rect]) -> BusCost {
        regions.reduce(BusCost()) { total, region in
            let tiles = Rect(minX: region.minX / addressing.tileWidth, minY: region.minY / addressing.tileHeight,
                             maxX: (region.maxX + addressing.tileWidth - 1) / addressing.tileWidth,
                             maxY: (region.maxY + addressing.tileHeight - 1) / addressing.tileHeight)
            return total + cost(tiles)
        }
    }

    // MARK: - Spans

    private func cost(_ tileRect: Rect) -> BusCost {
        addressing.cost(tiles: tileRect.width * tileRect.height)
    }

    private func spanRects(changed: [Bool], tilesX: Int, bands: Int) -> [Rect] {
        let setupClocks = addressing.windowSetup.clocks
        let gapClocksPerTile = addressing.bytesPerTile * BusCost.clocksPerByte
        var finished = [Rect]()
        var active = [Rect]()
        for band in 0..<bands {
            // Runs of changed tiles, with gaps closed where sending them is cheaper than a new window.
            var runs = [Range<Int>]()
            var tile = 0
            while tile < tilesX {
                guard changed[band * tilesX + tile] else { tile += 1; continue }
                var end = tile + 1
                while end < tilesX, changed[band * tilesX + end] { end += 1 }
                if let last = runs.last, (tile - last.upperBound) * gapClocksPerTile <= setupClocks {
                    runs[runs.count - 1] = last.lowerBound..<end
                } else {
                    runs.append(tile..<end)
                }
                tile = end
            }
            var next = [Rect]()
            for run in runs {
                let rect = Rect(x: run.lowerBound, y: band, width: run.count, height: 1)
                if next.contains(where: { $0.contains(rect) }) { continue }
                guard addressing.windowsSpanBands else { next.append(rect); continue }
                var best: (index: Int, saving: Int)?
                for (index, above) in active.enumerated() {
                    let union = above.union(rect)
                    let saving = cost(above).clocks + cost(rect).clocks - cost(union).clocks
                    if saving >= 0, saving > (best?.saving ?? -1) { best = (index, saving) }
                }
                if let best {
                    next.append(active.remove(at: best.index).union(rect))
                } else {
                    next.append(rect)
                }
            }
            finished += active
            active = next
        }
        return finished + active
    }
}
