import GlanceInput
import Testing
@testable import GlanceHost

@Suite struct BenchTests {
    /// The idle bench's always-on face asked for `idle: 1ms`, which face files refuse since
    /// durations were given ranges (1 s … 24 h): the idle run exited 2 and `glance bench` with
    /// it. Every face the bench writes must be one `glance run` accepts.
    @Test func idleBenchFacesAreValidFaceFiles() throws {
        for (name, text) in BenchCommand.idleFaces {
            let face = try FaceConfiguration(yaml: text, file: "\(name).yaml")
            #expect(face.alwaysOn.idle <= .seconds(86_400))
        }
    }

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
