import Foundation
import GlanceUI

/// A chart's marks placed on its scales: the domains, the axis values and how to draw them.
///
/// Drawn simply, for small panels: bars, rules, lines, areas and point symbols at their scaled
/// positions; axis grid lines, ticks and value labels at the axis values. No legend, no
/// shadows, no symbol shapes other than a disc, no stacking of bars that share a position.
struct ChartLayout {
    let marks: [MarkRecord]
    let configuration: ChartConfiguration
    let xScale: AxisScale
    let yScale: AxisScale
    let xGroups: [AxisMarksGroup]
    let yGroups: [AxisMarksGroup]

    init(marks: [MarkRecord], configuration: ChartConfiguration) {
        self.marks = marks
        self.configuration = configuration
        xScale = AxisScale(values: marks.flatMap { $0.xCoordinates }, domain: configuration.xDomain, includesZero: false)
        let numericY = marks.allSatisfy { $0.yCoordinates.allSatisfy { if case .number = $0 { true } else { false } } }
        yScale = AxisScale(values: marks.flatMap { $0.yCoordinates }, domain: configuration.yDomain,
                           includesZero: numericY && marks.contains { $0.kind == .bar || $0.kind == .area })
        let defaultGroup = AxisMarksGroup(position: .automatic, values: .automatic) { _ in
            [AxisPart(kind: .gridLine), AxisPart(kind: .label)]
        }
        switch configuration.xAxis {
        case .automatic: xGroups = [defaultGroup]
        case .hidden: xGroups = []
        case .marks(let groups): xGroups = groups
        }
        switch configuration.yAxis {
        case .automatic: yGroups = [defaultGroup]
        case .hidden: yGroups = []
        case .marks(let groups): yGroups = groups
        }
    }

    // MARK: - Axis values and labels

    /// The parts to draw at each value of the axis, with their positions in domain units.
    func axisParts(_ groups: [AxisMarksGroup], scale: AxisScale, length: Double) -> [(PlotCoordinate, [AxisPart])] {
        groups.flatMap { group -> [(PlotCoordinate, [AxisPart])] in
            let values = scale.values(for: group.values, length: length)
            return values.enumerated().map { index, value in
                (value, group.content?(AxisValue(coordinate: value, index: index, count: values.count)) ?? [])
            }
        }
    }

    func labelText(_ value: PlotCoordinate, part: AxisPart, scale: AxisScale) -> String {
        if let format = part.format {
            switch value {
            case .number(let number): return format(number)
            case .date(let seconds, _): return format(Date(timeIntervalSinceReferenceDate: seconds))
            case .category(let name): return format(name)
            }
        }
        return scale.defaultLabel(value)
    }

    var hasYLabels: Bool { axisParts(yGroups, scale: yScale, length: 100).contains { $0.1.contains { $0.kind == .label } } }
    var hasXLabels: Bool { axisParts(xGroups, scale: xScale, length: 100).contains { $0.1.contains { $0.kind == .label } } }
    var yLabelsLeading: Bool { yGroups.first?.position == .leading }

    /// Room for the y labels: 5 points a character (Glance's small system font), at most 30.
    var yLabelWidth: CGFloat {
        guard hasYLabels else { return 0 }
        let labels = axisParts(yGroups, scale: yScale, length: 100).flatMap { value, parts in
            parts.filter { $0.kind == .label }.map { labelText(value, part: $0, scale: yScale) }
        }
        return min(30, CGFloat((labels.map(\.count).max() ?? 0) * 5 + 3))
    }

    var xLabelHeight: CGFloat { hasXLabels ? 9 : 0 }

    // MARK: - Drawing

