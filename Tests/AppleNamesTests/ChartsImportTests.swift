// Imports Charts alone: marks on scales, axes hidden or listed, and the chart modifiers.
@testable import Charts
import Foundation
import GlanceTesting
import Testing

private struct Reading: Identifiable {
    let id: Int
    let value: Double
}

private func ascii<V: View>(_ view: V, width: Int, height: Int) -> String {
    ViewRenderer.render(view, size: Size(width: width, height: height), environment: EnvironmentValues(),
                        at: Date(timeIntervalSince1970: 0)).bitmap.ascii()
}

@Suite struct ChartsImportTests {
    // Bars grow from the zero baseline to their value, each in the middle of its category's
    // band; a rule crosses the whole plot at its value (Swift Charts' BarMark and RuleMark).
    @Test func barsStandOnZeroInTheirBandAndARuleCrossesThePlot() {
        let chart = Chart {
            BarMark(x: .value("Day", "A"), y: .value("Count", 2))
            BarMark(x: .value("Day", "B"), y: .value("Count", 4))
            RuleMark(y: .value("Goal", 3))
        }
        .chartXAxis(.hidden)
        .chartYAxis(.hidden)
        // A 0…4 scale on 8 rows: A (2) is 4 rows tall, B (4) all 8; each bar is 80 % of its
        // 5-point band (4 pixels); the rule at 3 is 6 rows up, on the row above that line.
        #expect(ascii(chart, width: 10, height: 8) == """
        .....####.
        ##########
        .....####.
        .....####.
        ####.####.
        ####.####.
        ####.####.
        ####.####.
        """)
    }

    // `chartYScale(domain:)` fixes the y domain: the same bar is half as tall on 0…8 as on 0…4.
    @Test func aYScaleDomainSetsWhereValuesLand() {
        let readings = [Reading(id: 0, value: 4)]
        let chart = Chart(readings) { reading in
            BarMark(x: .value("Index", "\(reading.id)"), y: .value("Value", reading.value))
        }
        .chartYScale(domain: 0 ... 8)
        .chartXAxis(.hidden)
        .chartYAxis(.hidden)
        #expect(ascii(chart, width: 4, height: 8) == """
        ....
        ....
        ....
        ....
        ####
        ####
        ####
        ####
        """)
    }

    // Listed axis marks draw at the listed values: a grid line at 0, 2 and 4 of a 0…4 scale.
    @Test func axisMarksDrawGridLinesAtTheirValues() {
        let chart = Chart {
            PointMark(x: .value("X", 0.0), y: .value("Y", 4.0)).symbolSize(0.5)
        }
        .chartXScale(domain: 0.0 ... 4.0)
        .chartYScale(domain: 0.0 ... 4.0)
        .chartXAxis(.hidden)
        .chartYAxis {
            AxisMarks(values: [0.0, 2.0, 4.0]) { _ in
                AxisGridLine(stroke: StrokeStyle(lineWidth: 1))
            }
        }
        let art = ascii(chart, width: 6, height: 5)
        let lines = art.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[2] == "######")
        #expect(lines[1] == "......")
    }

    // An automatic axis on 0…1 has values 0.25 apart; their labels keep the decimals they need
    // ("0.25", as Swift Charts writes them), where they were written with one ("0.2").
    @Test func automaticAxisLabelsKeepTheDecimalsTheirValuesNeed() {
        let scale = AxisScale(values: [.number(0), .number(1)], domain: nil, includesZero: true)
        let labels = scale.values(for: .automatic, length: 100).map(scale.defaultLabel)
        #expect(labels == ["0", "0.25", "0.5", "0.75", "1"])
        #expect(scale.defaultLabel(.number(-1.5)) == "-1.5")
    }
}
