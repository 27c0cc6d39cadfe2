import Foundation

extension String {
    /// A string a user sees, written as a literal, as Foundation's `String.LocalizationValue`.
    ///
    /// Foundation on Linux lacks the type, so Glance provides it. Glance does not localize:
    /// the literal, with its interpolations filled in, is the text.
    public struct LocalizationValue: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
        /// The text.
        let text: String

        /// A value whose text is `value`.
        public init(_ value: String) {
            text = value
        }

        public init(stringLiteral value: String) {
            text = value
        }

        /// A value from an interpolated literal; interpolations are filled in at once.
        public init(stringInterpolation: DefaultStringInterpolation) {
            text = String(stringInterpolation: stringInterpolation)
        }

        public var description: String { text }
    }

    /// The text of a localized string resource (its default value: Glance does not localize).
    public init(localized resource: LocalizedStringResource) {
        self = resource.description
    }

    /// The text of a localization value (Glance does not localize).
    public init(localized keyAndValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        self = keyAndValue.text
    }

    /// The default value of a keyed localized string (Glance does not localize).
    public init(localized key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil,
                bundle: Bundle? = nil, locale: Locale = .current, comment: StaticString? = nil) {
        self = defaultValue.text
    }
}

/// A string a user sees, written as a literal, as Foundation's `LocalizedStringResource`.
///
/// Foundation on Linux does not have this type, so Glance provides one of the same name.
/// Glance does not localize: the text is the default value when one is given, else the key
/// (the literal with its interpolations filled in). Table, locale, bundle and comment are kept
/// for compatibility and do not change the text.
public struct LocalizedStringResource: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// Which bundle a resource's strings table is in; kept for compatibility.
    public enum BundleDescription: Sendable, Hashable {
        /// The main bundle.
        case main
        /// The bundle at a URL.
        case atURL(URL)
    }

    /// The lookup key; for resources made from a literal, also the text.
    public let key: String
    /// The text shown when no localization exists (always, in Glance).
    public let defaultValue: String.LocalizationValue
    /// The strings table a localizing implementation would search.
    public let table: String?
    /// The locale the text is for.
    public var locale: Locale
    /// The bundle of the table.
    public let bundle: BundleDescription
    /// A note for translators.
    public let comment: String?

    /// Creates a resource from a string value.
    public init(_ key: String) {
        self.init(key: key, defaultValue: String.LocalizationValue(key))
    }

    private init(key: String, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
                 bundle: BundleDescription = .main, comment: StaticString? = nil) {
        self.key = key
        self.defaultValue = defaultValue
        self.table = table
        self.locale = locale
        self.bundle = bundle
        self.comment = comment.map { "\($0)" }
    }

    /// Creates a resource whose key and text are `keyAndValue`.
    public init(_ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
                bundle: BundleDescription = .main, comment: StaticString? = nil) {
        self.init(key: keyAndValue.text, defaultValue: keyAndValue, table: table, locale: locale, bundle: bundle, comment: comment)
    }

    /// Creates a resource with a fixed key whose text is `defaultValue`.
    public init(_ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
                bundle: BundleDescription = .main, comment: StaticString? = nil) {
        self.init(key: "\(key)", defaultValue: defaultValue, table: table, locale: locale, bundle: bundle, comment: comment)
    }

    /// Creates a resource from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Creates a resource from an interpolated literal; interpolations are filled in at once.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }

    /// The text.
    public var description: String { defaultValue.text }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.key == rhs.key && lhs.defaultValue == rhs.defaultValue && lhs.table == rhs.table
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(defaultValue)
        hasher.combine(table)
    }
}

extension Text {
    /// Text showing a localized string resource (its default value: Glance does not localize).
    @_disfavoredOverload
    public init(_ resource: LocalizedStringResource) {
        self.init(verbatim: resource.description)
    }
}
