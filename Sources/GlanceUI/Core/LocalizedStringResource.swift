import Foundation

extension String {
    /// A string a user sees, written as a literal, as Foundation's `LocalizationValue`: the key
    /// `String(localized:)` looks up, with a format specifier for each interpolated value
    /// (`"\(count) steps"` is the key `"%lld steps"`), and the values a translation places.
    ///
    /// Foundation on Linux lacks the type, so Glance provides it.
    public struct LocalizationValue: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
        /// The untranslated text: the literal with its values filled in.
        let text: String
        /// The lookup key, in Apple's format syntax.
        let key: String
        /// The interpolated values, in order.
        let arguments: [FormatArgument]

        /// A value whose key and text are `value`.
        public init(_ value: String) {
            text = value
            key = value
            arguments = []
        }

        public init(stringLiteral value: String) {
            self.init(value)
        }

        /// A value from an interpolated literal.
        public init(stringInterpolation: StringInterpolation) {
            text = stringInterpolation.format.filled
            key = stringInterpolation.format.arguments.isEmpty ? stringInterpolation.format.filled : stringInterpolation.format.key
            arguments = stringInterpolation.format.arguments
        }

        public var description: String { text }

        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key && lhs.text == rhs.text }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(key)
            hasher.combine(text)
        }

        /// Builds a localization value's key and arguments.
        public struct StringInterpolation: StringInterpolationProtocol {
            var format = FormatBuilder()

            public init(literalCapacity: Int, interpolationCount: Int) {}

            public mutating func appendLiteral(_ literal: String) { format.literal(literal) }

            /// Any value, as `String(describing:)` shows it (`%@` in the key).
            public mutating func appendInterpolation<T>(_ value: T) {
                let text = String(describing: value)
                format.value(.object(text), specifier: "%@", shown: text)
            }

            /// A string (`%@` in the key).
            public mutating func appendInterpolation(_ value: String) {
                format.value(.object(value), specifier: "%@", shown: value)
            }

            /// An integer (`%lld`, `%d`, `%llu` or `%u` in the key, by its type), which a plural variation can choose by.
            public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) { format.integer(value) }

            /// A floating-point number (`%lf`, or `%f` for `Float`), which a plural variation can choose by.
            public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T) { format.floatingPoint(value) }

            /// A value formatted with a Foundation format style (`%@` in the key).
            public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format style: F) where F.FormatOutput == String {
                let text = style.format(input)
                format.value(.object(text), specifier: "%@", shown: text)
            }
        }
    }

    /// The text of `resource` in the bundle's strings, in the resource's `locale` when it was
    /// set to one other than `Locale.current`, else in the process's (see `Localization`).
    public init(localized resource: LocalizedStringResource) {
        var localization = Localization.current
        if resource.locale != Locale.current { localization.locale = resource.locale }
        self = localization.string(key: resource.key, table: resource.table,
                                   arguments: resource.defaultValue.arguments, fallback: resource.defaultValue.text)
    }

    /// The translation of `keyAndValue` from table `table` (`Localizable` when nil) for the
    /// process's locale, or the value itself when no table has it.
    ///
    /// - Parameters:
    ///   - keyAndValue: The key, which is also the text when there is no translation.
    ///   - table: The strings table: `table.xcstrings` or `xx.lproj/table.strings`.
    ///   - bundle: Accepted for compatibility: a Glance process has one bundle, whose tables are searched.
    ///   - locale: Accepted for compatibility: the face's locale (`Localization.current`) chooses the language.
    ///   - comment: A note for translators; not shown.
    public init(localized keyAndValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        self = Localization.current.string(key: keyAndValue.key, table: table, arguments: keyAndValue.arguments, fallback: keyAndValue.text)
    }

    /// The translation of `key` from table `table` for the process's locale, or `defaultValue`
    /// when no table has it.
    ///
    /// - Parameters:
    ///   - key: The key (not shown).
    ///   - defaultValue: The text when there is no translation; its values fill the translation's specifiers.
    ///   - table: The strings table: `table.xcstrings` or `xx.lproj/table.strings`.
    ///   - bundle: Accepted for compatibility: a Glance process has one bundle, whose tables are searched.
    ///   - locale: Accepted for compatibility: the face's locale (`Localization.current`) chooses the language.
    ///   - comment: A note for translators; not shown.
    public init(localized key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil,
                bundle: Bundle? = nil, locale: Locale = .current, comment: StaticString? = nil) {
        self = Localization.current.string(key: "\(key)", table: table, arguments: defaultValue.arguments, fallback: defaultValue.text)
    }
}

/// A string a user sees, written as a literal, as Foundation's `LocalizedStringResource`.
///
/// Foundation on Linux does not have this type, so Glance provides one of the same name. It is
/// looked up like `String(localized:)`: `String(localized: resource)` in the process's locale,
/// `Text(resource)` in the view environment's; the default value (the literal, with its
/// values) shows when no table has the key. Locale, bundle and comment are kept for
/// compatibility and do not change the text.
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
    /// The text shown when no table has the key.
    public let defaultValue: String.LocalizationValue
    /// The strings table searched (`Localizable` when nil).
    public let table: String?
    /// The locale the text is for.
    public var locale: Locale
    /// The bundle of the table.
    public let bundle: BundleDescription
    /// A note for translators.
    public let comment: String?

    /// Creates a resource from a string value (Glance's own; a literal takes Apple's
    /// `init(_:table:locale:bundle:comment:)`, which turns interpolations into specifiers).
    @_disfavoredOverload
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
        self.init(key: keyAndValue.key, defaultValue: keyAndValue, table: table, locale: locale, bundle: bundle, comment: comment)
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

    /// Creates a resource from an interpolated literal: its key has a format specifier for each value.
    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) {
        self.init(String.LocalizationValue(stringInterpolation: stringInterpolation))
    }

    /// The untranslated text (`String(localized:)` gives the translation).
    public var description: String { defaultValue.text }

    /// Resources are equal when they show the same untranslated text from the same table
    /// (`"\(name)"` equals `"Kitchen"` when `name` is "Kitchen").
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.defaultValue.text == rhs.defaultValue.text && lhs.table == rhs.table
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(defaultValue.text)
        hasher.combine(table)
    }
}

extension Text {
    /// Text showing a localized string resource, looked up in the environment's locale when drawn.
    @_disfavoredOverload
    public init(_ resource: LocalizedStringResource) {
        self.init(runs: [Run(content: .localized(LocalizedText(resource: resource)))])
    }
}
