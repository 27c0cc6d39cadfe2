/// The traits a dynamic `UIColor` provider is asked about; panels are always dark.
public struct UITraitCollection: Sendable, Hashable {
    /// Light or dark.
    public var userInterfaceStyle: UIUserInterfaceStyle

    /// Traits with `userInterfaceStyle`.
    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.userInterfaceStyle = userInterfaceStyle
    }

    /// The traits views are drawn with: dark.
    public static var current: UITraitCollection { UITraitCollection(userInterfaceStyle: .dark) }
}

/// UIKit's light/dark style.
public enum UIUserInterfaceStyle: Int, Sendable, Hashable {
    case unspecified, light, dark
}
