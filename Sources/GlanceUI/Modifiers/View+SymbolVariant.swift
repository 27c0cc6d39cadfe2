import Foundation

/// A variant of a symbol — filled, in a circle, square or rectangle, slashed — as SwiftUI's
/// `SymbolVariants`; `symbolVariant(_:)` applies it to every `Image(systemName:)` inside.
public struct SymbolVariants: Sendable, Hashable {
    private enum Shape: String, Sendable, Hashable { case circle, square, rectangle }

    private var shape: Shape?
    private var filled = false
    private var slashed = false

    /// No variant: symbols as named.
    public static let none = SymbolVariants()
    /// Symbols in a circle.
    public static let circle = SymbolVariants(shape: .circle)
    /// Symbols in a square.
    public static let square = SymbolVariants(shape: .square)
    /// Symbols in a rectangle.
    public static let rectangle = SymbolVariants(shape: .rectangle)
    /// Filled symbols.
    public static let fill = SymbolVariants(filled: true)
    /// Slashed symbols.
    public static let slash = SymbolVariants(slashed: true)

    /// This variant in a circle.
    public var circle: SymbolVariants { with { $0.shape = .circle } }
    /// This variant in a square.
    public var square: SymbolVariants { with { $0.shape = .square } }
    /// This variant in a rectangle.
    public var rectangle: SymbolVariants { with { $0.shape = .rectangle } }
    /// This variant filled.
    public var fill: SymbolVariants { with { $0.filled = true } }
    /// This variant slashed.
    public var slash: SymbolVariants { with { $0.slashed = true } }

    /// Whether this variant includes every part of `other`.
    public func contains(_ other: SymbolVariants) -> Bool {
        (other.shape == nil || other.shape == shape) && (!other.filled || filled) && (!other.slashed || slashed)
    }

    private func with(_ change: (inout SymbolVariants) -> Void) -> SymbolVariants {
        var copy = self
        change(&copy)
        return copy
    }

    /// The name of `base`'s variant, SF Symbols' way (`bell` → `bell.slash.circle.fill`): the
    /// longest such name `exists` accepts, dropping the shape, then the fill, then the slash;
    /// `base` when the catalog has none of them.
    func name(for base: String, exists: (String) -> Bool) -> String {
        guard self != .none else { return base }
        let slash = slashed ? [".slash"] : [""]
        let shapes = shape.map { [".\($0.rawValue)", ""] } ?? [""]
        let fills = filled ? [".fill", ""] : [""]
        for s in slash + (slashed ? [""] : []) {
            for shape in shapes {
                for fill in fills where !(s.isEmpty && shape.isEmpty && fill.isEmpty) {
                    let name = base + s + shape + fill
                    if exists(name) { return name }
                }
            }
        }
        return base
    }
}

private struct SymbolVariantsKey: EnvironmentKey { static let defaultValue = SymbolVariants.none }

extension EnvironmentValues {
    /// The symbol variant images in this subtree are drawn in.
    public var symbolVariants: SymbolVariants {
        get { self[SymbolVariantsKey.self] }
        set { self[SymbolVariantsKey.self] = newValue }
    }
}

extension View {
    /// Draws every `Image(systemName:)` inside in `variant` when the catalog has that variant
    /// of the symbol (`.fill` turns `heart` into `heart.fill`), else as named.
    public func symbolVariant(_ variant: SymbolVariants) -> some View {
        modifyEnvironment { $0.symbolVariants = variant }
    }
}
