import Foundation
import Testing
@testable import GlanceUI

/// Docs/Contract.md, "Views and redaction": a view resolved once is drawn at later moments with its live content
/// evaluated at each moment, and no `body` runs again.
@Suite struct PreparedViewTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_219_200)

    @Test func liveContentOfAPreparedTreeFollowsTheMomentDrawn() {
        let size = Size(width: 128, height: 32)
        for view in [AnyView(Text(Self.t0, style: .timer)),
                     AnyView(VStack { Text(verbatim: "Tea"); Text(Self.t0, style: .timer).padding(2) }.frame(maxWidth: .infinity)),
                     AnyView(ProgressView(timerInterval: Self.t0...Self.t0.addingTimeInterval(100), countsDown: false) { Text(verbatim: "T") })] {
            let prepared = ViewRenderer.prepare(view, size: size, environment: EnvironmentValues(), at: Self.t0, antialiased: false)
            for seconds in [0.0, 5, 61, 3] {
                let date = Self.t0.addingTimeInterval(seconds)
                #expect(prepared.render(at: date).bitmap == ViewRenderer.render(view, size: size, at: date).bitmap, "\(seconds) s")
            }
        }
    }
}
