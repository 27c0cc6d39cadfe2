import Foundation

// MARK: - Widget and display keys

/// The shape and size class of a widget slot, as in WidgetKit.
public enum WidgetFamily: String, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge
    /// A circle (watch complication, Lock Screen circular).
    case accessoryCircular
    /// A rectangle of a few lines.
    case accessoryRectangular
    /// One line of text with an optional leading image.
    case accessoryInline
    /// A watch-face corner; Glance draws it as `accessoryCircular`.
    case accessoryCorner

    public var description: String { rawValue }
}

/// How a widget's colors are turned into what the panel shows.
public enum WidgetRenderingMode: String, Sendable, Hashable, CaseIterable {
    /// Colors as given (reduced to luminance on our panels).
    case fullColor
    /// Two groups, default and accent (`widgetAccentable()`), each drawn flat in its tone.
    case accented
    /// Luminance mapped onto the backdrop; the mode of 1-bit panels.
    case vibrant
}

/// Why content is drawn as placeholder shapes instead of its real content.
public struct RedactionReasons: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Shown while the real entry is not available yet (`placeholder(in:)`).
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    /// Content marked `privacySensitive()` while the face hides sensitive content.
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
    /// Content marked `invalidatableContent()` while an intent's result is pending.
    public static let invalidated = RedactionReasons(rawValue: 1 << 2)
}

/// Light or dark appearance; panels are always dark.
public enum ColorScheme: Sendable, Hashable, CaseIterable {
    case light, dark
}

private struct WidgetFamilyKey: EnvironmentKey { static let defaultValue = WidgetFamily.accessoryRectangular }
private struct LuminanceReducedKey: EnvironmentKey { static let defaultValue = false }
private struct RenderingModeKey: EnvironmentKey { static let defaultValue = WidgetRenderingMode.vibrant }
private struct RedactionReasonsKey: EnvironmentKey { static let defaultValue: RedactionReasons = [] }
private struct ContainerBackgroundKey: EnvironmentKey { static let defaultValue = false }
private struct ColorSchemeKey: EnvironmentKey { static let defaultValue = ColorScheme.dark }
private struct DisplayScaleKey: EnvironmentKey { static let defaultValue: CGFloat = 1 }
private struct ContentMarginsKey: EnvironmentKey { static let defaultValue = EdgeInsets() }

extension EnvironmentValues {
    /// The family of the slot the widget is drawn in.
    public var widgetFamily: WidgetFamily {
        get { self[WidgetFamilyKey.self] }
        set { self[WidgetFamilyKey.self] = newValue }
    }

    /// True in the always-on (dimmed) state: views may simplify themselves.
    public var isLuminanceReduced: Bool {
        get { self[LuminanceReducedKey.self] }
        set { self[LuminanceReducedKey.self] = newValue }
    }

    /// How colors become panel tones.
    public var widgetRenderingMode: WidgetRenderingMode {
        get { self[RenderingModeKey.self] }
        set { self[RenderingModeKey.self] = newValue }
    }

    /// Why content is currently redacted; empty when it is shown.
    public var redactionReasons: RedactionReasons {
        get { self[RedactionReasonsKey.self] }
        set { self[RedactionReasonsKey.self] = newValue }
    }

    /// Whether the slot shows the widget's container background; false on every accessory slot.
    public var showsWidgetContainerBackground: Bool {
        get { self[ContainerBackgroundKey.self] }
        set { self[ContainerBackgroundKey.self] = newValue }
    }

    /// Light or dark; panels are dark.
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }

    /// Panel pixels per point (1 unless a board sets a scale).
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] }
        set { self[DisplayScaleKey.self] = newValue }
    }

    /// Margins the system adds around widget content; zero on accessory slots.
    public var widgetContentMargins: EdgeInsets {
        get { self[ContentMarginsKey.self] }
        set { self[ContentMarginsKey.self] = newValue }
    }
}

// MARK: - Text keys

/// How lines of a multi-line text align with each other.
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    case leading, center, trailing
}

