import Foundation
import Testing
@testable import GlanceUI

// Glance's own formatter exists on Linux only; Apple platforms have Foundation's.
#if os(Linux)

@Suite struct DateComponentsFormatterTests {
    /// 9 hours, 41 minutes and 30 seconds: the quantity Apple's documentation shows every style with.
    private let nineFortyOne: TimeInterval = 9 * 3_600 + 41 * 60 + 30

    private func formatter(_ style: DateComponentsFormatter.UnitsStyle, _ units: NSCalendar.Unit = [.hour, .minute, .second]) -> DateComponentsFormatter {
        let formatter = DateComponentsFormatter()
        formatter.unitsStyle = style
        formatter.allowedUnits = units
        return formatter
    }

    @Test func eachStyleWritesTheDocumentedExample() {
        #expect(formatter(.positional).string(from: nineFortyOne) == "9:41:30")
        #expect(formatter(.abbreviated).string(from: nineFortyOne) == "9h 41m 30s")
        #expect(formatter(.short).string(from: nineFortyOne) == "9 hr, 41 min, 30 sec")
        #expect(formatter(.full).string(from: nineFortyOne) == "9 hours, 41 minutes, 30 seconds")
        #expect(formatter(.spellOut).string(from: nineFortyOne) == "nine hours, forty-one minutes, thirty seconds")
        #expect(formatter(.brief).string(from: nineFortyOne) == "9hr 41min 30sec")
    }

    @Test func zerosFollowTheZeroFormattingBehavior() {
        let hourAndTenSeconds: TimeInterval = 3_610
        #expect(formatter(.positional).string(from: hourAndTenSeconds) == "1:00:10")
        #expect(formatter(.abbreviated).string(from: hourAndTenSeconds) == "1h 10s")
        let padded = formatter(.positional, [.day, .hour])
        padded.zeroFormattingBehavior = .pad
        #expect(padded.string(from: 5 * 3_600) == "00:05")
        #expect(padded.string(from: 26 * 3_600) == "01:02")
        let kept = formatter(.abbreviated)
        kept.zeroFormattingBehavior = .pad
        #expect(kept.string(from: hourAndTenSeconds) == "1h 0m 10s")
    }

    @Test func unitCountApproximationAndRemainingPhrases() {
        let full = formatter(.full, [.day, .hour, .minute])
        full.maximumUnitCount = 1
        full.includesApproximationPhrase = true
        full.includesTimeRemainingPhrase = true
        #expect(full.string(from: 2 * 86_400 + 3 * 3_600) == "About 2 days remaining")
        #expect(formatter(.abbreviated, [.minute]).string(from: 119) == "1m")
        #expect(formatter(.positional).string(from: -65) == "-1:05")
        #expect(formatter(.positional).string(from: .infinity) == nil)
    }

    @Test func componentsAndDatesFormatToo() {
        var components = DateComponents()
        components.hour = 2
        components.minute = 5
        #expect(DateComponentsFormatter.localizedString(from: components, unitsStyle: .short) == "2 hr, 5 min")
        let start = Date(timeIntervalSince1970: 0)
        let months = formatter(.full, [.month, .day])
        months.calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            return calendar
        }()
        #expect(months.string(from: start, to: Date(timeIntervalSince1970: 86_400 * (31 + 3))) == "1 month, 3 days")
        #expect(months.string(for: components) == "0 days")
    }

    /// Without a reference date, months are counted from 2001-01-01 (Apple's
    /// `Date(timeIntervalSinceReferenceDate: 0)`), not from the time the text is made: 40 days
    /// read "1 month, 9 days" (January has 31) on any day. Counted from now they read
    /// "1 month, 10 days" from late November, and changed with the date.
    @Test func withoutAReferenceDateMonthsCountFromTheReferenceDate() {
        let months = formatter(.full, [.month, .day])
        months.calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            return calendar
        }()
        #expect(months.referenceDate == nil)
        #expect(months.string(from: 40 * 86_400) == "1 month, 9 days")
        months.referenceDate = Date(timeIntervalSince1970: 0)
        #expect(months.string(from: 40 * 86_400) == "1 month, 9 days", "1970-01-01 starts a January too")
        months.referenceDate = Date(timeIntervalSince1970: 86_400 * (31 + 28))
        #expect(months.string(from: 40 * 86_400) == "1 month, 9 days", "from 1970-03-01, March has 31")
        months.referenceDate = Date(timeIntervalSince1970: 86_400 * 31)
        #expect(months.string(from: 40 * 86_400) == "1 month, 12 days", "from 1970-02-01, February has 28")
    }
}
#endif
