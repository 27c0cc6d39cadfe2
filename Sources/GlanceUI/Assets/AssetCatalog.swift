import Foundation

/// The named colors and images a widget bundle ships, as an asset catalog does on Apple
/// platforms: `Color("Brand")` and `Image("logo")` look names up here.
///
/// The host injects one through `EnvironmentValues.assetCatalog` (GlanceUI reads no files);
/// `FileAssetCatalog` in GlanceHost reads an `Assets` folder. Lookups happen while views are
/// resolved, from any thread, so implementations load up front or cache behind a lock.
public protocol AssetCatalog: Sendable {
    /// The color named `name`, or nil when the catalog has none.
    func color(named name: String) -> Color?
    /// The image named `name` as 8-bit gray pixels (255 lit), or nil when the catalog has none.
    func image(named name: String) -> Bitmap?
}

private struct AssetCatalogKey: EnvironmentKey {
    static let defaultValue: any AssetCatalog = EmptyAssetCatalog()
}

private struct WarningSinkKey: EnvironmentKey {
    static let defaultValue = WarningSink.ignore
}

extension EnvironmentValues {
    /// Where `Color("name")`, `Image("name")` and `UIImage(named:)` find their assets; set by the host.
    public var assetCatalog: any AssetCatalog {
        get { self[AssetCatalogKey.self] }
        set { self[AssetCatalogKey.self] = newValue }
    }

    /// Where views report recoverable problems (missing assets); set by the host.
    public var warningSink: WarningSink {
        get { self[WarningSinkKey.self] }
        set { self[WarningSinkKey.self] = newValue }
    }
}

extension EnvironmentValues {
    /// The named color, or the visible mid-gray fallback with one warning naming it.
    func namedColor(_ name: String) -> Color {
        if let color = assetCatalog.color(named: name) { return color }
        warningSink.warn("no color named \"\(name)\" in the asset catalog; drawing it mid gray")
        return Color.missingAsset
    }

    /// The named image, or nil with one warning naming it (callers draw the missing box).
    func namedImage(_ name: String) -> Bitmap? {
        if let image = assetCatalog.image(named: name) { return image }
        warningSink.warn("no image named \"\(name)\" in the asset catalog; drawing the missing-image box")
        return nil
    }

    /// Reports a symbol name the catalog lacks (it is drawn as a crossed box), with the closest names it has.
    func reportMissingSymbol(_ name: String) {
        guard SymbolCatalog.standard.symbol(named: name) == nil else { return }
        let suggestions = SymbolCatalog.standard.suggestions(for: name)
        let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.map { "\"\($0)\"" }.joined(separator: ", "))?)"
        warningSink.warn("no symbol named \"\(name)\" in Glance's catalog; drawing a crossed box\(hint)")
    }
}
