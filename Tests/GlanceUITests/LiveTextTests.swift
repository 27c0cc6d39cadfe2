import Foundation
import Testing
@testable import GlanceUI

@Suite struct LiveTextTests {
    private func text(_ content: Text.Content, at date: Date, reduced: Bool = false) -> (String, Date?) {
        let context = LiveTextContext(date: date, locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "UTC")!, reduced: reduced)
        let result = LiveText.evaluate(content, in: context)
        return (result.text, result.nextChange)
    }

    @Test func relativeShowsTheTwoLargestUnits() {
        let target = referenceDate.addingTimeInterval(674)
        let (value, next) = text(.date(target, .relative), at: referenceDate)
        #expect(value == "11 min, 14 sec")
        #expect(next == referenceDate.addingTimeInterval(1))
        #expect(text(.date(referenceDate.addingTimeInterval(-7_500), .relative), at: referenceDate).0 == "2 hr, 5 min")
        #expect(text(.date(referenceDate.addingTimeInterval(-7_500), .relative), at: referenceDate).1 == referenceDate.addingTimeInterval(60))
        #expect(text(.date(referenceDate.addingTimeInterval(3 * 86_400 + 3_600), .relative), at: referenceDate).0 == "3 days, 1 hr")
    }

    @Test func offsetIsSigned() {
        #expect(text(.date(referenceDate.addingTimeInterval(90), .offset), at: referenceDate).0 == "-1 min, 30 sec")
        #expect(text(.date(referenceDate.addingTimeInterval(-90), .offset), at: referenceDate).0 == "+1 min, 30 sec")
    }

    @Test func timerCountsDownThenUp() {
        let target = referenceDate.addingTimeInterval(299.5)
        #expect(text(.date(target, .timer), at: referenceDate).0 == "5:00")
        #expect(text(.date(target, .timer), at: referenceDate).1 == referenceDate.addingTimeInterval(0.5))
        #expect(text(.date(target, .timer), at: referenceDate.addingTimeInterval(0.5)).0 == "4:59")
        #expect(text(.date(referenceDate.addingTimeInterval(-3_725), .timer), at: referenceDate).0 == "1:02:05")
    }

    @Test func timerIntervalFreezesAtPauseAndHidesHours() {
        let range = referenceDate...referenceDate.addingTimeInterval(4_500)
        #expect(text(.timerInterval(range, pauseTime: nil, countsDown: true, showsHours: false), at: referenceDate).0 == "75:00")
        #expect(text(.timerInterval(range, pauseTime: nil, countsDown: true, showsHours: true), at: referenceDate).0 == "1:15:00")
        let paused = text(.timerInterval(range, pauseTime: referenceDate.addingTimeInterval(60), countsDown: true, showsHours: true),
                          at: referenceDate.addingTimeInterval(600))
        #expect(paused.0 == "1:14:00" && paused.1 == nil)
        #expect(text(.timerInterval(range, pauseTime: nil, countsDown: false, showsHours: true), at: referenceDate.addingTimeInterval(61)).0 == "1:01")
    }

    @Test func luminanceReducedDropsSeconds() {
        let target = referenceDate.addingTimeInterval(674)
        let (value, next) = text(.date(target, .relative), at: referenceDate, reduced: true)
        #expect(value == "11 min")
        #expect(next == referenceDate.addingTimeInterval(14))
        #expect(text(.date(target, .timer), at: referenceDate, reduced: true).0 == "11 min")
    }

    @Test func absoluteStylesDoNotChange() {
        let (time, next) = text(.date(referenceDate, .time), at: referenceDate)
        // Foundation separates "AM" with a narrow no-break space.
        #expect(time == "10:42\u{202F}AM" || time == "10:42 AM")
        #expect(next == nil)
        #expect(text(.date(referenceDate, .date), at: referenceDate).0 == "November 21, 2026")
    }

    @Test func rendererReportsTheNextChange() {
        let view = Text(referenceDate.addingTimeInterval(30.25), style: .timer)
        let result = ViewRenderer.render(view, size: Size(width: 60, height: 20), environment: testEnvironment(), at: referenceDate)
        #expect(result.nextChange == referenceDate.addingTimeInterval(0.25))
        let still = ViewRenderer.render(Text("static"), size: Size(width: 60, height: 20), environment: testEnvironment(), at: referenceDate)
        #expect(still.nextChange == nil)
    }

    @Test func interpolatedLiveDates() {
        let view = Text("Ends in \(referenceDate.addingTimeInterval(90), style: .timer)")
        let node = ViewRenderer.layout(view, size: Size(width: 120, height: 20), environment: testEnvironment(), at: referenceDate, antialiased: false) as? TextNode
        #expect(node?.plainText == "Ends in 1:30")
    }
}
