import Foundation
import GlanceFace
import GlanceLinux
import GlancePanels
import GlanceWidgets
import Logging

/// Wires one face together from its parts: the board's panel (controller × bus, or an
/// emulator), the plan from the face file and the bundle, the runtime with its saved state,
/// and the `FaceHost` that runs them — all on one clock. `glance run` and the whole-host tests
/// build faces the same way.
struct FaceAssembly {
    /// What a face is made from.
    struct Parts {
        var board: BoardConfiguration
        var face: FaceConfiguration?
        /// The face file, read again on SIGHUP; nil when the face came from no file.
        var facePath: String?
        var bundle: BundleContents
        var clock: any HostClock
        var logger: Logger
        /// The state folder: the face's state file, e-paper state, and the app groups' containers.
        var stateDirectory: URL
        var capture: CaptureLog?
        var frameFolder: URL?
        var screen: SimulatorScreen?
        /// Overrides the plan's runtime settings (tests fix the locale and time zone).
        var adjustSettings: @Sendable (inout RuntimeSettings) -> Void = { _ in }
        /// Wraps the panel's I2C device (tests inject faults).
        var wrapI2C: (any I2CDevice) -> any I2CDevice = { $0 }
        /// Where `Color("Name")` and `Image("Name")` come from; nil looks for the bundle's `Assets` folder.
        var assets: (any AssetCatalog)? = nil
        /// What `Text("key")` is translated with; nil reads the bundle's catalogs (`StringTableFiles`).
        var stringTables: StringTables? = nil
        /// The center reload requests go through: the process's own, or one per face when a
        /// test runs several faces in one process.
        var widgetCenter: WidgetCenter = .shared
    }

    /// The bundle's `Assets` folder: in the current folder (a maker's package), else next to the program.
    static func assetFolder() -> URL? {
        let candidates = [URL(fileURLWithPath: "Assets", isDirectory: true),
                          Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("Assets", isDirectory: true)]
        return candidates.compactMap { $0 }.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// Builds the face.
    /// - Throws: `ConfigurationError` for names the bundle lacks, `PanelAssemblyError`, `I2CError`,
    ///   `SPIError` or `GPIOError` for a panel that cannot be opened, `CommandFailure` for a face
    ///   the runtime refuses.
    static func make(_ parts: Parts) async throws -> FaceHost {
        let logger = parts.logger
        let assembly = try PanelAssembly.open(
            board: parts.board, clock: parts.clock, capture: parts.capture, stateDirectory: parts.stateDirectory,
            report: { event in
                switch event {
                case .failed(let panel, let error): logger.error("panel \(panel) stopped answering: \(error); retrying")
                case .recovered(let panel, let attempts, let downtime): logger.notice("panel \(panel) answers again after \(attempts) attempts (\(downtime)); redrawn in full")
                }
            },
            note: { line in logger.warning("\(line)") },
            wrapI2C: parts.wrapI2C)
        let plan = try await FacePlan.make(board: parts.board, configuration: parts.face, bundle: parts.bundle, pictureSize: assembly.pictureSize)
        if let notice = FaceConfiguration.leftOutNotice(plan.leftOut, board: parts.board) { logger.notice("\(notice)") }
        if let notice = FacePlan.dimmingNotice(board: parts.board, settings: plan.settings) { logger.notice("\(notice)") }
        // What writes killed half-way left (their temporary files; the files they were writing are whole).
        for folder in [parts.stateDirectory, AppGroup(name: plan.appGroup, root: parts.stateDirectory).directory] {
            for path in AtomicFile.removeStrayTemporaries(in: folder) {
                logger.notice("removed \(path): the temporary file of a write whose process ended before it finished")
            }
        }
        let assets = try parts.assets ?? assetFolder().map { try FileAssetCatalog.load(from: $0) } ?? EmptyAssetCatalog()
        let stringTables = try parts.stringTables ?? StringTableFiles.loadBundleTables()
        let defaults: MemoryKeyValueStore
        do {
            defaults = try AppGroup(name: plan.appGroup, root: parts.stateDirectory).loadDefaults()
        } catch {
            logger.warning("@AppStorage values start empty: \(error)")
            defaults = MemoryKeyValueStore()
        }
        let warnings = WarningSink.once { line in logger.warning("\(line)") }
        let adjust = parts.adjustSettings
        let stateFile = parts.stateDirectory.appendingPathComponent("face-\(parts.board.name).json")
        // An intent's dimmed frame waits as long as a frame takes to reach this panel's glass.
        let frameTime = assembly.pipeline.frameTime
        let recipe = RuntimeRecipe(bundle: parts.bundle, clock: parts.clock, logger: logger, widgetCenter: parts.widgetCenter, adjustSettings: { settings in
            settings.assets = assets
            settings.stringTables = stringTables
            settings.defaults = defaults
            settings.warnings = warnings
            settings.provisionalHold = frameTime
            adjust(&settings)
        })
        let saved = FaceFiles.loadState(stateFile, report: { logger.warning("\($0)") })
        // A quarantine holds for the code that crashed: a rebuilt face runs every widget again.
        let sameCode = saved?.code == nil || saved?.code == codeIdentity
        let quarantined = armCrashGuard(stateDirectory: parts.stateDirectory, logger: logger, settings: recipe, sameCode: sameCode)
        let runtime = try recipe.make(plan: plan, quarantined: quarantined)
        if var state = saved {
            // What each widget read last time: a quarantined one, which runs none of its code,
            // runs again when one of those files changes.
            for (kind, files) in state.inputs {
                for file in files { AppGroupInterest.shared.note(kind: kind, group: plan.appGroup, file: file) }
            }
            if !sameCode, !state.quarantined.isEmpty {
                logger.notice("the face's code changed since widget \(state.quarantined.joined(separator: ", ")) was quarantined: it runs again")
                state.quarantined = []
            }
            await runtime.restore(state)
            let earlier = Set(state.quarantined).subtracting(quarantined)
            if !earlier.isEmpty {
                logger.warning("""
                    widget \(earlier.sorted().joined(separator: ", ")) is still quarantined (it crashed the face on an earlier run): \
                    it runs again when a file it reads changes, its activity starts, the face file is read again or the face is rebuilt
                    """)
            }
        }
        let board = parts.board, pictureSize = assembly.pictureSize
        let loader: FaceHost.FaceLoader? = parts.facePath.map { path in
            { @Sendable in
                let face = try FaceConfiguration(contentsOf: path)
                let plan = try await FacePlan.make(board: board, configuration: face, bundle: recipe.bundle, pictureSize: pictureSize)
                return (plan, try recipe.make(plan: plan))
            }
        }
        return FaceHost(board: parts.board, plan: plan, runtime: runtime, assembly: assembly, clock: parts.clock, logger: logger,
                        stateFile: stateFile, frameFolder: parts.frameFolder, screen: parts.screen, loadFace: loader, defaults: defaults,
                        appGroupRoot: parts.stateDirectory)
    }

    /// Which build of the face's code this process runs: its executable's inode, size and
    /// modification time (a rebuilt face is new code, so an old quarantine does not hold).
    static let codeIdentity: String? = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return nil }
        return "\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }()

