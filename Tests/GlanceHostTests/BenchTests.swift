import GlanceInput
import Testing
@testable import GlanceHost

@Suite struct BenchTests {
    /// The latency bench clicks a button 15 times in a row and takes the median; every click
    /// must be a click. Spaced too closely, every second press fell inside the double-click
    /// window, came out as a double click that nothing is bound to, and sent nothing: half the
    /// samples were near zero and pulled the median down.
    @Test func benchClicksAreSpacedBeyondTheDoubleClickWindow() {
        var processor = InputProcessor(buttons: ["A"], debounce: nil)
        let held = BenchCommand.clickHeld
        let spacing = BenchCommand.clickSpacing(held: held, gestures: .standard)
        var events = [ButtonEvent]()
        var release = InputTime.milliseconds(1_000)
        for _ in 0..<4 {
            events += processor.advance(to: release + (.zero - held))
            events += processor.feed(ButtonEdge(button: "A", pressed: true, time: release + (.zero - held)))
            events += processor.feed(ButtonEdge(button: "A", pressed: false, time: release))
            release = release + spacing
        }
        events += processor.advance(to: release + .seconds(5))
        #expect(events.filter { $0.kind == .click }.count == 4)
        #expect(events.filter { $0.kind == .doubleClick }.isEmpty)
    }
}
