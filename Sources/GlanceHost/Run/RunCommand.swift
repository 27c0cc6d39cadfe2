import ArgumentParser
import Dispatch
import Foundation
import GlanceCore
import GlanceFace
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
            quits. The picture takes the largest cells the terminal has room for (half blocks, \
            quadrants, then braille; --scale chooses), follows resizes, and when none fits says \
            what size it needs. On hardware, buttons come from the GPIO lines of the board file. SIGTERM and \
            Ctrl-C stop cleanly; SIGHUP reads the face file again without restarting. With an \
            mqtt: section in the face file the face joins that MQTT broker and appears in Home \
            Assistant (Docs/HomeAssistant.md).

            Examples:
              glance run
              glance run --board adafruit-oled-bonnet --config ~/glance.yaml
              glance run --board simulator --headless --duration 2m --clock fast --out frames/
              glance run --board simulator-epaper --headless --duration 30s --capture bus.txt
              glance run --web 8080 --clock simulated

            --web serves the browser simulator (Docs/Simulator.md): the glass pixel for pixel, \
            clickable buttons, the timeline inspector, the app group's files and the log. It \
            listens on this machine only unless an address is given (0.0.0.0:8080); then the page \
            needs the token printed at start-up. With --clock simulated the page can pause the \
            face's time, step to its next event and fast-forward.
            """
    )

    enum ClockMode: String, ExpressibleByArgument, CaseIterable {
        case real, fast, simulated
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

    @Option(name: .long, help: "real: time runs normally; fast: simulated time runs as fast as possible (needs --headless and --duration); simulated: real pace until the --web page pauses, steps or fast-forwards it. Under fast and simulated, Date() in widget code reads the face's time.")
    var clock: ClockMode = .real

    @Option(name: .long, help: ArgumentHelp("With --clock simulated: start the face's time where the run that wrote FILE left it (paused if it was, fast-forwarding if it was) and write it there at exit; glance dev uses it across restarts.", valueName: "file"))
    var clockState: String?

    @Option(name: .long, help: ArgumentHelp("Serve the browser simulator on PORT (this machine only) or ADDRESS:PORT (with a token).", valueName: "[address:]port"))
    var web: String?

    @Option(name: .long, help: ArgumentHelp("Record every bus transfer in this file (capture format).", valueName: "file"))
    var capture: String?

    @Option(name: .long, help: ArgumentHelp("At exit, write what the run cost (CPU, wake-ups, memory, time to first frame; also from its 10th second on) as JSON.", valueName: "file"))
    var usageReport: String?

    @Option(name: .long, help: "Simulator colors: auto (24-bit when COLORTERM says the terminal has them), truecolor, or none (plain blocks).")
    var colors = "auto"

    @Option(name: .long, help: "Simulator cells: auto (the largest that fits the terminal), half (1x2 pixels a character), quadrant (2x2) or braille (2x4).")
    var scale = "auto"

    @Option(name: .long, help: "Least important log level shown: trace, debug, info, notice, warning, error.")
    var logLevel: String = "info"

    func validate() throws {
        if clock == .fast, !headless { throw ValidationError("--clock fast needs --headless (simulated time cannot drive a live terminal).") }
        if clock == .fast, duration == nil { throw ValidationError("--clock fast needs --duration: simulated time would otherwise never end.") }
        if clock == .simulated, web == nil { throw ValidationError("--clock simulated needs --web: the browser page is what pauses, steps and fast-forwards it.") }
        if clockState != nil, clock != .simulated { throw ValidationError("--clock-state hands over a simulated clock: it needs --clock simulated.") }
        if clock == .fast, web != nil { throw ValidationError("--web cannot follow --clock fast, which runs a whole --duration at once; use --clock simulated.") }
        if web != nil, WebServers.start == nil { throw ValidationError(WebServers.missing) }
        if let web, WebAddress(web) == nil {
            throw ValidationError("--web '\(web)' is not a port or ADDRESS:PORT, such as 8080, 0.0.0.0:8080 or [::1]:8080.")
        }
        if let duration, RunCommand.parseDuration(duration) == nil {
            throw ValidationError("--duration '\(duration)' is not a duration such as 30s, 2m or 1h, of at most a year (8784h).")
        }
        if !["auto", "truecolor", "none"].contains(colors) { throw ValidationError("--colors must be auto, truecolor or none, not '\(colors)'.") }
        if scale != "auto", TerminalRenderer.Cells(rawValue: scale) == nil {
            throw ValidationError("--scale must be auto, half, quadrant or braille, not '\(scale)'.")
        }
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
        let (board, face) = try await loadConfiguration(bundle: bundle)
        let interactive = !headless && board.panel.connection == .emulated
        if interactive, !(Terminal.isInteractive && isatty(STDIN_FILENO) == 1) {
            throw failure("the simulator draws in a terminal, and this is not one; add --headless (with --out to keep the frames)")
        }
        let screen = interactive ? SimulatorScreen(look: PanelLook.named(board.panel.look) ?? .white, board: board,
                                                   colors: SimulatorScreen.colors(colors), scale: TerminalRenderer.Cells(rawValue: scale)) : nil
        let lastError = Locked<String?>(nil)
        let tail = web.map { _ in LogTail() }
        let logger = makeLogger(screen: screen, lastError: lastError, tail: tail)
        let frameFolder = try out.map { path -> URL in
            let url = URL(fileURLWithPath: path, isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure("cannot create the frame folder \(path): \(error.localizedDescription)")
            }
            return url
        }
        // One clock for the whole face: simulated time moves it from deadline to deadline.
        let start = SystemClock().now
        // The real time later is `start` plus the uptime since: under --clock simulated the
        // process's wall clock reads the face's time.
        let startUptime = SystemClock().uptime
        let simulated = clock == .fast ? ManualClock(now: start) : nil
        let handover = clockState.flatMap { readClockHandover(URL(fileURLWithPath: $0), logger: logger) }
        let steered = clock == .simulated ? SimulatedClock(start: handover?.faceTime(atReal: start) ?? start) : nil
        if let handover { steered?.setRate(handover.rate) }
        // Providers read Date(): it follows the page's pause, steps and fast-forward too.
        steered?.steerProcessClock()
        let capture = self.capture.map { _ in CaptureLog() }
        let host: FaceHost
        do {
            let stringTables = try StringTableFiles.loadBundleTables()
            host = try await FaceAssembly.make(.init(board: board, face: face, facePath: facePath, bundle: bundle,
                                                     clock: simulated ?? steered ?? SystemClock() as any HostClock, logger: logger, stateDirectory: AppGroup.defaultRoot(),
                                                     capture: capture, frameFolder: frameFolder, screen: screen, stringTables: stringTables))
            // String(localized:) in providers has no view environment: it reads the process's.
            Localization.install(Localization(tables: stringTables, locale: await host.plan.settings.locale ?? .current))
        } catch let error as CommandFailure {
            throw error
        } catch let error as ConfigurationError {
            StandardStream.error.write(error.report)
            throw ExitCode(2)
        } catch {
            throw failure("\(error)")
        }
        // Whatever ends the run, the host shuts down: the state saved, the panel left as the board asks.
        do {
            try await run(host, board: board, face: face, start: start, startUptime: startUptime, simulated: simulated, steered: steered, screen: screen,
                          lastError: lastError, tail: tail, capture: capture, logger: logger)
        } catch {
            await host.shutDown()
            throw error
        }
    }

    private func run(_ host: FaceHost, board: BoardConfiguration, face: FaceConfiguration?, start: Date, startUptime: Duration, simulated: ManualClock?,
                     steered: SimulatedClock?, screen: SimulatorScreen?, lastError: Locked<String?>, tail: LogTail?,
                     capture: CaptureLog?, logger: Logger) async throws {
        let plan = await host.plan
        logger.info("running \(counted(plan.face.slots.count, "slot")) on \(board.name) (\(board.panel.controller.rawValue) \(host.assembly.pictureSize.width)x\(host.assembly.pictureSize.height))")

        let seconds = duration.flatMap(RunCommand.parseDuration)
        var webServer: (any WebServing)?, webSimulator: WebSimulator?
        // Read when the face stops, before shutting down (stopping the input threads and
        // saving the state are not what running a face costs).
        var usage: UsageReport?
        if let simulated, let seconds {
            if face?.mqtt != nil { logger.notice("mqtt: not joined with --clock fast (simulated time has no broker to talk to)") }
            // Providers read Date(): it stands at the fast clock's time, step after step.
            await host.run(until: start.addingTimeInterval(seconds), on: simulated) { SimulatedClock.holdProcessClock(at: $0) }
            SimulatedClock.releaseHeldProcessClock()
            if usageReport != nil { usage = await host.usage(since: nil) }
        } else {
            let inputs: LiveInputs
            do {
                inputs = try await LiveInputs.connect(to: host, screen: screen, board: board,
                                                      appGroupDirectory: AppGroup.named(plan.appGroup).directory, mqtt: face?.mqtt,
                                                      lastError: lastError, logger: logger)
            } catch {
                throw failure("\(error)")
            }
            if let address = web.flatMap(WebAddress.init), let tail, let startServer = WebServers.start {
                let simulator = WebSimulator(host: host, board: board, clock: steered, tail: tail, logger: logger)
                do {
                    let server = try await startServer(address, simulator, board.name, board.panel.look, logger)
                    logger.notice("web simulator: \(server.url)")
                    await screen?.showWebAddress(server.url)
                    await inputs.showPage(server.url)
                    (webServer, webSimulator) = (server, simulator)
                } catch {
                    await inputs.disconnect()
                    throw failure("\(error)")
                }
            }
            // The usage report's settled figures start once start-up is over (the first
            // timelines loaded, a quickly dimming face dimmed, libdispatch's start-up threads gone).
            let settled = Locked<ProcessUsage?>(nil)
            let settle = usageReport == nil ? nil : Task {
                try await host.clock.sleep(for: UsageReport.settling)
                settled.withLock { $0 = ProcessUsage.read() }
            }
            await host.runLive(duration: seconds)
            settle?.cancel()
            if let clockState, let steered {
                let real = start.addingTimeInterval((SystemClock().uptime - startUptime).timeInterval)
                writeClockHandover(steered, at: real, to: URL(fileURLWithPath: clockState), logger: logger)
            }
            if usageReport != nil { usage = await host.usage(since: settled.withLock { $0 }) }
            // Requests in progress are answered before the face stops.
            await webServer?.stop()
            await inputs.disconnect()
            logger.info("stopped")
        }
        await host.shutDown()
        if let usageReport, var report = usage {
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                report.web = await webSimulator?.usage
                try AtomicFile.write(try encoder.encode(report), to: URL(fileURLWithPath: usageReport))
            } catch {
                logger.error("cannot write the usage report \(usageReport): \(error)")
            }
        }
        if let path = self.capture, let capture {
            do {
                try AtomicFile.write(Data(await capture.text.utf8), to: URL(fileURLWithPath: path))
            } catch {
                logger.error("cannot write the capture \(path): \(error)")
            }
        }
    }

    // MARK: - Configuration

    /// The face file: --config, else glance.yaml in the current folder when there is one.
    private var facePath: String? {
        FaceConfiguration.path(given: config)
    }

    /// The board and the face file, if there is one, checked against each other and the bundle.
    /// - Throws: `ExitCode(2)` after printing every problem found.
    private func loadConfiguration(bundle: BundleContents) async throws -> (BoardConfiguration, FaceConfiguration?) {
        do {
            return try await ConfigurationCheck.load(facePath: facePath, board: board, bundle: bundle, parameters: false)
        } catch let error as ConfigurationError {
            StandardStream.error.write(error.report)
            throw ExitCode(2)
        }
    }

    /// Prints `message`; the command then ends with status 2 (configuration and hardware errors).
    private func failure(_ message: String) -> ExitCode {
        StandardStream.error.write("glance: \(message)\n")
        return ExitCode(2)
    }

    private func makeLogger(screen: SimulatorScreen?, lastError: Locked<String?>, tail: LogTail?) -> Logger {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        let destination: GlanceLogHandler.Destination = screen.map { screen in
            .sink { line in Task { await screen.log(line) } }
        } ?? .standardError(journald: GlanceLogHandler.underJournald)
        return Logger(label: "glance") { label in GlanceLogHandler(label: label, level: level, destination: destination, lastError: lastError, tail: tail) }
    }

    /// The clock a previous run handed over in `url`, if there is a usable one; a file that is
    /// not one is set aside (`NAME.bad`) and the face's time starts at the real time.
    private func readClockHandover(_ url: URL, logger: Logger) -> ClockHandover? {
        do {
            return try ClockHandover.read(url)
        } catch {
            logger.warning("\(error); the face's time starts at the real time")
            return nil
        }
    }

    /// Leaves the face's time in `url` for the next run (`--clock-state`); `real` is the
    /// machine's time now.
    private func writeClockHandover(_ clock: SimulatedClock, at real: Date, to url: URL, logger: Logger) {
        let pace = clock.current
        do {
            try ClockHandover(faceTime: pace.now, rate: pace.rate, writtenAt: real).write(to: url)
        } catch {
            logger.error("cannot write the face's clock to \(url.path) (--clock-state): \(error)")
        }
    }

    /// The longest `--duration`: a year, simulated or real.
    static let longestDuration: TimeInterval = 366 * 86_400

    static func parseDuration(_ text: String) -> TimeInterval? {
        ConfigNode.seconds(inDuration: text).flatMap { $0 > 0 && $0 <= longestDuration ? $0 : nil }
    }
}
