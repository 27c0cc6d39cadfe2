import Foundation
import GlanceFace
import GlanceGraphics
import GlanceLinux
import GlanceWidgets
import Logging

/// What the loop (GlanceFace) is given on Linux: the board as the loop sees it, the app groups'
/// folders, atomic files, the simulator's screen and the process's counters.
extension FaceHost {
    /// A face on `board`'s display: its files written atomically, its app groups the folders
    /// under `appGroupRoot`, its first frame timed from the process's start.
    init(board: BoardConfiguration, plan: FacePlan, runtime: FaceRuntime, assembly: PanelAssembly, clock: any HostClock,
         logger: Logger, stateFile: URL, frameFolder: URL? = nil, screen: SimulatorScreen? = nil, loadFace: FaceLoader? = nil,
         defaults: MemoryKeyValueStore? = nil, appGroupRoot: URL = AppGroup.defaultRoot()) {
        self.init(board: FaceBoard(board), plan: plan, runtime: runtime, assembly: assembly, clock: clock, logger: logger,
                  files: FaceFiles(stateFile: stateFile, frameFolder: frameFolder, codeIdentity: FaceAssembly.codeIdentity, writer: AtomicFaceFiles()),
                  screen: screen, loadFace: loadFace, defaults: defaults, appGroupRoot: appGroupRoot,
                  appGroups: AppGroupFolders(root: appGroupRoot), secondsSinceStart: { ProcessUsage.secondsSinceStart() })
    }

    /// What the run cost so far (`--usage-report`); `settled` are the process's counters once
    /// start-up was over (`UsageReport.settling` into the run), nil for a shorter run.
    func usage(since settled: ProcessUsage?) async -> UsageReport {
        let figures = await usageFigures()
        return UsageReport.measure(runtimeWakeUps: figures.runtimeWakeUps, frames: figures.frames,
                                   firstFrame: figures.firstFrameMilliseconds, since: settled)
    }
}

extension FaceBoard {
    /// The loop's view of a board file.
    init(_ board: BoardConfiguration) {
        self.init(name: board.name, controller: board.panel.controller.rawValue, look: board.panel.look,
                  isEmulated: board.panel.connection == .emulated,
                  buttons: board.buttons.list.map { Button(name: $0.name, key: $0.key) }, debounce: board.buttons.debounce,
                  darkensOnExit: board.panel.onExit == "off")
    }
}

extension FaceSnapshot {
    /// The face file's `mqtt:` section as the plan had it (SIGHUP reads it again).
    var mqtt: MQTTConfiguration? { (configured as? FacePlan.Configured)?.mqtt }
}

extension FaceFiles {
    /// The state saved by a previous run, if it is readable; a file over 1 MB (a state names a
    /// few widgets and files) or that is not a state is set aside as `NAME.bad`, `report` says
    /// so, and the face starts afresh.
    static func loadState(_ url: URL, report: (String) -> Void = { _ in }) -> FaceRuntimeState? {
        do {
            return try StateFile.read(url, limit: 1 << 20, what: "the face's state") { bytes in
                do {
                    return try JSONDecoder().decode(FaceRuntimeState.self, from: Data(bytes))
                } catch {
                    throw CommandFailure(AppGroupError.explain(error))
                }
            }
        } catch {
            report("\(error); starting afresh")
            return nil
        }
    }
}

/// The face's files written with `AtomicFile`: a reader sees the old file or the new one.
struct AtomicFaceFiles: FaceFileWriter {
    func write(_ data: Data, to url: URL) throws {
        try AtomicFile.write(data, to: url)
    }

    func writePNG(_ bitmap: Bitmap, to url: URL) throws {
        try AtomicFile.writePNG(bitmap, to: url)
    }
}

/// The app groups' folders under `root`, and which widgets read which file (`AppGroupInterest`).
struct AppGroupFolders: FaceAppGroups {
    let root: URL

    var defaultsFileName: String { AppGroup.defaultsFileName }

    func directory(of group: String) -> URL {
        AppGroup(name: group, root: root).directory
    }

    func contents(of file: String, in group: String) throws -> Data? {
        try AppGroup(name: group, root: root).contents(of: file)
    }

    func loadDefaults(of group: String) throws -> MemoryKeyValueStore {
        try AppGroup(name: group, root: root).loadDefaults()
    }

    func readers(of file: String, in group: String) -> [String] {
        AppGroupInterest.shared.kinds(group: group, file: file)
    }

    func filesRead(in group: String) -> [String: [String]] {
        AppGroupInterest.shared.files(group: group)
    }
}

extension SimulatorScreen: FaceScreen {}