    /// The file a crash in widget code leaves its widget's name in, read at the next start.
    static func crashRecordFile(in stateDirectory: URL) -> URL {
        stateDirectory.appendingPathComponent("crash.record")
    }

    /// Reads what the last run's crash left (the widget to quarantine) and guards this run.
    /// - Parameter sameCode: Whether the code that crashed is the code this process runs.
    private static func armCrashGuard(stateDirectory: URL, logger: Logger, settings recipe: RuntimeRecipe, sameCode: Bool) -> Set<String> {
        let file = crashRecordFile(in: stateDirectory)
        var record = CrashGuard.takeRecord(at: file, report: { logger.warning("\($0)") })
        if let crash = record, !sameCode {
            logger.warning("widget \(crash.widget) crashed the face last time (signal \(crash.signal)); the face was rebuilt since, so it runs again")
            record = nil
        } else if let record {
            logger.error("""
                widget \(record.widget) crashed the face last time (signal \(record.signal)); it is quarantined: drawn as a placeholder \
                with a warning mark and none of its code runs until a file it reads changes, its activity starts, the face file \
                is read again or the face is rebuilt
                """)
        }
        do {
            try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
            recipe.codeGuard.withLock { $0 = try? CrashGuard.install(recordingAt: file) }
            if recipe.codeGuard.withLock({ $0 }) == nil { logger.warning("no crash guard: \(file.path) cannot be written") }
        } catch {
            logger.warning("no crash guard: \(error)")
        }
        return record.map { [$0.widget] } ?? []
    }

    /// Logs a runtime record at its level; the logger writes the level, so the line carries
    /// it once (`info: widget “clock”: …`, not `info: info: …`).
    static func forward(_ record: RuntimeLogRecord, to logger: Logger) {
        switch record.level {
        case .info: logger.info("\(record.text)")
        case .warning: logger.warning("\(record.text)")
        case .error: logger.error("\(record.text)")
        }
    }
}

/// What every runtime of one run is made with, so SIGHUP builds the new one the same way.
private struct RuntimeRecipe: Sendable {
    let bundle: BundleContents
    let clock: any HostClock
    let logger: Logger
    let widgetCenter: WidgetCenter
    let adjustSettings: @Sendable (inout RuntimeSettings) -> Void
    /// The crash guard every runtime of the run reports widget code to, once armed.
    let codeGuard = Locked<CrashGuard?>(nil)

    /// A runtime for `plan`; `quarantined` kinds run none of their code (only the first runtime
    /// of a run has any: reading the face file again lifts the quarantine).
    func make(plan: FacePlan, quarantined: Set<String> = []) throws -> FaceRuntime {
        let logger = self.logger, handler = plan.urlHandler, clock = self.clock
        var settings = plan.settings
        settings.codeGuard = codeGuard.withLock { $0 }
        settings.quarantined = quarantined
        adjustSettings(&settings)
        do {
            return try FaceRuntime(widgets: bundle.widgets, intents: bundle.intents, face: plan.face, settings: settings,
                                   time: clock,
                                   log: { FaceAssembly.forward($0, to: logger) },
                                   openURL: { url in URLOpener.open(url, with: handler, clock: clock, logger: logger) },
                                   widgetCenter: widgetCenter)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}

extension FaceConfiguration {
    /// The face file a command reads: `given` (its --config), else `glance.yaml` in the current
    /// folder when there is one, else none (the board's default face).
    static func path(given: String?) -> String? {
        given ?? (FileManager.default.fileExists(atPath: "glance.yaml") ? "glance.yaml" : nil)
    }

    /// Reads and validates the face file at `path`.
    /// - Throws: `ConfigurationError` naming the file (and line and column where the YAML is wrong).
    init(contentsOf path: String) throws {
        try self.init(yaml: try ConfigurationError.readText(of: path), file: path)
    }
}
