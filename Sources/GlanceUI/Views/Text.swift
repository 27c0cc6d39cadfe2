import Foundation

/// A line or paragraph of read-only text, as in SwiftUI.
///
/// Text can be literal, formatted, or live: `Text(date, style: .timer)` and
/// `Text(timerInterval:…)` are evaluated at the moment being drawn and report when they
/// next change, so the host redraws without new timeline entries.
public struct Text: View, PrimitiveView, Sendable {
    /// How `Text(_:style:)` presents a date.
    public struct DateStyle: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case time, date, relative, offset, timer }
        let kind: Kind
        /// The time of day, e.g. "10:42".
        public static let time = DateStyle(kind: .time)
        /// The date, e.g. "21 November 2026".
        public static let date = DateStyle(kind: .date)
        /// The distance to now, e.g. "11 min, 14 sec".
        public static let relative = DateStyle(kind: .relative)
        /// The signed distance to now: "-" for the future, "+" for the past.
        public static let offset = DateStyle(kind: .offset)
        /// A timer counting down to the date and then up, e.g. "4:59".
        public static let timer = DateStyle(kind: .timer)
    }

    /// Where a run's characters come from.
    enum Content: Sendable {
        case verbatim(String)
        case date(Date, DateStyle)
        case timerInterval(ClosedRange<Date>, pauseTime: Date?, countsDown: Bool, showsHours: Bool)
        case formatted(@Sendable (LiveTextContext) -> String)
        case symbol(String)
        /// A key looked up in the environment's string tables when drawn.
        case localized(LocalizedText)
    }

    /// A piece of text with its own styling, from concatenation with `+` or from modifiers.
    struct Run: Sendable {
        var content: Content
        var font: Font?
        var weight: Font.Weight?
        var style: AnyShapeStyle?
        var tracking: CGFloat = 0
        var underline: LineStyle?
        var strikethrough: LineStyle?
        var monospacedDigits = false
    }

    var runs: [Run]

    init(runs: [Run]) {
        self.runs = runs
    }

    /// Text from a literal, with interpolations (`"\(value)"`, `"\(date, style: .time)"`),
    /// looked up in the bundle's `Localizable` strings in the environment's locale when drawn.
    public init(_ key: LocalizedStringKey) {
        self.init(key, tableName: nil)
    }

    /// Text looked up by `key` in the strings table `tableName` (`Localizable` when nil) in the
    /// environment's locale when drawn; the key itself, with its values, when no table has it.
    ///
    /// - Parameters:
    ///   - key: The key, written as the text in the development language.
    ///   - tableName: The table: a `tableName.xcstrings` catalog or `xx.lproj/tableName.strings` files.
    ///   - bundle: Accepted for compatibility: a Glance process has one bundle, whose tables are searched.
    ///   - comment: A note for translators; not shown.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        runs = [Run(content: .localized(LocalizedText(key: key, table: tableName)))]
    }

    /// Text shown exactly as given (no localization).
    public init(verbatim content: String) {
        runs = [Run(content: .verbatim(content))]
    }

    /// Text from a string value.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        runs = [Run(content: .verbatim(String(content)))]
    }

    /// A date shown in `style`, kept current by the renderer for the live styles.
    public init(_ date: Date, style: DateStyle) {
        runs = [Run(content: .date(date, style))]
    }

    /// A timer over `timerInterval`: counting down to its end (or up from its start),
    /// frozen at `pauseTime` when given; without hours, minutes go beyond 60.
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        runs = [Run(content: .timerInterval(timerInterval, pauseTime: pauseTime, countsDown: countsDown, showsHours: showsHours))]
    }

    /// A value formatted with a Foundation format style, e.g. `Text(0.42, format: .percent)`.
    /// The style formats in the environment's locale (the face's), as SwiftUI's does.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String, F.FormatInput: Sendable {
        let value: any LocaleFormatted = FormattedValue(style: format, input: input)
        runs = [Run(content: .formatted { context in value.string(in: context.locale) })]
    }

    /// A range of dates, e.g. "10:00 – 11:00".
    public init(_ dates: ClosedRange<Date>) {
        runs = [Run(content: .formatted { context in
            let formatter = context.formatter(date: .none, time: .short)
            return "\(formatter.string(from: dates.lowerBound)) – \(formatter.string(from: dates.upperBound))"
        })]
    }

    /// A symbol drawn inline with the text, as `Text(Image(systemName:))`.
    public init(_ image: Image) {
        runs = [Run(content: .symbol(image.name))]
    }

    public var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        [TextNode(text: environment.textCase.map { textCase($0) } ?? self, environment: environment)]
    }

    /// Concatenates two texts, keeping each one's styling.
    public static func + (lhs: Text, rhs: Text) -> Text {
        Text(runs: lhs.runs + rhs.runs)
    }

    // MARK: - Text-returning modifiers

    private func mapRuns(_ change: (inout Run) -> Void) -> Text {
        var text = self
        for index in text.runs.indices { change(&text.runs[index]) }
        return text
    }

    /// This text in `font` (runs that set their own font keep it).
    public func font(_ font: Font?) -> Text { mapRuns { if $0.font == nil { $0.font = font } } }
    /// This text in bold.
    public func bold() -> Text { fontWeight(.bold) }
    /// This text in bold when `isActive`.
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }
    /// This text at `weight`.
    public func fontWeight(_ weight: Font.Weight?) -> Text { mapRuns { $0.weight = weight } }
    /// Accepted and drawn upright: the panel faces have no italics.
    public func italic() -> Text { self }
    /// Accepted and drawn upright: the panel faces have no italics.
    public func italic(_ isActive: Bool) -> Text { self }
    /// This text with every digit drawn in a cell of the same width (the widest digit's
    /// advance, each digit centred in it), so numbers that change keep their width.
    public func monospacedDigit() -> Text { mapRuns { $0.monospacedDigits = true } }

    /// This text with a line through it, in `color` or the text's own paint.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        strikethrough(isActive, pattern: .solid, color: color)
    }

    /// This text with a line through it, drawn in `pattern`, in `color` or the text's own paint.
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern, color: Color? = nil) -> Text {
        mapRuns { $0.strikethrough = isActive ? LineStyle(pattern: pattern, color: color) : nil }
    }

    /// This text underlined, in `color` or the text's own paint.
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        underline(isActive, pattern: .solid, color: color)
    }

    /// This text underlined in `pattern`, in `color` or the text's own paint.
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern, color: Color? = nil) -> Text {
        mapRuns { $0.underline = isActive ? LineStyle(pattern: pattern, color: color) : nil }
    }
    /// Accepted; drawn with the default faces.
    public func monospaced() -> Text { self }
    /// This text painted with `color`.
    public func foregroundColor(_ color: Color?) -> Text { mapRuns { $0.style = color.map(AnyShapeStyle.init) } }
    /// This text painted with `style`.
    public func foregroundStyle(_ style: some ShapeStyle) -> Text { mapRuns { $0.style = AnyShapeStyle(style) } }
    /// Extra pixels after each character.
    public func tracking(_ tracking: CGFloat) -> Text { mapRuns { $0.tracking = tracking } }
    /// Extra pixels after each character.
    public func kerning(_ kerning: CGFloat) -> Text { tracking(kerning) }
    /// Accepted; the panel has one text case.
    public func textCase(_ textCase: TextCase?) -> Text {
        guard let textCase else { return self }
        return mapRuns { run in
            switch run.content {
            case .verbatim(let string):
                run.content = .verbatim(textCase == .uppercase ? string.uppercased() : string.lowercased())
            case .localized(var localized):
                localized.textCase = textCase
                run.content = .localized(localized)
            default:
                break
            }
        }
    }

    /// Upper or lower case.
    public enum TextCase: Sendable, Hashable { case uppercase, lowercase }
}

