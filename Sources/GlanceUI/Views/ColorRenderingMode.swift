/// How a `Canvas` blends colors, as SwiftUI's `ColorRenderingMode`; accepted and ignored
/// (a panel works in one gray space).
public enum ColorRenderingMode: Hashable, Sendable {
    case nonLinear, linear, extendedLinear
}
