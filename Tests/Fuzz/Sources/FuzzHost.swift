// The face the executing fuzz targets send requests to: the demo bundle on the simulator
// board, run headless by a real FaceHost on a manual clock, with its state folder (and app
// group) in a temporary folder of its own.
import Foundation
import GlanceCore
import GlanceFace
import GlanceInput
import GlanceLinux
@testable import GlanceExamples
@testable import GlanceHost
import GlanceWidgets
import Logging

/// One face per fuzzing process, built on first use and kept: every input is a request to the
/// same face, which moves on half a second after each so clicks are decided and timers run.
final class FuzzHost: Sendable {
    let clock: ManualClock
    let host: FaceHost
    /// The state folder: the face's state, its app group (`glance/`), and `GLANCE_STATE_DIR`.
    let folder: URL
    /// The browser simulator with one page open; what the page was sent is in `pageOutputs`.
    let web: WebSimulator
    let page: Int
    let pageOutputs: Locked<[WebSimulator.Output]>

    /// Where the state folder goes: memory when there is /dev/shm, since every intent and
    /// state file is written with fsync, which on a disk costs more than the rest of an input.
    static let scratch: URL = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm", isDirectory: true)
                                                                                   : FileManager.default.temporaryDirectory

    /// The process's state folder, removed when it exits.
    static let stateFolder: URL = {
        let folder = scratch.appendingPathComponent("glance-fuzz-\(getpid())", isDirectory: true)
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Everything that finds an app group by name (the demo's widgets and intents) finds it here,
        // never in the user's own state folder.
        setenv("GLANCE_STATE_DIR", folder.path, 1)
        atexit { try? FileManager.default.removeItem(at: FuzzHost.scratch.appendingPathComponent("glance-fuzz-\(getpid())")) }
        return folder
    }()

    static let shared: FuzzHost = {
        let folder = stateFolder
        let made = Locked<FuzzHost?>(nil)
        FuzzTarget.wait {
            let host = try! await FuzzHost(folder: folder)
            made.withLock { $0 = host }
        }
        return made.withLock { $0! }
    }()

    private init(folder: URL) async throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: AppGroup(name: "glance", root: folder).directory, withIntermediateDirectories: true)
        let clock = ManualClock(now: FuzzTarget.date)
        self.clock = clock
        let logger = Logger(label: "fuzz") { label in GlanceLogHandler(label: label, level: .critical, destination: .sink { _ in }) }
        let board = try BoardCatalog.board("simulator")
        host = try await FaceAssembly.make(.init(
            board: board, face: try FaceConfiguration(yaml: Self.face, file: "glance.yaml"), facePath: nil,
            bundle: Self.bundle, clock: clock, logger: logger, stateDirectory: folder, capture: nil, frameFolder: nil, screen: nil,
            assets: EmptyAssetCatalog()))
        await host.start()
        await host.drain()
        web = WebSimulator(host: host, board: board, clock: nil, tail: LogTail(), logger: logger, publishInterval: .zero)
        let outputs = Locked<[WebSimulator.Output]>([])
        pageOutputs = outputs
        page = await web.connect { output in
            outputs.withLock { $0.append(output) }
            return true
        }
    }

    /// The demo program's widgets and intents (Sources/glance/Desk.swift), their app group in
    /// `stateFolder`.
    static var bundle: BundleContents {
        _ = stateFolder
        return BundleContents(widgets: ClockWidget().descriptors + WeatherWidget().descriptors + TasksWidget().descriptors
                           + SystemWidget().descriptors + KitchenTimerWidget().descriptors,
                       intents: IntentRegistry([CompleteNextTaskIntent.self, ResetTasksIntent.self, StartKitchenTimerIntent.self,
                                                PauseKitchenTimerIntent.self, StopKitchenTimerIntent.self]))
    }

    /// Examples/glance.yaml.
    static let face = """
        board: simulator
        slots:
          - family: accessoryRectangular
            widgets: [clock, weather, tasks, system]
            pinned: true
        bindings:
          up: stack.previous
          down: stack.next
          A:
            click: CompleteNextTaskIntent
            long-press: ResetTasksIntent
          B:
            click: PauseKitchenTimerIntent
            long-press: StartKitchenTimerIntent
          right: focus.next
          centre:
            click: focus.activate
            long-press: StopKitchenTimerIntent
        always-on:
          idle: 30s
          hide-sensitive: true
        app-group: glance
        reload-budget: 1500
        """

    /// The face's app group.
    var group: AppGroup { AppGroup(name: "glance", root: folder) }

    /// Applies an MQTT command as `MQTTBridge` does, through the same calls.
    /// - Throws: What the face answers a command it refuses.
    func apply(_ command: MQTTCommand) async throws {
        switch command {
        case .groupFile(let name, let contents):
            try AtomicFile.write(contents, to: try group.url(for: name))
            await host.appGroupChanged(name)
        case .groupFileCleared:
            break
        case .reload(let kind):
            try await host.reload(kind: kind)
        case .press(let button, let gesture):
            try await host.press(button: button, gesture: gesture)
        case .activity(let request):
            _ = try await host.activity(request)
        case .light(let on):
            await host.limitLight(to: on ? nil : .off)
        case .brightness(let level):
            await host.limitLight(to: level == .normal ? nil : level)
        case .showWidget(let kind):
            try await host.showWidget(kind: kind)
        case .message(let text):
            try AtomicFile.write(try JSONSerialization.data(withJSONObject: ["text": text]), to: try group.url(for: "message.json"))
            await host.appGroupChanged("message.json")
        }
    }

    /// Lets go of every button of the board and handles what that causes.
    func releaseButtons() async {
        for button in host.board.buttons {
            host.post(.edge(ButtonEdge(button: ButtonID(rawValue: button.name), pressed: false, time: clock.inputTime)))
        }
        await settle()
    }

    /// Handles what the last request caused, then lets half a second pass on the face's clock.
    func settle() async {
        await host.drain()
        await host.run(until: clock.now.addingTimeInterval(0.5), on: clock)
    }
}
