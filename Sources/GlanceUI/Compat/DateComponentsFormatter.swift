import Foundation

// Linux only: Apple platforms have Foundation's own, which this must not shadow.
#if os(Linux)
/// Formats a span of time as text ("9:41:30", "9h 41m 30s", "9 hours, 41 minutes, 30 seconds"),
/// as Foundation's `DateComponentsFormatter`, which swift-corelibs-foundation declares
/// unavailable on Linux. This one shadows it for code that imports Glance or SwiftUI.
///
/// It writes U.S. English, whatever the locale (Apple's follows the user's language); units
/// smaller than the smallest allowed one are dropped, not rounded. Years and months are
/// counted on `calendar` from `referenceDate` (2001-01-01 when nil), as Apple's are;
/// weeks and smaller units are fixed lengths.
open class DateComponentsFormatter: Formatter, @unchecked Sendable {
    /// How units are written.
    public enum UnitsStyle: Int, Sendable {
        /// "9:41:30".
        case positional = 0
        /// "9h 41m 30s".
        case abbreviated = 1
        /// "9 hr, 41 min, 30 sec".
        case short = 2
        /// "9 hours, 41 minutes, 30 seconds".
        case full = 3
        /// "nine hours, forty-one minutes, thirty seconds".
        case spellOut = 4
        /// "9hr 41min 30sec".
        case brief = 5
    }

