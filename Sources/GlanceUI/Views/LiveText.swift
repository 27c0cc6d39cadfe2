import Foundation

/// Turns live text content into characters at a moment, and says when they next change.
///
/// Rules (Docs/Contract.md, "Live text"): `.timer` counts down to the date and then up;
/// `.relative` shows the absolute difference in its two largest units ("11 min, 14 sec");
/// `.offset` prefixes "-" for the future and "+" for the past; `.time` and `.date` are
/// absolute. In always-on (`reduced`) no seconds are shown and values change at most
/// once a minute.
enum LiveText {
    /// The characters of `content` at `context.date` and the first later moment they differ.
    static func evaluate(_ content: Text.Content, in context: LiveTextContext) -> (text: String, nextChange: Date?) {
        switch content {
        case .verbatim(let string):
            return (string, nil)
        case .symbol:
            return ("", nil)
        case .formatted(let format):
            return (format(context), nil)
        case .localized(let localized):
            // Text nodes resolve keys before evaluating; elsewhere the untranslated text shows.
            return (localized.fallback.map { evaluate($0, in: context).text }.joined(), nil)
        case .date(let date, let style):
            switch style.kind {
            case .time:
                let text = context.formatter(date: .none, time: .short).string(from: date)
                return (text, nil)
            case .date:
                return (context.formatter(date: .long, time: .none).string(from: date), nil)
            case .relative, .offset:
                let seconds = date.timeIntervalSince(context.date)
                let magnitude = wholeSeconds(abs(seconds), .down)
                let (text, period) = relative(magnitude, reduced: context.reduced)
                let sign = style.kind == .offset ? (seconds > 0 ? "-" : (magnitude == 0 ? "" : "+")) : ""
                return (sign + text, nextBoundary(from: context.date, target: date, period: period))
            case .timer:
                let seconds = date.timeIntervalSince(context.date)
                let magnitude = wholeSeconds(abs(seconds), seconds > 0 ? .up : .down)
                return clock(magnitude, showsHours: true, reduced: context.reduced, from: context.date, target: date)
            }
        case .timerInterval(let range, let pauseTime, let countsDown, let showsHours):
            let now = min(max(pauseTime ?? context.date, range.lowerBound), range.upperBound)
            let seconds = countsDown ? range.upperBound.timeIntervalSince(now) : now.timeIntervalSince(range.lowerBound)
            let magnitude = wholeSeconds(seconds, countsDown ? .up : .down)
            var result = clock(magnitude, showsHours: showsHours, reduced: context.reduced, from: context.date,
                               target: countsDown ? range.upperBound : range.lowerBound)
            // A paused timer, or one outside its interval, never changes again (until the
            // interval starts, for a timer that has not started yet).
            if pauseTime != nil || context.date >= range.upperBound {
                result.nextChange = nil
            } else if context.date < range.lowerBound {
                result.nextChange = range.lowerBound
            }
            return result
        }
    }

    /// "1 hr, 5 min" style text in the two largest units, and the period at which it changes
    /// (the size of the smaller unit shown). Zero shows as "0 sec" ("0 min" in always-on).
    static func relative(_ seconds: Int, reduced: Bool) -> (String, period: Int) {
        let all: [(name: String, size: Int)] = [("yr", 31_536_000), ("wk", 604_800), ("day", 86_400), ("hr", 3600), ("min", 60), ("sec", 1)]
        let units = reduced ? all.filter { $0.size >= 60 } : all
        func phrase(_ count: Int, _ name: String) -> String { name == "day" && count != 1 ? "\(count) days" : "\(count) \(name)" }
        guard let first = units.firstIndex(where: { seconds >= $0.size }) else {
            return (phrase(0, units.last!.name), units.last!.size)
        }
        var text = phrase(seconds / units[first].size, units[first].name)
        guard first + 1 < units.count else { return (text, units[first].size) }
        let next = units[first + 1]
        let count = seconds % units[first].size / next.size
        if count > 0 { text += ", " + phrase(count, next.name) }
        return (text, next.size)
    }

    /// "4:59", "1:02:03" (or "75:00" without hours); in always-on "5 min" / "1 hr 3 min".
    static func clock(_ seconds: Int, showsHours: Bool, reduced: Bool, from now: Date, target: Date) -> (text: String, nextChange: Date?) {
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, secs = seconds % 60
        let text: String
        if reduced {
            let totalMinutes = seconds / 60
            text = showsHours && hours > 0 ? "\(hours) hr \(minutes) min" : "\(totalMinutes) min"
        } else if showsHours && hours > 0 {
            text = "\(hours):\(pad(minutes)):\(pad(secs))"
        } else {
            text = "\(seconds / 60):\(pad(secs))"
        }
        return (text, nextBoundary(from: now, target: target, period: reduced ? 60 : 1))
    }

    /// The longest span live text counts, about 31 million years: data-made dates beyond it
    /// (or NaN) show as this, never trap converting to whole seconds.
    static let longestSpan = 1e15

    /// `seconds` rounded by `rule` to whole seconds within ±`longestSpan`; NaN is 0.
    static func wholeSeconds(_ seconds: Double, _ rule: FloatingPointRoundingRule) -> Int {
        guard !seconds.isNaN else { return 0 }
        return Int(min(max(seconds, -longestSpan), longestSpan).rounded(rule))
    }

    /// The first moment after `now` at which the whole-`period` distance to `target` changes;
    /// nil when the distance is not a finite number of seconds.
    static func nextBoundary(from now: Date, target: Date, period: Int) -> Date? {
        let distance = target.timeIntervalSince(now)
        guard distance.isFinite, abs(distance) <= longestSpan else { return nil }
        let step = Double(period)
        // Values change when the distance crosses a multiple of the period.
        let remainder = distance.truncatingRemainder(dividingBy: step)
        var wait = distance > 0 ? (remainder == 0 ? step : remainder) : step + remainder
        if wait <= 0 { wait += step }
        return now.addingTimeInterval(wait)
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
