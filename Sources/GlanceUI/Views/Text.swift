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
    /// looked up as a localization key (SwiftUI's one initializer for `Text("…")`,
    /// `Text(_:comment:)` and `Text(_:tableName:bundle:comment:)`).
    /// - Parameters:
    ///   - tableName: The strings table to look `key` up in; nil means `Localizable`.
    ///   - bundle: The bundle holding the table; nil means the main bundle.
    ///   - comment: Context for translators; never shown.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        runs = key.segments.map { Run(content: $0) }
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
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String, F.FormatInput: Sendable {
        let text = format.format(input)
        runs = [Run(content: .verbatim(text))]
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
            guard case .verbatim(let string) = run.content else { return }
            run.content = .verbatim(textCase == .uppercase ? string.uppercased() : string.lowercased())
        }
    }

    /// Upper or lower case.
    public enum TextCase: Sendable, Hashable { case uppercase, lowercase }
}

/// A string literal with interpolations, as SwiftUI's `LocalizedStringKey` (Glance does not
/// localize: the literal is the text). Interpolations can be live dates.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Sendable, Hashable {
    var segments: [Text.Content]
    private let key: String

    public init(stringLiteral value: String) {
        segments = [.verbatim(value)]
        key = value
    }

    public init(stringInterpolation: StringInterpolation) {
        segments = stringInterpolation.segments
        key = stringInterpolation.key
    }

    public init(_ value: String) {
        self.init(stringLiteral: value)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// Builds the segments of an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Text.Content] = []
        var key = ""

        public init(literalCapacity: Int, interpolationCount: Int) {}

        private mutating func append(_ string: String) {
            key += string
            if case .verbatim(let last)? = segments.last {
                segments[segments.count - 1] = .verbatim(last + string)
            } else {
                segments.append(.verbatim(string))
            }
        }

        public mutating func appendLiteral(_ literal: String) { append(literal) }

        /// Any value, as `String(describing:)` shows it.
        public mutating func appendInterpolation<T>(_ value: T) { append(String(describing: value)) }

        /// A string.
        public mutating func appendInterpolation(_ value: String) { append(value) }

        /// A number with a printf-style specifier, e.g. `"\(temp, specifier: "%.1f")"`.
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            append(String(format: specifier, value))
        }

        /// A value formatted with a Foundation format style.
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            append(format.format(input))
        }

        /// A live date, e.g. `"Ends \(date, style: .timer)"`.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            key += "%@"
            segments.append(.date(date, style))
        }

        /// A timer interval, as `Text(timerInterval:…)`.
        public mutating func appendInterpolation(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
            key += "%@"
            segments.append(.timerInterval(timerInterval, pauseTime: pauseTime, countsDown: countsDown, showsHours: showsHours))
        }

        /// Another text's characters (its styling is not kept inside a literal).
        public mutating func appendInterpolation(_ text: Text) {
            key += "%@"
            segments += text.runs.map(\.content)
        }

        /// A symbol, as `"\(Image(systemName: "sun.max")) 21°"`.
        public mutating func appendInterpolation(_ image: Image) {
            key += "%@"
            segments.append(.symbol(image.name))
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
