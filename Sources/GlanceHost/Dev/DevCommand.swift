#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import ArgumentParser
import Dispatch
import Foundation
import GlanceLinux
import Logging

/// `glance dev`: edit a widget, save, see it — the package rebuilt and the face restarted in
/// the browser simulator with its state and clock, on every save.
struct DevCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dev",
        abstract: "Rebuild the package on every save and restart its face in the browser simulator.",
        discussion: """
            Run it as your package's own program, in the package's folder: swift run NAME dev. \
            It builds the program (swift build --product NAME, the package's debug build, \
            its output shown here) and runs the face with the browser simulator (NAME run \
            --headless --web PORT --clock simulated); open the address it prints.

            Then it watches Sources/ (every folder in it), Package.swift, the face file and \
            Assets/ through inotify. A save of code builds again: a build that fails leaves the \
            face of the last good build running (the error is above), one that succeeds \
            restarts the face. The face keeps its state (which widget each stack shows, saved \
            in the state folder at each stop; app-group files stay as they are) and its clock: a paused or \
            fast-forwarding face's time goes on from where it was. The page reconnects by \
            itself, shows that it is reconnecting, and then the new glass; no reload. A save \
            of the face file or of an asset restarts the face without a build. Saves that come \
            together (an editor writes several files) make one build, 0.2 s after the last. \
            Ctrl-C stops the build and the face.

            Examples:
              swift run desk dev
              swift run desk dev --web 8081 --clock real
              swift run desk dev --config kitchen.yaml --board simulator-epaper
              swift run desk dev -- --usage-report usage.json   # after --: for run
            """
    )

    enum ClockMode: String, ExpressibleByArgument, CaseIterable {
        case real, simulated
    }

    @Option(name: .long, help: ArgumentHelp("Serve the browser simulator on this port (this machine only; from another computer, tunnel it: ssh -L 8080:127.0.0.1:8080 pi).", valueName: "port"))
    var web = "8080"

    @Option(name: .long, help: "simulated: the page can pause, step and fast-forward the face's time, which goes on across restarts; real: time runs normally.")
    var clock: ClockMode = .simulated

    @Option(name: .long, help: ArgumentHelp("The face file (default: glance.yaml in the package's folder, when there is one).", valueName: "glance.yaml"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("A board name (see glance boards) or a board file.", valueName: "name|path"))
    var board: String?

    @Option(name: .long, help: ArgumentHelp("The package's executable product to build and run (default: this program's name).", valueName: "name"))
    var product: String?

    @Option(name: .long, help: ArgumentHelp("The package's folder.", valueName: "folder"))
    var packagePath = "."

    @Option(name: .long, help: "The face's least important log level shown: trace, debug, info, notice, warning, error.")
    var logLevel = "info"

    @Argument(parsing: .postTerminator, help: ArgumentHelp("More options for run, after --.", valueName: "run options"))
    var runOptions: [String] = []

    func validate() throws {
        guard let address = WebAddress(web) else {
            throw ValidationError("--web '\(web)' is not a port, such as 8080.")
        }
        guard address.isLoopback else {
            throw ValidationError("glance dev serves the page on this machine only (the address of every restart must stay the page's): give a PORT; from another computer, tunnel it (ssh -L 8080:127.0.0.1:8080 pi).")
        }
        if address.port == 0 { throw ValidationError("--web 0 would take another port at every restart, and the page could not follow: give a PORT, such as 8080.") }
        if Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level '\(logLevel)' is not one of trace, debug, info, notice, warning, error.")
        }
        if let product, !ProjectTemplate.isValidName(product) {
            throw ValidationError("--product '\(product)' is not a product name: letters, digits, - and _, starting with a letter.")
        }
    }

    func run() async throws {
        SystemProcess.ignoreBrokenPipes()
        let setup = try prepare()
        let (events, continuation) = AsyncStream.makeStream(of: DevSession.Event.self)
        let post: @Sendable (DevSession.Event) -> Void = { continuation.yield($0) }
        let signals = Self.catchSignals(post: post)
        defer { for source in signals { source.cancel() } }

        let watch = DevWatch(plan: DevWatchPlan(packagePath: setup.package, faceFile: setup.faceFile), post: post)
        do {
            try await watch.refresh()
        } catch {
            await watch.stop()
            throw CommandFailure("\(error)")
        }
        let clock = SystemClock()
        let face = FaceProcess(program: setup.program, arguments: setup.faceArguments, clock: clock, post: post)
        let builder = PackageBuilder(packagePath: setup.package, product: setup.product, program: setup.program, post: post)
        let session = DevSession(clock: clock, builder: builder, face: face,
                                 programExists: FileManager.default.fileExists(atPath: setup.program), say: Self.say)
        let watched = ["Sources/", "Package.swift"] + (setup.faceFile.map { [Self.shown($0, in: setup.package)] } ?? [])
            + (FileManager.default.fileExists(atPath: setup.package + "/Assets") ? ["Assets/"] : [])
        Self.say("watching \(DevSession.list(watched)) in \(setup.package)")
        Self.say("the face will be at \(setup.url) — the page follows every restart by itself; Ctrl-C stops")
        await session.run(events, post: post)
        await watch.stop()
        if let clockFolder = setup.clockFolder { try? FileManager.default.removeItem(atPath: clockFolder) }
        Self.say("stopped")
    }

    // MARK: - Setting up

    /// What a session needs, worked out from the options and the package.
    private struct Setup {
        var package: String
        var product: String
        var program: String
        var faceFile: String?
        var faceArguments: [String]
        var url: String
        /// The temporary folder of the clock handover, removed at the end.
        var clockFolder: String?
    }

    private func prepare() throws -> Setup {
        // The face is this program too: without the server, every restart would fail alike.
        if WebServers.start == nil { throw CommandFailure(WebServers.missing) }
        let package = URL(fileURLWithPath: (packagePath as NSString).expandingTildeInPath).standardizedFileURL.resolvingSymlinksInPath().path
        guard FileManager.default.fileExists(atPath: package + "/Package.swift") else {
            throw CommandFailure("\(package) has no Package.swift: run glance dev in your package's folder (glance new makes one), or give --package-path FOLDER")
        }
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let product = try self.product ?? {
            guard own.hasPrefix(package + "/.build/") else {
                throw CommandFailure("this program (\(own)) is not built by the package in \(package), so a rebuild would not change it: run swift run NAME dev in the package's folder, or give --product NAME")
            }
            return URL(fileURLWithPath: own).lastPathComponent
        }()
        let faceFile = try self.config.map { given -> String in
            let path = URL(fileURLWithPath: (given as NSString).expandingTildeInPath).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: path) else { throw CommandFailure("no face file \(given) (--config)") }
            return path
        } ?? (FileManager.default.fileExists(atPath: package + "/glance.yaml") ? package + "/glance.yaml" : nil)
        var arguments = ["run", "--headless", "--web", web, "--clock", clock.rawValue, "--log-level", logLevel]
        var clockFolder: String?
        if clock == .simulated {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-dev-\(getpid())").path
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure("cannot create \(folder) for the face's clock: \(error.localizedDescription)")
            }
            arguments += ["--clock-state", folder + "/clock.json"]
            clockFolder = folder
        }
        if let faceFile { arguments += ["--config", faceFile] }
        if let board { arguments += ["--board", board] }
        arguments += runOptions
        let address = WebAddress(web) ?? WebAddress("8080")!
        return Setup(package: package, product: product, program: package + "/.build/debug/" + product, faceFile: faceFile,
                     faceArguments: arguments, url: "http://\(address.urlHost):\(address.port)/", clockFolder: clockFolder)
    }

    // MARK: - Terminal

    /// Prints one line of glance dev's own, set apart from the build's and the face's output.
    static func say(_ line: String) {
        let bold = isatty(STDERR_FILENO) == 1
        StandardStream.error.write(bold ? "\u{1B}[1m▸ glance dev: \(line)\u{1B}[0m\n" : "▸ glance dev: \(line)\n")
    }

    /// `path` relative to the package when it is inside it.
    private static func shown(_ path: String, in package: String) -> String {
        path.hasPrefix(package + "/") ? String(path.dropFirst(package.count + 1)) : path
    }

    /// SIGINT and SIGTERM post `.stop` instead of ending the process, so the build and the
    /// face are stopped first. On a serial queue of its own (a global one would start
    /// libdispatch's worker pool).
    private static func catchSignals(post: @escaping @Sendable (DevSession.Event) -> Void) -> [any DispatchSourceSignal] {
        let queue = DispatchQueue(label: "glance.dev.signals")
        return [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { post(.stop) }
            source.resume()
            return source
        }
    }
}
#endif