    /// What happens to units whose value is zero.
    public struct ZeroFormattingBehavior: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Positional: drop leading zeros; other styles: drop every zero unit.
        public static let `default` = ZeroFormattingBehavior(rawValue: 1 << 0)
        /// Drop zero units before the first non-zero one.
        public static let dropLeading = ZeroFormattingBehavior(rawValue: 1 << 1)
        /// Drop zero units between non-zero ones.
        public static let dropMiddle = ZeroFormattingBehavior(rawValue: 1 << 2)
        /// Drop zero units after the last non-zero one.
        public static let dropTrailing = ZeroFormattingBehavior(rawValue: 1 << 3)
        /// Drop every zero unit.
        public static let dropAll: ZeroFormattingBehavior = [.dropLeading, .dropMiddle, .dropTrailing]
        /// Positional: write every unit with two digits, the first too; other styles: keep zero units.
        public static let pad = ZeroFormattingBehavior(rawValue: 1 << 16)
        /// Keep every unit.
        public static let none = ZeroFormattingBehavior([])
    }

    /// How units are written; positional by default.
    open var unitsStyle: UnitsStyle = .positional
    /// The units the text may use; hours, minutes and seconds by default when empty.
    open var allowedUnits: NSCalendar.Unit = []
    /// What happens to zero units.
    open var zeroFormattingBehavior: ZeroFormattingBehavior = .default
    /// At most this many units, largest first; 0 means no limit.
    open var maximumUnitCount = 0
    /// Prefixes "About " to the text.
    open var includesApproximationPhrase = false
    /// Appends " remaining" to the text.
    open var includesTimeRemainingPhrase = false
    /// The calendar years and months are counted on.
    open var calendar: Calendar? = Calendar(identifier: .gregorian)
    /// The date years and months are counted from; when nil, the reference date
    /// (2001-01-01 00:00:00 UTC), as Apple's: never the current time, so the same interval
    /// reads the same whenever it is formatted.
    open var referenceDate: Date?

    /// A formatter with the default settings.
    public override init() {
        super.init()
    }

    /// Decodes a formatter; Glance keeps no archived settings, so it has the defaults.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// `ti` seconds as text; nil when `ti` is not finite.
    open func string(from ti: TimeInterval) -> String? {
        guard ti.isFinite else { return nil }
        let start = referenceDate ?? Date(timeIntervalSinceReferenceDate: 0)
        return string(from: start, to: start.addingTimeInterval(ti))
    }

    /// The span from `startDate` to `endDate` as text.
    open func string(from startDate: Date, to endDate: Date) -> String? {
        let negative = endDate < startDate
        let (from, to) = negative ? (endDate, startDate) : (startDate, endDate)
        var values = [Field: Int]()
        var rest = to.timeIntervalSince(from)
        var cursor = from
        let calendar = calendar ?? Calendar(identifier: .gregorian)
        for (field, component) in [(Field.year, Calendar.Component.year), (.month, .month)] where units.contains(field.unit) {
            let count = calendar.dateComponents([component], from: cursor, to: to).value(for: component) ?? 0
            values[field] = count
            cursor = calendar.date(byAdding: component, value: count, to: cursor) ?? cursor
            rest = to.timeIntervalSince(cursor)
        }
        for field in [Field.week, .day, .hour, .minute, .second] where units.contains(field.unit) {
            let count = Int((rest / field.length).rounded(.down))
            values[field] = count
            rest -= Double(count) * field.length
        }
        return format(values, negative: negative)
    }

    /// `components` as text, using the allowed units they set.
    open func string(from components: DateComponents) -> String? {
        var values = [Field: Int]()
        for field in Field.allCases where units.contains(field.unit) { values[field] = field.value(in: components) ?? 0 }
        return format(values, negative: false)
    }

    /// `obj` as text when it is a `DateComponents` or a number of seconds, else nil.
    open override func string(for obj: Any?) -> String? {
        switch obj {
        case let components as DateComponents: string(from: components)
        case let seconds as TimeInterval: string(from: seconds)
        case let seconds as Int: string(from: TimeInterval(seconds))
        default: nil
        }
    }

    /// `components` as text in `unitsStyle`, with the default settings otherwise.
    open class func localizedString(from components: DateComponents, unitsStyle: UnitsStyle) -> String? {
        let formatter = DateComponentsFormatter()
        formatter.unitsStyle = unitsStyle
        formatter.allowedUnits = Field.allCases.filter { $0.value(in: components) != nil }.reduce(into: NSCalendar.Unit()) { $0.insert($1.unit) }
        return formatter.string(from: components)
    }

    // MARK: - Writing

    /// The units written, largest first.
    private enum Field: CaseIterable {
        case year, month, week, day, hour, minute, second

        var unit: NSCalendar.Unit {
            switch self {
            case .year: .year
            case .month: .month
            case .week: .weekOfMonth
            case .day: .day
            case .hour: .hour
            case .minute: .minute
            case .second: .second
            }
        }

        /// Seconds in one of these units (weeks and smaller).
        var length: TimeInterval {
            switch self {
            case .week: 604_800
            case .day: 86_400
            case .hour: 3_600
            case .minute: 60
            default: 1
            }
        }

        func value(in components: DateComponents) -> Int? {
            switch self {
            case .year: components.year
            case .month: components.month
            case .week: components.weekOfMonth
            case .day: components.day
            case .hour: components.hour
            case .minute: components.minute
            case .second: components.second
            }
        }
    }

    /// The allowed units, hours, minutes and seconds when none are set.
    private var units: NSCalendar.Unit { allowedUnits.isEmpty ? [.hour, .minute, .second] : allowedUnits }

    private func format(_ values: [Field: Int], negative: Bool) -> String? {
        var shown = Field.allCases.compactMap { field in values[field].map { (field, $0) } }
        guard !shown.isEmpty else { return nil }
        var behavior = zeroFormattingBehavior
        if behavior.contains(.default) { behavior = unitsStyle == .positional ? .dropLeading : .dropAll }
        let keep = unitsStyle == .positional ? min(2, shown.count) : 1
        if behavior.contains(.dropLeading) {
            while shown.count > keep, shown[0].1 == 0 { shown.removeFirst() }
        }
        if behavior.contains(.dropTrailing) {
            while shown.count > keep, shown[shown.count - 1].1 == 0 { shown.removeLast() }
        }
        if behavior.contains(.dropMiddle), shown.count > 2 {
            let middle = shown[1..<(shown.count - 1)].filter { $0.1 != 0 }
            shown = [shown[0]] + middle + [shown[shown.count - 1]]
        }
        if maximumUnitCount > 0, shown.count > maximumUnitCount { shown = Array(shown.prefix(maximumUnitCount)) }
        var text: String
        if unitsStyle == .positional {
            text = shown.enumerated().map { index, entry in
                index == 0 && !behavior.contains(.pad) ? "\(entry.1)" : String(format: "%02d", entry.1)
            }.joined(separator: ":")
        } else {
            let parts = shown.map { unit, value in Self.write(value, unit, style: unitsStyle) }
            text = parts.joined(separator: unitsStyle == .abbreviated || unitsStyle == .brief ? " " : ", ")
        }
        if negative { text = "-" + text }
        if includesApproximationPhrase { text = "About " + text }
        if includesTimeRemainingPhrase { text += " remaining" }
        return text
    }

    private static func write(_ value: Int, _ field: Field, style: UnitsStyle) -> String {
        let one = value == 1
        let names: (abbreviated: String, short: String, brief: String, full: String) = switch field {
        case .year: ("y", one ? "yr" : "yrs", "yr", one ? "year" : "years")
        case .month: ("mo", one ? "mth" : "mths", "mth", one ? "month" : "months")
        case .week: ("w", one ? "wk" : "wks", "wk", one ? "week" : "weeks")
        case .day: ("d", one ? "day" : "days", one ? "day" : "days", one ? "day" : "days")
        case .hour: ("h", "hr", "hr", one ? "hour" : "hours")
        case .minute: ("m", "min", "min", one ? "minute" : "minutes")
        case .second: ("s", "sec", "sec", one ? "second" : "seconds")
        }
        switch style {
        case .abbreviated: return "\(value)\(names.abbreviated)"
        case .brief: return "\(value)\(names.brief)"
        case .short: return "\(value) \(names.short)"
        case .spellOut:
            let speller = NumberFormatter()
            speller.locale = Locale(identifier: "en_US")
            speller.numberStyle = .spellOut
            return "\(speller.string(from: NSNumber(value: value)) ?? "\(value)") \(names.full)"
        default: return "\(value) \(names.full)"
        }
    }
}
#endif
