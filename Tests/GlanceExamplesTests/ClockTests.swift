import Foundation
import Glance
import GlanceTesting
import Testing
@testable import GlanceExamples
@testable import GlanceUI

@Suite struct ClockTests {
    @Test func oneEntryAMinuteForAnHour() {
        let timeline = ClockProvider().timeline(at: t0.addingTimeInterval(17))
        #expect(timeline.entries.count == 60)
        #expect(timeline.entries.first?.date == t0)
        #expect(timeline.entries.last?.date == t0.addingTimeInterval(59 * 60))
        #expect(timeline.policy == .atEnd)
    }

    /// The seconds tick without a new entry: the drawing changes every second and says when.
    @Test(arguments: [
        (1_795_257_720.0, "10:42:00", "10:42:37"),        // 10:42
        (1_795_219_200.0 + 300, "0:05:00", "0:05:37"),    // just after midnight
        (1_795_219_200.0 + 720, "0:12:00", "0:12:37"),
        (1_795_219_200.0 + 3600, "1:00:00", "1:00:37"),
    ])
    func theTimeTicksBetweenEntries(_ minute: TimeInterval, _ atStart: String, _ later: String) {
        let entry = ClockEntry(date: Date(timeIntervalSince1970: minute))
        let first = render(ClockView(entry: entry), .accessoryRectangular, at: entry.date)
        let second = render(ClockView(entry: entry), .accessoryRectangular, at: entry.date.addingTimeInterval(37))
        #expect(first.nextChange == entry.date.addingTimeInterval(1))
        #expect(first.bitmap == render(expectedClock(atStart, entry), .accessoryRectangular).bitmap)
        #expect(second.bitmap == render(expectedClock(later, entry), .accessoryRectangular).bitmap)
    }

    /// Always-on shows hours and minutes only, from the entry, and changes with entries only.
    @Test func alwaysOnShowsNoSeconds() {
        let entry = ClockEntry(date: t0)
        let dimmed = render(ClockView(entry: entry), .accessoryRectangular, reduced: true, at: t0.addingTimeInterval(37))
        #expect(dimmed.bitmap == render(expectedClock("10:42", entry), .accessoryRectangular, reduced: true).bitmap)
        #expect(dimmed.nextChange == nil)
    }

    /// The rectangular clock as it should look with `time` written out.
    private func expectedClock(_ time: String, _ entry: ClockEntry) -> some View {
        VStack(alignment: .leading, spacing: 3) {
            Text("Saturday").font(.headline)
            Text(verbatim: time).font(.system(size: 28, weight: .bold)).fixedSize()
            Text("21 November").font(.caption)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}
