/// A catalog held in memory, for tests and for hosts that build assets in code.
public struct MemoryAssetCatalog: AssetCatalog {
    /// Colors by name.
    public var colors: [String: Color]
    /// Images by name.
    public var images: [String: Bitmap]

    /// Creates a catalog of `colors` and `images`.
    public init(colors: [String: Color] = [:], images: [String: Bitmap] = [:]) {
        self.colors = colors
        self.images = images
    }

    public func color(named name: String) -> Color? { colors[name] }
    public func image(named name: String) -> Bitmap? { images[name] }
}
