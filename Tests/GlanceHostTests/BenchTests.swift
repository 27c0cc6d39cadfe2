import ArgumentParser
import Foundation
import GlanceInput
import GlanceTesting
import Testing
@testable import GlanceHost

@Suite struct BenchTests {
    /// The idle bench's always-on face asked for `idle: 1ms`, which face files refuse since
    /// durations were given ranges (1 s … 24 h): the idle run exited 2 and `glance bench` with
    /// it. Every face the bench writes must be one `glance run` accepts.
    @Test func idleBenchFacesAreValidFaceFiles() throws {
        for (name, text) in BenchCommand.idleFaces(opened: URL(fileURLWithPath: "/tmp/glance bench/opened.txt")) {
            let face = try FaceConfiguration(yaml: text, file: "\(name).yaml")
            #expect(face.alwaysOn.idle.map { $0 <= .seconds(86_400) } == true)
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

    /// The latency bench pointed `GLANCE_STATE_DIR` at its own folder only when the latency
    /// step began, after the demo bundle's Tasks widget had resolved its app group: the widget
    /// read (and seeded) the maker's tasks.json while the bench's intents wrote the bench's,
    /// so a "toggle" never changed what the widget showed, and the bench wrote the sample list
    /// into the maker's folder. The widget and the intents must share the bench's folder.
    @Test func latencyBenchTogglesTheTasksItShowsAndLeavesTheMakersDataAlone() async throws {
        let maker = FileManager.default.temporaryDirectory.appendingPathComponent("glance-bench-maker-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: maker) }
        var environment = ProcessInfo.processInfo.environment
        environment["GLANCE_STATE_DIR"] = maker.path
        let finished = try await runToEnd(ProcessTests.glance, ["bench", "--filter", "latency", "--latency-clicks", "2", "--json"],
                                          environment: environment, separateErrors: true)
        #expect(finished.status == 0, "\(finished.errors)")
        #expect(!FileManager.default.fileExists(atPath: maker.appendingPathComponent("glance/tasks.json").path),
                "the bench wrote into the maker's app group")
        let json = try #require(finished.output.data(using: .utf8))
        let results = try JSONDecoder().decode(Figures.self, from: json)
        let toggle = try #require(results.latency_ms.toggle_split, "the demo bundle has the Tasks widget and its intents")
        // Completing a task changes its row, count and gauge; a toggle that changes nothing sends nothing.
        #expect(toggle.wire > 0)
        #expect(toggle.wire < (results.latency_ms.full_change_split?.wire ?? 0))
    }

    private struct Figures: Decodable {
        var latency_ms: LatencyFigures
    }
}

/// ArgumentParser names a subcommand without `commandName` from its type name through
/// `String(describing:)`, whose failed conformance lookups cost about 1.9 M instructions a
/// subcommand at every start (22.9 M for the twelve that had none: part of the first frame).
@Suite struct CommandNameTests {
    private func unnamed(_ command: any ParsableCommand.Type, path: String) -> [String] {
        let configuration = command.configuration
        let name = configuration.commandName ?? "?"
        let here = configuration.commandName == nil ? ["\(path) \(command)"] : []
        return here + configuration.subcommands.flatMap { unnamed($0, path: "\(path) \(name)") }
    }

    @Test func everySubcommandNamesItself() {
        #expect(unnamed(GlanceCommand.self, path: "").isEmpty)
    }
}
