import Foundation
import Testing
@testable import GlanceUI

/// Issue 15, item 1: no value a widget's data can carry traps the renderer. Each view below
/// takes a hostile number (NaN, infinities, huge, negative, zero) where real widgets put data:
/// the face must draw something sensible or nothing, never stop.
@Suite struct HostileValueTests {
    static let values: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude, 1e19, -1, 0]

    static let dates: [Date] = [.distantPast, .distantFuture, Date(timeIntervalSinceReferenceDate: 1e300),
                                Date(timeIntervalSinceReferenceDate: -1e300), Date(timeIntervalSinceReferenceDate: .nan)]

    /// Views as widgets write them, each with the hostile value in one place.
    static func views(_ v: Double) -> [(String, AnyView)] {
        let c = CGFloat(v)
        return [
            ("gauge value", AnyView(Gauge(value: v, in: 0...100) { Text("T") } currentValueLabel: { Text("\(v)") })),
            ("gauge range", AnyView(Gauge(value: 1, in: -1e308...1e308) { Text("T") })),
            ("circular gauge", AnyView(Gauge(value: v, in: 0...1) { Text("T") }.gaugeStyle(.accessoryCircular))),
            ("capacity gauge", AnyView(Gauge(value: v, in: 0...1) { Text("T") }.gaugeStyle(.accessoryCircularCapacity))),
            ("linear gauge", AnyView(Gauge(value: v, in: 0...1) { Text("T") }.gaugeStyle(.accessoryLinearCapacity))),
            ("progress value", AnyView(ProgressView(value: v, total: 1))),
            ("progress total", AnyView(ProgressView(value: 1, total: v))),
            ("progress circular", AnyView(ProgressView(value: v).progressViewStyle(.circular))),
            ("frame", AnyView(Text("x").frame(width: c, height: c))),
            ("max frame", AnyView(Text("x").frame(minWidth: c, maxWidth: c, minHeight: c, maxHeight: c))),
            ("offset", AnyView(Text("x").offset(x: c, y: c))),
            ("padding", AnyView(Text("x").padding(c))),
            ("rotation", AnyView(Text("x").rotationEffect(.degrees(v)))),
            ("scale", AnyView(Text("x").scaleEffect(c))),
            ("trim", AnyView(Circle().trim(from: c, to: 1).stroke(lineWidth: 2))),
            ("trim end", AnyView(Circle().trim(from: 0, to: c).stroke(lineWidth: 2))),
            ("stroke", AnyView(Rectangle().stroke(lineWidth: c))),
            ("corner", AnyView(RoundedRectangle(cornerRadius: c).fill(.white))),
            ("opacity", AnyView(Text("x").opacity(v))),
            ("font size", AnyView(Text("x").font(.system(size: c)))),
            ("aspect", AnyView(Rectangle().aspectRatio(c, contentMode: .fit))),
            ("spacing", AnyView(HStack(spacing: c) { Text("a"); Text("b") })),
            ("spacer", AnyView(HStack { Text("a"); Spacer(minLength: c); Text("b") })),
            ("line limit text", AnyView(Text(String(repeating: "\(v) ", count: 50)).minimumScaleFactor(c))),
            ("canvas", AnyView(Canvas { context, _ in
                context.fill(Path(ellipseIn: CGRect(x: c, y: c, width: c, height: c)), with: .color(.white))
                context.stroke(Path { $0.move(to: CGPoint(x: c, y: 0)); $0.addLine(to: CGPoint(x: 10, y: c)) }, with: .color(.white), lineWidth: c)
            })),
            ("arc", AnyView(Path { $0.addArc(center: CGPoint(x: 10, y: 10), radius: c, startAngle: .degrees(v), endAngle: .degrees(-v), clockwise: false) }
                .stroke(lineWidth: 1))),
        ]
    }

    static func dateViews(_ date: Date) -> [(String, AnyView)] {
        var views: [(String, AnyView)] = []
        for style in [Text.DateStyle.timer, .relative, .offset, .date, .time] {
            views.append(("date \(style)", AnyView(Text(date, style: style))))
        }
        // A range of NaN dates cannot be made (ClosedRange traps in the widget's own code).
        guard !date.timeIntervalSinceReferenceDate.isNaN else { return views }
        let ordered = min(date, referenceDate)...max(date, referenceDate)
        views.append(("timer interval", AnyView(Text(timerInterval: ordered, countsDown: true))))
        views.append(("timer progress", AnyView(ProgressView(timerInterval: ordered, countsDown: false))))
        return views
    }

    @Test(arguments: values)
    func hostileNumbersDraw(_ value: Double) {
        for (name, view) in Self.views(value) {
            for family in [WidgetFamily.accessoryRectangular, .accessoryCircular, .accessoryInline] {
                let result = ViewRenderer.render(view, size: Size(width: 64, height: 32), environment: testEnvironment(family), at: referenceDate)
                #expect(result.bitmap.width == 64, "\(name) with \(value)")
            }
        }
    }

    /// (By index: Foundation's own `Date.description` traps on some of these dates.)
    @Test(arguments: dates.indices)
    func hostileDatesDraw(_ index: Int) {
        let date = Self.dates[index]
        for (name, view) in Self.dateViews(date) {
            let result = ViewRenderer.render(view, size: Size(width: 64, height: 32), environment: testEnvironment(), at: referenceDate)
            #expect(result.bitmap.width == 64, "\(name) at \(date.timeIntervalSinceReferenceDate)")
            _ = result.nextChange
        }
    }
}