/// A string literal with interpolations, as SwiftUI's `LocalizedStringKey`: the key a `Text`
/// looks up in the bundle's string tables. Each interpolated value becomes a format specifier
/// in the key, as Xcode extracts it (`"\(count) steps"` is the key `"%lld steps"`), and an
/// argument the translation places and a plural variation chooses by. Interpolations can be
/// live dates.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Sendable, Hashable {
    /// The untranslated text: the literal with its values filled in.
    var segments: [Text.Content]
    /// The lookup key, in Apple's format syntax.
    var key: String
    /// The interpolated values, in order.
    var arguments: [FormatArgument]
    /// The key with each value as shown, which tells two keys apart.
    private let identity: String

    public init(stringLiteral value: String) {
        segments = [.verbatim(value)]
        key = value
        arguments = []
        identity = value
    }

    public init(stringInterpolation: StringInterpolation) {
        segments = stringInterpolation.segments
        key = stringInterpolation.format.arguments.isEmpty ? stringInterpolation.format.filled : stringInterpolation.format.key
        arguments = stringInterpolation.format.arguments
        identity = stringInterpolation.identity
    }

    public init(_ value: String) {
        self.init(stringLiteral: value)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key && lhs.identity == rhs.identity }
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    /// Builds the key, arguments and segments of an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Text.Content] = []
        var format = FormatBuilder()
        var identity = ""

        public init(literalCapacity: Int, interpolationCount: Int) {}

        private mutating func appendText(_ string: String) {
            identity += string
            if case .verbatim(let last)? = segments.last {
                segments[segments.count - 1] = .verbatim(last + string)
            } else {
                segments.append(.verbatim(string))
            }
        }

        private mutating func appendContent(_ contents: [Text.Content]) {
            identity += "%@"
            format.value(.content(contents), specifier: "%@", shown: "")
            segments += contents
        }

        public mutating func appendLiteral(_ literal: String) {
            format.literal(literal)
            appendText(literal)
        }

        /// Any value, as `String(describing:)` shows it (`%@` in the key).
        public mutating func appendInterpolation<T>(_ value: T) {
            let text = String(describing: value)
            format.value(.object(text), specifier: "%@", shown: text)
            appendText(text)
        }

        /// An integer (`%lld`, `%d`, `%llu` or `%u` in the key, by its type), which a plural variation can choose by.
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
            format.integer(value)
            appendText("\(value)")
        }

        /// A floating-point number (`%lf`, or `%f` for `Float`), which a plural variation can choose by.
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T) {
            format.floatingPoint(value)
            appendText("\(value)")
        }

        /// A string (`%@` in the key).
        public mutating func appendInterpolation(_ value: String) {
            format.value(.object(value), specifier: "%@", shown: value)
            appendText(value)
        }

        /// A number with a printf-style specifier, e.g. `"\(temp, specifier: "%.1f")"` (the
        /// specifier is the key's).
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            let argument: FormatArgument
            if let integer = value as? any BinaryInteger {
                argument = type(of: integer).isSigned ? .signed(Int64(clamping: integer)) : .unsigned(UInt64(clamping: integer))
            } else if let number = value as? any BinaryFloatingPoint {
                argument = .double(Double(number))
            } else {
                argument = .object(String(describing: value))
            }
            let shown = String(format: specifier, value)
            format.value(argument, specifier: specifier, shown: shown)
            appendText(shown)
        }

        /// A value formatted with a Foundation format style (`%@` in the key).
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format style: F) where F.FormatOutput == String {
            let text = style.format(input)
            format.value(.object(text), specifier: "%@", shown: text)
            appendText(text)
        }

        /// A value formatted with a Foundation format style in the environment's locale when
        /// drawn (`%@` in the key), as `Text(_:format:)` is.
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format style: F) where F.FormatOutput == String, F.FormatInput: Sendable {
            let value: any LocaleFormatted = FormattedValue(style: style, input: input)
            appendContent([.formatted { context in value.string(in: context.locale) }])
        }

        /// A live date, e.g. `"Ends \(date, style: .timer)"`.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            appendContent([.date(date, style)])
        }

        /// A timer interval, as `Text(timerInterval:…)`.
        public mutating func appendInterpolation(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
            appendContent([.timerInterval(timerInterval, pauseTime: pauseTime, countsDown: countsDown, showsHours: showsHours)])
        }

        /// Another text's characters (its styling is not kept inside a literal).
        public mutating func appendInterpolation(_ text: Text) {
            appendContent(text.runs.map(\.content))
        }

        /// A symbol, as `"\(Image(systemName: "sun.max")) 21°"`.
        public mutating func appendInterpolation(_ image: Image) {
            appendContent([.symbol(image.name)])
        }
    }
}

