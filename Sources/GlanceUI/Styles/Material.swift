import Foundation

/// A translucent background material, as SwiftUI's `Material`. A panel has nothing to blur,
/// so a material is a faint version of the foreground: thicker materials are brighter.
public struct Material: ShapeStyle, Sendable, Hashable {
    let factor: Double

    public func resolve(in environment: EnvironmentValues) -> Tone {
        environment.adjust(environment.primaryTone.fading(factor))
    }

    /// The thinnest material (10 % of the foreground).
    public static let ultraThin = Material(factor: 0.1)
    /// A thin material (15 %).
    public static let thin = Material(factor: 0.15)
    /// The regular material (20 %).
    public static let regular = Material(factor: 0.2)
    /// A thick material (25 %).
    public static let thick = Material(factor: 0.25)
    /// The thickest material (30 %).
    public static let ultraThick = Material(factor: 0.3)
    /// The material of bars (20 %).
    public static let bar = Material(factor: 0.2)
}

extension ShapeStyle where Self == Material {
    /// The thinnest material.
    public static var ultraThinMaterial: Material { .ultraThin }
    /// A thin material.
    public static var thinMaterial: Material { .thin }
    /// The regular material.
    public static var regularMaterial: Material { .regular }
    /// A thick material.
    public static var thickMaterial: Material { .thick }
    /// The thickest material.
    public static var ultraThickMaterial: Material { .ultraThick }
    /// The material of bars.
    public static var bar: Material { .bar }
}
