import Foundation

extension Color {
    /// A color from the bundle's asset catalog, as `Color("Brand")` reads an Xcode asset.
    ///
    /// The name is looked up in `EnvironmentValues.assetCatalog` of the view whose body is being
    /// evaluated, so create named colors in `body` (or in properties `body` reads). A name the
    /// catalog lacks draws mid gray and is reported once through `EnvironmentValues.warningSink`.
    /// - Parameters:
    ///   - name: The color's name in the catalog.
    ///   - bundle: Accepted for compatibility; a Glance bundle has one catalog.
    public init(_ name: String, bundle: Bundle? = nil) {
        self = EnvironmentValues.current.namedColor(name)
    }

    /// The fallback for a missing named color: a mid gray that is visible on every panel.
    static let missingAsset = Color(white: 0.5)
}