    func drawPlot(_ context: inout GraphicsContext, size: CGSize) {
        let width = Double(size.width), height = Double(size.height)
        for (value, parts) in axisParts(yGroups, scale: yScale, length: height) {
            guard let position = yScale.position(value, length: height) else { continue }
            let y = height - position
            for part in parts where part.kind == .gridLine {
                var path = Path()
                path.move(to: CGPoint(x: 0, y: y))
                path.addLine(to: CGPoint(x: width, y: y))
                context.stroke(path, with: shading(part.style, fallback: AnyShapeStyle(Color.gray)), style: part.stroke ?? StrokeStyle(lineWidth: 1, dash: [1, 2]))
            }
        }
        for (value, parts) in axisParts(xGroups, scale: xScale, length: width) {
            guard let x = xScale.position(value, length: width) else { continue }
            for part in parts where part.kind == .gridLine || part.kind == .tick {
                var path = Path()
                path.move(to: CGPoint(x: x, y: part.kind == .tick ? height - 2 : 0))
                path.addLine(to: CGPoint(x: x, y: height))
                context.stroke(path, with: shading(part.style, fallback: AnyShapeStyle(Color.gray)), style: part.stroke ?? StrokeStyle(lineWidth: 1, dash: [1, 2]))
            }
        }
        let categories = Array(Set(marks.compactMap(\.styleCategory))).sorted()
        var lineSeries: [String: [(CGPoint, MarkRecord)]] = [:]
        var seriesOrder: [String] = []
        for (index, mark) in marks.enumerated() {
            var markContext = context
            markContext.opacity = mark.opacity
            let style = mark.style ?? categoryStyle(mark.styleCategory, categories: categories)
            switch mark.kind {
            case .bar: drawBar(mark, style: style, in: &markContext, width: width, height: height)
            case .rule: drawRule(mark, style: style, in: &markContext, width: width, height: height)
            case .point:
                guard let point = point(mark, width: width, height: height) else { continue }
                let diameter = max(2, 2 * (Double(mark.symbolSize ?? 30) / .pi).squareRoot())
                markContext.fill(Path(ellipseIn: CGRect(x: point.x - diameter / 2, y: point.y - diameter / 2, width: diameter, height: diameter)),
                                 with: .style(style))
            case .line, .area:
                guard let point = point(mark, width: width, height: height) else { continue }
                let key = "\(mark.kind)|\(mark.series ?? mark.styleCategory ?? "")"
                if lineSeries[key] == nil { seriesOrder.append(key) }
                lineSeries[key, default: []].append((point, mark))
                _ = index
            }
        }
        for key in seriesOrder {
            guard let points = lineSeries[key], let first = points.first else { continue }
            let sorted = points.sorted { $0.0.x < $1.0.x }
            var path = Path()
            path.addLines(sorted.map(\.0))
            let style = first.1.style ?? categoryStyle(first.1.styleCategory, categories: categories)
            var markContext = context
            markContext.opacity = first.1.opacity
            if first.1.kind == .area {
                let base = height - (yScale.position(.number(0), length: height) ?? 0)
                path.addLine(to: CGPoint(x: sorted.last!.0.x, y: base))
                path.addLine(to: CGPoint(x: sorted[0].0.x, y: base))
                path.closeSubpath()
                markContext.fill(path, with: .style(style))
            } else {
                markContext.stroke(path, with: .style(style), style: first.1.stroke ?? StrokeStyle(lineWidth: 2))
            }
        }
    }

    func drawYLabels(_ context: inout GraphicsContext, size: CGSize) {
        let height = Double(size.height)
        for (value, parts) in axisParts(yGroups, scale: yScale, length: height) {
            guard let position = yScale.position(value, length: height) else { continue }
            for part in parts where part.kind == .label {
                var text = Text(labelText(value, part: part, scale: yScale)).font(part.font ?? .system(size: 8))
                text = text.foregroundStyle(part.style ?? AnyShapeStyle(Color.secondary))
                let y = min(max(height - position, 4), height - 4)
                context.draw(text, at: CGPoint(x: yLabelsLeading ? size.width - 1 : 1, y: y), anchor: yLabelsLeading ? .trailing : .leading)
            }
        }
    }

    func drawXLabels(_ context: inout GraphicsContext, size: CGSize) {
        let width = Double(size.width) - Double(yLabelWidth)
        let offset = yLabelsLeading ? Double(yLabelWidth) : 0
        for (value, parts) in axisParts(xGroups, scale: xScale, length: width) {
            guard let x = xScale.position(value, length: width) else { continue }
            for part in parts where part.kind == .label {
                var text = Text(labelText(value, part: part, scale: xScale)).font(part.font ?? .system(size: 8))
                text = text.foregroundStyle(part.style ?? AnyShapeStyle(Color.secondary))
                context.draw(text, at: CGPoint(x: offset + x, y: 0), anchor: .topLeading)
            }
        }
    }

