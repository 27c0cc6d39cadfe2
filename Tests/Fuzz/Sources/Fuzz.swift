// libFuzzer entry point for everything Glance reads from outside the process. One binary;
// GLANCE_FUZZ_TARGET picks what the input is fed to (Scripts/fuzz runs each in turn).
import Dispatch
import Foundation
@testable import GlanceExamples
@testable import GlanceHost
import GlanceLinux
import GlancePanels
import GlanceUI
@testable import GlanceWidgets

/// Each target takes arbitrary bytes and must neither crash nor hang; where the input is
/// refused, the refusal must say where (configuration errors carry line and column).
enum FuzzTarget: String, CaseIterable {
    case boardYAML = "board-yaml"
    case faceYAML = "face-yaml"
    case activityJSON = "activity-json"
    case appGroupJSON = "app-group-json"
    case controlLine = "control-line"
    case capture = "capture"
    case terminalKeys = "terminal-keys"
    case stateFiles = "state-files"
    case mqttMessage = "mqtt-message"
    case webMessage = "web-message"

    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["GLANCE_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("glance-fuzz: set GLANCE_FUZZ_TARGET to one of: \(names)\n".utf8))
            exit(2)
        }
        return target
    }()

    func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .boardYAML:
            do {
                _ = try BoardConfiguration(yaml: text, file: "fuzz.yaml")
            } catch let error as ConfigurationError {
                requirePlace(error)
            } catch {
                fatalError("not a ConfigurationError: \(error)")
            }
        case .faceYAML:
            do {
                _ = try FaceConfiguration(yaml: text, file: "glance.yaml")
            } catch let error as ConfigurationError {
                requirePlace(error)
            } catch {
                fatalError("not a ConfigurationError: \(error)")
            }
        case .activityJSON:
            // Attributes and state split at the first newline, as `glance ctl activity` sends them.
            let parts = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
            let attributes = Data(parts.first ?? []), state = Data(parts.count > 1 ? parts[1] : [])
            // Started, drawn by the runtime in every state it can be in, then ended.
            guard let id = try? Self.runtime.activity(.start(type: "KitchenTimerAttributes", attributes: attributes,
                                                             content: ActivityJSONContent(state: state))) else { return }
            Self.wait {
                await Self.runtime.update()
                _ = try? Self.runtime.activity(.end(id: id, content: nil, dismissal: .immediate))
                await Self.runtime.update()
            }
        case .appGroupJSON:
            if let report = try? WeatherReport.decoder.decode(WeatherReport.self, from: Data(bytes)) {
                let entry = WeatherEntry(date: Self.date, content: .report(report, isOutdated: false))
                _ = ViewRenderer.render(WeatherView(entry: entry), size: Size(width: 128, height: 64), environment: EnvironmentValues(), at: Self.date)
            }
            if let list = try? JSONDecoder().decode(TaskList.self, from: Data(bytes)) {
                _ = list.tasks.count
            }
        case .mqttMessage:
            // The topic's last levels on the first line, the payload after it, as a broker delivers them.
            let parts = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
            let topics = MQTTTopics(base: "glance", face: "desk")
            let topic = "glance/desk/" + String(decoding: parts.first ?? [], as: UTF8.self)
            do {
                _ = try MQTTCommand.parse(topic: topic, payload: parts.count > 1 ? Array(parts[1]) : [], topics: topics)
            } catch {
                // A refusal names the topic it refuses.
                guard error.topic == topic, error.description.hasPrefix(topic + ": ") else { fatalError("refusal without its topic: \(error)") }
            }
        case .webMessage:
            // What the browser simulator's page sends: anything parsed names a button of the
            // board or a plain app-group file; anything refused says why.
            let buttons = ["A", "B", "up", "down", "centre"]
            do {
                switch try WebRequest.parse(text, buttons: buttons) {
                case .edge(let button, _):
                    precondition(buttons.contains(button), "an edge of an unknown button: \(button)")
                case .read(let file, _), .write(let file, _, _):
                    precondition(!file.contains("/") && file.hasSuffix(".json") && !file.hasPrefix("."), "a file name that may leave the app group: \(file)")
                case .clock:
                    break
                }
            } catch {
                precondition(!error.message.isEmpty, "a refusal without a reason")
            }
        case .controlLine:
            _ = try? ControlRequest(line: text)
        case .capture:
            Self.wait { _ = try? await PanelAssembly.replay(text, board: Self.board) }
        case .terminalKeys:
            _ = TerminalKeyDecoder.decode(bytes)
            // The same bytes in two reads decode the same once flushed.
            var decoder = TerminalKeyDecoder()
            let split = bytes.count / 2
            let keys = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...]) + decoder.flush()
            precondition(keys == TerminalKeyDecoder.decode(bytes), "split decoding differs")
        case .stateFiles:
            // The state folder's binary files: an OLED wear map and an e-paper state. What reads
            // must write back byte for byte, summarise and draw.
            if let map = try? WearMap(serialized: bytes) {
                precondition(map.serialized() == bytes, "a wear map does not write back what it read")
                _ = map.summary()
                _ = map.heatMap(scale: 1)
            }
            if let state = try? EInkState(serialized: bytes) {
                precondition(state.serialized() == bytes, "an e-paper state does not write back what it read")
            }
        }
    }

    private func requirePlace(_ error: ConfigurationError) {
        precondition(error.line > 0 && error.column > 0, "a configuration error without a place: \(error.description)")
    }

    /// Runs `body` to its end (libFuzzer calls in synchronously).
    static func wait(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await body()
            done.signal()
        }
        done.wait()
    }

    static let date = Date(timeIntervalSince1970: 1_795_219_200)
    static let board = try! BoardCatalog.board("simulator")
    static let runtime: FaceRuntime = {
        let face = Face(size: Size(width: 128, height: 64),
                        slots: [Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 0, width: 128, height: 64), widgets: [WidgetPlacement("clock")])])
        let runtime = try! FaceRuntime(widgets: ClockWidget().descriptors + KitchenTimerWidget().descriptors, face: face,
                                       time: ManualClock(now: date))
        wait { await runtime.start() }
        return runtime
    }()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.selected.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

// SwiftPM links every executable's entry point as `<product>_main` (and aliases `main` to it),
// so libFuzzer's own `main` is not used: start its driver from here.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                       _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@_cdecl("glance_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var vector = argv
    return runDriver(&count, &vector) { data, size in fuzzOneInput(data, size) }
}