/// A value and the format style that shows it, formatted again in each locale asked for.
private protocol LocaleFormatted: Sendable {
    func string(in locale: Locale) -> String
}

/// Foundation's format styles are immutable values, but `FormatStyle` does not declare `Sendable`.
private struct FormattedValue<F: FormatStyle>: LocaleFormatted, @unchecked Sendable where F.FormatOutput == String {
    let style: F
    let input: F.FormatInput

    func string(in locale: Locale) -> String { style.locale(locale).format(input) }
}

/// A `Text`'s localizable key, resolved when drawn: which table, the values, and the
/// untranslated text shown when no table has the key.
struct LocalizedText: Sendable {
    var key: String
    var table: String?
    var arguments: [FormatArgument]
    var fallback: [Text.Content]
    var textCase: Text.TextCase?

    init(key: LocalizedStringKey, table: String?) {
        self.key = key.key
        self.table = table
        self.arguments = key.arguments
        self.fallback = key.segments
    }

    init(resource: LocalizedStringResource) {
        key = resource.key
        table = resource.table
        arguments = resource.defaultValue.arguments
        fallback = [.verbatim(resource.defaultValue.text)]
    }

    /// The pieces to show: the translation for `locale` in `tables`, else the untranslated text.
    func resolve(tables: StringTables, locale: Locale) -> [Text.Content] {
        var pieces = fallback
        if let (entry, language) = tables.entry(for: key, table: table, locale: locale) {
            pieces = LocalizedFormat.render(entry, arguments: arguments, language: language, locale: locale)
        }
        guard let textCase else { return pieces }
        return pieces.map { piece in
            guard case .verbatim(let string) = piece else { return piece }
            return .verbatim(textCase == .uppercase ? string.uppercased(with: locale) : string.lowercased(with: locale))
        }
    }
}

/// What live text needs to turn a date into characters: the moment, locale and time zone,
/// and whether seconds may be shown (not in always-on).
struct LiveTextContext {
    let date: Date
    let locale: Locale
    let timeZone: TimeZone
    let reduced: Bool

    func formatter(date dateStyle: DateFormatter.Style, time timeStyle: DateFormatter.Style) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateStyle = dateStyle
        formatter.timeStyle = timeStyle
        return formatter
    }
}
