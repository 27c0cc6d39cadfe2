// libFuzzer entry point for everything Glance reads from outside the process. One binary;
// GLANCE_FUZZ_TARGET picks what the input is fed to (Scripts/fuzz runs each in turn). The
// requests a running face takes (control-line, mqtt-message, web-message, app-group-json) are
// executed on one face per process (FuzzHost), not only parsed.
import ArgumentParser
import Dispatch
import Foundation
import GlanceCore
@testable import GlanceExamples
import GlanceFace
import GlanceGraphics
@testable import GlanceHost
import GlanceLinux
import GlancePanels
import GlanceUI
@testable import GlanceWidgets

/// Each target takes arbitrary bytes and must neither crash nor hang; where the input is
/// refused, the refusal must say why and where (configuration errors carry line and column,
/// file errors the file).
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
    case bundleFiles = "bundle-files"
    case commandLine = "command-line"

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
            // Written by another program into the face's app group as each file the demo reads,
            // then the change handled: the widgets that read it reload and draw.
            let face = FuzzHost.shared
            for file in ["weather.json", "tasks.json", AppGroup.defaultsFileName] {
                try! Data(bytes).write(to: face.group.directory.appendingPathComponent(file))
            }
            Self.wait {
                for file in ["weather.json", "tasks.json", AppGroup.defaultsFileName] { await face.host.appGroupChanged(file) }
                await face.settle()
            }
        case .mqttMessage:
            // The topic's last levels on the first line, the payload after it, as a broker
            // delivers them; what parses is applied to the face as the bridge applies it.
            let parts = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
            let topics = MQTTTopics(base: "glance", face: "desk")
            let level = String(decoding: parts.first ?? [], as: UTF8.self)
            // A first line starting "sub/" is a topic of another publisher the face subscribes
            // to (mqtt.subscribe): a wildcard level fills the file name or the key, as the bridge does.
            if level.hasPrefix("sub/") {
                let face = FuzzHost.shared
                let subscriptions = [
                    MQTTSubscription(filter: "sub/key/+/#", file: "{1}", key: "{2}"),
                    MQTTSubscription(filter: "sub/file/+", file: "{1}", key: nil),
                ]
                guard let (file, key) = subscriptions.lazy.compactMap({ $0.target(for: level) }).first else { return }
                let existing = try? Data(contentsOf: face.group.directory.appendingPathComponent(file))
                do {
                    let (contents, _) = try MQTTSubscription.contents(topic: level, payload: parts.count > 1 ? Array(parts[1]) : [],
                                                                      file: file, key: key, existing: existing)
                    precondition(contents.count <= AppGroup.fileSizeLimit, "a subscribed file over the limit")
                    try? contents.write(to: try face.group.url(for: file))
                    Self.wait {
                        await face.host.appGroupChanged(file)
                        await face.settle()
                    }
                } catch {
                    precondition(error.topic == level && !error.message.isEmpty, "a subscribed message refused without its topic or reason: \(error)")
                }
                return
            }
            let topic = "glance/desk/" + level
            let command: MQTTCommand?
            do {
                command = try MQTTCommand.parse(topic: topic, payload: parts.count > 1 ? Array(parts[1]) : [], topics: topics)
            } catch {
                // A refusal names the topic it refuses (long ones by their beginning).
                let named = MQTTCommand.excerpt(topic, limit: 128)
                guard error.topic == topic, error.description.hasPrefix(named + ": "), error.description.count > named.count + 2 else {
                    fatalError("refusal without its topic or reason: \(error)")
                }
                return
            }
            guard let command else { return }
            let face = FuzzHost.shared
            Self.wait {
                do {
                    try await face.apply(command)
                } catch {
                    precondition(!"\(error)".isEmpty, "a command refused without a reason")
                }
                await face.settle()
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
            // Then received by the face's simulator from an open page: every answer that says
            // no says why.
            let face = FuzzHost.shared
            Self.wait {
                face.pageOutputs.withLock { $0 = [] }
                await face.web.receive(text, from: face.page)
                await face.settle()
                // Every button let go, so a press one input left held does not repeat through
                // every later input (each costs a render or an intent).
                await face.releaseButtons()
            }
            for case .text(let message) in face.pageOutputs.withLock({ $0 }) {
                guard let object = try? JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any] else {
                    fatalError("the page was sent something that is not a JSON object: \(message.prefix(200))")
                }
                if object["type"] as? String == "result", object["ok"] as? Bool == false {
                    precondition(!((object["message"] as? String) ?? "").isEmpty, "a refusal without a reason: \(message.prefix(200))")
                }
            }
        case .controlLine:
            // Executed on the face as the control socket does; a refusal says why.
            let face = FuzzHost.shared
            Self.wait {
                let response = await ControlServer.respond(to: text, target: face.host)
                precondition(response.ok || !(response.error ?? "").isEmpty, "a control request refused without a reason")
                await face.settle()
            }
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
            // The state folder's files: an OLED wear map, an e-paper state, the face's state
            // and the crash record. What reads must write back byte for byte, summarise and
            // draw; what is refused is set aside with a reason naming the file.
            if let map = try? WearMap(serialized: bytes) {
                precondition(map.serialized() == bytes, "a wear map does not write back what it read")
                _ = map.summary()
                _ = map.heatMap(scale: 1)
            }
            if let state = try? EInkState(serialized: bytes) {
                precondition(state.serialized() == bytes, "an e-paper state does not write back what it read")
            }
            let folder = FuzzHost.stateFolder
            let size = Size(width: 128, height: 64)
            Self.stateFile(folder, "simulator.wear", bytes) { url in _ = try FileRecordStore<WearMap>(url: url, panelSize: size).load() }
            Self.stateFile(folder, "epaper.state", bytes) { url in _ = try FileRecordStore<EInkState>(url: url, panelSize: size).load() }
            Self.stateFile(folder, "face-simulator.json", bytes) { url in
                var reports: [String] = []
                let state = FaceFiles.loadState(url) { reports.append($0) }
                precondition(reports.allSatisfy { $0.contains(url.path) }, "a face state refused without naming it: \(reports)")
                // Brought back into a face that then starts and draws.
                guard let state else { return }
                let runtime = Self.demoRuntime()
                Self.wait {
                    await runtime.restore(state)
                    _ = await runtime.start()
                    _ = await runtime.settle()
                }
            }
            Self.stateFile(folder, "crash.record", bytes) { url in
                var reports: [String] = []
                if let record = CrashGuard.takeRecord(at: url, report: { reports.append($0) }) {
                    precondition(!record.widget.isEmpty && !record.widget.contains("\n"), "a crash record blames no widget: \(record)")
                }
                precondition(reports.allSatisfy { $0.contains(url.path) }, "a crash record refused without naming it: \(reports)")
            }
        case .bundleFiles:
            // A widget bundle's files: the same bytes as a PNG and a PNM image through the asset
            // loader, as Colors.txt, and as a .symbols catalog whose symbols are then drawn.
            for isPNG in [true, false] {
                do {
                    let image = try FileAssetCatalog.image(bytes, file: "fuzz", isPNG: isPNG)
                    precondition(image.width * image.height <= FileAssetCatalog.maximumImagePixels, "an image over the limit was decoded")
                } catch {
                    precondition(error.file == "fuzz" && !error.message.isEmpty, "an image refused without a reason: \(error)")
                }
            }
            do {
                _ = try FileAssetCatalog.parseColors(text, file: "Colors.txt")
            } catch let error as AssetCatalogError {
                precondition(error.file == "Colors.txt" && !error.message.isEmpty, "a color refused without a reason")
            } catch {
                fatalError("not an AssetCatalogError: \(error)")
            }
            do {
                let catalog = try SymbolCatalog(parsing: text, source: "fuzz.symbols")
                for name in catalog.drawnNames.prefix(8) {
                    for size in [7, 16] { _ = catalog.mask(named: name, pixelSize: size, antialiased: size > 8) }
                }
            } catch let error as SymbolCatalogError {
                precondition(!error.description.isEmpty, "a symbols file refused without a reason")
            } catch {
                fatalError("not a SymbolCatalogError: \(error)")
            }
        case .commandLine:
            // One argument a line, parsed by the `glance` command tree with every `validate()`
            // run; nothing is run. A refusal says why.
            let arguments = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            do {
                _ = try GlanceCommand.parseAsRoot(arguments)
            } catch {
                precondition(!GlanceCommand.message(for: error).isEmpty || GlanceCommand.exitCode(for: error) == .success,
                             "arguments refused without a reason: \(arguments)")
            }
        }
    }

    /// Writes `bytes` to the state file `name` in `folder`, has `read` read it, and clears what
    /// was set aside, so each input starts from the same folder.
    private static func stateFile(_ folder: URL, _ name: String, _ bytes: [UInt8], read: (URL) throws -> Void) {
        let url = folder.appendingPathComponent(name)
        try! Data(bytes).write(to: url)
        do {
            try read(url)
        } catch let error as StateFileError {
            precondition(error.path == url.path && error.setAsideAs == url.path + ".bad", "a state file refused but not set aside: \(error)")
        } catch {
            fatalError("a state file refused without naming it: \(error)")
        }
        unlink(url.path)
        unlink(url.path + ".bad")
    }

    /// A runtime of the demo face's one stack, not started (a face state is restored before).
    private static func demoRuntime() -> FaceRuntime {
        let face = Face(size: Size(width: 128, height: 64),
                        slots: [Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 0, width: 128, height: 64),
                                     widgets: ["clock", "weather", "tasks", "system"].map { WidgetPlacement($0) })])
        return try! FaceRuntime(widgets: FuzzHost.bundle.widgets, face: face, time: ManualClock(now: date))
    }

    /// Every problem of the list has a place, and the list is capped.
    private func requirePlace(_ error: ConfigurationError) {
        for problem in error.all {
            precondition(problem.line > 0 && problem.column > 0, "a configuration error without a place: \(problem.description)")
        }
        precondition(error.all.count <= ConfigurationError.listLimit, "more problems listed than the limit: \(error.all.count)")
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
