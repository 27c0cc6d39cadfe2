/// The direction of a language's text, as SwiftUI's `LayoutDirection`.
///
/// Right-to-left mirrors stacks: an `HStack` places its first child at the right edge, and
/// `.leading` / `.trailing` alignments of `VStack`, `ZStack` and multi-line text swap sides.
/// Characters are still drawn left to right (the panel faces are Latin).
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    case leftToRight
    case rightToLeft
}

private struct LayoutDirectionKey: EnvironmentKey { static let defaultValue = LayoutDirection.leftToRight }

extension EnvironmentValues {
    /// The direction stacks lay their children out in; left to right unless set.
    public var layoutDirection: LayoutDirection {
        get { self[LayoutDirectionKey.self] }
        set { self[LayoutDirectionKey.self] = newValue }
    }
}

extension HorizontalAlignment {
    /// The guide on the other side in right-to-left layout (leading and trailing swap).
    func mirrored(for direction: LayoutDirection) -> HorizontalAlignment {
        guard direction == .rightToLeft else { return self }
        if self == .leading { return .trailing }
        if self == .trailing { return .leading }
        return self
    }
}
