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

/// A catalog with no assets: every name falls back (gray color, missing-image box).
public struct EmptyAssetCatalog: AssetCatalog {
    /// Creates the empty catalog.
    public init() {}
    public func color(named name: String) -> Color? { nil }
    public func image(named name: String) -> Bitmap? { nil }
}

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

/// Where views report problems a maker should fix but that must not stop drawing, such as an
/// asset name the catalog lacks. The host sends them to its log; `once` keeps repeats out.
public struct WarningSink: Sendable {
    private let emit: @Sendable (String) -> Void

    /// A sink that passes each warning to `emit`.
    public init(_ emit: @escaping @Sendable (String) -> Void) {
        self.emit = emit
    }

    /// Reports `message`.
    public func warn(_ message: String) {
        emit(message)
    }

    /// A sink that drops every warning (the default when the host installed none).
    public static let ignore = WarningSink { _ in }

    /// A sink that passes each distinct message to `emit` the first time only; the set of
    /// messages seen lives in the returned sink (no global state).
    public static func once(_ emit: @escaping @Sendable (String) -> Void) -> WarningSink {
        let seen = Locked(Set<String>())
        return WarningSink { message in
            if seen.withLock({ $0.insert(message).inserted }) { emit(message) }
        }
    }
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
}