    // MARK: - Marks

    private func shading(_ style: AnyShapeStyle?, fallback: AnyShapeStyle) -> GraphicsContext.Shading {
        .style(style ?? fallback)
    }

    /// The style of a category: the chart's scale, else Swift Charts' default palette in order.
    private func categoryStyle(_ category: String?, categories: [String]) -> AnyShapeStyle {
        guard let category else { return AnyShapeStyle(Color.blue) }
        if let style = configuration.styleScale.first(where: { $0.0 == category })?.1 { return style }
        let palette: [Color] = [.blue, .green, .orange, .purple, .red, .cyan, .yellow]
        return AnyShapeStyle(palette[(categories.firstIndex(of: category) ?? 0) % palette.count])
    }

    private func point(_ mark: MarkRecord, width: Double, height: Double) -> CGPoint? {
        guard let x = mark.x.flatMap({ xScale.center($0, length: width) }),
              let y = mark.y.flatMap({ yScale.center($0, length: height) }) else { return nil }
        return CGPoint(x: x, y: height - y)
    }

    private func drawBar(_ mark: MarkRecord, style: AnyShapeStyle, in context: inout GraphicsContext, width: Double, height: Double) {
        if let x = mark.x {
            guard let (left, right) = xScale.band(x, length: width, fill: 0.8) else { return }
            let low = mark.yStart ?? .number(0), high = mark.yEnd ?? mark.y ?? .number(0)
            guard let y0 = yScale.position(low, length: height), let y1 = yScale.position(high, length: height) else { return }
            let rect = CGRect(x: left, y: height - max(y0, y1), width: max(1, right - left), height: max(1, abs(y1 - y0)))
            context.fill(Path(roundedRect: rect, cornerRadius: mark.cornerRadius), with: .style(style))
        } else if let y = mark.y, let xStart = mark.xStart, let xEnd = mark.xEnd {
            guard let (top, bottom) = yScale.band(y, length: height, fill: 0.8),
                  let x0 = xScale.position(xStart, length: width), let x1 = xScale.position(xEnd, length: width) else { return }
            let rect = CGRect(x: min(x0, x1), y: height - bottom, width: max(1, abs(x1 - x0)), height: max(1, bottom - top))
            context.fill(Path(roundedRect: rect, cornerRadius: mark.cornerRadius), with: .style(style))
        }
    }

    private func drawRule(_ mark: MarkRecord, style: AnyShapeStyle, in context: inout GraphicsContext, width: Double, height: Double) {
        var path = Path()
        if let y = mark.y, mark.x == nil, let position = yScale.center(y, length: height) {
            let x0 = mark.xStart.flatMap { xScale.position($0, length: width) } ?? 0
            let x1 = mark.xEnd.flatMap { xScale.position($0, length: width) } ?? width
            path.move(to: CGPoint(x: x0, y: height - position))
            path.addLine(to: CGPoint(x: x1, y: height - position))
        } else if let x = mark.x, let position = xScale.center(x, length: width) {
            let y0 = mark.yStart.flatMap { yScale.position($0, length: height) } ?? 0
            let y1 = mark.yEnd.flatMap { yScale.position($0, length: height) } ?? height
            path.move(to: CGPoint(x: position, y: height - y0))
            path.addLine(to: CGPoint(x: position, y: height - y1))
        } else {
            return
        }
        context.stroke(path, with: .style(style), style: mark.stroke ?? StrokeStyle(lineWidth: 1))
    }
}

extension MarkRecord {
    var xCoordinates: [PlotCoordinate] {
        var values = [x, xStart, xEnd].compactMap { $0 }
        if let end = x?.unitEnd, case .date(_, let unit) = x { values.append(.date(end, unit: unit)) }
        return values
    }
    var yCoordinates: [PlotCoordinate] { [y, yStart, yEnd].compactMap { $0 } }
}
