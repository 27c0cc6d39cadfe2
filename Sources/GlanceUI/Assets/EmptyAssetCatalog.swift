/// A catalog with no assets: every name falls back (gray color, missing-image box).
public struct EmptyAssetCatalog: AssetCatalog {
    /// Creates the empty catalog.
    public init() {}
    public func color(named name: String) -> Color? { nil }
    public func image(named name: String) -> Bitmap? { nil }
}
