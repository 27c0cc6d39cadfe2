import Foundation

// Accessibility modifiers, accepted so widget code using them compiles unchanged. A panel has
// no screen reader or accessibility tree: each returns the view as it is (Docs/Widgets.md,
// "Accepted and ignored").

/// How an accessibility element treats its children (SwiftUI's `AccessibilityChildBehavior`).
public struct AccessibilityChildBehavior: Sendable, Hashable {
    let name: String
    /// The children are not exposed.
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    /// The children stay separate elements.
    public static let contain = AccessibilityChildBehavior(name: "contain")
    /// The children's labels are combined.
    public static let combine = AccessibilityChildBehavior(name: "combine")
}

/// What an accessibility element is (SwiftUI's `AccessibilityTraits`).
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 4)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 5)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 6)
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 7)
}

extension View {
    /// Accepted and ignored: a panel has no accessibility tree.
    public func accessibilityLabel(_ label: Text) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { self }
    /// Accepted and ignored.
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityValue(_ valueDescription: Text) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityValue(_ valueKey: LocalizedStringKey) -> some View { self }
    /// Accepted and ignored.
    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityHint(_ hint: Text) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityHint(_ hintKey: LocalizedStringKey) -> some View { self }
    /// Accepted and ignored.
    @_disfavoredOverload
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View { self }
    /// Accepted and ignored: the view is drawn either way.
    public func accessibilityHidden(_ hidden: Bool) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityIdentifier(_ identifier: String) -> some View { self }
    /// Accepted and ignored.
    public func accessibilitySortPriority(_ sortPriority: Double) -> some View { self }
}

// Animation curves, accepted for compatibility: panels do not animate.
extension Animation {
    /// A smooth spring (accepted; nothing animates on a panel).
    public static let smooth = Animation(name: "smooth")
    /// A snappy spring (accepted).
    public static let snappy = Animation(name: "snappy")
    /// A bouncy spring (accepted).
    public static let bouncy = Animation(name: "bouncy")
    /// Ease in (accepted).
    public static let easeIn = Animation(name: "easeIn")
    /// Ease out (accepted).
    public static let easeOut = Animation(name: "easeOut")
    /// An interactive spring (accepted).
    public static let interactiveSpring = Animation(name: "interactiveSpring")

    /// A smooth spring of `duration` (accepted).
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Animation { .smooth }
    /// A snappy spring of `duration` (accepted).
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Animation { .snappy }
    /// A bouncy spring of `duration` (accepted).
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Animation { .bouncy }
    /// A spring (accepted).
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation { .spring }
    /// Linear over `duration` (accepted).
    public static func linear(duration: TimeInterval) -> Animation { .linear }
    /// Ease in over `duration` (accepted).
    public static func easeIn(duration: TimeInterval) -> Animation { .easeIn }
    /// Ease out over `duration` (accepted).
    public static func easeOut(duration: TimeInterval) -> Animation { .easeOut }
    /// Ease in and out over `duration` (accepted).
    public static func easeInOut(duration: TimeInterval) -> Animation { .easeInOut }

    /// The same animation later (accepted).
    public func delay(_ delay: TimeInterval) -> Animation { self }
    /// The same animation faster or slower (accepted).
    public func speed(_ speed: Double) -> Animation { self }
    /// The same animation repeated (accepted).
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
    /// The same animation repeated `repeatCount` times (accepted).
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation { self }
}