private struct FontKey: EnvironmentKey { static let defaultValue: Font? = nil }
private struct LineLimitKey: EnvironmentKey { static let defaultValue: Int? = nil }
private struct TextAlignmentKey: EnvironmentKey { static let defaultValue = TextAlignment.leading }
private struct MinimumScaleKey: EnvironmentKey { static let defaultValue: CGFloat = 1 }
private struct TruncationModeKey: EnvironmentKey { static let defaultValue = Text.TruncationMode.tail }
private struct AllowsTighteningKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// The font of text in this subtree; nil means the body style.
    public var font: Font? {
        get { self[FontKey.self] }
        set { self[FontKey.self] = newValue }
    }

    /// The most lines a text may take; nil for no limit.
    public var lineLimit: Int? {
        get { self[LineLimitKey.self] }
        set { self[LineLimitKey.self] = newValue }
    }

    /// Alignment of the lines of multi-line text.
    public var multilineTextAlignment: TextAlignment {
        get { self[TextAlignmentKey.self] }
        set { self[TextAlignmentKey.self] = newValue }
    }

    /// How far text may shrink (0…1) before it truncates.
    public var minimumScaleFactor: CGFloat {
        get { self[MinimumScaleKey.self] }
        set { self[MinimumScaleKey.self] = newValue }
    }

    /// Where the last line of text that does not fit loses characters; `.tail` by default.
    public var truncationMode: Text.TruncationMode {
        get { self[TruncationModeKey.self] }
        set { self[TruncationModeKey.self] = newValue }
    }

    /// Whether text may draw its characters closer together to fit before it truncates; false by default.
    public var allowsTightening: Bool {
        get { self[AllowsTighteningKey.self] }
        set { self[AllowsTighteningKey.self] = newValue }
    }
}

// MARK: - Locale and time

private struct LocaleKey: EnvironmentKey { static var defaultValue: Locale { Localization.current.locale } }
private struct TimeZoneKey: EnvironmentKey { static let defaultValue = TimeZone.current }
private struct CalendarKey: EnvironmentKey { static let defaultValue = Calendar.current }

extension EnvironmentValues {
    /// The locale text is looked up in and dates and numbers are shown in (by default the
    /// process's `Localization.current.locale`, which the host sets to the face's).
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }

    /// The time zone dates are shown in.
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }

    /// The calendar dates are computed in.
    public var calendar: Calendar {
        get { self[CalendarKey.self] }
        set { self[CalendarKey.self] = newValue }
    }
}

// MARK: - Type size and widget label

/// The user's preferred text size, as SwiftUI's `DynamicTypeSize`.
///
/// Glance accepts and reports it but draws every size the same: panel text styles have
/// fixed pixel sizes (see `Font`), and a bigger face would not fit the slot.
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// Whether this is one of the accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }
}

private struct DynamicTypeSizeKey: EnvironmentKey { static let defaultValue = DynamicTypeSize.large }
private struct ShowsWidgetLabelKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// The preferred text size; `.large` unless set. Reported only: text is drawn the same.
    public var dynamicTypeSize: DynamicTypeSize {
        get { self[DynamicTypeSizeKey.self] }
        set { self[DynamicTypeSizeKey.self] = newValue }
    }

    /// Whether the slot shows the widget's `widgetLabel` (as on a watch face's corner and
    /// circular complications that carry one). The face sets it; false by default.
    public var showsWidgetLabel: Bool {
        get { self[ShowsWidgetLabelKey.self] }
        set { self[ShowsWidgetLabelKey.self] = newValue }
    }
}

extension View {
    /// Sets the type size views below read from `\.dynamicTypeSize` (text draws the same).
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        environment(\.dynamicTypeSize, size)
    }

    /// Clamps the type size views below read into `range` (text draws the same).
    public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View where T.Bound == DynamicTypeSize {
        // RangeExpression is not Sendable; the clamp is worked out here, on the bounds.
        let all = DynamicTypeSize.allCases.filter { range.contains($0) }
        let lowest = all.first, highest = all.last
        return transformEnvironment(\.dynamicTypeSize) { size in
            if let lowest, size < lowest { size = lowest }
            if let highest, size > highest { size = highest }
        }
    }
}

extension EnvironmentValues {
    /// What a widget of `family` is drawn with: named assets, `@AppStorage` values, where
    /// warnings go, whether luminance is reduced, and a locale and time zone (the calendar's
    /// too) when given. Accessory families draw no container background.
    package init(widgetFamily family: WidgetFamily, assets: any AssetCatalog, defaults: any KeyValueStore, warnings: WarningSink,
                 luminanceReduced: Bool, locale: Locale? = nil, timeZone: TimeZone? = nil) {
        self.init()
        widgetFamily = family
        assetCatalog = assets
        keyValueStore = defaults
        warningSink = warnings
        isLuminanceReduced = luminanceReduced
        showsWidgetContainerBackground = !family.rawValue.hasPrefix("accessory")
        if let locale { self.locale = locale }
        if let timeZone {
            self.timeZone = timeZone
            calendar.timeZone = timeZone
        }
    }
}
