/// How a controller's RAM can be addressed by a write, and what opening a write window costs;
/// the transfer planner uses it to choose regions that minimise bus time.
///
/// The frame is seen as a grid of tiles, each the pixels one or more RAM bytes hold
/// (a page controller's tile is one column of 8 rows; an SSD1327 tile is 2×1 pixels).
/// A region is a rectangle of whole tiles.
public struct TransferAddressing: Hashable, Sendable {
    /// How regions are chosen.
    public enum Strategy: Hashable, Sendable {
        /// Changed spans of tiles per band (tile row), merged horizontally and, when
        /// `windowsSpanBands`, vertically, whenever the merged window costs less.
        case spans
        /// One rectangle around every change (e-ink partial refresh, framebuffers).
        case boundingBox
    }

    /// Tile width in pixels.
    public var tileWidth: Int
    /// Tile height in pixels (a band is one row of tiles).
    public var tileHeight: Int
    /// RAM bytes one tile takes.
    public var bytesPerTile: Int
    /// What opening a window costs before its data: addressing commands and their transactions,
    /// plus the data transaction's own overhead.
    public var windowSetup: BusCost
    /// Whether one window may cover several bands (false for page-at-a-time controllers).
    public var windowsSpanBands: Bool
    /// How regions are chosen.
    public var strategy: Strategy

    /// Creates an addressing description.
    public init(tileWidth: Int, tileHeight: Int, bytesPerTile: Int, windowSetup: BusCost, windowsSpanBands: Bool, strategy: Strategy) {
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.bytesPerTile = bytesPerTile
        self.windowSetup = windowSetup
        self.windowsSpanBands = windowsSpanBands
        self.strategy = strategy
    }

    /// The estimated bus cost of writing a window of `tiles` tiles.
    public func cost(tiles: Int) -> BusCost {
        windowSetup + BusCost(bytes: tiles * bytesPerTile, transactions: 0)
    }
}
