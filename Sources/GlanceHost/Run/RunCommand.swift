import ArgumentParser
import Dispatch
import Foundation
import GlanceGraphics
import GlanceInput
import GlanceLinux
import GlancePanels
import GlanceWidgets
import Logging

/// `glance run`: the face on a panel, with buttons, until stopped.
struct RunCommand: BundleCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the face on a board's panel (the simulator in this terminal by default).",
        discussion: """
            The face comes from --config (default: glance.yaml in the current folder when there \
            is one, else the panel's default face with every widget of this program). Board: \
            --board, else the face file's 'board', else the simulator.

            In the simulator the panel is drawn in the terminal and keys press its buttons; q \
            quits. On hardware, buttons come from the GPIO lines of the board file. SIGTERM and \
            Ctrl-C stop cleanly; SIGHUP reads the face file again without restarting.

            Examples:
              glance run
              glance run --board adafruit-oled-bonnet --config ~/glance.yaml
              glance run --board simulator --headless --duration 2m --clock fast --out frames/
              glance run --board simulator-epaper --headless --duration 30s --capture bus.txt
            """
    )

    enum ClockMode: String, ExpressibleByArgument, CaseIterable {
        case real, fast
    }

    @Option(name: .long, help: ArgumentHelp("A board name (see glance boards) or a board file.", valueName: "name|path"))
    var board: String?

    @Option(name: .long, help: ArgumentHelp("The face file.", valueName: "glance.yaml"))
    var config: String?

    @Flag(name: .long, help: "No terminal display: for services, scripts and --out.")
    var headless = false

    @Option(name: .long, help: ArgumentHelp("Stop after this long (e.g. 10s, 2m, 1h); simulated time with --clock fast.", valueName: "duration"))
    var duration: String?

    @Option(name: .long, help: ArgumentHelp("Write every frame the panel shows as a PNG into this folder.", valueName: "folder"))
    var out: String?

    @Option(name: .long, help: "real: time runs normally; fast: simulated time runs as fast as possible (needs --headless and --duration).")
    var clock: ClockMode = .real

    @Option(name: .long, help: ArgumentHelp("Record every bus transfer in this file (capture format).", valueName: "file"))
    var capture: String?

    @Option(name: .long, help: ArgumentHelp("At exit, write what the run cost (CPU, wake-ups, memory, time to first frame) as JSON.", valueName: "file"))
    var usageReport: String?

    @Option(name: .long, help: "Simulator colors: auto (24-bit when COLORTERM says the terminal has them), truecolor, or none (plain blocks).")
    var colors = "auto"

    @Option(name: .long, help: "Least important log level shown: trace, debug, info, notice, warning, error.")
    var logLevel: String = "info"

    func validate() throws {
        if clock == .fast, !headless { throw ValidationError("--clock fast needs --headless (simulated time cannot drive a live terminal).") }
        if clock == .fast, duration == nil { throw ValidationError("--clock fast needs --duration: simulated time would otherwise never end.") }
        if let duration, RunCommand.parseDuration(duration) == nil {
            throw ValidationError("--duration '\(duration)' is not a duration such as 30s, 2m or 1h.")
        }
        if !["auto", "truecolor", "none"].contains(colors) { throw ValidationError("--colors must be auto, truecolor or none, not '\(colors)'.") }
        if Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level '\(logLevel)' is not one of trace, debug, info, notice, warning, error.")
        }
    }

    func run() async throws {
        try await run(bundle: .empty)
    }

    func run(bundle: BundleContents) async throws {
        SystemProcess.ignoreBrokenPipes()
        // Everything that can be wrong with the files is found before the panel is touched.
        let (boardConfiguration, face) = try loadConfiguration()
        let interactive = !headless && boardConfiguration.panel.connection == .emulated
        if interactive, !(Terminal.isInteractive && isatty(STDIN_FILENO) == 1) {
            fail("the simulator draws in a terminal, and this is not one; add --headless (with --out to keep the frames)")
        }
        let screen = interactive ? SimulatorScreen(look: PanelLook.named(boardConfiguration.panel.look) ?? .white, board: boardConfiguration,
                                                   colors: SimulatorScreen.colors(colors)) : nil
        let logger = makeLogger(screen: screen)

        let fast = clock == .fast
        let panelClock: any PanelClock = fast ? ManualPanelClock(start: .seconds(Int64(Date().timeIntervalSince1970))) : SystemPanelClock()
        let log = capture.map { _ in CaptureLog() }
        let stateRoot = AppGroup.defaultRoot()
        let assembly: PanelAssembly
        do {
            assembly = try PanelAssembly.open(board: boardConfiguration, clock: panelClock, capture: log, stateDirectory: stateRoot) { event in
                switch event {
                case .failed(let panel, let error): logger.error("panel \(panel) stopped answering: \(error); retrying")
                case .recovered(let panel, let attempts, let downtime): logger.notice("panel \(panel) answers again after \(attempts) attempts (\(downtime)); redrawn in full")
                }
            }
        } catch {
            fail("\(error)")
        }

        let plan: FacePlan
        do {
            plan = try FacePlan.make(board: boardConfiguration, configuration: face, bundle: bundle, pictureSize: assembly.pictureSize)
        } catch let error as ConfigurationError {
            fail("\(error)")
        }
        let frameFolder = try out.map { path -> URL in
            let url = URL(fileURLWithPath: path, isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure("cannot create the frame folder \(path): \(error.localizedDescription)")
            }
            return url
        }

        let start = Date()
        let manualTime = fast ? ManualTimeSource(now: start) : nil
        let time: any TimeSource = manualTime ?? SystemTimeSource()
        let stateFile = stateRoot.appendingPathComponent("face-\(boardConfiguration.name).json")
        let runtime = try await makeRuntime(plan: plan, bundle: bundle, time: time, logger: logger, stateFile: stateFile)
        let session = HostSession(board: boardConfiguration, plan: plan, runtime: runtime, assembly: assembly, logger: logger,
                                  stateFile: stateFile, frameFolder: frameFolder)
        let router = InputRouter(board: boardConfiguration, bindings: plan.bindings) { action in await session.perform(action) }
        await session.attach(router: router, display: screen)
        logger.info("running \(plan.face.slots.count) slots on \(boardConfiguration.name) (\(boardConfiguration.panel.controller.rawValue) \(assembly.pictureSize.width)x\(assembly.pictureSize.height))")

        if let manualTime, let seconds = duration.flatMap(RunCommand.parseDuration) {
            await runFast(session: session, time: manualTime, until: start.addingTimeInterval(seconds))
        } else {
            await runLive(session: session, router: router, screen: screen, board: boardConfiguration, bundle: bundle, logger: logger)
        }
        await session.shutDown()
        if let usageReport {
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try AtomicFile.write(try encoder.encode(await session.usage()), to: URL(fileURLWithPath: usageReport))
            } catch {
                logger.error("cannot write the usage report \(usageReport): \(error)")
            }
        }
        if let capture, let log {
            do {
                try AtomicFile.write(Data(await log.text.utf8), to: URL(fileURLWithPath: capture))
            } catch {
                logger.error("cannot write the capture \(capture): \(error)")
            }
        }
    }

    // MARK: - Configuration

    /// The face file: --config, else glance.yaml in the current folder when there is one.
    private var facePath: String? {
        config ?? (FileManager.default.fileExists(atPath: "glance.yaml") ? "glance.yaml" : nil)
    }

    /// Reads the face file, if there is one.
    private func readFace() throws -> FaceConfiguration? {
        guard let path = facePath else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(file: path, message: FileManager.default.fileExists(atPath: path) ? "cannot be read (check its permissions)" : "no such file")
        }
        return try FaceConfiguration(yaml: String(decoding: data, as: UTF8.self), file: path)
    }

    private func loadConfiguration() throws -> (BoardConfiguration, FaceConfiguration?) {
        do {
            let face = try readFace()
            let boardConfiguration = try BoardCatalog.board(board ?? face?.board?.value ?? "simulator")
            return (boardConfiguration, face)
        } catch let error as ConfigurationError {
            fail("\(error)")
        }
    }

    /// Prints `message` and exits with status 2 (configuration and hardware errors).
    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("glance: \(message)\n".utf8))
        Foundation.exit(2)
    }

    private func makeLogger(screen: SimulatorScreen?) -> Logger {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        let destination: GlanceLogHandler.Destination = screen.map { screen in
            .sink { line in Task { await screen.log(line) } }
        } ?? .standardError(journald: GlanceLogHandler.underJournald)
        return Logger(label: "glance") { label in GlanceLogHandler(label: label, level: level, destination: destination) }
    }

    private func makeRuntime(plan: FacePlan, bundle: BundleContents, time: any TimeSource, logger: Logger, stateFile: URL?) async throws -> FaceRuntime {
        let handler = plan.urlHandler
        do {
            let runtime = try FaceRuntime(widgets: bundle.widgets, intents: bundle.intents, face: plan.face, settings: plan.settings, time: time,
                                          log: { record in
                                              switch record.level {
                                              case .info: logger.info("\(record.description)")
                                              case .warning: logger.warning("\(record.description)")
                                              case .error: logger.error("\(record.description)")
                                              }
                                          },
                                          openURL: { url in URLOpener.open(url, with: handler, logger: logger) },
                                          widgetCenter: WidgetCenter.shared)
            if let stateFile, let state = HostSession.loadState(stateFile) {
                await runtime.restore(state)
            }
            return runtime
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    static func parseDuration(_ text: String) -> TimeInterval? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (unit, seconds) in units where text.hasSuffix(unit) {
            if let value = Double(text.dropLast(unit.count)), value > 0, value.isFinite { return value * seconds }
        }
        return nil
    }

    // MARK: - Running

    /// Simulated time: every wake-up the runtime asks for happens at once, until `end`.
    private func runFast(session: HostSession, time: ManualTimeSource, until end: Date) async {
        let runtime = await session.runtime
        for frame in await runtime.start() { await session.show(frame) }
        for frame in await runtime.settle() { await session.show(frame) }
        while let next = await runtime.nextWakeUp, next <= end {
            time.advance(to: next)
            for frame in await runtime.wakeUp() { await session.show(frame) }
            for frame in await runtime.settle() { await session.show(frame) }
        }
        time.advance(to: end)
    }

    /// Real time: the runtime's loop, buttons, signals, the app-group watcher, until stopped.
    private func runLive(session: HostSession, router: InputRouter, screen: SimulatorScreen?, board: BoardConfiguration,
                         bundle: BundleContents, logger: Logger) async {
        let stop = StopSignal()
        var cleanups: [@Sendable () async -> Void] = []

        // Signals: stop on SIGINT/SIGTERM, re-read the face on SIGHUP.
        let signals = SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP]) { signal in
            if signal == SIGHUP {
                Task { await self.reload(session: session, router: router, bundle: bundle, board: board, logger: logger) }
            } else {
                stop.fire()
            }
        }

        if let screen {
            await screen.begin()
            do {
                let raw = try TerminalRawMode.enter()
                let keys = try TerminalKeys.open()
                cleanups.append { await keys.stop(); raw.restore(); await screen.end() }
                Task {
                    do {
                        for try await key in keys.keys {
                            if key == .character("q") || key == .control("c") { stop.fire(); break }
                            await router.key(key)
                        }
                    } catch {
                        logger.error("reading keys: \(error)")
                    }
                }
            } catch {
                await screen.end()
                fail("cannot read keys from this terminal: \(error)")
            }
        } else if let inputs = openButtons(board: board, logger: logger) {
            cleanups.append { await inputs.stop() }
            Task {
                do {
                    for try await edge in inputs.edges { await router.edge(edge) }
                } catch {
                    logger.error("buttons stopped: \(error)")
                }
            }
        }

        let appGroup = AppGroup.named(await session.plan.appGroup)
        if let watcher = try? DirectoryWatcher(directory: appGroup.directory.path) {
            cleanups.append { await watcher.stop() }
            Task {
                do {
                    for try await file in watcher.changes {
                        let kinds = AppGroupInterest.shared.kinds(group: appGroup.name, file: file)
                        guard !kinds.isEmpty else { continue }
                        logger.info("\(file) changed; reloading \(kinds.joined(separator: ", "))")
                        for kind in kinds { try? await session.reload(kind: kind) }
                    }
                } catch {
                    logger.warning("stopped watching \(appGroup.directory.path): \(error)")
                }
            }
        }

        await session.startLoop()
        // The control socket: after the runtime started, so requests see a running face.
        var server: ControlServer?
        do {
            server = try ControlServer(path: ControlSocket.defaultPath(), target: session) { line in logger.debug("control: \(line)") }
        } catch {
            logger.warning("no control socket: \(error)")
        }
        if let seconds = duration.flatMap(RunCommand.parseDuration) {
            Task {
                try? await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
                stop.fire()
            }
        }
        await stop.wait()
        // Requests in progress are answered before the runtime stops.
        await server?.stop()
        await session.stopLoop()
        for cleanup in cleanups.reversed() { await cleanup() }
        signals.cancel()
        logger.info("stopped")
    }

    /// SIGHUP: read the face file again and restart the runtime with it, keeping the panel.
    private func reload(session: HostSession, router: InputRouter, bundle: BundleContents, board: BoardConfiguration, logger: Logger) async {
        do {
            guard let path = facePath, let face = try readFace() else {
                logger.notice("SIGHUP: no face file to read again")
                return
            }
            let plan = try FacePlan.make(board: board, configuration: face, bundle: bundle, pictureSize: session.assembly.pictureSize)
            logger.notice("SIGHUP: \(path) read again; \(plan.face.slots.count) slots")
            let runtime = try await makeRuntime(plan: plan, bundle: bundle, time: SystemTimeSource(), logger: logger, stateFile: nil)
            await router.rebind(plan.bindings)
            await session.replace(plan: plan, runtime: runtime)
        } catch {
            logger.error("SIGHUP: keeping the running face: \(error)")
        }
    }

    /// Opens the board's GPIO buttons; nil (with a logged reason) when there are none or they
    /// cannot be claimed, so the face runs without them rather than not at all.
    private func openButtons(board: BoardConfiguration, logger: Logger) -> GPIOInputs? {
        let wired = board.buttons.list.filter { $0.line != nil }
        guard !wired.isEmpty else { return nil }
        let chip = GPIOChipSelector.labels(board.buttons.chips)
        do {
            var offsets = [ButtonID: Int]()
            var info: GPIOChipInfo?
            for button in wired {
                switch button.line! {
                case .offset(let offset): offsets[ButtonID(rawValue: button.name)] = offset
                case .name(let name):
                    info = try info ?? GPIO().chip(chip)
                    guard let line = info!.lines.first(where: { $0.name == name }) else {
                        throw CommandFailure("button '\(button.name)': no line named '\(name)' on \(info!.label) (see glance gpio list)")
                    }
                    offsets[ButtonID(rawValue: button.name)] = line.offset
                }
            }
            var reserved = [ReservedPin]()
            switch board.panel.connection {
            case .i2c(let bus, _): reserved = ReservedPin.raspberryPiI2C(bus: bus)
            case .spi(let bus, _, _, _, _): reserved = ReservedPin.raspberryPiSPI(bus: bus)
            default: break
            }
            let bias: GPIOBias = switch board.buttons.bias {
            case "pull-down": .pullDown
            case "none": .disabled
            default: .pullUp
            }
            return try GPIOInputs.open(.init(chip: chip, buttons: offsets, bias: bias, activeLow: board.buttons.activeLow,
                                             kernelDebounce: board.buttons.debounce, reserved: reserved))
        } catch {
            logger.error("buttons unavailable: \(error)")
            return nil
        }
    }
}

/// A one-shot stop request that any number of tasks can wait for.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func fire() {
        lock.lock()
        guard !fired else { return lock.unlock() }
        fired = true
        let waiting = waiters
        waiters = []
        lock.unlock()
        for waiter in waiting { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if fired {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }
}

/// Delivers signals on a queue instead of interrupting the program (the default action is
/// ignored while it watches), so shutdown can finish its work.
final class SignalWatcher: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []

    init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        sources = []
    }
}
