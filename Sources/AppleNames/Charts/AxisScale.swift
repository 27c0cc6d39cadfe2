import Foundation

/// One axis's scale: continuous (numbers, dates) from a lower to an upper bound, or a band per
/// category, mapped onto a length in points.
struct AxisScale {
    enum Kind { case continuous(lower: Double, upper: Double, dates: Bool), categorical([String]) }
    let kind: Kind

    /// A scale for `values`, or for the chart's own `domain` when one was set. Number scales
    /// include zero when `includesZero` (Swift Charts does so for bars and areas).
    init(values: [PlotCoordinate], domain: ResolvedDomain?, includesZero: Bool) {
        let dates = values.contains { if case .date = $0 { true } else { false } }
        switch domain {
        case .continuous(let lower, let upper)?:
            kind = .continuous(lower: lower, upper: upper == lower ? lower + 1 : upper, dates: dates)
        case .categories(let names)?:
            kind = .categorical(names)
        case nil:
            let scalars = values.compactMap(\.scalar)
            if scalars.isEmpty, !values.isEmpty {
                var names: [String] = []
                for case .category(let name) in values where !names.contains(name) { names.append(name) }
                kind = .categorical(names)
            } else {
                var lower = scalars.min() ?? 0, upper = scalars.max() ?? 1
                if includesZero { lower = min(lower, 0); upper = max(upper, 0) }
                if !dates { (lower, upper) = AxisScale.nice(lower, upper) }
                kind = .continuous(lower: lower, upper: upper == lower ? lower + 1 : upper, dates: dates)
            }
        }
    }

    /// Widens a number range to round values (0…83 becomes 0…100), as automatic domains do.
    static func nice(_ lower: Double, _ upper: Double) -> (Double, Double) {
        guard upper > lower else { return (lower, upper) }
        let step = niceStep((upper - lower) / 4)
        return ((lower / step).rounded(.down) * step, (upper / step).rounded(.up) * step)
    }

    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0 else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for factor in [1.0, 2, 2.5, 5, 10] where factor * magnitude >= raw { return factor * magnitude }
        return 10 * magnitude
    }

    /// Where `value` sits along `length`, measured from the axis origin (left, bottom).
    func position(_ value: PlotCoordinate, length: Double) -> Double? {
        switch kind {
        case .continuous(let lower, let upper, _):
            guard let scalar = value.scalar else { return nil }
            return (scalar - lower) / (upper - lower) * length
        case .categorical(let names):
            guard case .category(let name) = value, let index = names.firstIndex(of: name) else { return nil }
            return (Double(index) + 0.5) * length / Double(max(1, names.count))
        }
    }

    /// The centre of what `value` covers: a date with a unit covers its whole unit.
    func center(_ value: PlotCoordinate, length: Double) -> Double? {
        guard let start = position(value, length: length) else { return nil }
        if let end = value.unitEnd, let stop = position(.number(end), length: length) { return (start + stop) / 2 }
        return start
    }

    /// The span a bar at `value` covers, `fill` of its slot wide.
    func band(_ value: PlotCoordinate, length: Double, fill: Double) -> (Double, Double)? {
        switch kind {
        case .categorical(let names):
            guard let middle = position(value, length: length) else { return nil }
            let half = length / Double(max(1, names.count)) * fill / 2
            return (middle - half, middle + half)
        case .continuous:
            guard let start = position(value, length: length) else { return nil }
            if let end = value.unitEnd, let stop = position(.number(end), length: length) {
                let inset = (stop - start) * (1 - fill) / 2
                return (start + inset, stop - inset)
            }
            return (start - 1.5, start + 1.5)
        }
    }

    /// The values an axis shows for `values`.
    func values(for values: AxisMarkValues, length: Double) -> [PlotCoordinate] {
        switch (kind, values.storage) {
        case (_, .values(let coordinates)):
            return coordinates
        case (.categorical(let names), _):
            return names.map { .category($0) }
        case (.continuous(let lower, let upper, let dates), .automatic(let count)):
            if dates { return dateValues(lower, upper, component: nil, count: 1, desired: count ?? 4) }
            let step = AxisScale.niceStep((upper - lower) / Double(count ?? (length < 40 ? 2 : 4)))
            return stride(from: (lower / step).rounded(.up) * step, through: upper + step / 1000, by: step).map { .number($0) }
        case (.continuous(let lower, let upper, _), .stride(let step)):
            guard step > 0 else { return [] }
            return stride(from: (lower / step).rounded(.up) * step, through: upper + step / 1000, by: step).map { .number($0) }
        case (.continuous(let lower, let upper, _), .dateStride(let component, let count)):
            return dateValues(lower, upper, component: component, count: count, desired: 0)
        }
    }

    /// Dates every `count` `component`s from the start of the component at the lower bound;
    /// with no component, the smallest of hour, 3, 6, 12 hours, day or week giving at most
    /// `desired` values.
    private func dateValues(_ lower: Double, _ upper: Double, component: Calendar.Component?, count: Int, desired: Int) -> [PlotCoordinate] {
        let calendar = Calendar.current
        var component = component ?? .hour, count = count
        if desired > 0 {
            let span = upper - lower
            let choices: [(Calendar.Component, Int, Double)] = [(.hour, 1, 3600), (.hour, 3, 10800), (.hour, 6, 21600),
                                                                (.hour, 12, 43200), (.day, 1, 86400), (.day, 7, 604_800)]
            let choice = choices.first { span / $0.2 <= Double(desired) } ?? choices[choices.count - 1]
            (component, count) = (choice.0, choice.1)
        }
        let lowerDate = Date(timeIntervalSinceReferenceDate: lower)
        var date = calendar.dateInterval(of: component, for: lowerDate)?.start ?? lowerDate
        if date.timeIntervalSinceReferenceDate < lower - 0.5, let next = calendar.date(byAdding: component, value: count, to: date) {
            date = next
        }
        var result: [PlotCoordinate] = []
        while date.timeIntervalSinceReferenceDate <= upper + 0.5, result.count < 64 {
            result.append(.date(date.timeIntervalSinceReferenceDate, unit: component))
            guard let next = calendar.date(byAdding: component, value: count, to: date) else { break }
            date = next
        }
        return result
    }

    /// The label an `AxisValueLabel()` without a format writes for `value`.
    func defaultLabel(_ value: PlotCoordinate) -> String {
        switch value {
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
            // As many decimals as the value needs, up to 3 (0.25, not 0.2).
            var text = String(format: "%.3f", number)
            while text.hasSuffix("0") { text.removeLast() }
            return text
        case .date(let seconds, let unit):
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            let components = Calendar.current.dateComponents([.hour, .day], from: date)
            if unit == .hour || unit == .minute { return String(components.hour ?? 0) }
            return String(components.day ?? 0)
        case .category(let name):
            return name
        }
    }
}
